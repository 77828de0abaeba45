/**
 * Shared markdown plumbing for the markdown plan dialects. Everything is
 * derived from markdown-it's block token stream, so fenced code, indented
 * code and HTML blocks never masquerade as headings or list items.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';

export type { Token };

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

export interface MarkdownDocument {
  /** The normalised source split on "\n"; indices are markdown-it's 0-based line numbers. */
  lines: readonly string[];
  /** Block tokens. Inline tokens carry no children until `inlineChildren` asks for them. */
  tokens: readonly Token[];
  headings: MarkdownHeading[];
  /** markdown-it's parse environment (link reference definitions), needed to parse inline content later. */
  env: Env;
}

/** A source line of paragraph text (never code or raw HTML). */
export interface ProseLine {
  /** 0-based. */
  line: number;
  text: string;
}

let sharedParser: MarkdownIt | undefined;

function parser(): MarkdownIt {
  if (!sharedParser) {
    // commonmark preset: HTML blocks/comments are recognised, no GFM extras we do not need.
    sharedParser = markdownIt('commonmark');
    // Inline parsing is most of markdown-it's cost, and plans need it for a
    // small share of the text (headings, step lines, checkbox items), so it
    // runs lazily, per token, in inlineChildren().
    sharedParser.core.ruler.disable('inline');
  }
  return sharedParser;
}

/** CRLF and lone CR become LF and a BOM is dropped, so every newline convention yields identical results. */
export function normalizeNewlines(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.replace(/\r\n?/g, '\n');
}

/** Expects text already passed through `normalizeNewlines`. */
export function parseMarkdown(text: string): MarkdownDocument {
  const env: Env = {};
  const tokens = parser().parse(text, env);
  const doc: MarkdownDocument = { lines: text.split('\n'), tokens, headings: [], env };
  doc.headings = collectHeadings(doc);
  return doc;
}

/** The inline children of an `inline` token, parsed on first use. */
export function inlineChildren(doc: MarkdownDocument, inline: Token): Token[] {
  if (inline.children && inline.children.length > 0) return inline.children;
  const children: Token[] = [];
  if (inline.content !== '') {
    const md = parser();
    md.inline.parse(inline.content, md, doc.env, children);
  }
  inline.children = children;
  return children;
}

/**
 * One pass with a stack of open headings: a heading closes every open
 * section of the same or deeper level, which gives all section ends without
 * rescanning the document per heading.
 */
function collectHeadings(doc: MarkdownDocument): MarkdownHeading[] {
  const { tokens } = doc;
  const lineCount = doc.lines.length;
  const headings: MarkdownHeading[] = [];
  const open: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== 'heading_open' || !token.map) continue;
    const level = Number(token.tag.slice(1));
    const [startLine, contentStart] = token.map;
    while (open.length > 0 && headings[open[open.length - 1]!]!.level >= level) {
      headings[open.pop()!]!.endLine = startLine;
    }
    const inline = tokens[i + 1];
    headings.push({
      level,
      text: inline?.type === 'inline' ? inlinePlainText(doc, inline) : '',
      line: startLine + 1,
      startLine,
      contentStart,
      endLine: lineCount,
      parent: open.length > 0 ? open[open.length - 1]! : null,
    });
    open.push(headings.length - 1);
  }
  return headings;
}

/**
 * The readable text of an inline token: emphasis, code and link markers
 * dropped, raw HTML (comments included) ignored, line breaks as spaces.
 * With `firstLineOnly`, stops at the first line break.
 */
export function inlinePlainText(doc: MarkdownDocument, inline: Token, firstLineOnly = false): string {
  const source = firstLineOnly ? firstLine(inline.content) : inline.content;
  const quick = plainTextWithoutParsing(doc, source);
  if (quick !== null) return collapseWhitespace(quick);
  return collapseWhitespace(plainTextOf(inlineChildren(doc, inline), firstLineOnly));
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : text.slice(0, newline);
}

/** Characters that can start inline syntax in the commonmark preset (line breaks aside, which become spaces). */
const INLINE_SYNTAX = /[*_`\\<>&[\]!]/;
const PLAIN = String.raw`[^*_\`\\<>&[\]!\n]`;
const PLAIN_EDGE = String.raw`[^*_\`\\<>&[\]!\s]`;
/**
 * `**Bold lead** rest` or `**All bold**`, optionally after a task checkbox,
 * with no other syntax. The edges are non-space and the closing `**` is
 * followed by a space or the end, so CommonMark's flanking rules always make
 * it strong emphasis.
 */
const PLAIN_BOLD_LEAD = new RegExp(
  String.raw`^(\[[ xX]\][ \t]+)?\*\*(${PLAIN_EDGE}(?:${PLAIN}*${PLAIN_EDGE})?)\*\*(?:[ \t]+(${PLAIN}*))?$`,
);

/**
 * Plain text for the overwhelmingly common shapes (no markup at all, or a
 * bold step lead) without running the inline parser, which dominates the
 * cost on large plans. Null when a real parse is needed.
 */
function plainTextWithoutParsing(doc: MarkdownDocument, source: string): string | null {
  if (!INLINE_SYNTAX.test(source)) return source;
  // With link reference definitions around, `[x]` may be a link: let the parser decide.
  if (doc.env['references'] !== undefined) return null;
  const bold = PLAIN_BOLD_LEAD.exec(source);
  if (!bold) return null;
  return `${bold[1] ?? ''}${bold[2]!} ${bold[3] ?? ''}`;
}

function plainTextOf(children: readonly Token[], firstLineOnly: boolean): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'text_special':
      case 'code_inline':
        text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        if (firstLineOnly) return text;
        text += ' ';
        break;
      case 'image':
        text += plainTextOf(child.children ?? [], firstLineOnly);
        break;
      default:
        break;
    }
  }
  return text;
}

/** Whitespace other than single spaces; most headings and step lines have none, and skip the replace. */
const IRREGULAR_WHITESPACE = /[^\S ]| {2}/;

function collapseWhitespace(text: string): string {
  return IRREGULAR_WHITESPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/** Lines `from`..`to` (0-based, exclusive end) with leading and trailing blank lines dropped. */
export function sliceLines(lines: readonly string[], from: number, to: number): string {
  let start = from;
  let end = Math.min(to, lines.length);
  while (start < end && isBlank(lines[start]!)) start++;
  while (end > start && isBlank(lines[end - 1]!)) end--;
  return lines.slice(start, end).join('\n');
}

function isBlank(line: string): boolean {
  return line.trim() === '';
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
  const { tokens } = doc;
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== 'inline' || !token.map || tokens[i - 1]!.type !== 'paragraph_open') continue;
    // Paragraph content keeps one source line per "\n", starting at map[0].
    const paragraphLines = token.content.split('\n');
    for (let k = 0; k < paragraphLines.length; k++) {
      result.push({ line: token.map[0] + k, text: paragraphLines[k]! });
    }
  }
  return result;
}

const HIGH_RISK_MARKER = /<!--\s*continuity\s*:\s*high-risk-stop\s*-->/i;

/**
 * 0-based lines holding the high-risk marker as real HTML (a block or inline
 * comment), ascending. Markers inside code are text, so they do not count.
 */
export function highRiskMarkerLines(doc: MarkdownDocument): number[] {
  const found: number[] = [];
  for (const token of doc.tokens) {
    if (!token.map) continue;
    if (token.type === 'html_block') {
      if (!HIGH_RISK_MARKER.test(token.content)) continue;
      const blockLines = token.content.split('\n');
      const offset = blockLines.findIndex((l) => HIGH_RISK_MARKER.test(l));
      found.push(token.map[0] + Math.max(offset, 0));
    } else if (token.type === 'inline' && HIGH_RISK_MARKER.test(token.content) && inlineChildren(doc, token).some(isHighRiskComment)) {
      found.push(token.map[0]);
    }
  }
  return found;
}

function isHighRiskComment(child: Token): boolean {
  return child.type === 'html_inline' && HIGH_RISK_MARKER.test(child.content);
}

/** Whether the body text carries the marker anywhere (for dialects without a markdown structure). */
export function textHasHighRiskMarker(text: string): boolean {
  return HIGH_RISK_MARKER.test(text);
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
 * For a `list_item_open` at `index`: whether its first paragraph opens with
 * a task checkbox, and if so whether it is ticked.
 */
export function listItemCheckbox(tokens: readonly Token[], index: number): { checked: boolean; inline: Token } | null {
  if (tokens[index]?.type !== 'list_item_open') return null;
  const paragraph = tokens[index + 1];
  const inline = tokens[index + 2];
  if (paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline') return null;
  const match = CHECKBOX_PREFIX.exec(inline.content);
  if (!match) return null;
  return { checked: match[1] !== ' ', inline };
}

/** Plain text of an inline token with a leading checkbox removed. */
export function withoutCheckbox(plainText: string): string {
  return plainText.replace(/^\[[ xX]\]\s*/, '');
}
