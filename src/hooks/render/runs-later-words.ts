import type { RunsLaterAtStop } from '../../app/runs-later.js';
import type { HandlerResult } from '../types.js';

/**
 * A Stop's answer with what this session changed that runs later, as the
 * person's next git or package command would run it (src/domain/runs-later.ts):
 * said to the person (the answer's `systemMessage`, which every client shows
 * them or sends on their channel), recorded in the Stop's event for `log`.
 */
export function withRunsLater(result: HandlerResult, found: RunsLaterAtStop): HandlerResult {
  const output: Record<string, unknown> = { ...(result.output ?? {}) };
  output.systemMessage = [output.systemMessage, `continuity: ${found.words}.`].filter((x) => typeof x === 'string' && x.length > 0).join(' ');
  const runsLater = found.changes.map((c) => ({ path: c.path, part: c.part, when: c.when, new: c.new }));
  return { ...result, output, decision: { ...result.decision, runsLater } };
}
