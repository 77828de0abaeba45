/**
 * Line state of the block scanner. It mirrors markdown-it's StateBlock
 * field for field (markdown-it is the reference the scanner must agree with,
 * so its bookkeeping is kept): offsets into the one source string, no
 * per-line strings. Built from precomputed line starts by scanning only each
 * line's leading whitespace, never every character of the document.
 */
import { BlockBuilder } from './blocks.js';

/** Why the scanner handed a document to markdown-it. */
export type DeclineReason = 'link-reference-definition';

/** Thrown inside the scanner; `scanBlocks` turns it into a decline. */
export class ScanDeclined extends Error {
  constructor(readonly reason: DeclineReason) {
    super(`block scanner declined: ${reason}`);
  }
}

/** Which rule is asking, for the list rule's "may this interrupt a paragraph?" question. */
export type ParentType = 'root' | 'blockquote' | 'list' | 'paragraph';

export class ScanState {
  readonly src: string;
  lineMax: number;
  /** Where the current container's content starts on each line (plus a sentinel line at `lineMax`). */
  readonly bMarks: Int32Array;
  /** Where each line ends (its newline, or the end of the source). */
  readonly eMarks: Int32Array;
  /** Whitespace characters after `bMarks`. */
  readonly tShift: Int32Array;
  /** Indentation in columns (tabs expanded); -1 marks a lazy blockquote line. */
  readonly sCount: Int32Array;
  /** Columns consumed by blockquote markers, for tab stops. */
  readonly bsCount: Int32Array;
  blkIndent = 0;
  line = 0;
  listIndent = -1;
  parentType: ParentType = 'root';
  /** markdown-it's token nesting level, for its nesting limit. */
  level = 0;
  /** The list item whose opening is the latest "token", or -1: its first paragraph is recorded. */
  openedItem = -1;
  /** The innermost open list item, or -1. */
  currentItem = -1;
  readonly out = new BlockBuilder();

  /** `lineStarts` as from `lineStartOffsets`: one entry per "\n"-separated line, plus one past the end. */
  constructor(src: string, lineStarts: Int32Array) {
    this.src = src;
    const lines = lineStarts.length - 1;
    // markdown-it drops a final line of only spaces and tabs (its splitter
    // never reaches the end check on it), so it is not a line here either.
    this.lineMax = lines - 1;
    for (let pos = lineStarts[lines - 1]!; pos < src.length; pos++) {
      if (!isSpace(src.charCodeAt(pos))) {
        this.lineMax = lines;
        break;
      }
    }
    const count = this.lineMax + 1;
    const bMarks = (this.bMarks = new Int32Array(count));
    const eMarks = (this.eMarks = new Int32Array(count));
    const tShift = (this.tShift = new Int32Array(count));
    const sCount = (this.sCount = new Int32Array(count));
    this.bsCount = new Int32Array(count);
    for (let line = 0; line < this.lineMax; line++) {
      const start = lineStarts[line]!;
      const end = Math.min(lineStarts[line + 1]! - 1, src.length);
      bMarks[line] = start;
      eMarks[line] = end;
      // Most lines start at column 0 (the arrays start zeroed).
      if (!isSpace(src.charCodeAt(start))) continue;
      let pos = start;
      let offset = 0;
      for (; pos < end; pos++) {
        const ch = src.charCodeAt(pos);
        if (ch === 0x20) offset++;
        else if (ch === 0x09) offset += 4 - (offset % 4);
        else break;
      }
      tShift[line] = pos - start;
      sCount[line] = offset;
    }
    bMarks[this.lineMax] = src.length;
    eMarks[this.lineMax] = src.length;
  }
}

/** Offset of each "\n"-separated line's start, and one more: one past the end of the source (as if it ended in "\n"). */
export function lineStartOffsets(src: string): Int32Array {
  // Sized for typical line lengths and grown if need be, to find the newlines in one pass.
  let starts = new Int32Array(64 + (src.length >> 4));
  let line = 1;
  for (let at = src.indexOf('\n'); at !== -1; at = src.indexOf('\n', at + 1)) {
    if (line + 1 >= starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[line++] = at + 1;
  }
  starts[line] = src.length + 1;
  return starts.subarray(0, line + 1);
}

export function isSpace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09;
}

export function isEmpty(s: ScanState, line: number): boolean {
  return s.bMarks[line]! + s.tShift[line]! >= s.eMarks[line]!;
}

export function skipSpaces(s: ScanState, from: number, max: number): number {
  let pos = from;
  while (pos < max && isSpace(s.src.charCodeAt(pos))) pos++;
  return pos;
}

export function skipChars(s: ScanState, from: number, max: number, code: number): number {
  let pos = from;
  while (pos < max && s.src.charCodeAt(pos) === code) pos++;
  return pos;
}

export function skipSpacesBack(s: ScanState, from: number, min: number): number {
  let pos = from;
  if (pos <= min) return pos;
  while (pos > min) if (!isSpace(s.src.charCodeAt(--pos))) return pos + 1;
  return pos;
}

export function skipCharsBack(s: ScanState, from: number, code: number, min: number): number {
  let pos = from;
  if (pos <= min) return pos;
  while (pos > min) if (code !== s.src.charCodeAt(--pos)) return pos + 1;
  return pos;
}

/**
 * markdown-it's `getLines`: lines `begin..end-1` with up to `indent` columns
 * of container indentation removed (a partly used tab becomes spaces), each
 * with its newline except the last unless `keepLastLF`.
 */
export function getLines(s: ScanState, begin: number, end: number, indent: number, keepLastLF: boolean): string {
  let result = '';
  for (let line = begin; line < end; line++) {
    const lineStart = s.bMarks[line]!;
    const shift = s.tShift[line]!;
    const last = line + 1 < end || keepLastLF ? s.eMarks[line]! + 1 : s.eMarks[line]!;
    let lineIndent = 0;
    let first = lineStart;
    while (first < last && lineIndent < indent) {
      const ch = s.src.charCodeAt(first);
      if (ch === 0x09) lineIndent += 4 - ((lineIndent + s.bsCount[line]!) % 4);
      else if (ch === 0x20 || first - lineStart < shift) lineIndent++;
      else break;
      first++;
    }
    const piece = s.src.slice(first, last);
    result += lineIndent > indent ? ' '.repeat(lineIndent - indent) + piece : piece;
  }
  return result;
}

/** markdown-it's `asciiTrim`: spaces, tabs and newlines only; Unicode spaces are content. */
export function asciiTrim(text: string): string {
  // Nothing at or below a space at either end (the usual case): nothing to trim.
  if (text.charCodeAt(0) > 0x20 && text.charCodeAt(text.length - 1) > 0x20) return text;
  let start = 0;
  while (start < text.length && isAsciiTrimmable(text.charCodeAt(start))) start++;
  let end = text.length - 1;
  while (end >= start && isAsciiTrimmable(text.charCodeAt(end))) end--;
  return start === 0 && end === text.length - 1 ? text : text.slice(start, end + 1);
}

function isAsciiTrimmable(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d;
}
