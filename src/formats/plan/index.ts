/**
 * Plan parsing entry point: picks the dialect, runs its parser, and applies
 * the rules every dialect shares (at least one task, unique ids, high-risk
 * overrides, structure hash). Pure: the caller reads the file.
 */
import { DIALECTS, PlanFormatError, type DialectName, type ParsedPlan, type PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import { normalizeNewlines, parseMarkdown, type BlockParser, type MarkdownDocument } from './markdown.js';
import { hasSuperpowersTasks, parseSuperpowersPlan } from './superpowers.js';
import { hasTddSlices, parseTddProgress } from './tdd-progress.js';
import { hasCheckboxTasks, parseCheckboxPlan } from './checkbox.js';
import { parseJsonPlan } from './json-plan.js';
import { structureHash } from './structure-hash.js';

export { DIALECTS, PlanFormatError } from './model.js';
export type { DialectName, ParsedPlan, PlanStep, PlanTask, TaskState } from './model.js';
export { structureHash } from './structure-hash.js';

export interface ParsePlanOptions {
  /** Used for dialect detection (file name, extension) and in error messages. */
  path: string;
  /** Skips detection. */
  dialect?: DialectName;
  /** Tasks to treat as high-risk stops even without the marker comment (from configuration). */
  highRiskTaskIds?: readonly string[];
  /**
   * Internal, for the differential test: `markdown-it` skips the block
   * scanner and parses with the reference. Results are identical by contract.
   */
  blockParser?: BlockParser;
}

const MARKDOWN_PARSERS: Record<Exclude<DialectName, 'json'>, (doc: MarkdownDocument) => PlanDraft> = {
  superpowers: parseSuperpowersPlan,
  'tdd-progress': parseTddProgress,
  checkbox: parseCheckboxPlan,
};

/** Text without any of these cannot hold a task in any markdown dialect: no need to tokenize it. */
const MAY_HOLD_TASKS = /task|slice|step|\[[ xX]\]/i;

export function parsePlan(text: string, opts: ParsePlanOptions): ParsedPlan {
  const source = normalizeNewlines(text);
  const requested = opts.dialect ?? detectFromPath(opts.path);
  if (requested !== null && !DIALECTS.includes(requested)) {
    throw new PlanFormatError(`unknown plan dialect "${String(requested)}" for ${opts.path}: expected one of ${DIALECTS.join(', ')}`);
  }

  let dialect: DialectName;
  let draft: PlanDraft;
  if (requested === 'json') {
    dialect = 'json';
    draft = parseJsonPlan(source, opts.path);
  } else {
    if (requested === null && !MAY_HOLD_TASKS.test(source)) throw noTasksError(opts.path);
    const doc = parseMarkdown(source, opts.blockParser);
    const detected = requested ?? detectFromMarkdown(doc);
    if (detected === null || detected === 'json') throw noTasksError(opts.path);
    dialect = detected;
    draft = MARKDOWN_PARSERS[detected](doc);
  }

  if (draft.tasks.length === 0) throw noTasksError(opts.path);
  assertUniqueIds(draft.tasks, opts.path);
  const tasks = applyHighRiskIds(draft.tasks, opts.highRiskTaskIds ?? []);
  return {
    dialect,
    title: draft.title,
    approvedMarker: draft.approvedMarker,
    tasks,
    structureHash: structureHash(tasks),
  };
}

/** The dialect `parsePlan` would use without an explicit one, or null when the text holds no tasks. */
export function detectDialect(text: string, path: string): DialectName | null {
  const byPath = detectFromPath(path);
  if (byPath !== null) return byPath;
  const source = normalizeNewlines(text);
  if (!MAY_HOLD_TASKS.test(source)) return null;
  return detectFromMarkdown(parseMarkdown(source));
}

function detectFromPath(path: string): DialectName | null {
  const name = path.split(/[\\/]/).pop() ?? '';
  if (name === '.tdd-progress.md') return 'tdd-progress';
  if (/\.json$/i.test(name)) return 'json';
  return null;
}

/** Most specific first: superpowers and tdd plans routinely contain checkboxes too. */
function detectFromMarkdown(doc: MarkdownDocument): DialectName | null {
  if (hasSuperpowersTasks(doc)) return 'superpowers';
  if (hasTddSlices(doc)) return 'tdd-progress';
  if (hasCheckboxTasks(doc)) return 'checkbox';
  return null;
}

function noTasksError(path: string): PlanFormatError {
  return new PlanFormatError(
    `no tasks found in ${path}: expected "### Task N: Title" headings, "## Slice N:" sections, "- [ ] item" checkboxes or a JSON plan`,
  );
}

/** Ids are how the ledger refers to tasks; two tasks answering to one id would make that ambiguous. */
function assertUniqueIds(tasks: readonly PlanTask[], path: string): void {
  const firstLineById = new Map<string, number>();
  for (const task of tasks) {
    const firstLine = firstLineById.get(task.id);
    if (firstLine !== undefined) {
      throw new PlanFormatError(`duplicate task id "${task.id}" in ${path}: line ${firstLine} and line ${task.line}`);
    }
    firstLineById.set(task.id, task.line);
  }
}

function applyHighRiskIds(tasks: PlanTask[], highRiskTaskIds: readonly string[]): PlanTask[] {
  if (highRiskTaskIds.length === 0) return tasks;
  const ids = new Set(highRiskTaskIds);
  return tasks.map((task) => (ids.has(task.id) && !task.highRiskStop ? { ...task, highRiskStop: true } : task));
}
