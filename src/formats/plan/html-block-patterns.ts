/**
 * CommonMark's seven HTML block kinds as markdown-it 15 recognises them
 * (copied from its html_block rule and html_re helper, MIT licence), so the
 * scanner starts and ends HTML blocks, comments included, where markdown-it
 * does.
 */

const BLOCK_TAG_NAMES = [
  'address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup',
  'dd', 'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame',
  'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'iframe', 'legend', 'li', 'link',
  'main', 'menu', 'menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param', 'search', 'section',
  'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul',
];

const OPEN_TAG = String.raw`<[A-Za-z][A-Za-z0-9\-]*(?:\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\s*=\s*(?:[^"'=<>` + '`' + String.raw`\x00-\x20]+|'[^']*'|"[^"]*"))?)*\s*\/?>`;
const CLOSE_TAG = String.raw`<\/[A-Za-z][A-Za-z0-9\-]*\s*>`;

export interface HtmlBlockKind {
  /** Tested against the line from its first non-blank character. */
  start: RegExp;
  /** Tested against each line (the start line included); `/^$/` ends at a blank line. */
  end: RegExp;
  /** Kind 7 (any complete tag) cannot interrupt a paragraph. */
  canInterrupt: boolean;
}

const HTML_BLOCK_KINDS: readonly HtmlBlockKind[] = [
  { start: /^<(script|pre|style|textarea)(?=(\s|>|$))/i, end: /<\/(script|pre|style|textarea)>/i, canInterrupt: true },
  { start: /^<!--/, end: /-->/, canInterrupt: true },
  { start: /^<\?/, end: /\?>/, canInterrupt: true },
  { start: /^<![A-Za-z]/, end: />/, canInterrupt: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, canInterrupt: true },
  { start: new RegExp(`^</?(${BLOCK_TAG_NAMES.join('|')})(?=(\\s|/?>|$))`, 'i'), end: /^$/, canInterrupt: true },
  { start: new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`), end: /^$/, canInterrupt: false },
];

/** The kind of HTML block `lineText` (from its first non-blank character) starts, or null. */
export function htmlBlockKind(lineText: string): HtmlBlockKind | null {
  for (let i = 0; i < HTML_BLOCK_KINDS.length; i++) {
    if (HTML_BLOCK_KINDS[i]!.start.test(lineText)) return HTML_BLOCK_KINDS[i]!;
  }
  return null;
}
