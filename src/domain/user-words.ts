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
 * The Claude Code plugin's `/continuity:approve`. Claude Code gives
 * UserPromptSubmit the prompt as the person typed it (the command, not its
 * expansion), and only for prompts a person submits: the model invoking a
 * command goes through a tool, not this hook. It approves whatever the
 * configured phrases are.
 */
export const APPROVE_COMMAND = '/continuity:approve';

export function isApprovalCommand(prompt: string): boolean {
  return normalize(prompt) === APPROVE_COMMAND;
}

/**
 * An answer to an approval question that approves: "Approve", "Approved",
 * "Yes", "Yes, approve", "Approve the plan". "Yes, but change Task 3" does not.
 */
export function isApprovalAnswer(answer: string): boolean {
  const a = normalize(answer);
  return /^(approve|approved|yes|yes, approve|yes, approved|approve (it|the plan|this plan)|yes, approve (it|the plan|this plan))$/.test(a);
}
