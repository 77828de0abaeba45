// One delivery of a child's result between OpenClaw and continuity, through
// the plugin in process with OpenClaw's plugin API stood in for (its task
// registry included) and a real project's ledger: in every order the two can
// meet, the requester's model is handed the result once, by whichever of the
// two delivers it, and the run's record says which.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { listRuns } from '../../src/ledger/runs.js';
import { loadRuns } from '../../src/app/watchdog-runs.js';
import { events, PLAN } from '../helpers/agent-hook.js';
import { runCli, tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;

const RESULT = 'CHILD RESULT: the limiter needs a token bucket of 42.';
const RECOVERY = /continuity delivers it here \(recovery: fetch_history\)/;

/**
 * OpenClaw's plugin API, its task registry a status the test sets (`deliveryStatus` of the one child), read through
 * OpenClaw's database worker (`tasks.async.runs`); with `inMemory`, the gateway's in-memory registry (`tasks.runs`) too,
 * answering its own status, throwing as while OpenClaw restores it, or answering in a shape the plugin does not read.
 */
function standIn(child: string, inMemory?: { status?: string; throws?: true; shape?: 'bad' }) {
  const hooks: Record<string, Handler> = {};
  const turns: { sessionKey: string; message: string }[] = [];
  const warnings: string[] = [];
  const registry = { status: 'pending' as string, reads: { inMemory: 0, awaited: 0 } };
  const inMemoryRuns = inMemory && {
    bindSession: () => ({
      list: () => {
        registry.reads.inMemory++;
        if (inMemory.throws) throw new Error('Task registry restore is already in progress.');
        return inMemory.shape === 'bad' ? { tasks: [] } : [{ childSessionKey: child, deliveryStatus: inMemory.status }];
      },
    }),
  };
  const api: OpenClawApi = {
    on: (name, handler) => {
      hooks[name] = handler as Handler;
    },
    runtime: {
      subagent: {
        run: async (params) => {
          turns.push(params);
          return { runId: params.idempotencyKey };
        },
      },
      tasks: {
        ...(inMemoryRuns ? { runs: inMemoryRuns as never } : {}),
        async: {
          runs: {
            bindSession: () => ({
              list: async () => {
                registry.reads.awaited++;
                return [{ childSessionKey: child, deliveryStatus: registry.status }];
              },
            }),
          },
        },
      },
    },
    logger: { warn: (message) => warnings.push(message) },
  };
  registerContinuity(api, { env: { PATH: process.env.PATH }, storePath: null });
  return { hooks, turns, registry, warnings };
}

/** OpenClaw's runtime context of a requester turn (as 2026.9.6 builds it), listing the child's result or not. */
function runtimeContext(child: string, listed: boolean) {
  const pending = `## Child results awaiting delivery\n- run_json="child-run"; session_json=${JSON.stringify(child)}; outcome=ok; delivery=pending; requester_continuation=none; task_json="Review the limiter."; result_json=${JSON.stringify(RESULT)}; result_truncated=false`;
  const text = `## Active Subagents\nnone${listed ? `\n\n${pending}` : ''}`;
  return { role: 'custom', customType: 'openclaw-runtime-context', content: `<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n${text}\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>`, display: false, details: { source: 'openclaw-runtime-context', runtimeContextCarrier: true } };
}

let n = 0;

/** A requester that spawned a child whose run has ended with RESULT and whose announce did not go through. */
async function childEndedUnannounced(inMemory?: Parameters<typeof standIn>[1]) {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) });
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project }).code, 0);
  const child = `agent:main:subagent:one-delivery-${++n}`;
  const s = standIn(child, inMemory);
  const session = { agentId: 'main', sessionKey: `agent:main:one-${n}`, sessionId: `sid-${n}`, workspaceDir: project, trigger: 'user' };
  let runs = 0;
  /** One requester turn: its prompt built and admitted (with this runtime context), and what the model was given before it. */
  const turn = async (text: string, context: unknown[] = []) => {
    const ctx = { ...session, runId: `run-${n}-${++runs}` };
    const built = await s.hooks.before_prompt_build!({ prompt: text, messages: [] }, ctx);
    await s.hooks.before_agent_run!({ prompt: text, messages: [{ role: 'user', content: text }, ...context], senderIsOwner: true }, ctx);
    return { ctx, prepended: String(built?.prependContext ?? '') };
  };
  const toolCall = async (ctx: { runId: string }, id: string) => {
    const tool = { toolName: 'read', agentId: 'main', sessionKey: session.sessionKey, sessionId: session.sessionId, runId: ctx.runId, toolCallId: id };
    const params = { path: 'docs/plans/payments-export.md' };
    await s.hooks.before_tool_call!({ toolName: 'read', params, runId: ctx.runId, toolCallId: id }, tool);
    await s.hooks.after_tool_call!({ toolName: 'read', params, runId: ctx.runId, toolCallId: id, result: { details: { status: 'ok' } } }, tool);
  };
  const stop = (ctx: { runId: string }, again = false) => s.hooks.before_agent_finalize!({ runId: ctx.runId, sessionId: session.sessionId, sessionKey: session.sessionKey, stopHookActive: again, lastAssistantMessage: 'Noted.' }, { ...session, runId: ctx.runId });
  const end = (ctx: { runId: string }) => s.hooks.agent_end!({ runId: ctx.runId, success: true }, { ...session, runId: ctx.runId });

  const first = await turn('Have a helper review the limiter.');
  const params = { task: 'Review the limiter.', label: 'limiter-review' };
  const spawnCtx = { toolName: 'sessions_spawn', agentId: 'main', sessionKey: session.sessionKey, sessionId: session.sessionId, runId: first.ctx.runId, toolCallId: 'spawn' };
  await s.hooks.before_tool_call!({ toolName: 'sessions_spawn', params, runId: first.ctx.runId, toolCallId: 'spawn' }, spawnCtx);
  await s.hooks.subagent_spawned!({ runId: 'child-run', childSessionKey: child, agentId: 'main', label: 'limiter-review' }, { runId: 'child-run', childSessionKey: child, requesterSessionKey: session.sessionKey });
  await s.hooks.after_tool_call!({ toolName: 'sessions_spawn', params, runId: first.ctx.runId, toolCallId: 'spawn', result: { details: { status: 'accepted', childSessionKey: child, runId: 'child-run' } } }, spawnCtx);
  await s.hooks.before_agent_finalize!({ runId: 'child-run', sessionId: 'child-sid', sessionKey: child, stopHookActive: false, lastAssistantMessage: RESULT }, { runId: 'child-run', agentId: 'main', sessionKey: child, sessionId: 'child-sid', workspaceDir: project, trigger: 'user' });
  return { ...s, project, child, first, turn, toolCall, stop, end };
}

async function runOf(project: string) {
  const ledger = await openLedger(project);
  try {
    return loadRuns(ledger.db, listRuns(ledger.db, { limit: 10 }))[0]!;
  } finally {
    ledger.close();
  }
}

/** The run's status as `continuity status --json` says it: `completed` (delivered by the client) or `recovered` (by continuity). */
const statusOf = (project: string): string => JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).runs[0].status;

/** How the plugin recorded the child's delivery: the `TaskOutput` calls it made, by path. */
async function deliveriesOf(project: string): Promise<string[]> {
  return (await events(project)).filter((e) => e.kind === 'PostToolUse' && (e.input as { tool_name?: string }).tool_name === 'TaskOutput').map((e) => String((e.input as { agent_tool_name?: string }).agent_tool_name));
}

test("openclaw one delivery: OpenClaw keeps a result whose announce failed; the requester's tool calls and stop recover nothing, and its next turn, where OpenClaw lists it, is OpenClaw's delivery", async () => {
  const c = await childEndedUnannounced();
  // The requester works on after the child ended: its tool call hands the model nothing of continuity's.
  await c.toolCall(c.first.ctx, 'read-1');
  const held = await c.stop(c.first.ctx);
  assert.equal(held, undefined);
  assert.deepEqual(await deliveriesOf(c.project), [], 'nothing is recorded delivered on OpenClaw\'s promise');
  // The run ends: its next turn is started, for OpenClaw to show the result in.
  await c.end(c.first.ctx);
  assert.equal(c.turns.length, 1);
  assert.match(c.turns[0]!.message, /OpenClaw lists it under "Child results awaiting delivery"/);
  assert.doesNotMatch(c.turns[0]!.message, /token bucket/);
  const next = await c.turn('Any news from the helper?', [runtimeContext(c.child, true)]);
  assert.doesNotMatch(next.prepended, RECOVERY);
  await c.toolCall(next.ctx, 'read-2');
  assert.equal(await c.stop(next.ctx), undefined);
  const later = await c.turn('Anything else?', [runtimeContext(c.child, false)]);
  assert.doesNotMatch(later.prepended, RECOVERY);
  assert.deepEqual(await deliveriesOf(c.project), ['openclaw_context']);
  const run = await runOf(c.project);
  assert.deepEqual(run.run.recoveryAttempts, []);
  assert.equal(statusOf(c.project), 'completed');
});

test('openclaw one delivery: OpenClaw gives a kept result up (dismissed) before showing it; continuity recovers it at the next stop, once', async () => {
  const c = await childEndedUnannounced();
  assert.equal(await c.stop(c.first.ctx), undefined);
  c.registry.status = 'dismissed';
  const next = await c.turn('Any news from the helper?', [runtimeContext(c.child, false)]);
  assert.doesNotMatch(next.prepended, RECOVERY);
  const recovered = await c.stop(next.ctx);
  assert.equal(recovered?.action, 'revise');
  assert.match(recovered.reason, RECOVERY);
  assert.ok(recovered.reason.includes(RESULT));
  assert.equal(await c.stop(next.ctx, true), undefined);
  const later = await c.turn('Anything else?', [runtimeContext(c.child, false)]);
  assert.doesNotMatch(later.prepended, RECOVERY);
  assert.equal(await c.stop(later.ctx), undefined);
  const run = await runOf(c.project);
  assert.deepEqual(run.run.recoveryAttempts.map((a) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
  assert.equal(run.run.resultSource, 'fetch_history');
  assert.equal(statusOf(c.project), 'recovered');
  assert.deepEqual(await deliveriesOf(c.project), []);
});

test("openclaw one delivery: OpenClaw's registry still keeps the result but its requester turn no longer lists it (retries spent); continuity recovers it at that turn's stop, once", async () => {
  const c = await childEndedUnannounced();
  assert.equal(await c.stop(c.first.ctx), undefined);
  c.registry.status = 'failed';
  const next = await c.turn('Any news from the helper?', [runtimeContext(c.child, false)]);
  const recovered = await c.stop(next.ctx);
  assert.equal(recovered?.action, 'revise');
  assert.ok(recovered.reason.includes(RESULT));
  assert.equal(await c.stop(next.ctx, true), undefined);
  const decision = (await events(c.project)).filter((e) => e.kind === 'openclaw:DeliveryDecision').map((e) => (e.input as { decision: { action: string; why?: string } }).decision);
  assert.ok(decision.some((d) => d.action === 'recover' && d.why === 'client_omitted'), JSON.stringify(decision));
  const run = await runOf(c.project);
  assert.deepEqual(run.run.recoveryAttempts.map((a) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
});

test('openclaw one delivery: a turn whose context lists the child as still running is not a turn that left its result out', async () => {
  const c = await childEndedUnannounced();
  const running = { ...runtimeContext(c.child, false), content: `<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n## Active Subagents\n- taskName_json="limiter-review"; session=${c.child}; run=child-run; status=running; execution=running; label_json="limiter-review"; task_json="Review the limiter."\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>` };
  const next = await c.turn('Any news from the helper?', [running]);
  assert.equal(await c.stop(next.ctx), undefined);
  const run = await runOf(c.project);
  assert.deepEqual(run.run.recoveryAttempts, []);
});

test('openclaw one delivery: a hook payload that names held children outside an in-process client holds nothing (the CLI hook recovers)', async () => {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) });
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project }).code, 0);
  const base = { session_id: 'cli-1', cwd: project, transcript_path: '' };
  const hook = (payload: Record<string, unknown>) => runCli(['hook', 'claude-code'], { cwd: project, input: JSON.stringify({ ...base, ...payload }) });
  assert.equal(hook({ hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_use_id: 'toolu_1', tool_input: { description: 'review', prompt: 'Review the limiter.', subagent_type: 'general-purpose' } }).code, 0);
  assert.equal(hook({ hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'general-purpose' }).code, 0);
  assert.equal(hook({ hook_event_name: 'SubagentStop', agent_id: 'a1', agent_type: 'general-purpose', last_assistant_message: RESULT, stop_hook_active: false }).code, 0);
  const child = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).runs[0].childSessionKey;
  assert.ok(child);
  const stop = hook({ hook_event_name: 'Stop', stop_hook_active: false, client_held_children: [child] });
  assert.equal(stop.code, 0, stop.stderr);
  assert.match(stop.stdout, RECOVERY);
});

test("openclaw one delivery: the gateway's in-memory task registry is read where OpenClaw offers it, without a round trip to its database worker", async () => {
  // The two readings disagree here only to tell which one the decision came from.
  const inMemory = { status: 'pending' };
  const c = await childEndedUnannounced(inMemory);
  inMemory.status = 'delivered';
  assert.equal(await c.stop(c.first.ctx), undefined);
  assert.deepEqual(await deliveriesOf(c.project), ['openclaw_announce']);
  assert.ok(c.registry.reads.inMemory > 0);
  assert.equal(c.registry.reads.awaited, 0);
  assert.deepEqual(c.warnings, []);
  assert.equal(statusOf(c.project), 'completed');
});

test('openclaw one delivery: while OpenClaw restores its in-memory task registry (the reading throws), the awaited reading answers, without a warning', async () => {
  const c = await childEndedUnannounced({ throws: true });
  c.registry.status = 'delivered';
  assert.equal(await c.stop(c.first.ctx), undefined);
  assert.deepEqual(await deliveriesOf(c.project), ['openclaw_announce']);
  assert.ok(c.registry.reads.inMemory > 0);
  assert.ok(c.registry.reads.awaited > 0);
  assert.deepEqual(c.warnings, []);
});

test('openclaw one delivery: an in-memory registry answering in a shape the plugin does not read is warned about and taken as no record: continuity recovers the result, once', async () => {
  const c = await childEndedUnannounced({ shape: 'bad' });
  const recovered = await c.stop(c.first.ctx);
  assert.equal(recovered?.action, 'revise');
  assert.ok(recovered.reason.includes(RESULT));
  assert.ok(c.warnings.some((w) => /task registry answered in a shape the plugin does not read/.test(w)), JSON.stringify(c.warnings));
  assert.equal(c.registry.reads.awaited, 0);
  assert.equal(await c.stop(c.first.ctx, true), undefined);
});
