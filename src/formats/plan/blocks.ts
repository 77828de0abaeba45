/**
 * The block structure the markdown plan dialects read: markdown-it's block
 * token stream reduced to what they use. Two builders produce it, the block
 * scanner (fast path) and markdown-it (the reference and the fallback), and
 * the differential test holds them to identical output, so every field here
 * is defined by what markdown-it's tokens say.
 *
 * Blocks and list items are columns (parallel arrays indexed by block or
 * item number) rather than one object each: a large plan has tens of
 * thousands of them, and as objects they were most of what the garbage
 * collector had to copy while a plan was being parsed.
 */
import type { Env } from 'markdown-it';

/** Headings and paragraphs: the only blocks with inline content in markdown-it's commonmark preset. Document order. */
export interface TextBlocks {
  /** Heading level 1–6, or 0 for a paragraph. */
  level: Uint8Array;
  /** 0-based first line (the opening token's `map[0]`). */
  startLine: Int32Array;
  /** 0-based, exclusive (the opening token's `map[1]`): past the underline of a setext heading. */
  endLine: Int32Array;
  /** For a paragraph that is the first block of a list item, that item's number; else -1. */
  item: Int32Array;
  /** The inline source exactly as markdown-it hands it to its inline parser. */
  content: string[];
}

/** List items in document order: an item comes before the items nested in it. */
export interface ListItems {
  /** 0-based, the marker line. */
  startLine: Int32Array;
  /** 0-based, exclusive; trailing blank lines included, as markdown-it maps them. */
  endLine: Int32Array;
  /** The innermost list item containing this one, or -1. */
  parent: Int32Array;
  /** The text block the item opens with when that is a paragraph, else -1. */
  paragraph: Int32Array;
}

export interface HtmlBlock {
  /** 0-based first line. */
  startLine: number;
  /** The block's lines with the container's indentation removed, as markdown-it gives them. */
  content: string;
}

export interface BlockStructure {
  text: TextBlocks;
  items: ListItems;
  /** Document order. */
  html: HtmlBlock[];
  /** markdown-it's parse environment (link reference definitions), needed to parse inline content. */
  env: Env;
}

/** Collects blocks in document order into growable columns; `finish` trims them to size. */
export class BlockBuilder {
  private textCount = 0;
  private itemCount = 0;
  private level = new Uint8Array(256);
  private textStart = new Int32Array(256);
  private textEnd = new Int32Array(256);
  private textItem = new Int32Array(256);
  private readonly content: string[] = [];
  private itemStart = new Int32Array(256);
  private itemEnd = new Int32Array(256);
  private itemParent = new Int32Array(256);
  private itemParagraph = new Int32Array(256);
  private readonly html: HtmlBlock[] = [];

  /** Returns the block's number. */
  addText(level: number, startLine: number, endLine: number, content: string, item: number): number {
    const index = this.textCount++;
    if (index === this.level.length) this.growText();
    this.level[index] = level;
    this.textStart[index] = startLine;
    this.textEnd[index] = endLine;
    this.textItem[index] = item;
    this.content.push(content);
    if (item >= 0) this.itemParagraph[item] = index;
    return index;
  }

  /** Returns the item's number; its end is set when the item closes. */
  openItem(startLine: number, parent: number): number {
    const index = this.itemCount++;
    if (index === this.itemStart.length) this.growItems();
    this.itemStart[index] = startLine;
    this.itemParent[index] = parent;
    this.itemParagraph[index] = -1;
    return index;
  }

  closeItem(index: number, endLine: number): void {
    this.itemEnd[index] = endLine;
  }

  addHtml(startLine: number, content: string): void {
    this.html.push({ startLine, content });
  }

  finish(env: Env): BlockStructure {
    const t = this.textCount;
    const n = this.itemCount;
    return {
      text: {
        level: this.level.slice(0, t),
        startLine: this.textStart.slice(0, t),
        endLine: this.textEnd.slice(0, t),
        item: this.textItem.slice(0, t),
        content: this.content,
      },
      items: {
        startLine: this.itemStart.slice(0, n),
        endLine: this.itemEnd.slice(0, n),
        parent: this.itemParent.slice(0, n),
        paragraph: this.itemParagraph.slice(0, n),
      },
      html: this.html,
      env,
    };
  }

  private growText(): void {
    this.level = grown(this.level, new Uint8Array(this.level.length * 2));
    this.textStart = grown(this.textStart, new Int32Array(this.textStart.length * 2));
    this.textEnd = grown(this.textEnd, new Int32Array(this.textEnd.length * 2));
    this.textItem = grown(this.textItem, new Int32Array(this.textItem.length * 2));
  }

  private growItems(): void {
    this.itemStart = grown(this.itemStart, new Int32Array(this.itemStart.length * 2));
    this.itemEnd = grown(this.itemEnd, new Int32Array(this.itemEnd.length * 2));
    this.itemParent = grown(this.itemParent, new Int32Array(this.itemParent.length * 2));
    this.itemParagraph = grown(this.itemParagraph, new Int32Array(this.itemParagraph.length * 2));
  }
}

function grown<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
