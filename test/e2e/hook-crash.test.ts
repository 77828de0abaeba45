/**
 * The real hook killed with SIGKILL at random points of its work, many
 * times over: every event is then either recorded whole or absent, none
 * twice, the hash chain the recovery copy keeps is intact, and the copy
 * brings the ledger back with every event it held. The delays are drawn
 * from a seeded generator; the seed is printed, and CONTINUITY_CRASH_SEED
 * replays a run.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Ledger } from '../../src/ledger/ledger.js';
import { cliCommand, cliEnv, payload, runCli, tempProject } from '../helpers/cli.js';

/** mulberry32: a small seeded generator, so that a failing run can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KILLS = 50;

/** One hook call, killed after `killAfterMs` (never, when null). Resolves with its exit code, or null when the kill took it. */
function hookCall(project: string, env: NodeJS.ProcessEnv, input: string, killAfterMs: number | null): Promise<{ code: number | null; ms: number }> {
  return new Promise((resolve, reject) => {
    const c = cliCommand(['hook', 'claude-code']);
    const started = process.hrtime.bigint();
    const child = spawn(c.cmd, c.args, { cwd: project, env: cliEnv({ ...env, CLAUDE_PROJECT_DIR: project }), stdio: ['pipe', 'ignore', 'ignore'] });
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    child.stdin.on('error', () => {}); // killed before it read its payload
    child.stdin.end(input);
  });
}

/** The calls an agent's turn makes, one after the other: each with its own session, so that each recorded event is found by it. */
function callOf(project: string, i: number): string {
  const session = `crash-${i}`;
  switch (i % 4) {
    case 0:
      return payload(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done. I can continue with Task 2.' }, session);
    case 1:
      return payload(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: `toolu_${i}`, tool_input: { command: 'ls -la' } }, session);
    case 2:
      return payload(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: `toolu_${i}`, tool_input: { command: "echo '{}' > .continuity/config.json" } }, session);
    default:
      return payload(project, { hook_event_name: 'UserPromptSubmit', prompt: `keep going ${i}` }, session);
  }
}

interface Recorded {
  id: number;
  kind: string;
  session_id: string | null;
  decision: string | null;
}

async function events(project: string, env: NodeJS.ProcessEnv): Promise<Recorded[]> {
  const ledger = await Ledger.open(project, { env });
  try {
    assert.equal(ledger.db.get<{ quick_check: string }>('PRAGMA quick_check')?.quick_check, 'ok');
    return ledger.db.all<Recorded>('SELECT id, kind, session_id, decision FROM events ORDER BY id');
  } finally {
    ledger.close();
  }
}

function doctorLedger(project: string, env: NodeJS.ProcessEnv): string {
  const r = runCli(['doctor', '--json', '--full'], { cwd: project, env });
  const checks = (JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string }[] }).checks;
  const ledger = checks.find((c) => c.name === 'ledger');
  assert.ok(ledger?.ok, `doctor's ledger check: ${JSON.stringify(ledger)}`);
  return ledger.detail;
}

test(`the hook killed at ${KILLS} random points leaves every event whole or absent, none twice, the chain intact and the copy restorable`, async (t) => {
  const seed = Number(process.env.CONTINUITY_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
  t.diagnostic(`seed ${seed} (CONTINUITY_CRASH_SEED=${seed} replays it)`);
  const next = random(seed);
  const project = tempProject({ 'plan.md': ['# Plan', '', ...[1, 2, 3, 4, 5].map((n) => `### Task ${n}: Part ${n}\n\nDo part ${n}.\n`)].join('\n') });
  const home = mkdtempSync(join(tmpdir(), 'continuity-crash-state-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  const env = { CONTINUITY_STATE_HOME: home };
  assert.equal(runCli(['plan', 'import', 'plan.md'], { cwd: project, env }).code, 0);
  assert.equal((await hookCall(project, env, payload(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, 'setup'), null)).code, 0);
  assert.equal(runCli(['task', 'done', '1'], { cwd: project, env }).code, 0);

  // How long a whole call takes here, so that the kills fall across all of it: start-up, the ledger, the write, the copy, the close.
  const whole: number[] = [];
  for (let i = 0; i < 4; i++) {
    const r = await hookCall(project, env, callOf(project, 1000 + i), null);
    assert.equal(r.code, 0);
    whole.push(r.ms);
  }
  const span = whole.sort((a, b) => a - b)[2]! * 1.2;

  let killed = 0;
  for (let i = 0; i < KILLS; i++) {
    const r = await hookCall(project, env, callOf(project, i), next() * span);
    if (r.code === null) killed++;
    else assert.equal(r.code, 0, `call ${i} exited ${r.code}`);
  }
  t.diagnostic(`${killed} of ${KILLS} calls killed before they ended (delays up to ${span.toFixed(0)} ms)`);
  assert.ok(killed >= KILLS / 4, `too few calls were killed (${killed}) for the test to say anything`);

  // One call that ends: it takes in whatever the killed ones left in the spool.
  assert.equal((await hookCall(project, env, callOf(project, 2000), null)).code, 0);
  const spool = join(project, '.continuity', 'spool');
  const left = existsSync(spool) ? readdirSync(spool).filter((n) => !n.startsWith('.')) : [];
  for (const name of left) JSON.parse(readFileSync(join(spool, name), 'utf8')); // a spool file is whole or was never renamed into place

  const recorded = await events(project, env);
  const bySession = new Map<string, number>();
  for (const e of recorded) {
    if (!e.session_id?.startsWith('crash-')) continue;
    bySession.set(e.session_id, (bySession.get(e.session_id) ?? 0) + 1);
    // Whole: the decision the call made, with the answer it gave, is in the same row as its input.
    assert.ok(e.decision !== null && typeof JSON.parse(e.decision) === 'object', `event ${e.id} has no decision`);
  }
  const twice = [...bySession].filter(([, n]) => n > 1);
  assert.deepEqual(twice, [], 'no call is recorded twice');
  // Every call that ended was recorded; a killed one may or may not have been.
  assert.ok(bySession.size >= KILLS - killed, `${bySession.size} calls recorded, ${KILLS - killed} ended`);

  assert.match(doctorLedger(project, env), /hash chain intact/);

  // The recovery copy (as much of it as lags behind, from its tail) brings back every event the ledger held.
  rmSync(join(project, '.continuity'), { recursive: true });
  assert.equal((await hookCall(project, env, callOf(project, 3000), null)).code, 0);
  const restored = await events(project, env);
  const ids = new Set(restored.map((e) => `${e.id} ${e.kind} ${e.session_id}`));
  const lost = recorded.filter((e) => !ids.has(`${e.id} ${e.kind} ${e.session_id}`));
  assert.deepEqual(lost, [], 'events lost by the restore');
  assert.ok(restored.some((e) => e.kind === 'ledger-restored'), 'the restore is recorded');
  assert.match(doctorLedger(project, env), /hash chain intact/);
});
