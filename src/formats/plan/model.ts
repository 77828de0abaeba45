/** The plan model every dialect parser produces. Pure data: no I/O. */

export type DialectName = 'superpowers' | 'tdd-progress' | 'checkbox' | 'json';
export const DIALECTS: readonly DialectName[] = ['superpowers', 'tdd-progress', 'checkbox', 'json'];

/** Task state as the plan file itself marks it (the ledger may know more). */
export type TaskState = 'pending' | 'in_progress' | 'complete' | 'blocked';

export interface PlanStep {
  id: string;
  text: string;
  /** Checkbox state as written; progress only, never part of the structure hash. */
  checked: boolean | null;
}

export interface PlanTask {
  /** The task's number as written: "8" for `### Task 8:`, also "10a", "0". */
  id: string;
  title: string;
  /** Section text below the heading, progress marks included (as written). */
  body: string;
  /** State from the file's own progress marks (tdd status words, checkbox dialect ticks). */
  fileState: TaskState;
  /** Declared with `<!-- continuity: high-risk-stop -->` in the task's section. */
  highRiskStop: boolean;
  /** Enclosing `## Phase N` / `## Chunk N` heading, when there is one. */
  group: string | null;
  steps: PlanStep[];
  /** 1-based line of the task heading (or item) in the file. */
  line: number;
}

export interface ParsedPlan {
  dialect: DialectName;
  title: string | null;
  /** Plan-level `**Approved:** <ISO>` header line, when the dialect has one. */
  approvedMarker: string | null;
  tasks: PlanTask[];
  /** sha256 over task ids, titles and bodies with progress marks removed. */
  structureHash: string;
}

/** A plan file that cannot be turned into tasks. The message names what is wrong. */
export class PlanFormatError extends Error {
  override name = 'PlanFormatError';
}
