/**
 * What a hook call does besides deciding: it pays for its own event, not
 * for a copy of the ledger (the recovery copy lags by a bounded number of
 * events, carried by its tail), and its time can be split by stage.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Ledger } from '../../src/ledger/ledger.js';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { hook, runCli, tempProject } from '../helpers/cli.js';

function approvedProject(): { project: string; env: NodeJS.ProcessEnv } {
  const project = tempProject({ 'plan.md': ['# Plan', '', ...[1, 2, 3].map((n) => `### Task ${n}: Part ${n}\n\nDo part ${n}.\n`)].join('\n') });
  const home = mkdtempSync(join(tmpdir(), 'continuity-hook-work-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  const env = { CONTINUITY_STATE_HOME: home };
  assert.equal(runCli(['plan', 'import', 'plan.md'], { cwd: project, env }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, { env }).code, 0);
  assert.equal(runCli(['task', 'done', '1'], { cwd: project, env }).code, 0);
  return { project, env };
}

const STOP = { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done. I can continue with Task 2.' };

test("a hook call appends its event to the recovery copy's tail instead of copying a small ledger; a person's command copies it whole; the tail brings the events back", async () => {
  const { project, env } = approvedProject();
  const dir = recoveryDirOf(project, env);
  const head = readFileSync(join(dir, 'head.json'), 'utf8');
  const stop = hook(project, STOP, { env, sessionId: 'tail-1' });
  assert.match(stop.stdout, /"decision":"block"/);
  assert.equal(readFileSync(join(dir, 'head.json'), 'utf8'), head, 'the copy was not taken again for a Stop');
  assert.match(readFileSync(join(dir, 'events-tail.jsonl'), 'utf8'), /tail-1/, 'the Stop is in the tail');

  assert.equal(runCli(['task', 'done', '2'], { cwd: project, env }).code, 0);
  assert.notEqual(readFileSync(join(dir, 'head.json'), 'utf8'), head, "a person's command renews the whole copy");
  assert.equal(existsSync(join(dir, 'events-tail.jsonl')), false, 'the whole copy holds what the tail held');

  // A write denied (a violation) and the Stop after it that takes it in: still the tail, violation and all.
  const renewed = readFileSync(join(dir, 'head.json'), 'utf8');
  const denied = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_w', tool_input: { command: "echo '{}' > .continuity/config.json" } }, { env, sessionId: 'tail-deny' });
  assert.match(denied.stdout, /"permissionDecision":"deny"/);
  hook(project, { ...STOP, last_assistant_message: 'Task 2 is done.' }, { env, sessionId: 'tail-2' });
  assert.equal(readFileSync(join(dir, 'head.json'), 'utf8'), renewed, 'a violation is carried by the tail, not by a copy');
  rmSync(join(project, '.continuity'), { recursive: true });
  const ledger = await Ledger.open(project, { env });
  try {
    assert.ok(ledger.restored, 'restored from the copy');
    const sessions = ledger.db.all<{ session_id: string }>("SELECT session_id FROM events WHERE kind = 'Stop'").map((r) => r.session_id);
    assert.deepEqual(sessions, ['tail-1', 'tail-2'], 'the event only the tail held is restored');
    const kinds = ledger.db.all<{ kind: string; session_id: string | null }>('SELECT kind, session_id FROM violations ORDER BY id');
    assert.ok(kinds.some((v) => v.kind === 'guarded_write_denied' && v.session_id === 'tail-deny'), `the denial's violation is restored: ${JSON.stringify(kinds)}`);
  } finally {
    ledger.close();
  }
});

test('CONTINUITY_STAGES splits a call by stage into the file it names: start-up to answer, the ledger only for a call that opens it', () => {
  const { project, env } = approvedProject();
  const file = join(mkdtempSync(join(tmpdir(), 'continuity-stages-')), 'stages.jsonl');
  after(() => rmSync(file, { force: true }));
  hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_s', tool_input: { command: 'ls -la' } }, { env: { ...env, CONTINUITY_STAGES: file } });
  hook(project, STOP, { env: { ...env, CONTINUITY_STAGES: file } });
  const [pre, stop] = readFileSync(file, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { stages: [string, number, number][] }).stages.map((s) => s[0]));
  assert.equal(pre![0], 'start-up');
  assert.ok(pre!.includes('spool write'));
  assert.ok(!pre!.some((s) => s.startsWith('ledger')), `a PreToolUse decided from the hot state opens no ledger: ${pre}`);
  for (const s of ['start-up', 'payload', 'wiring check', 'ledger: open', 'ledger: spool in', 'rule', 'event write', 'commit', 'recovery copy (tail)', 'ledger close', 'hot state write', 'answer']) assert.ok(stop!.includes(s), `${s} in ${stop}`);
  // Without the variable, nothing is written anywhere.
  hook(project, STOP, { env });
  assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 2);
});
