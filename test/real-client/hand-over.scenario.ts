// One plan, four agents, one after the other in the same project, as a
// person switching agents does: Claude Code approves the plan and does Task 1
// until its quota runs out (killed at its stop), Codex takes Task 2, Gemini
// CLI Task 3, OpenClaw Task 4. No agent's own memory crosses from one to the
// next: what each first request carries comes from continuity's ledger.
// Checked at each step: what the client sent its model, `doctor` exiting 0,
// and in the end who completed each task, with which client.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { PLAN_PATH } from '../../src/demo/hand-over/story.js';
import { bash, say } from '../../src/demo/real-client/model-server.js';
import { CLI, NODE } from './agent-project.js';
import { exec, say as clawSay, userTexts } from './chat-completions-server.js';
import { contentsText, say as geminiSay, shellCall } from '../../src/demo/real-client/gemini-server.js';
import { assertFinished, hookRuns, timeline } from './observe.js';
import { inputText, say as codexSay, shell } from '../../src/demo/real-client/responses-server.js';
import { Project } from './run-claude.js';
import { codexHooks, CodexProject } from './run-codex.js';
import { geminiHooks, GeminiProject } from './run-gemini.js';
import { OpenClawProject, timeline as clawTimeline } from './run-openclaw.js';

// Four tasks, the fourth OpenClaw's; pi, Copilot CLI and OpenCode have hand-over scenarios of their own, and
// `continuity demo --hand-over` takes one plan across all seven.
const PLAN = `# Payments Export Implementation Plan

**Goal:** Export payments as CSV.

### Task 1: CSV writer

- [ ] **Step 1: Implement**

### Task 2: Export endpoint

- [ ] **Step 1: Implement**

### Task 3: Export button

- [ ] **Step 1: Implement**

### Task 4: Release note

- [ ] **Step 1: Write it**
`;

/** `continuity doctor` as the person runs it in the project: its exit code and what it printed. */
function doctor(p: { dir: string; home: string }): { code: number; out: string } {
  const r = spawnSync(NODE, [CLI, 'doctor'], { cwd: p.dir, encoding: 'utf8', env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: p.home } });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

function assertDoctor(p: { dir: string; home: string }, when: string): void {
  const d = doctor(p);
  assert.equal(d.code, 0, `doctor ${when}:\n${d.out}`);
}

test('hand-over: Claude Code → Codex → Gemini CLI → OpenClaw on one plan; each first request carries the ledger\'s truth, doctor passes at every step, and status names who completed each task', { timeout: 900_000 }, async () => {
  // 1. Claude Code: the person approves, the agent does Task 1, and its quota runs out at the stop the gate holds.
  const claude = new Project({ plan: { path: PLAN_PATH, content: PLAN }, settings: {} });
  claude.continuity(['init', '--no-gitignore']);
  const approval = await claude.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assertFinished(approval);
  assert.equal(approval.ledgerStatus.plan.state, 'approved', timeline(approval));
  const c = await claude.run({
    prompt: 'Execute the approved plan.',
    turns: [[bash('continuity task done 1')], [say('Task 1 is done. I can continue with Task 2 next time.')]],
    afterLast: [say('(quota exhausted)')],
    crashWhen: (e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === 'Stop',
  });
  const held = hookRuns(c, 'Stop')[0]?.output;
  assert.equal(held?.decision, 'block', timeline(c));
  assert.match(String(held?.reason), /Task 2 "Export endpoint" .* is the next task of the same plan/);
  assert.deepEqual(c.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending', 'pending']);
  assertDoctor(claude, 'after Claude Code');

  // 2. Codex, wired in the same project: its first request says where the plan stands.
  const codex = new CodexProject({ join: claude });
  await codex.trustHooks();
  assertDoctor(claude, 'with Codex wired');
  const x = await codex.run({
    prompt: 'Go on with the plan.',
    turns: [[shell('continuity task done 2')], [codexSay('Task 2 is done.\n\ncontinuity-closure: waiting_user — the person is switching agents')]],
  });
  assert.equal(x.exitCode, 0, x.stderr);
  const codexFirst = inputText(x.conversation[0]!);
  assert.match(codexFirst, /plan payments-export \(docs\/plans\/payments-export\.md, 4 tasks\) is approved \([^)]+\); 1 of 4 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\)/);
  assert.deepEqual(x.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'complete', 'pending', 'pending'], JSON.stringify(x.hooks.map((h) => [h.kind, h.decision?.output])).slice(0, 3000));
  assert.deepEqual(codexHooks(x, 'Stop').map((h) => h.decision.output ?? null), [null], 'the closure lets the stop through');
  assertDoctor(claude, 'after Codex');

  // 3. Gemini CLI: the same, one task further.
  const gemini = new GeminiProject({ join: claude });
  assertDoctor(claude, 'with Gemini CLI wired');
  const g = await gemini.run({
    prompt: 'Go on with the plan.',
    turns: [[shellCall('continuity task done 3')], [geminiSay('Task 3 is done.\n\ncontinuity-closure: waiting_user — the person is switching agents')]],
  });
  assert.equal(g.exitCode, 0, g.stderr);
  const geminiFirst = contentsText(g.conversation[0]!, 0);
  assert.match(geminiFirst.slice(geminiFirst.indexOf('<hook_context>')), /2 of 4 tasks are complete\. Last completed: Task 2 "Export endpoint"\. The next task of the plan is Task 3 "Export button" \(docs\/plans\/payments-export\.md:\d+\)/, `${g.hooks.map((h) => `${h.kind} ${JSON.stringify(h.decision?.output ?? null).slice(0, 300)}`).join('\n')}\n${g.stderr.slice(-2000)}`);
  assert.ok(geminiHooks(g, 'AfterAgent').length >= 1);
  assertDoctor(claude, 'after Gemini CLI');

  // 4. OpenClaw, on the same workspace: the last task, and the plan is complete.
  const claw = new OpenClawProject({ join: claude, install: 'cli' });
  const o = await claw.run({
    message: 'Go on with the plan.',
    turns: [[exec('continuity task done 4')], [clawSay('All four tasks of the plan are complete.')]],
    settle: ({ hooks }) => hooks().some((h) => h.kind === 'Stop'),
  });
  assert.equal(o.turn.exitCode, 0, clawTimeline(claw, o));
  const clawFirst = userTexts(o.conversation[0]!).join('\n');
  assert.match(clawFirst, /3 of 4 tasks are complete\. Last completed: Task 3 "Export button"\. The next task of the plan is Task 4 "Release note" \(docs\/plans\/payments-export\.md:\d+\)/, clawTimeline(claw, o));
  assert.equal(o.ledgerStatus.plan.state, 'complete', clawTimeline(claw, o));
  assertDoctor(claude, 'after OpenClaw');
  await claw.stop();

  // Who completed each task, and with which client: from the ledger, never from the agent's word.
  const status = claude.status();
  const by = status.plan.tasks.map((t: { recordedBy?: { client: string; sessionId: string | null } }) => t.recordedBy?.client ?? null);
  assert.deepEqual(by, ['claude-code', 'codex', 'gemini', 'openclaw'], JSON.stringify(status.plan.tasks));
  // Each with the session of the client that completed it.
  assert.equal(status.plan.tasks[0].recordedBy.sessionId, c.sessionId);
  assert.equal(status.plan.tasks[1].recordedBy.sessionId, x.sessionId);
  assert.ok(status.plan.tasks.every((t: { recordedBy: { sessionId: string | null } }) => t.recordedBy.sessionId), JSON.stringify(status.plan.tasks));
  // The sessions by client, all four.
  assert.deepEqual(status.sessions.map((c: { client: string }) => c.client).sort(), ['claude-code', 'codex', 'gemini', 'openclaw'], JSON.stringify(status.sessions));
  // One Guard line per wired client, each with its own layer.
  assert.deepEqual(status.guard.map((g: { agent: string }) => g.agent).sort(), ['claude-code', 'codex', 'gemini', 'openclaw'], JSON.stringify(status.guard));
  process.stderr.write(`${claude.continuity(['status']).stdout}\n`);
  // One approval held for all four.
  assert.equal(status.plan.approval.via, 'user-prompt');
});
