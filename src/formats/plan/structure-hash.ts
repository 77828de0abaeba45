/**
 * The structure hash identifies the approved work contract: which tasks, in
 * which order, saying what. Progress (ticks, status words) must not move it,
 * so an agent ticking boxes never looks like an agent rewriting the plan.
 */
import { sha256 } from '../../util/sha256.js';
import type { PlanTask } from './model.js';
import { APPROVED_LINE, PHASE_TRACKING_LINE, STATUS_LINE, TICKED_CHECKBOX } from './progress-marks.js';

export function structureHash(tasks: readonly Pick<PlanTask, 'id' | 'title' | 'body'>[]): string {
  // The digest of JSON.stringify([{ id, title, body }, …]), fed to the hash a task at a time.
  return sha256(canonicalJson(tasks));
}

function* canonicalJson(tasks: readonly Pick<PlanTask, 'id' | 'title' | 'body'>[]): Generator<string> {
  yield '[';
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    yield (i ? ',' : '') + JSON.stringify({ id: task.id, title: task.title, body: withoutProgressMarks(task.body) });
  }
  yield ']';
}

/**
 * A body with progress marks removed: ticked boxes unticked, status,
 * approval and phase-tracking lines dropped, then whitespace canonicalised
 * (trailing spaces, runs of blank lines, blank edges) so that removing a
 * line cannot leave a visible trace.
 */
export function withoutProgressMarks(body: string): string {
  return isAlreadyCanonical(body) ? body : rewriteProgressMarks(body);
}

/** `withoutProgressMarks` without the unchanged-body shortcut; exported for the test that holds the two equal. */
export function rewriteProgressMarks(body: string): string {
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
  if (APPROVED_LINE.test(line)) return true;
  const status = STATUS_LINE.exec(line);
  if (status) return isProgressValue(status[1] ?? '');
  const phase = PHASE_TRACKING_LINE.exec(line);
  return phase ? isProgressValue(line.slice(phase[0].length)) : false;
}

/**
 * A status value that is only progress: a status word or two (`done`,
 * `in progress`, `PASS`), with decoration (emphasis, an emoji, a short
 * parenthesis, a date). Anything more is text the plan says, which the hash
 * keeps: `**Status:** done — now also drop the tests` would otherwise slip
 * new instructions into an approved plan.
 */
function isProgressValue(value: string): boolean {
  const cleaned = value.replace(/[*_`~]/g, '').replace(/^[^\p{L}\p{N}]+/u, '').trim();
  return cleaned === '' || PROGRESS_VALUE.test(cleaned);
}

const PROGRESS_VALUE = /^[a-z]+(?:[ _-][a-z]+)?[.!]?(?:\s+[\d:./TZ+-]+)*(?:\s*\([^()\n]{0,60}\))?[.!]?$/i;

/** Whitespace that `trimEnd` would remove, at the end of a line (`\s` is exactly trim's set). */
const TRAILING_WHITESPACE = /[^\S\n](?:\n|$)/;
/** Substrings every progress mark contains (same case rules as the patterns). */
const LABEL_WORD = /status|approved/i;
const PHASE_WORD = /RED|GREEN|REFACTOR/;
const TICKED_BOX = /\[[xX]\]/;

/**
 * Whether `withoutProgressMarks` would return the body unchanged: no line
 * could be a progress mark or a ticked box, none has trailing whitespace,
 * and no blank line would be dropped (no run of two, none at either edge).
 * Most bodies qualify, and these searches are far cheaper than splitting
 * and rebuilding them.
 */
function isAlreadyCanonical(body: string): boolean {
  return (
    body.charCodeAt(0) !== 0x0a &&
    !body.endsWith('\n') &&
    !body.includes('\r') &&
    !body.includes('\n\n\n') &&
    !TRAILING_WHITESPACE.test(body) &&
    !TICKED_BOX.test(body) &&
    !LABEL_WORD.test(body) &&
    !PHASE_WORD.test(body)
  );
}
