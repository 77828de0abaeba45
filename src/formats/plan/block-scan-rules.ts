/**
 * The scanner's leaf block rules and the "does this line start a block?"
 * checks that end paragraphs, blockquotes and lists. Each follows the
 * markdown-it 15 rule of the same name (MIT licence) step for step, because
 * agreeing with markdown-it exactly is the scanner's contract; what differs
 * is the output: only what the plan dialects read, and no token objects.
 * Rules called with `silent` only answer whether a block starts here.
 */
import { htmlBlockKind } from './html-block-patterns.js';
import {
  asciiTrim,
  getLines,
  isEmpty,
  isSpace,
  ScanDeclined,
  skipChars,
  skipCharsBack,
  skipSpaces,
  skipSpacesBack,
  type ScanState,
} from './block-scan-state.js';

const BACKTICK = 0x60;
const TILDE = 0x7e;
const HASH = 0x23;
const GT = 0x3e;
const LT = 0x3c;

/** Indented code: consumed and dropped, the dialects never read it. */
export function codeBlock(s: ScanState, startLine: number, endLine: number): boolean {
  if (s.sCount[startLine]! - s.blkIndent < 4) return false;
  let nextLine = startLine + 1;
  let last = nextLine;
  while (nextLine < endLine) {
    if (isEmpty(s, nextLine)) {
      nextLine++;
    } else if (s.sCount[nextLine]! - s.blkIndent >= 4) {
      nextLine++;
      last = nextLine;
    } else {
      break;
    }
  }
  s.line = last;
  return true;
}

/** Fenced code: ``` or ~~~, closed by the same character at least as long, or by the end of its container. */
export function fence(s: ScanState, startLine: number, endLine: number, silent: boolean): boolean {
  if (s.sCount[startLine]! - s.blkIndent >= 4) return false;
  const { src } = s;
  let pos = s.bMarks[startLine]! + s.tShift[startLine]!;
  const max = s.eMarks[startLine]!;
  if (pos + 3 > max) return false;
  const marker = src.charCodeAt(pos);
  if (marker !== TILDE && marker !== BACKTICK) return false;
  const openerStart = pos;
  pos = skipChars(s, pos, max, marker);
  const length = pos - openerStart;
  if (length < 3) return false;
  // A backtick fence's info string cannot contain a backtick (it would be inline code).
  if (marker === BACKTICK && skipUntil(s, pos, max, BACKTICK) < max) return false;
  if (silent) return true;

  let nextLine = startLine;
  let closed = false;
  for (;;) {
    nextLine++;
    if (nextLine >= endLine) break;
    const start = s.bMarks[nextLine]! + s.tShift[nextLine]!;
    const lineEnd = s.eMarks[nextLine]!;
    if (start < lineEnd && s.sCount[nextLine]! < s.blkIndent) break;
    if (src.charCodeAt(start) !== marker) continue;
    if (s.sCount[nextLine]! - s.blkIndent >= 4) continue;
    const end = skipChars(s, start, lineEnd, marker);
    if (end - start < length) continue;
    if (skipSpaces(s, end, lineEnd) < lineEnd) continue;
    closed = true;
    break;
  }
  s.line = nextLine + (closed ? 1 : 0);
  return true;
}

export function blockquoteStarts(s: ScanState, line: number): boolean {
  return s.sCount[line]! - s.blkIndent < 4 && s.src.charCodeAt(s.bMarks[line]! + s.tShift[line]!) === GT;
}

function skipUntil(s: ScanState, from: number, max: number, code: number): number {
  let pos = from;
  while (pos < max && s.src.charCodeAt(pos) !== code) pos++;
  return pos;
}

/** Thematic break: three or more `*`, `-` or `_`, spaces and tabs allowed between. */
export function thematicBreak(s: ScanState, startLine: number, silent: boolean): boolean {
  if (s.sCount[startLine]! - s.blkIndent >= 4) return false;
  const { src } = s;
  const max = s.eMarks[startLine]!;
  let pos = s.bMarks[startLine]! + s.tShift[startLine]!;
  const marker = src.charCodeAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x5f) return false;
  let count = 1;
  while (pos < max) {
    const ch = src.charCodeAt(pos++);
    if (ch !== marker && !isSpace(ch)) return false;
    if (ch === marker) count++;
  }
  if (count < 3) return false;
  if (!silent) s.line = startLine + 1;
  return true;
}

/** Position after a `-`, `+` or `*` list marker, or -1. */
export function skipBulletListMarker(s: ScanState, line: number): number {
  let pos = s.bMarks[line]! + s.tShift[line]!;
  const marker = s.src.charCodeAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x2b) return -1;
  if (pos < s.eMarks[line]! && !isSpace(s.src.charCodeAt(pos))) return -1;
  return pos;
}

/** Position after a `1.` / `1)` list marker (at most nine digits), or -1. */
export function skipOrderedListMarker(s: ScanState, line: number): number {
  const text = s.src;
  const start = s.bMarks[line]! + s.tShift[line]!;
  const max = s.eMarks[line]!;
  let pos = start;
  if (pos + 1 >= max) return -1;
  let ch = text.charCodeAt(pos++);
  if (ch < 0x30 || ch > 0x39) return -1;
  for (;;) {
    if (pos >= max) return -1;
    ch = text.charCodeAt(pos++);
    if (ch >= 0x30 && ch <= 0x39) {
      if (pos - start >= 10) return -1;
      continue;
    }
    if (ch === 0x29 || ch === 0x2e) break;
    return -1;
  }
  if (pos < max && !isSpace(text.charCodeAt(pos))) return -1;
  return pos;
}

/**
 * The list rule's opening checks. In silent mode (as a terminator) an item
 * may only interrupt a paragraph when it is not empty and, if ordered,
 * starts at 1. Returns the position after the marker (whose last character
 * tells bullet from ordered), or -1.
 */
export function listMarker(s: ScanState, line: number, silent: boolean): number {
  const indent = s.sCount[line]!;
  if (indent - s.blkIndent >= 4) return -1;
  if (s.listIndent >= 0 && indent - s.listIndent >= 4 && indent < s.blkIndent) return -1;
  const interruptsParagraph = silent && s.parentType === 'paragraph' && indent >= s.blkIndent;
  let pos = skipOrderedListMarker(s, line);
  if (pos >= 0) {
    if (interruptsParagraph && Number(s.src.slice(s.bMarks[line]! + s.tShift[line]!, pos - 1)) !== 1) return -1;
  } else {
    pos = skipBulletListMarker(s, line);
    if (pos < 0) return -1;
  }
  const max = s.eMarks[line]!;
  if (interruptsParagraph && skipSpaces(s, pos, max) >= max) return -1;
  return pos;
}

/**
 * A `[label]:` line may be a link reference definition, which changes how
 * inline text parses elsewhere; those documents go to markdown-it. Anything
 * markdown-it's reference rule rejects on the first line is rejected here
 * the same way; a label running past its line is declined too.
 */
export function declineReferenceDefinition(s: ScanState, startLine: number): void {
  const text = s.src;
  const start = s.bMarks[startLine]! + s.tShift[startLine]!;
  const max = s.eMarks[startLine]!;
  if (text.charCodeAt(start) !== 0x5b) return;
  for (let pos = start + 1; pos < max; pos++) {
    // markdown-it's label length limit (999 characters, counted loosely).
    if (pos - (start + 1) > 999 * 2) return;
    const ch = text.charCodeAt(pos);
    if (ch === 0x5b) return;
    if (ch === 0x5d) {
      if (text.charCodeAt(pos + 1) === 0x3a) throw new ScanDeclined('link-reference-definition');
      return;
    }
    if (ch === 0x5c) pos++;
  }
  throw new ScanDeclined('link-reference-definition');
}

export function htmlBlock(s: ScanState, startLine: number, endLine: number, silent: boolean): boolean {
  if (s.sCount[startLine]! - s.blkIndent >= 4) return false;
  const start = s.bMarks[startLine]! + s.tShift[startLine]!;
  if (s.src.charCodeAt(start) !== LT) return false;
  let lineText = s.src.slice(start, s.eMarks[startLine]);
  const kind = htmlBlockKind(lineText);
  if (!kind) return false;
  if (silent) return kind.canInterrupt;

  let nextLine = startLine + 1;
  const endsOnBlankLine = kind.end.test('');
  if (!kind.end.test(lineText)) {
    for (; nextLine < endLine; nextLine++) {
      if (s.sCount[nextLine]! < s.blkIndent && (endsOnBlankLine || !isEmpty(s, nextLine))) break;
      lineText = s.src.slice(s.bMarks[nextLine]! + s.tShift[nextLine]!, s.eMarks[nextLine]);
      if (kind.end.test(lineText)) {
        if (lineText.length !== 0) nextLine++;
        break;
      }
    }
  }
  s.line = nextLine;
  s.out.addHtml(startLine, getLines(s, startLine, nextLine, s.blkIndent, true));
  return true;
}

/** ATX heading: 1–6 `#`, then a space or the end of the line; a closing `#` run is dropped. */
export function atxHeading(s: ScanState, startLine: number, silent: boolean): boolean {
  if (s.sCount[startLine]! - s.blkIndent >= 4) return false;
  const text = s.src;
  let pos = s.bMarks[startLine]! + s.tShift[startLine]!;
  let max = s.eMarks[startLine]!;
  let ch = text.charCodeAt(pos);
  if (ch !== HASH || pos >= max) return false;
  let level = 1;
  ch = text.charCodeAt(++pos);
  while (ch === HASH && pos < max && level <= 6) {
    level++;
    ch = text.charCodeAt(++pos);
  }
  if (level > 6 || (pos < max && !isSpace(ch))) return false;
  if (silent) return true;

  max = skipSpacesBack(s, max, pos);
  const closing = skipCharsBack(s, max, HASH, pos);
  if (closing > pos && isSpace(text.charCodeAt(closing - 1))) max = closing;
  s.line = startLine + 1;
  s.out.addText(level, startLine, startLine + 1, asciiTrim(text.slice(pos, max)), -1);
  return true;
}

/** First characters of the blocks that can interrupt a paragraph or end a list: `~>*-_+<#` and digits. */
const MAY_INTERRUPT = new Uint8Array(128);
for (const ch of '`~>*-_+<#0123456789') MAY_INTERRUPT[ch.charCodeAt(0)] = 1;

/** A quick filter before the interruption checks: most lines start with a letter and cannot interrupt anything. */
export function mayInterrupt(s: ScanState, line: number): boolean {
  return MAY_INTERRUPT[s.src.charCodeAt(s.bMarks[line]! + s.tShift[line]!)] === 1;
}

/** The blocks that may interrupt a paragraph or a blockquote's lazy continuation. */
export function interruptsParagraph(s: ScanState, line: number, endLine: number): boolean {
  const ch = s.src.charCodeAt(s.bMarks[line]! + s.tShift[line]!);
  switch (ch) {
    case BACKTICK:
    case TILDE:
      return fence(s, line, endLine, true);
    case GT:
      return blockquoteStarts(s, line);
    case 0x2a: // *
    case 0x2d: // -
      return thematicBreak(s, line, true) || listMarker(s, line, true) >= 0;
    case 0x5f: // _
      return thematicBreak(s, line, true);
    case LT:
      return htmlBlock(s, line, endLine, true);
    case HASH:
      return atxHeading(s, line, true);
    default:
      return (ch === 0x2b || (ch >= 0x30 && ch <= 0x39)) && listMarker(s, line, true) >= 0;
  }
}

/** The blocks that end a list (a new item is judged by the list rule itself). */
export function interruptsList(s: ScanState, line: number, endLine: number): boolean {
  return fence(s, line, endLine, true) || blockquoteStarts(s, line) || thematicBreak(s, line, true);
}

/**
 * A paragraph, or a setext heading when an `===` / `---` underline ends the
 * run. markdown-it tries lheading then paragraph over the same lines with
 * the same loop, the underline check aside, so one pass decides both.
 */
export function paragraphOrSetext(s: ScanState, startLine: number, endLine: number, openedItem: number): void {
  const oldParentType = s.parentType;
  s.parentType = 'paragraph';
  const { bMarks, tShift, eMarks, sCount, blkIndent, src } = s;
  let level = 0;
  let nextLine = startLine + 1;
  for (; nextLine < endLine; nextLine++) {
    const pos = bMarks[nextLine]! + tShift[nextLine]!;
    const max = eMarks[nextLine]!;
    if (pos >= max) break; // a blank line
    const indent = sCount[nextLine]!;
    if (indent - blkIndent > 3) continue;
    const ch = src.charCodeAt(pos);
    if (indent >= blkIndent && (ch === 0x2d || ch === 0x3d) && skipSpaces(s, skipChars(s, pos, max, ch), max) >= max) {
      level = ch === 0x3d ? 1 : 2;
      break;
    }
    if (indent < 0) continue;
    if (MAY_INTERRUPT[ch] === 1 && interruptsParagraph(s, nextLine, endLine)) break;
  }
  s.parentType = oldParentType;

  const content = asciiTrim(getLines(s, startLine, nextLine, s.blkIndent, false));
  if (level > 0) {
    s.line = nextLine + 1;
    s.out.addText(level, startLine, nextLine + 1, content, -1);
    return;
  }
  s.line = nextLine;
  s.out.addText(0, startLine, nextLine, content, openedItem);
}
