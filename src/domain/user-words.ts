/** What the user typed, compared as a whole: trimmed, case-insensitive, trailing punctuation ignored. */
function normalize(prompt: string): string {
  return prompt.trim().toLowerCase().replace(/[.!]+$/, '').trim();
}

/** `stop` or `pause` on its own suspends the Stop gate for the session. */
export function isPauseWord(prompt: string): boolean {
  const p = normalize(prompt);
  return p === 'stop' || p === 'pause';
}

/** The whole prompt is one of the configured approval phrases. */
export function matchesApprovalPhrase(prompt: string, phrases: readonly string[]): boolean {
  const p = normalize(prompt);
  return phrases.some((phrase) => normalize(phrase) === p);
}

/**
 * An answer to an approval question that approves: "Approve", "Approved",
 * "Yes", "Yes, approve", "Approve the plan". "Yes, but change Task 3" does not.
 */
export function isApprovalAnswer(answer: string): boolean {
  const a = normalize(answer);
  return /^(approve|approved|yes|yes, approve|yes, approved|approve (it|the plan|this plan)|yes, approve (it|the plan|this plan))$/.test(a);
}
