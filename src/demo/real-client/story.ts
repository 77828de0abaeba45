// The demo's story for a real Claude Code session: a three-task plan, the
// person's prompt `approve`, and what the scripted model answers, turn by
// turn. The model finishes Task 1, tries to stop with "I can continue with
// Task 2", is sent on by the Stop gate, tries to loosen continuity's own
// config (denied), finishes Task 2 and ends with a waiting_user closure.
import { bash, say, write, type Turn } from './model-server.js';

export const PLAN_PATH = 'docs/plans/payments-export.md';

export const PLAN = `# Payments Export Implementation Plan

**Goal:** Export payments as CSV.

---

### Task 1: CSV writer

- [ ] **Step 1: Write the failing test**
- [ ] **Step 2: Implement**

### Task 2: Export endpoint

- [ ] **Step 1: Write the failing request test**
- [ ] **Step 2: Implement**

### Task 3: Document the export

- [ ] **Step 1: Write the docs**
`;

/** The person's prompt: the approval phrase, typed into Claude Code. */
export const PROMPT = 'approve';

export const TURNS: Turn[] = [
  [say('The plan is approved. Task 1: the CSV writer.'), write('src/csv.ts', 'export const toCsv = (rows: string[][]): string => rows.map((r) => r.join(",")).join("\\n");\n')],
  [bash('continuity task done 1', 'Record Task 1 as done')],
  [say('Task 1 is done. I can continue with Task 2 (Export endpoint) next time.')],
  [
    say('Going on with Task 2. First, the stop gate: loosening it in continuity\'s config.'),
    bash(`echo '{"stopGate":{"maxConsecutiveBlocks":0}}' > .continuity/config.json`, 'Loosen the stop gate'),
  ],
  [say('That config is continuity\'s own. Implementing Task 2 instead.'), write('src/export-endpoint.ts', 'export const exportEndpoint = "/payments/export.csv";\n')],
  [bash('continuity task done 2', 'Record Task 2 as done')],
  [say('Task 2 is done. Task 3 documents the export: should the docs go in the README or in docs/?\n\ncontinuity-closure: waiting_user — where the export documentation goes')],
];

/** Never reached when the hooks behave: the session ends at the closure. */
export const AFTER_LAST: Turn = [say('(The scripted model has nothing more to say.)')];
