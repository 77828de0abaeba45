/**
 * Lines built from styled pieces, fitted to a width, then painted. The
 * fitting works on the plain text, so colour never changes what fits; with
 * colour off the output holds no escape sequence at all.
 */
import { cutWithEllipsis, displayWidth, printable, truncateEnd, truncateStart } from './text.js';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan';

export interface Piece {
  text: string;
  style?: Style | readonly Style[] | undefined;
  /**
   * Which end of this piece gives way when the line is too wide: titles lose
   * their end, paths their start. Pieces without it are cut only when
   * shrinking every shrinkable piece was not enough (then the line's end goes).
   */
  shrink?: 'end' | 'start';
  /** Never shrunk below this many columns (default 8). */
  keep?: number;
  /** Shrinkable pieces give way in this order, lowest first (default 0; ties: left to right). */
  order?: number;
}

const SGR: Record<Style, string> = {
  bold: '1',
  dim: '2',
  red: '31',
  green: '32',
  yellow: '33',
  blue: '34',
  magenta: '35',
  cyan: '36',
};

export type Line = readonly (Piece | string)[];

/** Plain pieces, control characters replaced. */
function normalise(line: Line): Piece[] {
  return line.map((p) => (typeof p === 'string' ? { text: printable(p) } : { ...p, text: printable(p.text) })).filter((p) => p.text !== '');
}

/** The pieces of `line` shortened so that together they take at most `width` columns. */
export function fitPieces(line: Line, width: number): Piece[] {
  const pieces = normalise(line);
  let over = pieces.reduce((w, p) => w + displayWidth(p.text), 0) - width;
  if (over <= 0) return pieces;
  const shrinkable = pieces.filter((p) => p.shrink).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const p of shrinkable) {
    if (over <= 0) break;
    const w = displayWidth(p.text);
    const keep = Math.min(w, p.keep ?? 8);
    const target = Math.max(keep, w - over);
    if (target >= w) continue;
    p.text = p.shrink === 'start' ? truncateStart(p.text, target) : truncateEnd(p.text, target);
    over -= w - displayWidth(p.text);
  }
  if (over <= 0) return pieces;
  // Still too wide: cut the line at its end.
  const out: Piece[] = [];
  let room = width;
  for (const p of pieces) {
    const w = displayWidth(p.text);
    if (w <= room) {
      out.push(p);
      room -= w;
      continue;
    }
    // The ellipsis of a cut belongs to the last piece that has text left.
    if (room > 0) out.push({ ...p, text: truncateEnd(p.text, room) });
    else if (out.length) {
      const last = out[out.length - 1]!;
      out[out.length - 1] = { ...last, text: cutWithEllipsis(last.text, displayWidth(last.text)) };
    }
    break;
  }
  return out;
}

export function paint(pieces: readonly Piece[], colour: boolean): string {
  let out = '';
  for (const p of pieces) {
    const styles = p.style === undefined ? [] : typeof p.style === 'string' ? [p.style] : p.style;
    out += colour && styles.length ? `\u001b[${styles.map((s) => SGR[s]).join(';')}m${p.text}\u001b[0m` : p.text;
  }
  return out.replace(/ +$/, '');
}

/** One terminal line: fitted to `width` columns, painted when `colour`. */
export function renderLine(line: Line, width: number, colour: boolean): string {
  return paint(fitPieces(line, width), colour);
}

/** Every escape sequence removed: what a line shows. */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
