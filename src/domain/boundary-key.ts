/**
 * The Stop gate's boundary keys read back (stop-gate.ts writes them):
 * `<plan>#<from>-><next>` for a task boundary, `<plan>#replan-after-<from>`
 * for a replan that is due. Plan ids may hold '#'; task ids never do.
 */
export type BoundaryKey = { kind: 'edge'; planId: string; from: string; next: string } | { kind: 'replan'; planId: string; from: string };

export function readBoundaryKey(key: string): BoundaryKey | null {
  const hash = key.lastIndexOf('#');
  if (hash < 0) return null;
  const planId = key.slice(0, hash);
  const at = key.slice(hash + 1);
  const replan = /^replan-after-(.+)$/.exec(at);
  if (replan) return { kind: 'replan', planId, from: replan[1]! };
  const edge = /^(.+?)->(.+)$/.exec(at);
  return edge ? { kind: 'edge', planId, from: edge[1]!, next: edge[2]! } : null;
}

/** A boundary in words: "Task 1 → 2", "after Task 3"; null for no key, the key itself when it cannot be read. */
export function describeBoundary(key: string | null): string | null {
  if (!key) return null;
  const b = readBoundaryKey(key);
  if (!b) return key;
  return b.kind === 'replan' ? `after Task ${b.from}` : `Task ${b.from} → ${b.next}`;
}
