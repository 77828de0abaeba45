import { APPROVED_LINE } from './plan/progress-marks.js';

/**
 * Writes the plan-level `**Approved:** <ISO>` line of a tdd-progress file:
 * replaces the existing one (outside the slices and outside fenced code), or
 * adds it after the header lines under the title. Returns the new text and
 * the exact line written, which continuity remembers: any other Approved
 * line in the file is a forgery.
 */
export function withApprovedLine(text: string, iso: string): { text: string; line: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const line = `**Approved:** ${iso}`;
  const headerEnd = firstSliceLine(lines);
  let inFence = false;
  for (let i = 0; i < headerEnd; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) inFence = !inFence;
    if (!inFence && APPROVED_LINE.test(lines[i]!)) {
      lines[i] = line;
      return { text: lines.join(eol), line };
    }
  }
  const title = lines.findIndex((l, i) => i < headerEnd && /^#\s/.test(l));
  let at = title >= 0 ? title + 1 : 0;
  while (at < headerEnd && lines[at]!.trim() === '') at++;
  while (at < headerEnd && /^\s*(\*\*|__)[^*_]+:(\*\*|__)/.test(lines[at]!)) at++;
  const insert = at > 0 && lines[at - 1]!.trim() !== '' && /^\s*(\*\*|__)/.test(lines[at - 1]!) ? [line] : [line, ''];
  lines.splice(at, 0, ...insert);
  return { text: lines.join(eol), line };
}

/** Every Approved line outside the slices (the plan-level marker), as written. */
export function approvedLinesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const end = firstSliceLine(lines);
  const found: string[] = [];
  let inFence = false;
  for (let i = 0; i < end; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) inFence = !inFence;
    if (!inFence && APPROVED_LINE.test(lines[i]!)) found.push(lines[i]!.trim());
  }
  return found;
}

function firstSliceLine(lines: readonly string[]): number {
  const i = lines.findIndex((l) => /^#{1,6}\s+(slice|step)\s+\d/i.test(l));
  return i < 0 ? lines.length : i;
}
