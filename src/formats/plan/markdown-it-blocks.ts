/**
 * The reference block structure, read off markdown-it's block token stream.
 * Used when the block scanner declines a document, and by the differential
 * test, which holds the scanner to exactly this output.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';
import { BlockBuilder, type BlockStructure } from './blocks.js';

let sharedParser: MarkdownIt | undefined;

export function markdownItParser(): MarkdownIt {
  if (!sharedParser) {
    // commonmark preset: HTML blocks/comments are recognised, no GFM extras we do not need.
    sharedParser = markdownIt('commonmark');
    // Inline parsing is most of markdown-it's cost, and plans need it for a
    // small share of the text (headings, step lines, checkbox items), so it
    // runs lazily, per block, in inline-text.ts.
    sharedParser.core.ruler.disable('inline');
  }
  return sharedParser;
}

/** Expects the normalised source (LF newlines, no BOM). */
export function markdownItBlocks(text: string): BlockStructure {
  const env: Env = {};
  const tokens = markdownItParser().parse(text, env);
  const out = new BlockBuilder();
  const openItems: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case 'heading_open':
      case 'paragraph_open': {
        const [startLine, endLine] = lineMap(token);
        const heading = token.type === 'heading_open';
        // A paragraph right after its item's opening token is the item's first block.
        const item = !heading && tokens[i - 1]?.type === 'list_item_open' ? openItems[openItems.length - 1]! : -1;
        const content = tokens[i + 1]?.type === 'inline' ? tokens[i + 1]!.content : '';
        out.addText(heading ? Number(token.tag.slice(1)) : 0, startLine, endLine, content, item);
        break;
      }
      case 'list_item_open': {
        const [startLine, endLine] = lineMap(token);
        const item = out.openItem(startLine, openItems[openItems.length - 1] ?? -1);
        out.closeItem(item, endLine);
        openItems.push(item);
        break;
      }
      case 'list_item_close':
        openItems.pop();
        break;
      case 'html_block':
        out.addHtml(lineMap(token)[0], token.content);
        break;
      default:
        break;
    }
  }
  return out.finish(env);
}

function lineMap(token: Token): [number, number] {
  if (!token.map) throw new Error(`markdown-it ${token.type} token without a line map`);
  return token.map;
}
