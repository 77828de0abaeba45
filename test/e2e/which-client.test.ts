/**
 * Which agent did what: one plan worked on by Codex, Gemini CLI and Claude
 * Code in turn. Each client's hooks run with payloads as that client sends
 * them; the agent's own `continuity task done` runs as that client's child
 * (a stand-in executable named like the client), as its shell runs it. The
 * record names the client from the process tree and the session from that
 * client's running shell call, never from a variable the agent could set.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentHook, HOOKS_ONLY_CONFIG, planProject } from '../helpers/agent-hook.js';
import { cliCommand, cliEnv, hook, runCli } from '../helpers/cli.js';
import { runUnderClient, spawnUnderClient } from '../helpers/stand-in-client.js';
import { BWRAP, wallArgs } from '../helpers/wall.js';

const CODEX = '019d036d-c7fa-72d2-b6fd-78878bfe34e4';
const GEMINI = 'gemini-session-7';
const CLAUDE = '9f1c2d3e-7a5b-4c7d-8e9f-0a1b2c3d4e5f';

function codex(project: string, fields: Record<string, unknown>) {
  const r = agentHook('codex', project, { session_id: CODEX, turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5-codex', permission_mode: 'default', ...fields });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

function gemini(project: string, fields: Record<string, unknown>) {
  const r = agentHook('gemini', project, { session_id: GEMINI, transcript_path: join(project, '.gemini-chat.json'), cwd: project, timestamp: new Date().toISOString(), ...fields }, { GEMINI_PROJECT_DIR: project });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

interface TaskJson {
  id: string;
  state: string;
  recordedBy?: { client: string; sessionId: string | null; source: string; at: string };
}

function status(project: string): { plan: { tasks: TaskJson[] }; sessions: { client: string; count: number; sessions: { sessionId: string }[] }[] } {
  const r = runCli(['status', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function logJson(project: string, args: string[] = []): { kind: string; client: string; sessionId: string | null; source: string }[] {
  const r = runCli(['log', '--json', '--limit', '500', ...args], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** `continuity ARGS` as a process no client is above: started in the background and left (reparented), as a job an agent leaves behind. */
function orphaned(project: string, args: string[]): Promise<void> {
  const c = cliCommand(args);
  const out = join(project, '.orphan-out');
  const line = [c.cmd, ...c.args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const sh = spawn('/bin/sh', ['-c', `(${line} > '${out}' 2>&1; echo "exit $?" >> '${out}') &`], { cwd: project, env: cliEnv({}), stdio: 'ignore' });
    sh.on('error', reject);
    sh.on('close', () => {
      const started = Date.now();
      const poll = () => {
        const text = existsSync(out) ? readFileSync(out, 'utf8') : '';
        if (/exit \d+\n$/.test(text)) return /exit 0\n$/.test(text) ? resolve() : reject(new Error(text));
        if (Date.now() - started > 20_000) return reject(new Error(`no answer: ${text}`));
        setTimeout(poll, 50);
      };
      poll();
    });
  });
}

test('task done from the Codex, Gemini CLI and Claude Code shells: each record names its client and session; status and log --agent say who did what', async () => {
  const project = planProject(HOOKS_ONLY_CONFIG);

  // Codex: its shell call runs `continuity task done 1`, between its PreToolUse and PostToolUse.
  codex(project, { hook_event_name: 'SessionStart', source: 'startup' });
  const doneOne = { tool_name: 'Bash', tool_use_id: 'call-done-1', tool_input: { command: 'continuity task done 1' } };
  codex(project, { hook_event_name: 'PreToolUse', ...doneOne });
  // The agent's word is not taken: a Claude Code session variable inherited (Codex started from Claude Code's shell) names no session here.
  const one = runUnderClient(['task', 'done', '1'], { cwd: project, client: 'codex', env: { CLAUDE_CODE_SESSION_ID: CLAUDE } });
  assert.equal(one.code, 0, one.stderr);
  codex(project, { hook_event_name: 'PostToolUse', ...doneOne, tool_response: '' });

  // Gemini CLI: the same through run_shell_command.
  gemini(project, { hook_event_name: 'SessionStart', source: 'startup' });
  const doneTwo = { tool_name: 'run_shell_command', tool_input: { command: 'continuity task done 2' } };
  gemini(project, { hook_event_name: 'BeforeTool', ...doneTwo });
  const two = runUnderClient(['task', 'done', '2'], { cwd: project, client: 'gemini' });
  assert.equal(two.code, 0, two.stderr);
  gemini(project, { hook_event_name: 'AfterTool', ...doneTwo, tool_response: { llmContent: '', returnDisplay: '' } });

  // Claude Code: its own session variable, set by Claude Code in its shells.
  const doneThree = { tool_name: 'Bash', tool_use_id: 'toolu_done_3', tool_input: { command: 'continuity task blocked 3 --reason "needs the person"' } };
  assert.equal(hook(project, { hook_event_name: 'PreToolUse', ...doneThree }, { sessionId: CLAUDE }).code, 0);
  const three = runUnderClient(['task', 'blocked', '3', '--reason', 'needs the person'], { cwd: project, client: 'claude', env: { CLAUDE_CODE_SESSION_ID: CLAUDE } });
  assert.equal(three.code, 0, three.stderr);

  const tasks = status(project).plan.tasks;
  const by = (id: string) => tasks.find((t) => t.id === id)!.recordedBy!;
  assert.deepEqual([by('1').client, by('1').sessionId, by('1').source], ['codex', CODEX, 'cli']);
  assert.deepEqual([by('2').client, by('2').sessionId], ['gemini', GEMINI]);
  assert.deepEqual([by('3').client, by('3').sessionId], ['claude-code', CLAUDE]);

  const sessions = status(project).sessions;
  assert.deepEqual(sessions.map((c) => [c.client, c.sessions.map((s) => s.sessionId)]).sort(), [['claude-code', [CLAUDE]], ['codex', [CODEX]], ['gemini', [GEMINI]]]);

  // log --agent: one client's events only, hooks and commands alike.
  const codexEvents = logJson(project, ['--agent', 'codex']);
  assert.ok(codexEvents.length >= 4);
  assert.ok(codexEvents.every((e) => e.client === 'codex'));
  assert.deepEqual(codexEvents.filter((e) => e.kind === 'task.done').map((e) => [e.source, e.sessionId]), [['cli', CODEX]]);
  assert.deepEqual(logJson(project, ['--agent', 'gemini', '--event', 'task.done']).map((e) => e.sessionId), [GEMINI]);
  assert.deepEqual(logJson(project, ['--agent', 'claude-code,codex', '--event', 'task.done,task.blocked']).map((e) => e.client), ['codex', 'claude-code']);

  // The picture for a person names them too.
  const text = runCli(['status'], { cwd: project }).stdout;
  assert.match(text, /^Done by {3}3 tasks · claude-code 1 · gemini 1 · codex 1$/m);
  assert.match(text, /Task 1: CSV writer {2}codex · 019d036d$/m);
  assert.match(text, /^Sessions {2}claude-code 1 \(latest 9f1c2d3e, .*\n {10}gemini 1 .*\n {10}codex 1 \(latest 019d036d, /m);
});

test('a command no client is above (a job left running in the background): client unknown, no session; log --agent unknown finds it', async () => {
  const project = planProject(HOOKS_ONLY_CONFIG);
  // A Codex shell call is running, but this command is not its child.
  codex(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-x', tool_input: { command: 'continuity task done 1' } });
  await orphaned(project, ['task', 'done', '1']);
  const by = status(project).plan.tasks.find((t) => t.id === '1')!.recordedBy!;
  assert.deepEqual([by.client, by.sessionId], ['unknown', null]);
  assert.deepEqual(logJson(project, ['--agent', 'unknown', '--event', 'task.done']).map((e) => e.client), ['unknown']);
  const bad = runCli(['log', '--agent', 'Codex!'], { cwd: project });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^continuity: log: --agent must name a client such as claude-code, codex, gemini, cursor, pi, copilot, opencode or unknown, not "codex!"\n$/);
});

test("inside the wall: Codex's task done is a request; the hook that takes it in records Codex and its session, and a request naming a client the ledger does not bear out is recorded as unknown, without the session it named", () => {
  const project = planProject();
  const inWall = (client: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const c = cliCommand(args);
    return spawnUnderClient([BWRAP, ...wallArgs([join(project, '.continuity')]), c.cmd, ...c.args], { cwd: project, client, env });
  };
  const done = { tool_name: 'Bash', tool_use_id: 'call-wall-1', tool_input: { command: 'continuity task done 1' } };
  codex(project, { hook_event_name: 'PreToolUse', ...done });
  const r = inWall('codex', ['task', 'done', '1']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /hook records it when this tool call ends/);
  codex(project, { hook_event_name: 'PostToolUse', ...done, tool_response: '' });
  const one = status(project).plan.tasks.find((t) => t.id === '1')!.recordedBy!;
  assert.deepEqual([one.client, one.sessionId, one.source], ['codex', CODEX, 'hook:codex']);

  // A request made under a Claude Code stand-in, naming its session, taken in by Codex's hook while no Claude Code call runs:
  // the ledger does not bear Claude Code out, nor the session named with it.
  const two = inWall('claude', ['task', 'done', '2'], { CLAUDE_CODE_SESSION_ID: CLAUDE });
  assert.equal(two.code, 0, two.stderr);
  codex(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'call-wall-2', tool_input: { command: 'ls' }, tool_response: '' });
  const second = status(project).plan.tasks.find((t) => t.id === '2')!.recordedBy!;
  assert.deepEqual([second.client, second.sessionId], ['unknown', null]);
});

test("inside a wall with a process namespace of its own (continuity's own wall), the client is not in the command's process tree: the request names none, and the client whose running shell call ran it (as its hooks recorded) is the one recorded", () => {
  const project = planProject();
  const done = { tool_name: 'Bash', tool_use_id: 'call-ns-1', tool_input: { command: 'continuity task done 1' } };
  codex(project, { hook_event_name: 'PreToolUse', ...done });
  const c = cliCommand(['task', 'done', '1']);
  const r = spawnUnderClient([BWRAP, '--unshare-pid', ...wallArgs([join(project, '.continuity')]), c.cmd, ...c.args], { cwd: project, client: 'codex', env: {} });
  assert.equal(r.code, 0, r.stderr);
  codex(project, { hook_event_name: 'PostToolUse', ...done, tool_response: '' });
  const one = status(project).plan.tasks.find((t) => t.id === '1')!.recordedBy!;
  assert.deepEqual([one.client, one.sessionId], ['codex', CODEX]);
});

