// The OpenClaw plugin in process, with OpenClaw's plugin API stood in for
// (projects set up with the CLI, as people do):
// its hooks as OpenClaw calls them (shapes as captured from the real gateway),
// the rules deciding against a real project's ledger, the continuation turn
// it starts when a held stop's run ends anyway.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { loadRuns } from '../../src/app/watchdog-runs.js';
import type { WatchdogRun } from '../../src/domain/watchdog.js';
import { writeRequest } from '../../src/ledger/inbox.js';
import { listRuns } from '../../src/ledger/runs.js';
import { draftTddProject, events, HOOKS_ONLY_CONFIG, PLAN, planProject, planState, taskDone } from '../helpers/agent-hook.js';
import { runCli, tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;

function standIn(history: unknown[] = []): { api: OpenClawApi; hooks: Record<string, Handler>; runs: { sessionKey: string; message: string; deliver?: boolean; idempotencyKey?: string }[] } {
  const hooks: Record<string, Handler> = {};
  const runs: { sessionKey: string; message: string; deliver?: boolean; idempotencyKey?: string }[] = [];
  const api: OpenClawApi = {
    on: (name, handler) => {
      hooks[name] = handler as Handler;
    },
    runtime: {
      subagent: {
        run: async (params) => {
          runs.push(params);
          return { runId: params.idempotencyKey };
        },
        getSessionMessages: async () => ({ messages: history }),
      },
    },
    logger: { warn: () => {} },
  };
  registerContinuity(api, { env: { PATH: process.env.PATH } });
  return { api, hooks, runs };
}

let n = 0;
const ctxOf = (project: string, extra: Record<string, unknown> = {}) => ({ runId: `run-${++n}`, agentId: 'main', sessionKey: `agent:main:unit-${n}`, sessionId: `sid-${n}`, workspaceDir: project, trigger: 'user', ...extra });

/** One operator (or other) turn's prompt hooks, as OpenClaw calls them: the prompt built, then the run admitted. */
async function prompt(hooks: Record<string, Handler>, ctx: Record<string, unknown>, text: string, senderIsOwner: boolean): Promise<any> {
  const built = await hooks.before_prompt_build!({ prompt: text, messages: [] }, ctx);
  await hooks.before_agent_run!({ prompt: `${built?.prependContext ? `${built.prependContext}\n\n` : ''}${text}`, messages: [], senderIsOwner }, ctx);
  return built;
}

test("openclaw plugin: the operator's `approve` approves the draft; the ground truth is prepended to the prompt", async () => {
  const { hooks } = standIn();
  const project = planProject();
  const built = await prompt(hooks, ctxOf(project), 'approve', true);
  assert.match(built.prependContext, /is a draft: it is not approved and its execution has not been authorised/);
  assert.equal(planState(project), 'approved');
});

test('openclaw plugin: an announce saying `approve` (inter_session, not the owner) approves nothing, and is recorded as what it is', async () => {
  const { hooks } = standIn();
  const project = planProject();
  const ctx = ctxOf(project, { inputProvenance: { kind: 'inter_session', sourceSessionKey: 'agent:main:subagent:x', sourceTool: 'subagent_announce' } });
  await prompt(hooks, ctx, 'approve', false);
  assert.equal(planState(project), 'draft');
  const refused = (await events(project)).find((e) => e.kind === 'openclaw:NotOperatorPrompt');
  assert.match(String((refused?.input as { why?: string }).why), /^input from inter_session \(subagent_announce/);
});

async function heldStop(): Promise<{ project: string; hooks: Record<string, Handler>; runs: ReturnType<typeof standIn>['runs']; ctx: Record<string, unknown>; held: any }> {
  const { hooks, runs } = standIn();
  const project = planProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'approve', true);
  taskDone(project, '1');
  const held = await hooks.before_agent_finalize!({ runId: ctx.runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: false, lastAssistantMessage: 'Task 1 is done. I can continue with Task 2.' }, ctx);
  return { project, hooks, runs, ctx, held };
}

test('openclaw plugin: a stop at a task boundary asks for another pass with the facts; when the run ends anyway, the next turn is started with them', async () => {
  const { hooks, runs, ctx, held } = await heldStop();
  assert.equal(held.action, 'revise');
  assert.match(held.reason, /Task 1 "CSV writer" of the approved plan payments-export is complete\. Task 2 "Export endpoint"/);
  await hooks.agent_end!({ runId: ctx.runId, success: true, messages: [] }, ctx);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]!.sessionKey, ctx.sessionKey);
  assert.equal(runs[0]!.message, held.reason);
  assert.equal(runs[0]!.deliver, false);
  assert.match(String(runs[0]!.idempotencyKey), /^continuity-next-[0-9a-f-]{36}$/);
});

test('openclaw plugin: a held stop whose revision OpenClaw took (the run went on and then stopped legally) starts no turn', async () => {
  const { hooks, runs, ctx } = await heldStop();
  const closed = await hooks.before_agent_finalize!({ runId: ctx.runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: true, lastAssistantMessage: 'Task 2 needs a decision.\n\ncontinuity-closure: waiting_user — the export format' }, ctx);
  assert.equal(closed, undefined);
  await hooks.agent_end!({ runId: ctx.runId, success: true, messages: [] }, ctx);
  assert.equal(runs.length, 0);
});

test("openclaw plugin: the continuation turn is continuity's own: its message is never the operator's prompt, and the loop count goes on across it", async () => {
  const { project, hooks, runs, ctx } = await heldStop();
  await hooks.agent_end!({ runId: ctx.runId, success: true, messages: [] }, ctx);
  const next = { ...ctx, runId: runs[0]!.idempotencyKey };
  // OpenClaw may well call the sender of a turn the gateway started the owner: the run id decides.
  await prompt(hooks, next, runs[0]!.message, true);
  const again = await hooks.before_agent_finalize!({ runId: next.runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: false, lastAssistantMessage: 'I can continue with Task 2.' }, next);
  assert.match(again.reason, /block 2 of 3 at this boundary/);
  const kinds = (await events(project)).map((e) => e.kind);
  assert.ok(kinds.includes('openclaw:ContinuationTurn'));
  assert.equal(kinds.filter((k) => k === 'UserPromptSubmit').length, 1);
});

test('openclaw plugin: a write to a guarded file through exec is blocked with the reason; a malformed call in a project with a ledger is blocked too', async () => {
  const { hooks } = standIn();
  const { project } = draftTddProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Record the plan as done.', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_1' };
  const denied = await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'cat notes.md | tee .tdd-progress.md' }, runId: ctx.runId, toolCallId: 'call_1' }, tool);
  assert.equal(denied.block, true);
  assert.match(denied.blockReason, /\.tdd-progress\.md is guarded/);
  const read = await hooks.before_tool_call!({ toolName: 'read', params: { path: 'notes.md' }, runId: ctx.runId, toolCallId: 'call_2' }, { ...tool, toolName: 'read' });
  assert.equal(read, undefined);
  const malformed = await hooks.before_tool_call!({ params: {} }, { ...tool, workspaceDir: project });
  assert.deepEqual(malformed, { block: true, blockReason: 'continuity: this tool call could not be checked, so it was not run.' });
  assert.equal(runCli(['status', '--json'], { cwd: project }).code, 0);
});

test("openclaw plugin: the plugin's own folder and the gateway's config that loads it are guarded: exec and write cannot remove or change them", async () => {
  const outside = tempProject();
  const pluginDir = join(outside, 'continuity', 'openclaw');
  mkdirSync(join(pluginDir, 'lib'), { recursive: true });
  writeFileSync(join(pluginDir, 'lib', 'index.js'), 'export default {};\n');
  const config = join(outside, 'state', 'openclaw.json');
  mkdirSync(dirname(config), { recursive: true });
  writeFileSync(config, '{ "plugins": { "allow": ["continuity"] } }\n');
  const hooks: Record<string, Handler> = {};
  registerContinuity({ on: (name, handler) => void (hooks[name] = handler as Handler) }, { env: { PATH: process.env.PATH, OPENCLAW_CONFIG_PATH: config }, pluginDirs: [pluginDir] });
  const { project } = draftTddProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Tidy up.', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_p' };
  for (const command of [`rm -rf ${pluginDir}`, `rm -rf ${join(outside, 'continuity')}`, `echo '{}' > ${config}`]) {
    const r = await hooks.before_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call_p' }, tool);
    assert.equal(r?.block, true, command);
    assert.match(r.blockReason, /part of what runs the agent's hooks/, command);
  }
  const write = await hooks.before_tool_call!({ toolName: 'write', params: { path: config, content: '{}' }, runId: ctx.runId, toolCallId: 'call_w' }, { ...tool, toolName: 'write' });
  assert.equal(write?.block, true);
  const harmless = await hooks.before_tool_call!({ toolName: 'exec', params: { command: `rm -rf ${join(outside, 'other')}` }, runId: ctx.runId, toolCallId: 'call_h' }, tool);
  assert.equal(harmless?.block, undefined);
  assert.match(String(harmless?.params?.command), /bwrap .* -c 'rm -rf /);
});

/** The run records the ledger holds, as seed run records (the input of `continuity watchdog assess`). */
async function seedRecords(project: string): Promise<WatchdogRun[]> {
  const ledger = await openLedger(project);
  try {
    return loadRuns(ledger.db, listRuns(ledger.db, { limit: 100 })).map((l) => l.run);
  } finally {
    ledger.close();
  }
}

test("openclaw plugin watchdog: a child's answer whose announce never came is delivered at the requester's next stop, once; the records assess the same through `continuity watchdog assess`", async () => {
  const { hooks } = standIn();
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) });
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project }).code, 0);
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Have a helper review the limiter.', true);
  const child = 'agent:main:subagent:0b7c2a4e-unit';
  const tool = { toolName: 'sessions_spawn', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_1' };
  const params = { task: 'Review the limiter.', label: 'limiter-review' };
  await hooks.before_tool_call!({ toolName: 'sessions_spawn', params, runId: ctx.runId, toolCallId: 'call_1' }, tool);
  await hooks.subagent_spawned!({ runId: 'child-run', childSessionKey: child, agentId: 'main', label: 'limiter-review' }, { runId: 'child-run', childSessionKey: child, requesterSessionKey: ctx.sessionKey });
  await hooks.after_tool_call!({ toolName: 'sessions_spawn', params, runId: ctx.runId, toolCallId: 'call_1', result: { details: { status: 'accepted', childSessionKey: child, runId: 'child-run' } } }, tool);
  const childCtx = { runId: 'child-run', agentId: 'main', sessionKey: child, sessionId: 'child-sid', workspaceDir: project, trigger: 'user' };
  assert.equal(await hooks.before_agent_finalize!({ runId: 'child-run', sessionId: 'child-sid', sessionKey: child, stopHookActive: false, lastAssistantMessage: 'CHILD RESULT: a token bucket of 42.' }, childCtx), undefined);

  // What the plugin recorded is a seed run record; `continuity watchdog assess` says of it what the ledger's own view says.
  const now = new Date(Date.now() + 1000).toISOString();
  const [record] = await seedRecords(project);
  assert.equal(record!.childSessionKey, child);
  assert.equal(record!.childDone, true);
  const assessed = JSON.parse(runCli(['watchdog', 'assess', '--now', now, '--forward-grace', '0'], { cwd: project, input: JSON.stringify({ runs: [record] }) }).stdout).runs[0];
  assert.deepEqual([assessed.status, assessed.recoveryAction], ['done_but_not_forwarded', 'fetch_history']);

  const fin = (n: number) => hooks.before_agent_finalize!({ runId: ctx.runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: n > 1, lastAssistantMessage: 'A helper is on it.' }, ctx);
  const held = await fin(1);
  assert.equal(held.action, 'revise');
  assert.match(held.reason, /CHILD RESULT: a token bucket of 42\./);
  assert.equal(await fin(2), undefined);
  // A late announce (or subagent_ended) is a duplicate: it changes nothing.
  await hooks.subagent_ended!({ targetSessionKey: child, runId: 'child-run', outcome: 'ok', reason: 'subagent-complete' }, { runId: 'child-run', childSessionKey: child, requesterSessionKey: ctx.sessionKey });
  const [after] = await seedRecords(project);
  assert.equal(after!.resultSource, 'fetch_history');
  const again = JSON.parse(runCli(['watchdog', 'assess', '--now', new Date(Date.now() + 2000).toISOString()], { cwd: project, input: JSON.stringify({ runs: [after] }) }).stdout).runs[0];
  assert.equal(again.status, 'recovered');
});

test("openclaw plugin watchdog: a child's run that ends without an answer in its hook has its result read from its session history", async () => {
  const { hooks } = standIn([{ role: 'user', content: 'task' }, { role: 'assistant', content: [{ type: 'text', text: 'FROM HISTORY: 42' }] }]);
  const project = planProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Have a helper look.', true);
  const child = 'agent:main:subagent:hist-unit';
  await hooks.subagent_spawned!({ runId: 'child-run', childSessionKey: child }, { runId: 'child-run', childSessionKey: child, requesterSessionKey: ctx.sessionKey });
  await hooks.before_agent_finalize!({ runId: 'child-run', sessionId: 'child-sid', sessionKey: child, stopHookActive: false }, { runId: 'child-run', sessionKey: child, sessionId: 'child-sid', workspaceDir: project });
  const stop = (await events(project)).find((e) => e.kind === 'SubagentStop');
  assert.equal((stop?.input as { last_assistant_message?: string }).last_assistant_message, 'FROM HISTORY: 42');
});

test("openclaw plugin: a guarded file a command changed is put back after the call, and the session's next turn is told so", async () => {
  const { hooks } = standIn();
  const { project, tracker } = draftTddProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Record the plan as done.', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_9' };
  const command = 'python3 scripts/mark_done.py';
  // Not blocked (it comes back wrapped in the wall); the change below is made as a command outside any wall would make it.
  assert.equal((await hooks.before_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call_9' }, tool))?.block, undefined);
  writeFileSync(join(project, '.tdd-progress.md'), tracker.replaceAll('pending', 'done'));
  await hooks.after_tool_call!({ toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: 'call_9', result: { content: [{ type: 'text', text: '' }], details: { status: 'completed', exitCode: 0 } } }, tool);
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), tracker);
  const next = await hooks.before_prompt_build!({ prompt: 'And now?', messages: [] }, { ...ctx, runId: 'run-next' });
  assert.match(next.prependContext, /put back: \.tdd-progress\.md/);
});

test('openclaw plugin: a plan the agent writes with the write tool is registered as a draft', async () => {
  const { hooks } = standIn();
  // continuity enabled in the project (its folder), no plan yet.
  const project = tempProject({ 'README.md': '# project\n', '.continuity/config.json': '{}\n' });
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Write a plan for the export.', true);
  const tool = { toolName: 'write', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_w' };
  const params = { path: 'docs/plans/payments-export.md', content: PLAN };
  assert.equal(await hooks.before_tool_call!({ toolName: 'write', params, runId: ctx.runId, toolCallId: 'call_w' }, tool), undefined);
  mkdirSync(join(project, 'docs', 'plans'), { recursive: true });
  writeFileSync(join(project, 'docs', 'plans', 'payments-export.md'), PLAN);
  await hooks.after_tool_call!({ toolName: 'write', params, runId: ctx.runId, toolCallId: 'call_w', result: { content: [{ type: 'text', text: 'Successfully wrote' }], details: { changed: true, created: true } } }, tool);
  const status = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout);
  assert.deepEqual([status.plan?.path, status.plan?.state], ['docs/plans/payments-export.md', 'draft']);
});

test("openclaw plugin: the client is OpenClaw in the gateway's own process, whatever started the gateway; the operator's approval after the session's tool calls is taken", async () => {
  const { hooks } = standIn();
  const project = planProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Look around first.', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_ls' };
  await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'ls' }, runId: ctx.runId, toolCallId: 'call_ls' }, tool);
  await hooks.after_tool_call!({ toolName: 'exec', params: { command: 'ls' }, runId: ctx.runId, toolCallId: 'call_ls', result: { content: [], details: { status: 'completed', exitCode: 0 } } }, tool);
  await hooks.before_agent_finalize!({ runId: ctx.runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: false, lastAssistantMessage: 'Looked.' }, ctx);
  const start = (await events(project)).find((e) => e.kind === 'SessionStart');
  assert.match(String((start?.decision as { client?: unknown }).client), /^openclaw \(in process, pid \d+\)$/);
  // A session with tool calls and no transcript file: its client's own record says the turn ended.
  await prompt(hooks, { ...ctx, runId: `${ctx.runId}-2` }, 'approve', true);
  assert.equal(planState(project), 'approved');
});

test('openclaw plugin: an exec that leaves a process running is blocked with the reason and exec\'s own `background`; one whose jobs are waited for runs', async () => {
  const { hooks } = standIn();
  // Where no wall stands (here: sandbox.mode off); inside continuity's own wall such a job is let run, walled.
  const { project } = draftTddProject(HOOKS_ONLY_CONFIG);
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'Start the server.', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_bg' };
  const left = await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'nohup node server.js > /dev/null 2>&1 &' }, runId: ctx.runId, toolCallId: 'call_bg' }, tool);
  assert.equal(left?.block, true);
  assert.match(left.blockReason, /starts a process that outlives the tool call \(`nohup`, `&`\).*exec's own `background`/);
  const waited = await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'sleep 0 & sleep 0 & wait' }, runId: ctx.runId, toolCallId: 'call_w' }, tool);
  assert.equal(waited, undefined);
});

test("openclaw plugin: the agent's `continuity task done` left in the inbox is taken in by the plugin's own hook and credited to openclaw; a request naming another client is not taken at its word", async () => {
  const { hooks } = standIn();
  const project = planProject();
  const ctx = ctxOf(project);
  await prompt(hooks, ctx, 'approve', true);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId };
  const exec = async (id: string, command: string, client: string) => {
    const call = { toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: id };
    await hooks.before_tool_call!(call, { ...tool, toolCallId: id });
    // What the command leaves where the ledger is read-only to it (inside continuity's own wall), naming the client it saw above itself.
    writeRequest(project, { v: 1, at: new Date().toISOString(), sessionId: ctx.sessionKey, client, request: { kind: 'task', state: 'complete', taskId: command.split(' ').pop() } });
    await hooks.after_tool_call!({ ...call, result: { content: [{ type: 'text', text: 'queued' }], details: { status: 'completed', exitCode: 0 } } }, { ...tool, toolCallId: id });
  };
  await exec('call_1', 'continuity task done 1', 'openclaw');
  await exec('call_2', 'continuity task done 2', 'codex');
  const done = (await events(project)).filter((e) => e.kind === 'task.done').reverse();
  assert.deepEqual(
    done.map((e) => [(e.decision as { taskId: string }).taskId, e.source, e.client, e.sessionId]),
    [
      ['1', 'hook:openclaw', 'openclaw', ctx.sessionKey],
      // No Codex call runs here: the file's word is not borne out by the ledger, and the session named with it is not taken either.
      ['2', 'hook:openclaw', 'unknown', null],
    ],
  );
});
