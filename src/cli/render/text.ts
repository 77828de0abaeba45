/**
 * Terminal text measured in columns, not UTF-16 units: a CJK character or
 * an emoji takes two columns, a combining mark none. Everything shown comes
 * from the ledger, which holds what an agent wrote (titles, commands,
 * prompts), so control characters are replaced before anything is measured:
 * an escape sequence in a recorded command must never reach the terminal.
 */

const ELLIPSIS = '…';

// C0 and C1 controls, DEL. Line breaks and tabs read as spaces; the rest as a visible mark.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** One line of plain, printable text: breaks and tabs become spaces, other controls '�'. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\n' || c === '\r' || c === '\t' ? ' ' : '\ufffd'));
}

/** Columns one code point takes in a terminal. */
export function codePointWidth(cp: number): number {
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff) return 0;
  if ((cp >= 0x0300 && cp <= 0x036f) || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f680 && cp <= 0x1f6ff) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x1fa70 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Columns `text` takes (after `printable`). */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += codePointWidth(ch.codePointAt(0)!);
  return w;
}

/** `text` cut to at most `width` columns, an ellipsis marking the cut end. */
export function truncateEnd(text: string, width: number): string {
  return displayWidth(text) <= width ? text : cutWithEllipsis(text, width);
}

/** `text` ending in an ellipsis within `width` columns, cut or not (what follows it did not fit). */
export function cutWithEllipsis(text: string, width: number): string {
  if (width <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = codePointWidth(ch.codePointAt(0)!);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return out + ELLIPSIS;
}

/** `text` cut from the start to at most `width` columns (paths: the file name is the part that matters). */
export function truncateStart(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  const chars = [...text];
  let out = '';
  let w = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = codePointWidth(chars[i]!.codePointAt(0)!);
    if (w + cw > width - 1) break;
    out = chars[i]! + out;
    w += cw;
  }
  return ELLIPSIS + out;
}

/** `text` padded with spaces to `width` columns (never cut). */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** A count as people read it: 1234567 → "1,234,567". */
export function count(n: number): string {
  return Math.trunc(n).toLocaleString('en-US');
}

/** "1 run" / "3 runs". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}
