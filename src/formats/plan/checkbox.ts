/**
 * Dialect `checkbox`: a plain task list. Every outermost `- [ ] item` is a
 * task numbered in document order; checkbox items nested inside it are part
 * of its body and become its steps.
 */
import type { PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import {
  documentTitle,
  enclosingGroup,
  headingAt,
  highRiskMarkerLines,
  inlinePlainText,
  itemsInRange,
  listItemCheckbox,
  sliceLines,
  withoutCheckbox,
  type MarkdownDocument,
} from './markdown.js';

export function hasCheckboxTasks(doc: MarkdownDocument): boolean {
  return doc.tokens.some((token, i) => token.type === 'list_item_open' && listItemCheckbox(doc.tokens, i) !== null);
}

interface OpenItem {
  /** The task this item belongs to (itself, or an enclosing task item). */
  task: PlanTask | null;
  isTask: boolean;
}

export function parseCheckboxPlan(doc: MarkdownDocument): PlanDraft {
  const { tokens, lines, headings } = doc;
  const markerLines = highRiskMarkerLines(doc);
  const tasks: PlanTask[] = [];
  const open: OpenItem[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'list_item_close') {
      open.pop();
      continue;
    }
    if (token.type !== 'list_item_open' || !token.map) continue;

    const parent = open[open.length - 1];
    const owner = parent?.task ?? null;
    const box = listItemCheckbox(tokens, i);
    const text = box ? withoutCheckbox(inlinePlainText(doc, box.inline, true)) : '';

    if (box && text !== '' && owner === null) {
      const [start, end] = token.map;
      const task: PlanTask = {
        id: String(tasks.length + 1),
        title: text,
        body: dedent(sliceLines(lines, start + 1, end)),
        fileState: box.checked ? 'complete' : 'pending',
        highRiskStop: itemsInRange(markerLines, (line) => line, start, end).length > 0,
        group: enclosingGroup(headings, headingAt(headings, start)),
        steps: [],
        line: start + 1,
      };
      tasks.push(task);
      open.push({ task, isTask: true });
      continue;
    }

    if (box && text !== '' && owner !== null && parent?.isTask) {
      owner.steps.push({ id: String(owner.steps.length + 1), text, checked: box.checked });
    }
    open.push({ task: owner, isTask: false });
  }

  return { title: documentTitle(headings), approvedMarker: null, tasks };
}

/** Nested item lines carry the list's indentation; strip what they all share. */
function dedent(text: string): string {
  const lines = text.split('\n');
  let common = Infinity;
  for (const line of lines) {
    if (line.trim() === '') continue;
    common = Math.min(common, line.length - line.trimStart().length);
  }
  if (common === Infinity || common === 0) return text;
  return lines.map((line) => line.slice(common)).join('\n');
}
