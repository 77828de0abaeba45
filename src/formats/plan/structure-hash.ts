/**
 * The structure hash identifies the approved work contract: which tasks, in
 * which order, saying what. Progress (ticks, status words) must not move it,
 * so an agent ticking boxes never looks like an agent rewriting the plan.
 */
import { sha256 } from '../../util/sha256.js';
import type { PlanTask } from './model.js';
import { APPROVED_LINE, PHASE_TRACKING_LINE, STATUS_LINE, TICKED_CHECKBOX } from './progress-marks.js';

export function structureHash(tasks: readonly Pick<PlanTask, 'id' | 'title' | 'body'>[]): string {
  const canonical = tasks.map((task) => ({ id: task.id, title: task.title, body: withoutProgressMarks(task.body) }));
  return sha256(JSON.stringify(canonical));
}

/**
 * A body with progress marks removed: ticked boxes unticked, status,
 * approval and phase-tracking lines dropped, then whitespace canonicalised
 * (trailing spaces, runs of blank lines, blank edges) so that removing a
 * line cannot leave a visible trace.
 */
export function withoutProgressMarks(body: string): string {
  const kept: string[] = [];
  for (const raw of body.split(/\r\n?|\n/)) {
    if (isProgressLine(raw)) continue;
    const line = (raw.includes('[') ? raw.replace(TICKED_CHECKBOX, '$1[ ]') : raw).trimEnd();
    const previousBlank = kept.length === 0 || kept[kept.length - 1] === '';
    if (line === '' && previousBlank) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

function isProgressLine(line: string): boolean {
  // Every such line is `Label: value`; most lines have no colon and skip the patterns.
  if (!line.includes(':')) return false;
  return STATUS_LINE.test(line) || APPROVED_LINE.test(line) || PHASE_TRACKING_LINE.test(line);
}
