/**
 * Dialect `tdd-progress`: the tdd-workflow plugin's `.tdd-progress.md`.
 * Tasks are `### Slice N: Title` headings (or `Step N:`, which the plugin's
 * own stop hook also counts); each slice's first `**Status:**` line is its
 * state. Status lines elsewhere (the document header, "Test Results
 * Tracking" iterations) describe other things and are ignored.
 */
import type { PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import {
  anyLineInRange,
  documentTitle,
  highRiskMarkerLines,
  itemsInRange,
  numberedTitlePattern,
  proseLines,
  sliceLines,
  type MarkdownDocument,
  type MarkdownHeading,
} from './markdown.js';
import { approvedValue, statusValue, taskStateFromStatus } from './progress-marks.js';

const SLICE_HEADING = numberedTitlePattern(['slice']);
const STEP_HEADING = numberedTitlePattern(['step']);

export function hasTddSlices(doc: MarkdownDocument): boolean {
  return doc.headings.some((heading) => SLICE_HEADING.test(heading.text));
}

export function parseTddProgress(doc: MarkdownDocument): PlanDraft {
  const slices = sliceHeadings(doc.headings);
  const prose = proseLines(doc);
  const statusLines = prose.flatMap(({ line, text }) => {
    const value = statusValue(text);
    return value === null ? [] : [{ line, value }];
  });
  const markerLines = highRiskMarkerLines(doc);

  const tasks: PlanTask[] = slices.map(({ heading, id, title }) => {
    const firstStatus = itemsInRange(statusLines, (s) => s.line, heading.contentStart, heading.endLine)[0];
    return {
      id,
      title,
      body: sliceLines(doc, heading.contentStart, heading.endLine),
      fileState: firstStatus ? taskStateFromStatus(firstStatus.value) : 'pending',
      highRiskStop: anyLineInRange(markerLines, heading.startLine, heading.endLine),
      group: null,
      steps: [],
      line: heading.line,
    };
  });

  const insideSlice = (line: number): boolean =>
    slices.some(({ heading }) => line >= heading.startLine && line < heading.endLine);
  let approvedMarker: string | null = null;
  for (const { line, text } of prose) {
    const value = approvedValue(text);
    if (value !== null && !insideSlice(line)) {
      approvedMarker = value;
      break;
    }
  }

  return { title: documentTitle(doc.headings), approvedMarker, tasks };
}

interface SliceHeading {
  heading: MarkdownHeading;
  id: string;
  title: string;
}

/**
 * `Slice N` headings when there are any; `Step N` only otherwise, so a
 * slice's own `#### Step 1:` subheadings never become tasks of their own.
 */
function sliceHeadings(headings: readonly MarkdownHeading[]): SliceHeading[] {
  const byPattern = (pattern: RegExp): SliceHeading[] =>
    headings.flatMap((heading) => {
      const match = pattern.exec(heading.text);
      return match ? [{ heading, id: match[2]!, title: match[3]!.trim() }] : [];
    });
  const slices = byPattern(SLICE_HEADING);
  return slices.length > 0 ? slices : byPattern(STEP_HEADING);
}
