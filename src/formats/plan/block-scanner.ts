/**
 * A block scanner for the plan dialects: the subset of markdown-it's block
 * parsing they need (headings, paragraphs, list items, HTML blocks; code is
 * recognised and skipped), without token objects and several times faster.
 *
 * It walks the lines forward once, in document order, applying markdown-it
 * 15's commonmark-preset block rules in markdown-it's order (containers
 * re-enter for their own lines, as in markdown-it). Following markdown-it
 * rather than re-deriving CommonMark is deliberate: markdown-it is the
 * reference, and where it departs from the letter of the spec (a `>` line
 * indented four spaces still continues a blockquote; any list marker ends a
 * blockquote's lazy continuation) the scanner must depart with it.
 *
 * What it does not model it declines, and the caller falls back to
 * markdown-it: link reference definitions, which feed markdown-it's inline
 * parser (a `[label]` anywhere may become a link) through machinery the
 * scanner does not reproduce.
 */
import type { BlockStructure } from './blocks.js';
import {
  isEmpty,
  isSpace,
  lineStartOffsets,
  ScanDeclined,
  ScanState,
  type DeclineReason,
} from './block-scan-state.js';
import {
  atxHeading,
  codeBlock,
  declineReferenceDefinition,
  fence,
  htmlBlock,
  interruptsList,
  interruptsParagraph,
  listMarker,
  mayInterrupt,
  paragraphOrSetext,
  skipBulletListMarker,
  skipOrderedListMarker,
  thematicBreak,
} from './block-scan-rules.js';

export type { DeclineReason } from './block-scan-state.js';

export type ScanResult = { blocks: BlockStructure; declined: null } | { blocks: null; declined: DeclineReason };

/** markdown-it's `maxNesting` in the commonmark preset. */
const MAX_NESTING = 20;

/** Expects the normalised source (LF newlines, no BOM), and its line starts when the caller has them already. */
export function scanBlocks(text: string, lineStarts: Int32Array = lineStartOffsets(text)): ScanResult {
  // markdown-it replaces NUL before parsing (same length); block content carries the replacement.
  const s = new ScanState(text.includes('\0') ? text.replaceAll('\0', '\uFFFD') : text, lineStarts);
  try {
    tokenize(s, 0, s.lineMax);
  } catch (error) {
    if (error instanceof ScanDeclined) return { blocks: null, declined: error.reason };
    throw error;
  }
  return { blocks: s.out.finish({}), declined: null };
}

/** markdown-it's block tokenizer loop over `startLine..endLine-1` at the current container. */
function tokenize(s: ScanState, startLine: number, endLine: number): void {
  let line = startLine;
  const { bMarks, tShift, eMarks } = s;
  while (line < endLine) {
    // Skip blank lines (markdown-it's skipEmptyLines: up to lineMax, which a blockquote may lower).
    while (line < s.lineMax && bMarks[line]! + tShift[line]! >= eMarks[line]!) line++;
    s.line = line;
    if (line >= endLine) break;
    if (s.sCount[line]! < s.blkIndent) break;
    if (s.level >= MAX_NESTING) {
      // markdown-it's guard against runaway nesting: the rest of the container is dropped.
      s.line = endLine;
      break;
    }
    const openedItem = s.openedItem;
    s.openedItem = -1;
    runRules(s, line, endLine, openedItem);
    line = s.line;
    // A blank line after a block is consumed here (markdown-it does the same).
    if (line < endLine && bMarks[line]! + tShift[line]! >= eMarks[line]!) {
      line++;
      s.line = line;
    }
  }
}

/**
 * The commonmark preset's block rules in markdown-it's order; the first that
 * matches wins. Every rule but paragraph starts by checking the first
 * character, so dispatching on it skips only rules that would decline.
 */
function runRules(s: ScanState, line: number, endLine: number, openedItem: number): void {
  if (s.sCount[line]! - s.blkIndent >= 4 && codeBlock(s, line, endLine)) return;
  const ch = s.src.charCodeAt(s.bMarks[line]! + s.tShift[line]!);
  switch (ch) {
    case 0x60: // `
    case 0x7e: // ~
      if (fence(s, line, endLine, false)) return;
      break;
    case 0x3e: // >
      if (blockquote(s, line, endLine)) return;
      break;
    case 0x2a: // *
    case 0x2d: // -
      if (thematicBreak(s, line, false) || list(s, line, endLine)) return;
      break;
    case 0x5f: // _
      if (thematicBreak(s, line, false)) return;
      break;
    case 0x5b: // [
      declineReferenceDefinition(s, line);
      break;
    case 0x3c: // <
      if (htmlBlock(s, line, endLine, false)) return;
      break;
    case 0x23: // #
      if (atxHeading(s, line, false)) return;
      break;
    default:
      if ((ch === 0x2b || (ch >= 0x30 && ch <= 0x39)) && list(s, line, endLine)) return;
      break;
  }
  paragraphOrSetext(s, line, endLine, openedItem);
}

/**
 * Blockquote: finds the quote's extent (`>` lines and lazy paragraph
 * continuations), rewrites those lines' state to be relative to the quote's
 * content, tokenizes them, and restores the state.
 */
function blockquote(s: ScanState, startLine: number, endLine: number): boolean {
  if (s.sCount[startLine]! - s.blkIndent >= 4) return false;
  if (s.src.charCodeAt(s.bMarks[startLine]! + s.tShift[startLine]!) !== 0x3e) return false;

  const oldLineMax = s.lineMax;
  const oldParentType = s.parentType;
  s.parentType = 'blockquote';
  const saved: number[] = [];
  const save = (line: number): void => {
    saved.push(s.bMarks[line]!, s.tShift[line]!, s.sCount[line]!, s.bsCount[line]!);
  };
  let lastLineEmpty = false;
  let nextLine = startLine;
  const text = s.src;
  for (; nextLine < endLine; nextLine++) {
    const isOutdented = s.sCount[nextLine]! < s.blkIndent;
    let pos = s.bMarks[nextLine]! + s.tShift[nextLine]!;
    const max = s.eMarks[nextLine]!;
    if (pos >= max) break;
    if (text.charCodeAt(pos++) === 0x3e && !isOutdented) {
      let initial = s.sCount[nextLine]! + 1;
      let spaceAfterMarker = false;
      let adjustTab = false;
      const after = text.charCodeAt(pos);
      if (after === 0x20) {
        pos++;
        initial++;
        spaceAfterMarker = true;
      } else if (after === 0x09) {
        spaceAfterMarker = true;
        // A tab after `>` counts as the optional space plus the rest of its tab stop.
        if ((s.bsCount[nextLine]! + initial) % 4 === 3) {
          pos++;
          initial++;
        } else {
          adjustTab = true;
        }
      }
      let offset = initial;
      save(nextLine);
      s.bMarks[nextLine] = pos;
      while (pos < max) {
        const ch = text.charCodeAt(pos);
        if (!isSpace(ch)) break;
        if (ch === 0x09) offset += 4 - ((offset + s.bsCount[nextLine]! + (adjustTab ? 1 : 0)) % 4);
        else offset++;
        pos++;
      }
      lastLineEmpty = pos >= max;
      s.bsCount[nextLine] = s.sCount[nextLine]! + 1 + (spaceAfterMarker ? 1 : 0);
      s.sCount[nextLine] = offset - initial;
      s.tShift[nextLine] = pos - s.bMarks[nextLine]!;
      continue;
    }
    if (lastLineEmpty) break;
    if (mayInterrupt(s, nextLine) && interruptsParagraph(s, nextLine, endLine)) {
      s.lineMax = nextLine;
      if (s.blkIndent !== 0) {
        save(nextLine);
        s.sCount[nextLine] = s.sCount[nextLine]! - s.blkIndent;
      }
      break;
    }
    // A lazy line: only a paragraph inside the quote may continue onto it.
    save(nextLine);
    s.sCount[nextLine] = -1;
  }

  const oldIndent = s.blkIndent;
  s.blkIndent = 0;
  s.level++;
  tokenize(s, startLine, nextLine);
  s.level--;
  s.lineMax = oldLineMax;
  s.parentType = oldParentType;
  for (let i = 0, line = startLine; i < saved.length; i += 4, line++) {
    s.bMarks[line] = saved[i]!;
    s.tShift[line] = saved[i + 1]!;
    s.sCount[line] = saved[i + 2]!;
    s.bsCount[line] = saved[i + 3]!;
  }
  s.blkIndent = oldIndent;
  return true;
}

/**
 * A list: each item's content offset becomes the indentation its lines need,
 * its content is tokenized at that indentation, and the list goes on while
 * the next item has the same marker character.
 */
function list(s: ScanState, startLine: number, endLine: number): boolean {
  let posAfterMarker = listMarker(s, startLine, false);
  if (posAfterMarker < 0) return false;
  const markerChar = s.src.charCodeAt(posAfterMarker - 1);
  const ordered = markerChar === 0x2e || markerChar === 0x29; // `.` or `)`
  const oldParentType = s.parentType;
  s.parentType = 'list';
  s.level++;

  let nextLine = startLine;
  const text = s.src;
  while (nextLine < endLine) {
    const max = s.eMarks[nextLine]!;
    let pos = posAfterMarker;
    const initial = s.sCount[nextLine]! + posAfterMarker - (s.bMarks[nextLine]! + s.tShift[nextLine]!);
    let offset = initial;
    while (pos < max) {
      const ch = text.charCodeAt(pos);
      if (ch === 0x09) offset += 4 - ((offset + s.bsCount[nextLine]!) % 4);
      else if (ch === 0x20) offset++;
      else break;
      pos++;
    }
    const contentStart = pos;
    // More than four columns after the marker: the item starts with indented code one column in.
    let indentAfterMarker = contentStart >= max ? 1 : offset - initial;
    if (indentAfterMarker > 4) indentAfterMarker = 1;
    const indent = initial + indentAfterMarker;

    const item = s.out.openItem(nextLine, s.currentItem);
    s.level++;
    const oldTShift = s.tShift[nextLine]!;
    const oldSCount = s.sCount[nextLine]!;
    const oldListIndent = s.listIndent;
    const oldItem = s.currentItem;
    s.listIndent = s.blkIndent;
    s.blkIndent = indent;
    s.tShift[nextLine] = contentStart - s.bMarks[nextLine]!;
    s.sCount[nextLine] = offset;
    s.currentItem = item;
    s.openedItem = item;
    // An empty item followed by a blank line: markdown-it skips both. (Not Math.min: it may yield a
    // heap number, and a non-integer store to `line` would throw the optimized code away.)
    if (contentStart >= max && isEmpty(s, nextLine + 1)) s.line = s.line + 2 < endLine ? s.line + 2 : endLine;
    else tokenize(s, nextLine, endLine);
    s.openedItem = -1;
    s.currentItem = oldItem;
    s.blkIndent = s.listIndent;
    s.listIndent = oldListIndent;
    s.tShift[nextLine] = oldTShift;
    s.sCount[nextLine] = oldSCount;
    s.level--;

    nextLine = s.line;
    s.out.closeItem(item, nextLine);
    if (nextLine >= endLine) break;
    if (s.sCount[nextLine]! < s.blkIndent) break;
    if (s.sCount[nextLine]! - s.blkIndent >= 4) break;
    if (mayInterrupt(s, nextLine) && interruptsList(s, nextLine, endLine)) break;
    posAfterMarker = ordered ? skipOrderedListMarker(s, nextLine) : skipBulletListMarker(s, nextLine);
    if (posAfterMarker < 0) break;
    if (markerChar !== text.charCodeAt(posAfterMarker - 1)) break;
  }

  s.level--;
  s.line = nextLine;
  s.parentType = oldParentType;
  return true;
}
