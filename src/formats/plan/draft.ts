import type { PlanTask } from './model.js';

/** What a dialect parser returns; `parsePlan` adds the dialect, validation and the hash. */
export interface PlanDraft {
  title: string | null;
  approvedMarker: string | null;
  tasks: PlanTask[];
}
