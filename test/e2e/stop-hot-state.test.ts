import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { appendEvent, recentEvents } from '../../src/ledger/events.js';
import { insertReceipt } from '../../src/ledger/receipts.js';
import { readHotState } from '../../src/ledger/hot-state.js';
import { stopFromHotState } from '../../src/hooks/rules/stop-hot.js';
import type { PayloadOf } from '../../src/hooks/payload.js';
import { hook, runCli, tempProject } from '../helpers/cli.js';
import { PLAN as GATE_PLAN } from '../helpers/agent-hook.js';
import { openLedger } from '../helpers/ledger.js';

// A Stop at an approved plan's task boundary is decided from the hot state's
// Stop facts when they are current, and recorded through the spool with its
// effects (src/hooks/rules/stop-hot.ts). Whichever way it is decided, the
// answer and what ends in the ledger are the same.

// The Stop gate tests' plan, with a fourth task after the high-risk one.
const PLAN = `${GATE_PLAN}
### Task 4: Docs

- [ ] **Step 1: Write the page**
`;

const SUMMARY = `# Task summary

Implemented and committed.

**Pending actions:**
- add an index on invoices.account_id
`;

const CLOSEOUT = 'Task done and committed. Next I can continue with the next task.';

function cli(project: string, args: string[]): void {
  const r = runCli(args, { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(r.code, 0, r.stderr);
}

function approvedProject(files: Record<string, string> = {}): string {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, ...files });
  cli(project, ['plan', 'import', 'docs/plans/payments-export.md']);
  const approve = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, { sessionId: 'person' });
  assert.equal(approve.code, 0, approve.stderr);
  return project;
}

/** A call that opens the ledger and changes nothing a Stop reads: the hot state it leaves carries the Stop facts. */
function warmUp(project: string): void {
  const r = hook(project, { hook_event_name: 'SessionStart', source: 'startup' }, { sessionId: 'warm-up' });
  assert.equal(r.code, 0, r.stderr);
}

type Step = { stop: Record<string, unknown>; session?: string } | { prompt: string; session?: string } | { cli: string[] } | { write: string; text: string };

function stopCall(project: string, fields: Record<string, unknown>, session = 's1'): string {
  const r = hook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: CLOSEOUT, ...fields }, { sessionId: session });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

function run(project: string, step: Step, fromLedger: boolean): string | null {
  if ('write' in step) {
    mkdirSync(dirname(join(project, step.write)), { recursive: true });
    writeFileSync(join(project, step.write), step.text);
    return null;
  }
  if ('cli' in step) {
    cli(project, step.cli);
    return null;
  }
  if ('prompt' in step) {
    const r = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: step.prompt }, { sessionId: step.session ?? 's1' });
    assert.equal(r.code, 0, r.stderr);
    return null;
  }
  if (fromLedger) dropStopFacts(project);
  return stopCall(project, step.stop, step.session);
}

/** The hot state without its Stop facts: the next Stop is decided from the ledger. */
function dropStopFacts(project: string): void {
  const path = join(project, '.continuity', 'state.json');
  const state = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  delete state.stop;
  writeFileSync(path, JSON.stringify(state));
}

function spooledStops(project: string): string[] {
  try {
    return readdirSync(join(project, '.continuity', 'spool')).filter((n) => n.endsWith('.stop-json'));
  } catch {
    return [];
  }
}

function copyOf(project: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // Times kept to the nanosecond (cpSync keeps them to the microsecond): the hot state compares the ledger's and the plan file's.
  const r = spawnSync('cp', ['-a', `${project}/.`, dir]);
  assert.equal(r.status, 0, String(r.stderr));
  return dir;
}

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

/** What the Stops left in the ledger (the spool taken in), with times, paths and row ids taken out. */
async function record(project: string, afterId: number): Promise<unknown> {
  const ledger = await openLedger(project);
  try {
    const db = ledger.db;
    const events = recentEvents(db, { limit: 10_000 }).filter((e) => e.id > afterId).reverse();
    const ordinal = new Map(events.map((e, i) => [e.id, i]));
    const norm = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null).replaceAll(project, '<project>').replace(ISO, '<time>'));
    const ev = (id: unknown): unknown => ordinal.get(Number(id)) ?? (Number(id) > afterId ? 'unknown' : 'setup');
    return {
      events: events.map((e) => ({ kind: e.kind, session: e.sessionId, decision: norm(e.decision), input: norm(e.input) })),
      receipts: db.all<Record<string, unknown>>('SELECT plan_id, from_task_id, next_task_id, channel, evidence, session_id, event_id FROM receipts ORDER BY id').map((r) => ({ ...r, event_id: ev(r.event_id), evidence: String(r.evidence).replace(/\(event (\d+)\)/, (_m, id: string) => `(event ${String(ev(id))})`) })),
      closures: db.all<Record<string, unknown>>('SELECT session_id, state, reason, source, event_id FROM closures ORDER BY id').map((r) => ({ ...r, event_id: ev(r.event_id) })),
      sessions: db.all<Record<string, unknown>>('SELECT session_id, suspended, last_prompt_at IS NULL AS no_prompt, boundary, blocks FROM sessions ORDER BY session_id').map((r) => ({ ...r })),
      violations: db.all<Record<string, unknown>>('SELECT session_id, kind, summary, event_id FROM violations ORDER BY id').map((r) => ({ ...r, event_id: ev(r.event_id) })),
      plans: db.all<Record<string, unknown>>('SELECT id, state FROM plans ORDER BY id').map((r) => ({ ...r })),
    };
  } finally {
    ledger.close();
  }
}

async function lastEventId(project: string): Promise<number> {
  const ledger = await openLedger(project);
  try {
    return recentEvents(ledger.db, { limit: 1 })[0]?.id ?? 0;
  } finally {
    ledger.close();
  }
}

/**
 * The same steps run on two copies of one project: on one every Stop is
 * decided from the ledger (its hot state's Stop facts taken out first), on
 * the other as the hook chooses. Same answers, same records; `hot`: how many
 * of the second copy's Stops were decided from the hot state.
 */
async function sameBothWays(setup: (project: string) => void | Promise<void>, steps: Step[], hot: number): Promise<void> {
  const project = approvedProject({ 'notes/t1.md': SUMMARY });
  await setup(project);
  const afterId = await lastEventId(project);
  warmUp(project);
  const viaLedger = copyOf(project);
  const viaHot = copyOf(project);
  // Each Stop decided from the hot state leaves its own spool file until a call that opens the ledger takes it in.
  const hotNames = new Set<string>();
  for (const [i, step] of steps.entries()) {
    const a = run(viaLedger, step, true);
    const b = run(viaHot, step, false);
    assert.equal(b?.replaceAll(viaHot, '<p>'), a?.replaceAll(viaLedger, '<p>'), `step ${i + 1}: the same answer`);
    for (const name of spooledStops(viaHot)) hotNames.add(name);
    assert.equal(spooledStops(viaLedger).length, 0, `step ${i + 1}: decided from the ledger`);
  }
  assert.equal(hotNames.size, hot, 'Stops decided from the hot state');
  assert.deepEqual(await record(viaHot, afterId), await record(viaLedger, afterId));
}

const plain = { stop: {} };

test('repeated stops at a boundary: blocked up to the loop limit, let through with a violation, then blocked again: the same both ways', async () => {
  await sameBothWays((p) => cli(p, ['task', 'done', '1']), [plain, plain, { stop: { stop_hook_active: true } }, plain, plain], 4);
});

test('a closure line lets the stop through and covers the next stop; closures of each kind: the same both ways', async () => {
  await sameBothWays(
    (p) => cli(p, ['task', 'done', '1']),
    [plain, { stop: { last_assistant_message: 'Done.\ncontinuity-closure: waiting_user — which export format' } }, plain, { stop: { last_assistant_message: 'continuity-closure: blocked: no credentials' }, session: 's2' }, { stop: {}, session: 's2' }, { stop: { last_assistant_message: 'continuity-closure: pending_verification' }, session: 's3' }],
    1,
  );
});

test('a closure declared with the command, and one declared before the boundary: the same both ways', async () => {
  await sameBothWays((p) => {
    cli(p, ['closure', 'waiting_user', '--reason', 'asked which format']);
    cli(p, ['task', 'done', '1']);
  }, [plain, { cli: ['closure', 'blocked', '--reason', 'the API key is missing'] }, plain, plain], 1);
});

test('sessions the person paused before and after the boundary, one with a prompt since it, and two with their own counters: the same both ways', async () => {
  await sameBothWays(
    (p) => {
      assert.equal(hook(p, { hook_event_name: 'UserPromptSubmit', prompt: 'pause' }, { sessionId: 's4' }).code, 0);
      cli(p, ['task', 'done', '1']);
    },
    [{ stop: {}, session: 's4' }, { prompt: 'pause', session: 's1' }, plain, { prompt: 'go on', session: 's2' }, { stop: {}, session: 's2' }, { stop: {}, session: 's3' }, { stop: {}, session: 's2' }, { stop: {}, session: 's3' }, plain],
    // Each prompt opens the ledger: the Stop right after it is decided from the facts that call left.
    4,
  );
});

test('running background subagents, a replan due, a high-risk stop, the plan finished: the same both ways', async () => {
  await sameBothWays((p) => cli(p, ['task', 'done', '1', '--summary', 'notes/t1.md']), [plain, { stop: { background_tasks: [{ type: 'local_agent', status: 'running' }] } }, plain, plain, plain], 4);
  await sameBothWays((p) => ['1', '2'].forEach((t) => cli(p, ['task', 'done', t])), [plain, plain], 0);
  // The last task done: the plan is marked complete, which only the ledger does; a task done by the command leaves no facts until a hook opens the ledger.
  await sameBothWays((p) => ['1', '2', '3'].forEach((t) => cli(p, ['task', 'done', t])), [plain, { cli: ['task', 'done', '4'] }, plain, plain], 0);
});

test('a task summary, the SDD ledger or the plan file changed since the hot state: that Stop is decided from the ledger, which takes the file in; the same both ways', async () => {
  await sameBothWays(
    (p) => cli(p, ['task', 'done', '1']),
    [
      plain,
      { write: '.superpowers/sdd/payments-export/task-1-summary.md', text: SUMMARY },
      plain,
      plain,
      { write: '.superpowers/sdd/payments-export/progress.md', text: '# Progress\n\nTask 2: complete (commit 1a2b3c4)\n' },
      plain,
      { write: 'docs/plans/payments-export.md', text: PLAN.replace('- [ ] **Step 1: Write the failing test**', '- [x] **Step 1: Write the failing test**') },
      plain,
      plain,
    ],
    2,
  );
});

test("receipts from a dispatch channel, one within the rule's window of a session's receipts and one pushed out of it by the gate's own: the same both ways", async () => {
  await sameBothWays(
    async (p) => {
      cli(p, ['task', 'done', '1']);
      const ledger = await openLedger(p);
      try {
        ledger.write((db) => {
          const eventId = appendEvent(db, { at: new Date().toISOString(), source: 'test', kind: 'test.receipts', input: {}, decision: null });
          const receipt = (sessionId: string, channel: string) =>
            insertReceipt(db, { planId: 'payments-export', fromTaskId: '1', nextTaskId: '2', dispatchedAt: new Date().toISOString(), channel, evidence: 'test', sessionId, eventId });
          receipt('dispatched', 'agent-tool');
          // The rule reads a session's newest 20 receipts for the boundary: a proof followed by 19 of the gate's own is read, by 20 it is not.
          receipt('at-edge', 'agent-tool');
          for (let i = 0; i < 19; i++) receipt('at-edge', 'stop-hook');
          receipt('pushed-out', 'agent-tool');
          for (let i = 0; i < 20; i++) receipt('pushed-out', 'stop-hook');
        });
      } finally {
        ledger.close();
      }
    },
    [{ stop: {}, session: 'dispatched' }, { stop: {}, session: 'at-edge' }, { stop: {}, session: 'pushed-out' }, { stop: {}, session: 'pushed-out' }, { stop: {}, session: 'at-edge' }, { stop: {}, session: 'dispatched' }],
    2,
  );
});

test('repeated stops at a boundary hold N times then let one through, counted across Stops decided both ways and other hook calls in between', () => {
  const project = approvedProject({ '.continuity/config.json': JSON.stringify({ stopGate: { maxConsecutiveBlocks: 4 } }) });
  cli(project, ['task', 'done', '1']);
  const decisions: string[] = [];
  const say = (out: string) => decisions.push(out === '' ? 'allow' : (JSON.parse(out) as { decision?: string }).decision ?? 'allow_after_limit');
  say(stopCall(project, {}));
  const r = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: join(project, 'README.md') } });
  assert.equal(r.code, 0, r.stderr);
  say(stopCall(project, {}));
  // A call that opens the ledger takes the spooled Stops in.
  warmUp(project);
  say(stopCall(project, {}));
  say(stopCall(project, {}));
  assert.equal(spooledStops(project).length, 2, 'the two holds after it decided from the hot state');
  // The stop let through at the limit is decided from the ledger, which takes the spooled holds in.
  say(stopCall(project, {}));
  assert.equal(spooledStops(project).length, 0);
  say(stopCall(project, {}));
  assert.deepEqual(decisions, ['block', 'block', 'block', 'block', 'allow_after_limit', 'block']);
  assert.equal(spooledStops(project).length, 1, 'the next hold decided from the hot state');
});

test('a Stop spooled whose hot state was never written is not lost: the next Stop sees it and counts it', () => {
  const project = approvedProject({ '.continuity/config.json': JSON.stringify({ stopGate: { maxConsecutiveBlocks: 2 } }) });
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  const state = join(project, '.continuity', 'state.json');
  const before = readFileSync(state, 'utf8');
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block');
  assert.equal(spooledStops(project).length, 1, 'decided from the hot state');
  // As if the process had died between the spool file and the hot state's writing.
  writeFileSync(state, before);
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block');
  assert.equal(spooledStops(project).length, 0, 'the uncounted Stop in the spool sends the next Stop to the ledger, which takes it in');
  assert.match(stopCall(project, {}), /blocked 2 times in a row/);
});

test("a Stop decided from the hot state keeps the state's written time: a config written after it still sends the next call to the ledger", () => {
  const project = approvedProject();
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  const state = join(project, '.continuity', 'state.json');
  // Seven tenths into its millisecond: a rewrite that put back the time rounded to the millisecond would move it forward.
  const seconds = (Math.floor(statSync(state).mtimeMs) + 0.7) / 1000;
  utimesSync(state, seconds, seconds);
  const written = statSync(state).mtimeMs;
  const config = join(project, '.continuity', 'config.json');
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block');
  assert.equal(spooledStops(project).length, 1, 'decided from the hot state');
  assert.ok(statSync(state).mtimeMs <= written, 'the state keeps the time it was written from the ledger');
  // A config changed while that Stop ran (here: dated between the state's writing and the Stop's rewrite of it) lowers the loop limit.
  writeFileSync(config, JSON.stringify({ stopGate: { maxConsecutiveBlocks: 1 } }));
  const between = new Date(written + 1);
  utimesSync(config, between, between);
  assert.match(stopCall(project, {}), /blocked 1 times in a row/);
});

test('a spool file whose Stop effects are malformed is set aside whole, its event with it', async () => {
  const project = approvedProject();
  cli(project, ['task', 'done', '1']);
  const afterId = await lastEventId(project);
  warmUp(project);
  stopCall(project, {});
  const [name] = spooledStops(project);
  assert.ok(name);
  const path = join(project, '.continuity', 'spool', name);
  const spooled = JSON.parse(readFileSync(path, 'utf8')) as { stop: { session: { blocks: unknown } } };
  spooled.stop.session.blocks = 'many';
  writeFileSync(path, JSON.stringify(spooled));
  const ledger = await openLedger(project);
  try {
    assert.deepEqual(recentEvents(ledger.db, { limit: 10 }).filter((e) => e.id > afterId).map((e) => e.kind), ['spool-file-set-aside', 'SessionStart'], 'the Stop not taken in; its file set aside, said');
    assert.equal(ledger.db.get<{ n: number }>('SELECT count(*) AS n FROM receipts')?.n, 0);
  } finally {
    ledger.close();
  }
  assert.ok(readdirSync(join(project, '.continuity', 'spool')).includes(`.unreadable-${name}`));
});

test('a hot state rewritten by something else can hold a stop, never let one through: the facts that would allow it are checked against the ledger', () => {
  const project = approvedProject();
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block');
  assert.equal(spooledStops(project).length, 1, 'decided from the hot state');
  // The state's Stop facts rewritten as if the session had been paused by the person, its times put back: still current.
  const path = join(project, '.continuity', 'state.json');
  const before = statSync(path);
  const state = JSON.parse(readFileSync(path, 'utf8')) as { stop: { sessions: Record<string, { suspended: boolean }> } };
  state.stop.sessions.s1!.suspended = true;
  writeFileSync(path, JSON.stringify(state));
  utimesSync(path, before.atime, before.mtime);
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block', 'the ledger has no pause: the stop is held');
  assert.equal(spooledStops(project).length, 0, 'decided from the ledger, which took the spooled hold in');
});

test('a Stop decided from the hot state does not put its state over one written after the ledger changed: its spool file stays uncounted and the next Stop opens the ledger', async () => {
  const project = approvedProject();
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  const ledgerDir = join(project, '.continuity');
  const hot = readHotState(ledgerDir);
  const payload = { hook_event_name: 'Stop', session_id: 's1', cwd: project, transcript_path: join(project, 't.jsonl'), stop_hook_active: false, last_assistant_message: CLOSEOUT } as unknown as PayloadOf<'Stop'>;
  const decided = stopFromHotState(payload, hot, project, new Date().toISOString());
  assert.ok(decided, 'decided from the hot state');
  // Between this Stop's reading of the state and its rewrite of it, another process writes the ledger.
  const ledger = await openLedger(project);
  try {
    ledger.write((db) => appendEvent(db, { at: new Date().toISOString(), source: 'test', kind: 'test.between', input: {}, decision: null }));
  } finally {
    ledger.close();
  }
  const before = readFileSync(join(ledgerDir, 'state.json'), 'utf8');
  decided.spooled('0000-between.stop-json');
  assert.equal(readFileSync(join(ledgerDir, 'state.json'), 'utf8'), before, 'the state in place is kept');
});

test("a spool file the agent's script writes claiming a Stop's closure, its plan completed or a violation is not taken in: the plan stays approved and the stop is held", async () => {
  const project = approvedProject({ '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }) });
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  // A script whose target no reading of it shows (the folder's name decoded at run time), run for real between its Pre and Post hooks.
  const script = (stop: Record<string, unknown>, tail: string): string => {
    const file = `tools/spool-${tail}.js`;
    const record = { at: new Date().toISOString(), source: 'hook:claude-code', kind: 'Stop', sessionId: 's1', input: {}, decision: { action: 'allow' }, stop };
    mkdirSync(join(project, 'tools'), { recursive: true });
    writeFileSync(join(project, file), `const p = require('path'), f = require('fs');\nconst d = p.join(process.cwd(), Buffer.from('LmNvbnRpbnVpdHk=', 'base64').toString(), 'sp' + 'ool');\nf[['write', 'FileSync'].join('')](p.join(d, '000000001-zz-${tail}.stop-json'), ${JSON.stringify(JSON.stringify(record))});\n`);
    return `node ${file}`;
  };
  const attempts = [
    script({ planComplete: 'payments-export', session: { boundary: null, blocks: 0 } }, 'plan'),
    script({ closure: { state: 'waiting_user', reason: 'asked' }, session: { boundary: null, blocks: 0 } }, 'close'),
    script({ violation: { kind: 'stopped_at_task_boundary', summary: 'x' }, session: { boundary: null, blocks: 0 } }, 'viol'),
  ];
  let landed = 0;
  for (const command of attempts) {
    const pre = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
    assert.equal(pre.code, 0, pre.stderr);
    if (/"permissionDecision":"deny"/.test(pre.stdout)) continue;
    const ran = spawnSync('bash', ['-c', command], { cwd: project, encoding: 'utf8' });
    if (ran.status === 0) landed++;
    const post = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, tool_response: { stdout: ran.stdout, stderr: ran.stderr } });
    assert.equal(post.code, 0, post.stderr);
  }
  assert.equal(landed, attempts.length, 'the scripts wrote their files: what is tested is what the spool takes in');
  // A call that opens the ledger takes the spool in.
  warmUp(project);
  const ledger = await openLedger(project);
  try {
    assert.equal(ledger.db.get<{ state: string }>("SELECT state FROM plans WHERE id = 'payments-export'")?.state, 'approved');
    assert.equal(ledger.db.get<{ n: number }>("SELECT count(*) AS n FROM closures WHERE session_id = 's1'")?.n, 0);
  } finally {
    ledger.close();
  }
  assert.equal(JSON.parse(stopCall(project, {})).decision, 'block', 'the stop at the boundary is held');
});

test('a plan file given new times with the same content (touched, checked out again) costs one Stop from the ledger: the ledger takes the new stamp and the next Stop is held from the hot state again', () => {
  const project = approvedProject();
  cli(project, ['task', 'done', '1']);
  warmUp(project);
  assert.equal(JSON.parse(stopCall(project, {}, 's1')).decision, 'block');
  assert.equal(spooledStops(project).length, 1, 'held from the hot state');
  const plan = join(project, 'docs/plans/payments-export.md');
  const later = new Date(statSync(plan).mtimeMs + 60_000);
  utimesSync(plan, later, later);
  assert.equal(JSON.parse(stopCall(project, {}, 's2')).decision, 'block');
  assert.equal(spooledStops(project).length, 0, 'decided from the ledger, which took the spool in');
  assert.equal(JSON.parse(stopCall(project, {}, 's3')).decision, 'block');
  assert.equal(spooledStops(project).length, 1, 'held from the hot state again');
});
