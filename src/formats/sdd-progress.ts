/**
 * The superpowers subagent-driven-development ledger
 * (`.superpowers/sdd/<plan>/progress.md`): lines such as
 *
 *     Task 3: complete (commit 1a2b3c4, reviewed)
 *     Task 4: BLOCKED — the staging database is unreachable
 *
 * The last line about a task wins. Other lines are ignored.
 */
export interface SddEntry {
  taskId: string;
  state: 'complete' | 'blocked';
  detail: string;
  line: number;
}

const ENTRY = /^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:\*\*|__)?Task[ \t]+([0-9]+[A-Za-z]?(?:\.[0-9]+)*)(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(complete|completed|done|blocked)\b(?:\*\*|__)?[ \t]*([—–:(-])?[ \t]*(.*)$/i;

export function parseSddProgress(text: string): SddEntry[] {
  const latest = new Map<string, SddEntry>();
  let inFence = false;
  text.replace(/\r\n?/g, '\n').split('\n').forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) inFence = !inFence;
    if (inFence) return;
    const m = ENTRY.exec(raw);
    if (!m) return;
    const word = m[2]!.toLowerCase();
    latest.set(m[1]!, { taskId: m[1]!, state: word === 'blocked' ? 'blocked' : 'complete', detail: detailOf(m[3], m[4]!), line: i + 1 });
  });
  return [...latest.values()].sort((a, b) => a.line - b.line);
}

// "(commit 4f2a91c)" loses its brackets; "— fixed (see PR)" keeps its own.
function detailOf(separator: string | undefined, rest: string): string {
  const text = rest.trim();
  return separator === '(' ? text.replace(/\)$/, '').trim() : text;
}
