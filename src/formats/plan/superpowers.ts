/**
 * Dialect `superpowers`: plans written by the superpowers "writing-plans"
 * skill. Tasks are `### Task N: Title` headings (any level, ATX or setext),
 * optionally grouped under `## Chunk N:` / `## Phase N:` headings; steps are
 * `- [ ] **Step N: …**` items, `**Step N:** …` paragraphs or `#### Step N:`
 * subheadings.
 */
import type { PlanStep, PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import {
  anyLineInRange,
  documentTitle,
  enclosingGroup,
  firstAtOrAfter,
  highRiskMarkerLines,
  inlinePlainText,
  numberedTitlePattern,
  sliceLines,
  startsWithCheckbox,
  TASK_NUMBER,
  TITLE_SEPARATOR,
  type MarkdownDocument,
} from './markdown.js';

const TASK_HEADING = numberedTitlePattern(['task']);
/** Step separators are optional: `**Step 3** Run it` is still step 3. */
const STEP_TEXT = new RegExp(String.raw`^(?:\[([ xX])\]\s+)?step\s+(${TASK_NUMBER})(?:${TITLE_SEPARATOR})?\s*(.*)$`, 'i');
/** A paragraph only counts as a step when it opens in bold, as the skill writes it. */
const BOLD_STEP_START = /^(?:\[[ xX]\][ \t]+)?(?:\*\*|__)step\s/i;

export function matchTaskHeading(text: string): { id: string; title: string } | null {
  const match = TASK_HEADING.exec(text);
  return match ? { id: match[2]!, title: match[3]!.trim() } : null;
}

export function hasSuperpowersTasks(doc: MarkdownDocument): boolean {
  return doc.headings.some((heading) => TASK_HEADING.test(heading.text));
}

export function parseSuperpowersPlan(doc: MarkdownDocument): PlanDraft {
  const markerLines = highRiskMarkerLines(doc);
  const steps = collectSteps(doc);
  const tasks: PlanTask[] = [];
  for (const heading of doc.headings) {
    const match = matchTaskHeading(heading.text);
    if (!match) continue;
    tasks.push({
      id: match.id,
      title: match.title,
      body: sliceLines(doc, heading.contentStart, heading.endLine),
      // The skill's checkboxes are ticked inconsistently by executors; only the ledger knows completion.
      fileState: 'pending',
      highRiskStop: anyLineInRange(markerLines, heading.startLine, heading.endLine),
      group: enclosingGroup(doc.headings, heading.parent),
      steps: stepsInRange(steps, heading.contentStart, heading.endLine),
      line: heading.line,
    });
  }
  return { title: documentTitle(doc.headings), approvedMarker: null, tasks };
}

/** Every step in the document, in order, as columns; tasks pick theirs by line range. */
interface DocumentSteps {
  /** 0-based line of each step. */
  lines: number[];
  steps: PlanStep[];
  /** Which steps a task has already taken (allocated on first use). */
  given: Uint8Array | null;
}

function collectSteps(doc: MarkdownDocument): DocumentSteps {
  const found: DocumentSteps = { lines: [], steps: [], given: null };
  const { level, startLine, item, content } = doc.text;
  for (let block = 0; block < level.length; block++) {
    const text = content[block]!;
    let step: PlanStep | null = null;
    if (level[block]! > 0) {
      step = parseStepText(inlinePlainText(doc, block), false);
    } else if (mayStartStep(text) && BOLD_STEP_START.test(text)) {
      const firstInCheckboxItem = item[block]! >= 0 && startsWithCheckbox(text);
      step = parseStepText(inlinePlainText(doc, block, true), firstInCheckboxItem);
    }
    if (step) {
      found.lines.push(startLine[block]!);
      found.steps.push(step);
    }
  }
  return found;
}

/** The steps in `from <= line < to`; one already given to an enclosing task is copied, so no two tasks share a step. */
function stepsInRange(found: DocumentSteps, from: number, to: number): PlanStep[] {
  const { lines, steps } = found;
  const given = (found.given ??= new Uint8Array(steps.length));
  const result: PlanStep[] = [];
  for (let i = firstAtOrAfter(lines, from); i < lines.length && lines[i]! < to; i++) {
    result.push(given[i] === 1 ? { ...steps[i]! } : steps[i]!);
    given[i] = 1;
  }
  return result;
}

/** Cheap first-character check before the pattern: most paragraphs are not steps. */
function mayStartStep(content: string): boolean {
  const first = content.charCodeAt(0);
  return first === 0x2a /* * */ || first === 0x5f /* _ */ || first === 0x5b /* [ */;
}

function parseStepText(text: string, hasCheckbox: boolean): PlanStep | null {
  const match = STEP_TEXT.exec(text);
  if (!match) return null;
  const box = match[1];
  return {
    id: match[2]!,
    text: match[3]!.trim(),
    checked: hasCheckbox && box !== undefined ? box !== ' ' : null,
  };
}
