// Which live processes an agent's exec started (src/domain/exec-survivors.ts),
// with the shapes the real OpenClaw gateway leaves: exec's shell marked
// OPENCLAW_SHELL=exec under the spawn broker, a `nohup … &` job orphaned to
// init once the shell exits, its marker removed with `env -u`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentSurvivors, type CallWindow, type ProcessFact } from '../../src/domain/exec-survivors.js';
import { survivorsOf } from '../../src/adapters/openclaw/exec-survivors.js';
import { refusedPrompt } from '../../src/adapters/openclaw/plugin.js';

const T = 1_800_000_000_000;
const GATEWAY = 27224;
const proc = (pid: number, ppid: number, startMs: number, command: string, marked = false): ProcessFact => ({ pid, ppid, startMs, marked, command });
const base = [proc(1, 0, T - 9e6, 'init'), proc(2867, 1, T - 5e6, 'bash'), proc(GATEWAY, 2867, T - 60_000, 'openclaw-gateway'), proc(28568, GATEWAY, T - 50_000, 'node …/openclaw/dist/process/spawn-broker/worker.js')];
const survivors = (ps: ProcessFact[], windows: CallWindow[]) => agentSurvivors(ps, windows, { self: GATEWAY, adopters: new Set([1]) }).map((p) => p.pid);

test('a job an exec left behind, its marker removed (env -u OPENCLAW_SHELL nohup openclaw agent … &), is the agent’s while it lives', () => {
  const windows = [{ startMs: T, endMs: T + 300 }];
  const orphan = proc(29481, 1, T + 120, 'openclaw-agent');
  assert.deepEqual(survivors([...base, orphan], windows), [29481]);
  // Its children too, started later: the line is judged from its top.
  assert.deepEqual(survivors([...base, orphan, proc(29500, 29481, T + 5000, 'curl')], windows), [29481]);
  // A double fork: the grandchild is orphaned, its parent gone.
  assert.deepEqual(survivors([...base, proc(29600, 1, T + 200, 'sleep 600')], windows), [29600]);
});

test('a process that kept the marker is the agent’s whenever it started, and so is what it starts', () => {
  const marked = proc(30000, 1, T - 1e6, 'bash -c sleep', true);
  assert.deepEqual(survivors([...base, marked, proc(30001, 30000, T + 9e6, 'sleep 999')], []), [30000, 30001]);
});

test("the person's processes are not: started outside every exec, or started during one by a living parent of their own", () => {
  const windows = [{ startMs: T, endMs: T + 300 }];
  // The operator's own `openclaw agent`, from a terminal, long after the exec.
  assert.deepEqual(survivors([...base, proc(31000, 2867, T + 60_000, 'openclaw-agent')], windows), []);
  // Started while the exec ran, by the person's shell (alive): not orphaned.
  assert.deepEqual(survivors([...base, proc(31001, 2867, T + 100, 'vim')], windows), []);
  // An orphan of the person's, from well before the exec.
  assert.deepEqual(survivors([...base, proc(31002, 1, T - 120_000, 'nohup backup.sh')], windows), []);
  // The gateway and its own helpers.
  assert.deepEqual(survivors(base, windows), []);
});

test('a call still running or sent to the background keeps its window open', () => {
  assert.deepEqual(survivors([...base, proc(32000, 1, T + 3_600_000, 'sleep')], [{ startMs: T, endMs: null }]), [32000]);
  assert.deepEqual(survivors([...base, proc(32000, 1, T + 3_600_000, 'sleep')], [{ startMs: T, endMs: T + 10 }]), []);
});

test('rows as /proc gives them: a subreaper (systemd --user) adopts like init; the words name the pid and command', () => {
  const rows = [
    { pid: 1, ppid: 0, startMs: T - 9e6, marked: false, command: 'init', comm: 'init' },
    { pid: 900, ppid: 1, startMs: T - 8e6, marked: false, command: '/lib/systemd/systemd --user', comm: 'systemd' },
    { pid: 29481, ppid: 900, startMs: T + 50, marked: false, command: 'openclaw-agent', comm: 'openclaw-agent' },
  ];
  assert.deepEqual(survivorsOf(rows, [{ startMs: T, endMs: T + 100 }], GATEWAY), [{ sessionId: null, id: 'pid 29481', command: 'pid 29481: openclaw-agent' }]);
});

test("the person is told why their approve was not taken, and to send it again once that has ended", () => {
  const said = 'continuity: the prompt "approve" was not taken as the person\'s: a shell the agent started in the background (pid 29481: openclaw-agent) was still running. Nothing was approved; typed at the keyboard when no agent command runs, it is. continuity: the Stop gate is active again for this session.';
  assert.equal(refusedPrompt({ systemMessage: said }), 'continuity: the prompt "approve" was not taken as the person\'s: a shell the agent started in the background (pid 29481: openclaw-agent) was still running. Nothing was approved; typed at the keyboard when no agent command runs, it is. Send it again once that has ended.');
  assert.equal(refusedPrompt({ systemMessage: 'continuity: plan x approved.' }), null);
  assert.equal(refusedPrompt(null), null);
});
