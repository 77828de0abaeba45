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
  documentTitle,
  enclosingGroup,
  highRiskMarkerLines,
  inlinePlainText,
  itemsInRange,
  listItemCheckbox,
  numberedTitlePattern,
  sliceLines,
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
      body: sliceLines(doc.lines, heading.contentStart, heading.endLine),
      // The skill's checkboxes are ticked inconsistently by executors; only the ledger knows completion.
      fileState: 'pending',
      highRiskStop: itemsInRange(markerLines, (line) => line, heading.startLine, heading.endLine).length > 0,
      group: enclosingGroup(doc.headings, heading.parent),
      steps: itemsInRange(steps, (s) => s.line, heading.contentStart, heading.endLine).map((s) => ({ ...s.step })),
      line: heading.line,
    });
  }
  return { title: documentTitle(doc.headings), approvedMarker: null, tasks };
}

interface LocatedStep {
  /** 0-based. */
  line: number;
  step: PlanStep;
}

/** Every step in the document in one pass; tasks pick theirs by line range. */
function collectSteps(doc: MarkdownDocument): LocatedStep[] {
  const { tokens } = doc;
  const steps: LocatedStep[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || !inline.map) continue;
    const opener = tokens[i - 1]!.type;
    if (opener === 'heading_open') {
      const step = parseStepText(inlinePlainText(doc, inline), false);
      if (step) steps.push({ line: inline.map[0], step });
    } else if (opener === 'paragraph_open' && mayStartStep(inline.content) && BOLD_STEP_START.test(inline.content)) {
      const firstInListItem = i >= 2 && listItemCheckbox(tokens, i - 2) !== null;
      const step = parseStepText(inlinePlainText(doc, inline, true), firstInListItem);
      if (step) steps.push({ line: inline.map[0], step });
    }
  }
  return steps;
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
