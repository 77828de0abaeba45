// The Node hook (dist/cli.cjs) loads, for a call that decides something, one
// self-contained lazy file of deciding code (scripts/build.mjs): for a Stop,
// hook-lazy/deciders-stop.cjs, the part every Stop runs, and the inbox's or
// the wiring's file only when the call needs it; for other events
// deciders.cjs (src/hooks/load-deciders.ts). Node 20 parses each file again
// at every call, so what a Stop loads is what it pays for.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, cliEnv, hook, NODE, payload, runCli, tempProject } from '../helpers/cli.js';
import { runInsideWall } from '../helpers/wall.js';

const PLAN = '# Plan\n\n### Task 1: Parser\n\n- [ ] **Step 1: Parse**\n\n### Task 2: Writer\n\n- [ ] **Step 1: Write**\n';

/** Runs the Node hook on one payload; the lazy files it loaded, by name. */
function lazyFilesLoaded(project: string, fields: Record<string, unknown>): { stdout: string; files: string[] } {
  const tracer = join(project, '..', `trace-${process.pid}.cjs`);
  writeFileSync(tracer, "process.on('exit', () => process.stderr.write('\\nloaded: ' + Object.keys(require.cache).filter((f) => f.includes('hook-lazy')).map((f) => f.split(/[\\\\/]/).pop()).join(' ') + '\\n'));\n");
  const r = spawnSync(NODE, ['--require', tracer, CLI, 'hook', 'claude-code'], { cwd: project, input: payload(project, fields), encoding: 'utf8', env: cliEnv({ CLAUDE_PROJECT_DIR: project }) });
  assert.equal(r.status, 0, r.stderr);
  const line = /^loaded: (.*)$/m.exec(r.stderr);
  assert.ok(line, r.stderr);
  return { stdout: r.stdout, files: line[1]!.split(' ').filter(Boolean) };
}

function approvedWithTaskDone(): string {
  const project = tempProject({ 'docs/plans/p.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
  assert.equal(runCli(['task', 'done', '1'], { cwd: project, env: { CLAUDE_PROJECT_DIR: project } }).code, 0);
  return project;
}

test("a Stop on the Node hook loads the Stop's deciding code, not every event's", () => {
  const project = approvedWithTaskDone();
  const { stdout, files } = lazyFilesLoaded(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done.' });
  assert.match(stdout, /"decision":\s*"block"/);
  assert.ok(files.includes('deciders-stop.cjs'), files.join(' '));
  assert.ok(!files.includes('deciders.cjs'), files.join(' '));
  assert.ok(!files.includes('deciders-inbox.cjs') && !files.includes('deciders-wiring.cjs'), files.join(' '));
});

test("a Stop with the agent's requests in the inbox loads the inbox's code too, and takes them in", () => {
  const project = approvedWithTaskDone();
  // The agent's own command, inside its sandbox: a request the next hook takes in.
  const closure = runInsideWall(project, ['closure', 'waiting_user', '--reason', 'needs a decision'], { env: { CLAUDE_CODE_SESSION_ID: 'session-test-1' } });
  assert.equal(closure.code, 0, closure.stderr);
  const { stdout, files } = lazyFilesLoaded(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done.' });
  assert.ok(files.includes('deciders-stop.cjs') && files.includes('deciders-inbox.cjs'), files.join(' '));
  assert.doesNotMatch(stdout, /"decision":\s*"block"/);
});

test('other events load deciders.cjs', () => {
  const project = approvedWithTaskDone();
  const { files } = lazyFilesLoaded(project, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.ok(files.includes('deciders.cjs'), files.join(' '));
  assert.ok(!files.includes('deciders-stop.cjs'), files.join(' '));
});
