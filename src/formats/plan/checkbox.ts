/**
 * Dialect `checkbox`: a plain task list. Every outermost `- [ ] item` is a
 * task numbered in document order; checkbox items nested inside it are part
 * of its body and become its steps.
 */
import type { PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import {
  anyLineInRange,
  documentTitle,
  enclosingGroup,
  headingAt,
  highRiskMarkerLines,
  inlinePlainText,
  listItemCheckbox,
  sliceLines,
  withoutCheckbox,
  type MarkdownDocument,
} from './markdown.js';

export function hasCheckboxTasks(doc: MarkdownDocument): boolean {
  for (let item = 0; item < doc.items.startLine.length; item++) {
    if (listItemCheckbox(doc, item) !== null) return true;
  }
  return false;
}

interface ItemRole {
  /** The task this item belongs to (itself, or an enclosing task item). */
  task: PlanTask | null;
  isTask: boolean;
}

export function parseCheckboxPlan(doc: MarkdownDocument): PlanDraft {
  const { items, headings } = doc;
  const markerLines = highRiskMarkerLines(doc);
  const tasks: PlanTask[] = [];
  // By item number; items come before the items nested in them.
  const seen: ItemRole[] = [];

  for (let i = 0; i < items.startLine.length; i++) {
    const start = items.startLine[i]!;
    const end = items.endLine[i]!;
    const parentIndex = items.parent[i]!;
    const parent = parentIndex >= 0 ? seen[parentIndex] : undefined;
    const owner = parent?.task ?? null;
    const box = listItemCheckbox(doc, i);
    const text = box ? withoutCheckbox(inlinePlainText(doc, box.block, true)) : '';

    if (box && text !== '' && owner === null) {
      const task: PlanTask = {
        id: String(tasks.length + 1),
        title: text,
        body: dedent(sliceLines(doc, start + 1, end)),
        fileState: box.checked ? 'complete' : 'pending',
        highRiskStop: anyLineInRange(markerLines, start, end),
        group: enclosingGroup(headings, headingAt(headings, start)),
        steps: [],
        line: start + 1,
      };
      tasks.push(task);
      seen.push({ task, isTask: true });
      continue;
    }

    if (box && text !== '' && owner !== null && parent?.isTask) {
      owner.steps.push({ id: String(owner.steps.length + 1), text, checked: box.checked });
    }
    seen.push({ task: owner, isTask: false });
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
