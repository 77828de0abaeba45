import markdownIt, { type Token } from 'markdown-it';
import { sha256 } from '../util/sha256.js';

/**
 * Task summaries: the required follow-up work a completed task leaves behind,
 * written under a `Known Issues` heading (any level) as
 *
 *     Pending actions:
 *     - add an index on payments.created_at
 *     - [ ] document the export limits,
 *       continued on an indented line
 *
 * The label may be bold; bullets may be `-`, `*`, `+`, numbered or `- [ ]`;
 * prose may surround the block; anything in fenced code is ignored (markdown-it
 * tokenises it as code). Action ids are stable: the same task and text always
 * give the same id.
 */
export interface PendingActionText {
  id: string;
  text: string;
}

export interface TaskSummary {
  /** The Known Issues section as written (trimmed), or "" when there is none. */
  knownIssues: string;
  pendingActions: PendingActionText[];
}

let md: ReturnType<typeof markdownIt> | undefined;

const KNOWN_ISSUES = /^known issues\b/i;
const LABEL = /^\s*(?:\*\*|__)?\s*pending actions\s*:?\s*(?:\*\*|__)?\s*:?\s*$/i;

export function parseTaskSummary(text: string, opts: { planId?: string; taskId?: string } = {}): TaskSummary {
  md ??= markdownIt('commonmark');
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  const tokens = md.parse(source, {});
  const section = knownIssuesRange(tokens, lines.length);
  if (!section) return { knownIssues: '', pendingActions: [] };
  const knownIssues = lines.slice(section.from, section.to).join('\n').trim();

  const texts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'paragraph_open' || !inRange(t, section)) continue;
    const inline = tokens[i + 1]!;
    const paragraphLines = inline.content.split('\n');
    // The label ends its paragraph, or is the paragraph's last line before a list.
    if (!LABEL.test(paragraphLines[paragraphLines.length - 1] ?? '')) continue;
    // Consecutive lists count as one block: switching `-` to `*` or to `1.`
    // starts a new list in markdown, not a new thought.
    for (let at = i + 3; isListOpen(tokens[at]) && inRange(tokens[at]!, section); ) {
      const { items, end } = listItemTexts(tokens, at, lines);
      texts.push(...items);
      at = end + 1;
    }
  }
  const seen = new Set<string>();
  const pendingActions = texts
    .filter((t) => t !== '')
    .map((t) => ({ id: pendingActionId(opts.planId ?? '', opts.taskId ?? '', t), text: t }))
    .filter((a) => !seen.has(a.id) && seen.add(a.id));
  return { knownIssues, pendingActions };
}

/** `pa-` and 10 hex digits of sha256(plan, task, normalised text). */
export function pendingActionId(planId: string, taskId: string, text: string): string {
  return `pa-${sha256(`${planId}\n${taskId}\n${normalizeActionText(text)}`).slice(0, 10)}`;
}

export function normalizeActionText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function knownIssuesRange(tokens: readonly Token[], lineCount: number): { from: number; to: number } | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'heading_open' || !KNOWN_ISSUES.test(tokens[i + 1]!.content.replace(/[*_`]/g, '').trim())) continue;
    const level = Number(t.tag.slice(1));
    const from = t.map![1];
    for (let j = i + 1; j < tokens.length; j++) {
      const u = tokens[j]!;
      if (u.type === 'heading_open' && Number(u.tag.slice(1)) <= level) return { from, to: u.map![0] };
    }
    return { from, to: lineCount };
  }
  return null;
}

function inRange(t: Token, r: { from: number; to: number }): boolean {
  return !!t.map && t.map[0] >= r.from && t.map[1] <= r.to;
}

// The top-level items of the list opening at `start`; an item's continuation
// lines (and nested content) are part of its text.
function listItemTexts(tokens: readonly Token[], start: number, lines: readonly string[]): { items: string[]; end: number } {
  const items: string[] = [];
  let depth = 0;
  let i = start;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isListOpen(t)) depth++;
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      if (--depth === 0) break;
    } else if (t.type === 'list_item_open' && depth === 1 && t.map) {
      items.push(itemText(lines.slice(t.map[0], t.map[1]), t.markup, t.info));
    }
  }
  return { items, end: i };
}

function isListOpen(t: Token | undefined): boolean {
  return t?.type === 'bullet_list_open' || t?.type === 'ordered_list_open';
}

function itemText(itemLines: readonly string[], marker: string, ordinal: string): string {
  const first = itemLines[0] ?? '';
  const bullet = ordinal ? `${ordinal}${marker}` : marker;
  const body = first.slice(first.indexOf(bullet) + bullet.length);
  const rest = itemLines.slice(1).map((l) => l.trim());
  return normalizeActionText([body, ...rest].join(' ').replace(/^\s*\[[ xX]\]\s*/, ''));
}
