/**
 * Parses a generated ~1 MB superpowers plan (2,000 tasks) several times and
 * reports the median. A plan is parsed when it is imported and whenever its
 * file changes, inside a hook call, so this has to stay under 100 ms.
 * Every run parses from scratch: nothing is cached between runs.
 *   node --import tsx bench/parse-large-plan.ts
 *   node --import tsx bench/parse-large-plan.ts --block-parser=markdown-it   (the reference path, for comparison)
 */
import { parsePlan, type ParsePlanOptions } from '../src/formats/plan/index.js';

const TASKS = 2_000;
const WARMUP = 3;
const RUNS = 7;

type BlockParser = NonNullable<ParsePlanOptions['blockParser']>;

export interface PlanBenchResult {
  name: string;
  blockParser: BlockParser;
  tasks: number;
  bytes: number;
  /** The first parse in this process: what a hook call that finds the plan changed pays. */
  firstMs: number;
  /** Median of RUNS parses after WARMUP warm-up parses. */
  medianMs: number;
}

export async function benchParseLargePlan(blockParser: BlockParser = 'scanner'): Promise<PlanBenchResult> {
  const text = generatePlan(TASKS);
  const timings: number[] = [];
  let taskCount = 0;
  let firstMs = 0;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    const plan = parsePlan(text, { path: 'docs/plans/large-plan.md', blockParser });
    const ms = performance.now() - started;
    if (run === 0) firstMs = ms;
    if (run >= WARMUP) timings.push(ms);
    taskCount = plan.tasks.length;
  }
  if (taskCount !== TASKS) throw new Error(`expected ${TASKS} tasks, parsed ${taskCount}`);
  timings.sort((a, b) => a - b);
  return {
    name: 'parse-large-plan',
    blockParser,
    tasks: taskCount,
    bytes: Buffer.byteLength(text),
    firstMs: Math.round(firstMs * 10) / 10,
    medianMs: Math.round(timings[Math.floor(RUNS / 2)]! * 10) / 10,
  };
}

export function generatePlan(taskCount: number): string {
  const parts: string[] = [
    '# Large Migration Implementation Plan\n\n',
    '> **For Claude:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan task-by-task.\n\n',
    '**Goal:** Exercise the plan parser at scale.\n\n**Architecture:** Generated.\n\n**Tech Stack:** TypeScript\n\n---\n\n',
  ];
  for (let n = 1; n <= taskCount; n++) {
    if (n % 100 === 1) parts.push(`## Chunk ${Math.ceil(n / 100)}: Modules ${n}–${n + 99}\n\n`);
    parts.push(taskSection(n));
  }
  return parts.join('');
}

function taskSection(n: number): string {
  return `### Task ${n}: Migrate module ${n} to the new storage API

**Files:**
- Modify: \`src/modules/m${n}/store.ts:10-40\`
- Test: \`test/modules/m${n}/store.test.ts\`

- [ ] **Step 1: Write the failing test**

\`\`\`ts
it('module ${n} reads through storage', async () => {
  expect(await createStore${n}(fake()).load('k')).toEqual({ id: ${n} });
});
\`\`\`

- [ ] **Step 2: Run test to verify it fails**

Run: \`npx vitest run test/modules/m${n}\`
Expected: FAIL

- [ ] **Step 3: Replace the legacy calls**

- [ ] **Step 4: Commit**

`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reference = process.argv.includes('--block-parser=markdown-it');
  const result = await benchParseLargePlan(reference ? 'markdown-it' : 'scanner');
  console.log(JSON.stringify(result));
}
