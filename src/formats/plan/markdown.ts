/**
 * Shared markdown plumbing for the markdown plan dialects. Everything is
 * derived from the document's block structure (blocks.ts), so fenced code,
 * indented code and HTML blocks never masquerade as headings or list items.
 * The block scanner builds it; markdown-it does when the scanner declines.
 */
import type { Token } from 'markdown-it';
import type { BlockStructure } from './blocks.js';
import { scanBlocks } from './block-scanner.js';
import { lineStartOffsets } from './block-scan-state.js';
import { markdownItBlocks } from './markdown-it-blocks.js';
import { inlineChildren, inlinePlainText } from './inline-text.js';

export { inlinePlainText } from './inline-text.js';

export interface MarkdownHeading {
  level: number;
  /** Plain inline text: emphasis and code markers stripped, whitespace collapsed. */
  text: string;
  /** 1-based line of the heading's first line. */
  line: number;
  /** 0-based index of the heading's first line. */
  startLine: number;
  /** 0-based index of the first line after the heading (after a setext underline). */
  contentStart: number;
  /** 0-based, exclusive: the next heading of the same or higher level, or the end of the file. */
  endLine: number;
  /** Index (in `MarkdownDocument.headings`) of the enclosing heading, if any. */
  parent: number | null;
}

export interface MarkdownDocument extends BlockStructure {
  /** The normalised source; block line numbers count its "\n"-separated lines from 0. */
  source: string;
  /** Offset in `source` of each line's start, and one more entry: one past the end of the source. */
  lineStarts: Int32Array;
  headings: MarkdownHeading[];
  /** Inline tokens parsed so far, by text block (see inline-text.ts). */
  inline: Map<number, Token[]>;
}

/** A source line of paragraph text (never code or raw HTML). */
export interface ProseLine {
  /** 0-based. */
  line: number;
  text: string;
}

/** `scanner`: the block scanner, markdown-it when it declines. `markdown-it`: the reference only. */
export type BlockParser = 'scanner' | 'markdown-it';

/** CRLF and lone CR become LF and a BOM is dropped, so every newline convention yields identical results. */
export function normalizeNewlines(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // The search is far cheaper than a replace pass over a large file without any CR.
  return withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
}

/** Expects text already passed through `normalizeNewlines`. */
export function parseMarkdown(text: string, blockParser: BlockParser = 'scanner'): MarkdownDocument {
  const lineStarts = lineStartOffsets(text);
  const blocks = (blockParser === 'scanner' ? scanBlocks(text, lineStarts).blocks : null) ?? markdownItBlocks(text);
  const doc: MarkdownDocument = { ...blocks, source: text, lineStarts, headings: [], inline: new Map() };
  doc.headings = collectHeadings(doc);
  return doc;
}

/**
 * One pass with a stack of open headings: a heading closes every open
 * section of the same or deeper level, which gives all section ends without
 * rescanning the document per heading.
 */
function collectHeadings(doc: MarkdownDocument): MarkdownHeading[] {
  const lineCount = doc.lineStarts.length - 1;
  const headings: MarkdownHeading[] = [];
  const open: number[] = [];
  const { level: levels, startLine: starts, endLine: ends } = doc.text;
  for (let block = 0; block < levels.length; block++) {
    const level = levels[block]!;
    if (level === 0) continue;
    const startLine = starts[block]!;
    while (open.length > 0 && headings[open[open.length - 1]!]!.level >= level) {
      headings[open.pop()!]!.endLine = startLine;
    }
    headings.push({
      level,
      text: inlinePlainText(doc, block),
      line: startLine + 1,
      startLine,
      contentStart: ends[block]!,
      endLine: lineCount,
      parent: open.length > 0 ? open[open.length - 1]! : null,
    });
    open.push(headings.length - 1);
  }
  return headings;
}

/** Lines `from`..`to` (0-based, exclusive end) with leading and trailing blank lines dropped. */
export function sliceLines(doc: MarkdownDocument, from: number, to: number): string {
  const { lineStarts, source } = doc;
  let start = from;
  let end = Math.min(to, lineStarts.length - 1);
  while (start < end && isBlank(doc, start)) start++;
  while (end > start && isBlank(doc, end - 1)) end--;
  if (start === end) return '';
  // One substring of the source: the lines joined by their own "\n", without copying them.
  return source.slice(lineStarts[start]!, lineStarts[end]! - 1);
}

function isBlank(doc: MarkdownDocument, line: number): boolean {
  return doc.source.slice(doc.lineStarts[line]!, doc.lineStarts[line + 1]! - 1).trim() === '';
}

/** The innermost heading whose section contains `line` (0-based), or null. */
export function headingAt(headings: readonly MarkdownHeading[], line: number): number | null {
  // The last heading starting at or before `line` always contains it: no other heading sits in between.
  let lo = 0;
  let hi = headings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid]!.startLine <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : lo - 1;
}

/** Task numbers as plans write them: `8`, `10a`, `0`, `2.1`. */
export const TASK_NUMBER = String.raw`\d+(?:\.\d+)*[a-z]*`;
/** Between number and title: `:`, `.`, ` -`, ` --`, ` —`, ` –`. */
export const TITLE_SEPARATOR = String.raw`(?:\s*:|\.|\s+-{1,2}|\s*[—–])`;

/** `<Keyword> N<sep> Title` (case-insensitive); group 1 is the keyword, 2 the number, 3 the title. */
export function numberedTitlePattern(keywords: readonly string[]): RegExp {
  return new RegExp(String.raw`^(${keywords.join('|')})\s+(${TASK_NUMBER})${TITLE_SEPARATOR}\s*(\S.*)$`, 'i');
}

const GROUP_HEADING = /^(?:phase|chunk)\s+\S/i;

/** Text of the nearest `Phase N` / `Chunk N` heading among heading `index` and its ancestors, or null. */
export function enclosingGroup(headings: readonly MarkdownHeading[], index: number | null): string | null {
  for (let i = index; i !== null; i = headings[i]!.parent) {
    const heading = headings[i]!;
    if (GROUP_HEADING.test(heading.text)) return heading.text;
  }
  return null;
}

/** The text of the first level-1 heading. */
export function documentTitle(headings: readonly MarkdownHeading[]): string | null {
  return headings.find((h) => h.level === 1)?.text ?? null;
}

/** Every source line of every paragraph, in document order. */
export function proseLines(doc: MarkdownDocument): ProseLine[] {
  const result: ProseLine[] = [];
  const { level, startLine, content } = doc.text;
  for (let block = 0; block < level.length; block++) {
    if (level[block] !== 0) continue;
    // Paragraph content keeps one source line per "\n", starting at its first line.
    const paragraphLines = content[block]!.split('\n');
    for (let k = 0; k < paragraphLines.length; k++) {
      result.push({ line: startLine[block]! + k, text: paragraphLines[k]! });
    }
  }
  return result;
}

const HIGH_RISK_MARKER = /<!--\s*continuity\s*:\s*high-risk-stop\s*-->/i;
/** Every marker contains this literally. */
const HIGH_RISK_WORD = /high-risk-stop/i;

/**
 * 0-based lines holding the high-risk marker as real HTML (a block or inline
 * comment), ascending. Markers inside code are text, so they do not count.
 */
export function highRiskMarkerLines(doc: MarkdownDocument): number[] {
  // One search of the source spares testing every block of the (usual) document without a marker.
  if (!HIGH_RISK_WORD.test(doc.source)) return [];
  const found: number[] = [];
  for (const block of doc.html) {
    if (!HIGH_RISK_MARKER.test(block.content)) continue;
    const offset = block.content.split('\n').findIndex((l) => HIGH_RISK_MARKER.test(l));
    found.push(block.startLine + Math.max(offset, 0));
  }
  const { startLine, content } = doc.text;
  for (let block = 0; block < content.length; block++) {
    if (HIGH_RISK_MARKER.test(content[block]!) && inlineChildren(doc, block).some(isHighRiskComment)) {
      found.push(startLine[block]!);
    }
  }
  return found.sort((a, b) => a - b);
}

function isHighRiskComment(child: Token): boolean {
  return child.type === 'html_inline' && HIGH_RISK_MARKER.test(child.content);
}

/** Whether the body text carries the marker anywhere (for dialects without a markdown structure). */
export function textHasHighRiskMarker(text: string): boolean {
  return HIGH_RISK_MARKER.test(text);
}

/** Index of the first of the ascending `lines` at or after `from` (`lines.length` if none). */
export function firstAtOrAfter(lines: readonly number[], from: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether any of the ascending `lines` falls in `from <= line < to`. */
export function anyLineInRange(lines: readonly number[], from: number, to: number): boolean {
  const at = firstAtOrAfter(lines, from);
  return at < lines.length && lines[at]! < to;
}

/** Items of `sorted` (ascending by `line`) with `from <= line < to`. */
export function itemsInRange<T>(sorted: readonly T[], lineOf: (item: T) => number, from: number, to: number): T[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lineOf(sorted[mid]!) < from) lo = mid + 1;
    else hi = mid;
  }
  const result: T[] = [];
  for (let i = lo; i < sorted.length && lineOf(sorted[i]!) < to; i++) result.push(sorted[i]!);
  return result;
}

/** `[ ]`, `[x]` or `[X]` at the start of a list item's first paragraph. */
const CHECKBOX_PREFIX = /^\[([ xX])\](?:[ \t]+|$)/;

/**
 * For list item `item`: whether its first paragraph opens with a task
 * checkbox, and if so whether it is ticked and which text block it is.
 */
export function listItemCheckbox(doc: MarkdownDocument, item: number): { checked: boolean; block: number } | null {
  const block = doc.items.paragraph[item] ?? -1;
  if (block < 0) return null;
  const match = CHECKBOX_PREFIX.exec(doc.text.content[block]!);
  if (!match) return null;
  return { checked: match[1] !== ' ', block };
}

/** Whether text `content` opens with a task checkbox (for a list item's first paragraph: the item is a task item). */
export function startsWithCheckbox(content: string): boolean {
  return CHECKBOX_PREFIX.test(content);
}

/** Plain text of a block with a leading checkbox removed. */
export function withoutCheckbox(plainText: string): string {
  return plainText.replace(/^\[[ xX]\]\s*/, '');
}
