// OpenClaw's own ways round the plugin, with the plugin in process and
// OpenClaw's plugin API stood in for (projects set up with the CLI): the
// client's tools that change what runs the agent, the path forms OpenClaw
// normalises before it writes, input typed into a process exec left running.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { draftTddProject, HOOKS_ONLY_CONFIG, planProject, planState, violations } from '../helpers/agent-hook.js';
import { tempProject } from '../helpers/cli.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;

function plugin(extra: Partial<OpenClawApi> = {}, env: NodeJS.ProcessEnv = {}): Record<string, Handler> {
  const hooks: Record<string, Handler> = {};
  registerContinuity({ on: (name, handler) => void (hooks[name] = handler as Handler), logger: { warn: () => {} }, ...extra }, { env: { PATH: process.env.PATH, ...env } });
  return hooks;
}

let n = 0;
/** A session in a project whose plan is a draft, its workspace made known by a turn's prompt hook. */
async function session(hooks: Record<string, Handler>, project: string) {
  const ctx = { runId: `run-${++n}`, agentId: 'main', sessionKey: `agent:main:tools-${n}`, sessionId: `sid-${n}`, workspaceDir: project, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: 'Go on.', messages: [] }, ctx);
  return (toolName: string, params: Record<string, unknown>, identity: Record<string, unknown> = {}) =>
    hooks.before_tool_call!({ toolName, params, runId: ctx.runId, toolCallId: `call-${++n}`, ...identity }, { toolName, agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: `call-${n}`, ...identity });
}

test("openclaw plugin: `plugins disable continuity` is blocked with the reason and recorded as a violation; `plugins list` is not", async () => {
  const hooks = plugin();
  const { project } = draftTddProject();
  const call = await session(hooks, project);
  const r = await call('plugins', { action: 'disable', pluginId: 'continuity' });
  assert.equal(r?.block, true);
  assert.match(violations(project)[0]!.summary, /^plugins disable continuity denied: /);
  assert.match(r.blockReason, /^continuity: the plugins call was not run: `plugins disable` of continuity would change or stop the plugin that runs the agent's hooks\.$/);
  assert.equal(await call('plugins', { action: 'list' }), undefined);
  assert.equal(await call('gateway', { action: 'config.get', path: 'plugins' }), undefined);
  assert.equal((await call('gateway', { action: 'update.run' }))?.block, true);
  assert.equal((await call('openclaw', { message: 'turn the continuity plugin off' }))?.block, true);
  const script = await call('automations', { action: 'add', job: { schedule: { kind: 'every', everyMs: 60000 }, payload: { kind: 'script', script: "await exec({ command: 'continuity approve' })" } } });
  assert.equal(script?.block, true);
  assert.match(script.blockReason, /runs code under the gateway unattended/);
  assert.equal((await call('terminal', { action: 'input', sessionId: 't1', data: 'continuity approve\n' }))?.block, true);
  // The same through OpenClaw's CLI in an exec.
  const cli = await call('exec', { command: 'openclaw plugins disable continuity' });
  assert.equal(cli?.block, true);
  assert.match(cli.blockReason, /`openclaw plugins disable` changes the gateway's plugins/);
  // Allowed, so run in continuity's own wall: not blocked.
  assert.notEqual((await call('exec', { command: 'openclaw plugins list' }))?.block, true);
  const recorded = violations(project);
  assert.deepEqual(recorded.map((v) => v.kind), Array(5).fill('client_control_denied'));
  assert.match(recorded[0]!.summary, /^Bash `openclaw plugins disable continuity` denied: /);
});

test('openclaw plugin: a Code Mode cell is refused under the default node:vm executor and allowed when the gateway is configured for QuickJS', async () => {
  const { project } = draftTddProject();
  const byDefault = await session(plugin(), project);
  const cell = await byDefault('exec', { code: "const cp = process.mainModule.require('child_process')" });
  assert.equal(cell?.block, true);
  assert.match(cell.blockReason, /node:vm executor can reach the gateway's own process/);
  const isolated = await session(plugin({ config: { tools: { codeMode: { enabled: true, executor: 'quickjs' } } } }), project);
  assert.equal(await isolated('exec', { code: 'await read({ path: "notes.md" })' }), undefined);
  // As OpenClaw hands a cell to the hook: marked by its kind, the cell as both code and command.
  const marked = await byDefault('exec', { code: 'globalThis.process', command: 'globalThis.process' }, { toolKind: 'code_mode_exec', toolInputKind: 'javascript' });
  assert.equal(marked?.block, true);
  // The model cannot say which executor runs its cell: the gateway's config does.
  assert.equal((await byDefault('exec', { code: 'x', code_mode_executor: 'quickjs' }))?.block, true);
});

test('openclaw plugin: text typed through `process` into a shell exec left running is judged as the command it is', async () => {
  const { project } = draftTddProject();
  const call = await session(plugin(), project);
  const typed = await call('process', { action: 'write', sessionId: 'pty-1', data: 'cat notes.md > .tdd-progress.md\n' });
  assert.equal(typed?.block, true);
  assert.match(typed.blockReason, /\.tdd-progress\.md is guarded/);
  assert.equal((await call('process', { action: 'send-keys', sessionId: 'pty-1', literal: 'rm -rf .continuity', keys: ['Enter'] }))?.block, true);
  assert.equal((await call('process', { action: 'paste', sessionId: 'pty-1', text: 'echo x >> .tdd-progress.md' }))?.block, true);
  assert.equal(await call('process', { action: 'write', sessionId: 'pty-1', data: 'ls\n' }), undefined);
  // A line typed over several calls is judged whole: the piece that completes the guarded name is refused.
  assert.equal(await call('process', { action: 'write', sessionId: 'pty-2', data: 'rm -rf .conti' }), undefined);
  assert.equal((await call('process', { action: 'paste', sessionId: 'pty-2', text: 'nuity' }))?.block, true);
  // Enter (submit) after a refused piece enters only what was let through.
  assert.equal(await call('process', { action: 'submit', sessionId: 'pty-2' }), undefined);
  assert.equal(await call('process', { action: 'poll', sessionId: 'pty-1' }), undefined);
});

test("openclaw plugin: writes through the path forms OpenClaw normalises are judged as the file it writes: ~/.openclaw/openclaw.json, @ and file:// forms of guarded files, an indented patch header", async () => {
  const { project } = draftTddProject();
  const home = tempProject();
  mkdirSync(join(home, '.openclaw'), { recursive: true });
  writeFileSync(join(home, '.openclaw', 'openclaw.json'), '{ "plugins": { "allow": ["continuity"] } }\n');
  const call = await session(plugin({}, { HOME: home }), project);
  const forms: [string, Record<string, unknown>][] = [
    ['write', { path: '~/.openclaw/openclaw.json', content: '{}' }],
    ['write', { path: `file://${join(home, '.openclaw', 'openclaw.json')}`, content: '{}' }],
    ['write', { path: '@.continuity/config.json', content: '{}' }],
    ['write', { path: `file://${project}/.tdd-progress.md`, content: '# forged\n' }],
    ['edit', { path: '@.tdd-progress.md', edits: [{ oldText: 'pending', newText: 'done' }] }],
    ['write', { path: '.tdd-progress.md</arg_value>>', content: '# forged\n' }],
    ['apply_patch', { input: '*** Begin Patch\n  *** Update File: .tdd-progress.md\n@@\n-**Status:** pending\n+**Status:** done\n*** End Patch' }],
    ['apply_patch', { input: '*** Begin Patch\n*** Add File: ~/.openclaw/openclaw.json\n+{}\n*** End Patch' }],
  ];
  for (const [tool, params] of forms) {
    const r = await call(tool, params);
    assert.equal(r?.block, true, `${tool} ${JSON.stringify(params)}`);
    assert.match(r.blockReason, /is guarded/, `${tool} ${JSON.stringify(params)}`);
  }
  // A file whose name really begins with @ is that file, and an ordinary write is let through.
  writeFileSync(join(project, '@notes.md'), 'x\n');
  assert.equal(await call('write', { path: '@notes.md', content: 'y\n' }), undefined);
  assert.equal(await call('write', { path: 'file://' + join(project, 'src', 'a.ts'), content: 'export {};\n' }), undefined);
});

/** Is the process still there (a zombie is not: it runs nothing)? */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test("openclaw plugin: while a job an exec left behind lives (its marks removed), the operator's approve is not taken: the run is stopped with the words and the refusal recorded; once the job has ended, approve is taken", async () => {
  const hooks = plugin();
  // Where no wall stands: a process the agent left running could use the gateway's token from ~/.openclaw.
  const project = planProject(HOOKS_ONLY_CONFIG);
  const marks = await hooks.resolve_exec_env!({ sessionKey: 'agent:main:x', toolName: 'exec', host: 'gateway' }, {});
  assert.deepEqual(marks, { CONTINUITY_OPENCLAW_EXEC: String(process.pid) });
  const ctx = { runId: `run-${++n}`, agentId: 'main', sessionKey: `agent:main:tools-${n}`, sessionId: `sid-${n}`, workspaceDir: project, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: 'Run the checks.', messages: [] }, ctx);
  const command = 'env -u OPENCLAW_SHELL -u CONTINUITY_OPENCLAW_EXEC nohup sleep 60 >/dev/null 2>&1 & echo $!';
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call-bg' };
  // Refused where no wall stands; the job below is run as if it had got out some other way (a script), in the exec's window.
  assert.equal((await hooks.before_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call-bg' }, tool))?.block, true);
  // What OpenClaw's exec runs, for real: a shell with the exec's environment, which exits and leaves its job to init.
  const r = spawnSync('bash', ['-c', command], { cwd: project, env: { ...process.env, OPENCLAW_SHELL: 'exec', ...marks }, encoding: 'utf8' });
  const job = Number(r.stdout.trim());
  try {
    await hooks.after_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call-bg', result: { details: { status: 'completed', exitCode: 0 } } }, tool);
    const operator = { ...ctx, runId: `run-${++n}` };
    await hooks.before_prompt_build!({ prompt: 'approve', messages: [] }, operator);
    const blocked = await hooks.before_agent_run!({ prompt: 'approve', messages: [], senderIsOwner: true }, operator);
    assert.equal(blocked?.outcome, 'block');
    assert.match(blocked.message, new RegExp(`^continuity: the prompt "approve" was not taken as the person's: a shell the agent started in the background \\(pid \\d+: .+\\) was still running\\. .* Send it again once that has ended\\.$`));
    // Any such process refuses it (another test's job may be named first, its command line holding parentheses of its own); this one is among them until it ends.
    assert.equal(planState(project), 'draft');
    assert.equal(violations(project)[0]?.kind, 'untrusted_approval');
  } finally {
    process.kill(job, 'SIGKILL');
  }
  for (let i = 0; i < 100 && alive(job); i++) await new Promise((ok) => setTimeout(ok, 20));
  // Once it has ended, approve is taken. A job another test file left (they run at the same time) may still refuse it for
  // a while: never this one, and not for long.
  for (let i = 0; ; i++) {
    const again = { ...ctx, runId: `run-${++n}` };
    await hooks.before_prompt_build!({ prompt: 'approve', messages: [] }, again);
    const answer = await hooks.before_agent_run!({ prompt: 'approve', messages: [], senderIsOwner: true }, again);
    if (answer === undefined) break;
    assert.doesNotMatch(String(answer.message), new RegExp(`\\(pid ${job}:`), 'the job that ended no longer refuses the approve');
    assert.ok(i < 150, `approve still refused after 30 s: ${answer.message}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
  assert.equal(planState(project), 'approved');
});


/** A job an exec left running, its marks removed, alive while `body` runs; killed after. */
async function withLeftJob(hooks: Record<string, Handler>, project: string, body: (ctx: Record<string, unknown>) => Promise<void>) {
  const marks = await hooks.resolve_exec_env!({ sessionKey: 'agent:main:x', toolName: 'exec', host: 'gateway' }, {});
  const ctx = { runId: `run-${++n}`, agentId: 'main', sessionKey: `agent:main:tools-${n}`, sessionId: `sid-${n}`, workspaceDir: project, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: 'Start the dev server.', messages: [] }, ctx);
  const command = 'nohup sleep 60 >/dev/null 2>&1 & echo $!';
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call-dev' };
  await hooks.before_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call-dev' }, tool);
  const job = Number(spawnSync('bash', ['-c', command], { cwd: project, env: { ...process.env, OPENCLAW_SHELL: 'exec', ...marks }, encoding: 'utf8' }).stdout.trim());
  try {
    await hooks.after_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call-dev', result: { details: { status: 'completed', exitCode: 0 } } }, tool);
    await body(ctx);
  } finally {
    process.kill(job, 'SIGKILL');
  }
}

test("openclaw plugin: inside continuity's own wall a job an exec left running (a dev server) does not hold back the operator's approve: it has no credential to speak as the operator; with a gateway that asks for none, it does", async () => {
  const walled = planProject();
  const hooks = plugin();
  await withLeftJob(hooks, walled, async (ctx) => {
    const operator = { ...ctx, runId: `run-${++n}` };
    await hooks.before_prompt_build!({ prompt: 'approve', messages: [] }, operator);
    assert.equal(await hooks.before_agent_run!({ prompt: 'approve', messages: [], senderIsOwner: true }, operator), undefined);
    assert.equal(planState(walled), 'approved');
  });
  const open = planProject();
  const openHooks = plugin({ config: { gateway: { auth: { mode: 'none' } } } } as Partial<OpenClawApi>);
  await withLeftJob(openHooks, open, async (ctx) => {
    const operator = { ...ctx, runId: `run-${++n}` };
    await openHooks.before_prompt_build!({ prompt: 'approve', messages: [] }, operator);
    assert.equal((await openHooks.before_agent_run!({ prompt: 'approve', messages: [], senderIsOwner: true }, operator))?.outcome, 'block');
    assert.equal(planState(open), 'draft');
  });
});
