import assert from 'node:assert/strict';
import { runCli, tempProject, type CliResult } from './cli.js';
import { openLedger } from './ledger.js';
import { recentEvents, type EventRecord } from '../../src/ledger/events.js';

export type OtherAgent = 'codex' | 'gemini' | 'cursor' | 'pi' | 'copilot' | 'opencode';

/** `continuity hook <agent>` with a payload as that agent sends it, and the environment it sets. */
export function agentHook(agent: OtherAgent, project: string, payload: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): CliResult & { out: Record<string, unknown> | null } {
  const r = runCli(['hook', agent], { cwd: project, input: JSON.stringify(payload), env });
  const text = r.stdout.trim();
  return { ...r, out: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** The plan the Stop gate tests use: three tasks, the last a declared high-risk stop. */
export const PLAN = `# Payments Export Implementation Plan

**Goal:** Export payments as CSV.

### Task 1: CSV writer

- [ ] **Step 1: Write the failing test**

### Task 2: Export endpoint

- [ ] **Step 1: Write the failing request test**

### Task 3: Publish to production

<!-- continuity: high-risk-stop -->

- [ ] **Step 1: Flip the flag**
`;

/** A config that keeps the hooks the only layer (no wall around the agent's shell): for tests of that layer. */
export const HOOKS_ONLY_CONFIG = { '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }) };

/** A project with PLAN imported, not yet approved (`files`: more files, written before the import, e.g. HOOKS_ONLY_CONFIG). */
export function planProject(files: Record<string, string> = {}): string {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, ...files });
  const r = runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return project;
}

const TDD = '# TDD Task: Search\n\n**Status:** pending\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n\n## Slice 2: Writer\n\n**Status:** pending\n';

/** A project whose tdd plan is registered and not approved: its .tdd-progress.md is guarded. */
export function draftTddProject(files: Record<string, string> = {}): { project: string; tracker: string } {
  const project = tempProject({ '.tdd-progress.md': TDD, 'notes.md': 'draft notes\n', ...files });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  return { project, tracker: TDD };
}

export function planState(project: string): string {
  return JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state as string;
}

export function taskDone(project: string, id: string): void {
  const r = runCli(['task', 'done', id], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
}

export function violations(project: string): { kind: string; summary: string }[] {
  return JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).recentViolations as { kind: string; summary: string }[];
}

/** The ledger's events, newest first (spooled ones are taken in when the ledger opens). */
export async function events(project: string): Promise<EventRecord[]> {
  const ledger = await openLedger(project);
  try {
    return recentEvents(ledger.db, { limit: 500 });
  } finally {
    ledger.close();
  }
}
