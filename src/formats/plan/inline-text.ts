/**
 * Plain text of a block's inline content (headings, step lines, checkbox
 * items). The common shapes are read directly; anything else goes through
 * markdown-it's inline parser, lazily, for just that block.
 */
import type { Token } from 'markdown-it';
import { markdownItParser } from './markdown-it-blocks.js';
import type { MarkdownDocument } from './markdown.js';

/** The inline tokens of text block `block`, parsed on first use. */
export function inlineChildren(doc: MarkdownDocument, block: number): Token[] {
  const cached = doc.inline.get(block);
  if (cached) return cached;
  const children: Token[] = [];
  const content = doc.text.content[block]!;
  if (content !== '') {
    const md = markdownItParser();
    md.inline.parse(content, md, doc.env, children);
  }
  doc.inline.set(block, children);
  return children;
}

/**
 * The readable text of text block `block`: emphasis, code and link markers
 * dropped, raw HTML (comments included) ignored, line breaks as spaces.
 * With `firstLineOnly`, stops at the first line break.
 */
export function inlinePlainText(doc: MarkdownDocument, block: number, firstLineOnly = false): string {
  const content = doc.text.content[block]!;
  const source = firstLineOnly ? firstLine(content) : content;
  const quick = plainTextWithoutParsing(doc, source);
  if (quick !== null) return collapseWhitespace(quick);
  return collapseWhitespace(plainTextOf(inlineChildren(doc, block), firstLineOnly));
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
  // The space between lead and rest only matters when there is a rest; whitespace collapsing trims it otherwise.
  const lead = bold[1] === undefined ? bold[2]! : bold[1] + bold[2]!;
  return bold[3] ? `${lead} ${bold[3]}` : lead;
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
