/**
 * Progress marks: the parts of a plan that change while work proceeds
 * without changing the work itself. The parsers read them and the structure
 * hash strips them, so both share these patterns: anything a parser treats
 * as progress must also be invisible to the hash.
 */
import type { TaskState } from './model.js';

/** Optional blockquote and bullet before a `Label:` line, as seen in raw section text. */
const LINE_LEAD = String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;

/** `**Label:** value`, `**Label**: value`, `Label: value` (any case); group 1 is the value. */
export function labelledLine(label: string): RegExp {
  return new RegExp(String.raw`${LINE_LEAD}(?:\*\*|__)?${label}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`, 'i');
}

/**
 * labelledLine('status') and labelledLine('approved'), written out: every
 * hook call loads this module, and a literal is not built from strings at
 * load (a unit test holds each to labelledLine).
 */
export const STATUS_LINE = /^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?(?:\*\*|__)?status(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$/i;
export const APPROVED_LINE = /^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?(?:\*\*|__)?approved(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$/i;

/**
 * The tdd-workflow template's per-slice "Phase Tracking" lines
 * (`- **RED:** done`) move with progress exactly like status lines.
 * Upper case only: these words are too common in prose otherwise.
 */
export const PHASE_TRACKING_LINE = /^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:RED|GREEN|REFACTOR)(?:\*\*|__)?[ \t]*:/;

/** A list item whose checkbox is ticked; group 1 is everything before the box. */
export const TICKED_CHECKBOX = /^([ \t]*(?:>[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[[xX]\]/;

/** The value of a `Status:` line, or null when the line is not one. */
export function statusValue(line: string): string | null {
  return STATUS_LINE.exec(line)?.[1] ?? null;
}

/** The value of an `Approved:` line (trimmed, emphasis removed), or null when absent or empty. */
export function approvedValue(line: string): string | null {
  const raw = APPROVED_LINE.exec(line)?.[1];
  if (raw === undefined) return null;
  const value = raw.replace(/^[*_]+|[*_]+$/g, '').trim();
  return value === '' ? null : value;
}

const STATE_BY_STATUS_WORD: ReadonlyMap<string, TaskState> = new Map<string, TaskState>([
  ['done', 'complete'],
  ['pass', 'complete'],
  ['passed', 'complete'],
  ['complete', 'complete'],
  ['completed', 'complete'],
  ['skip', 'complete'],
  ['skipped', 'complete'],
  ['fail', 'blocked'],
  ['failed', 'blocked'],
  ['blocked', 'blocked'],
  ['red', 'in_progress'],
  ['green', 'in_progress'],
  ['refactor', 'in_progress'],
  ['verifying', 'in_progress'],
  ['pending', 'pending'],
]);

/**
 * Maps a tdd-workflow status word to a task state. Tolerates decoration
 * people add (`**done**`, `✅ done`, `PASS (12 tests)`); unknown words are pending.
 */
export function taskStateFromStatus(value: string): TaskState {
  const cleaned = value
    .toLowerCase()
    .replace(/[*`]/g, '')
    .replace(/^[^a-z]+/, '')
    .trim();
  if (/^in[\s_-]+progress\b/.test(cleaned)) return 'in_progress';
  const word = (/^[a-z][a-z_-]*/.exec(cleaned)?.[0] ?? '').replace(/[_-]+$/, '');
  return STATE_BY_STATUS_WORD.get(word) ?? 'pending';
}
