// What the hand-over narrates, drawn from what the client's model was sent
// and from the ledger's events: pure functions of their inputs.

/** The ledger's paragraph ("continuity ledger: plan … is approved …") in a text a client sent its model or a hook answered. */
export function ledgerParagraph(text: string): string | null {
  const plain = jsonStrings(text) ?? text;
  const at = plain.indexOf('continuity ledger:');
  if (at < 0) return null;
  const rest = plain.slice(at);
  const end = rest.search(/\n\s*\n|<\/hook_context>|<\/system-reminder>/);
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\s+/g, ' ').trim();
}

/** A hook's JSON answer: its strings, one per line; null when the text is not JSON. */
function jsonStrings(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(value);
  return out.join('\n\n');
}

/** One ledger event, as `continuity log --json` and recentEvents give it. */
export interface LedgerEvent {
  id: number;
  kind: string;
  client: string;
  sessionId: string | null;
  decision: Record<string, unknown> | null;
}

export interface PartFacts {
  /** Plans approved by the person's prompt in this part. */
  approvals: string[];
  /** Tasks recorded complete in this part, with the client and session the ledger names. */
  done: { taskId: string; client: string; sessionId: string | null }[];
}

export function partFacts(events: readonly LedgerEvent[]): PartFacts {
  const facts: PartFacts = { approvals: [], done: [] };
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    const d = e.decision ?? {};
    if (e.kind === 'UserPromptSubmit' && d.action === 'approved') facts.approvals.push(String(d.planId));
    else if (e.kind === 'task.done' && d.state === 'complete') facts.done.push({ taskId: String(d.taskId), client: e.client, sessionId: e.sessionId });
  }
  return facts;
}
