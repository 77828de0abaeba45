// The OpenClaw plugin in process (OpenClaw's plugin API stood in for, as in
// openclaw-hooks.test.ts): its wiring lives in the gateway's config, not in
// the workspace, so a workspace whose `.continuity/` and recovery copy an
// automation removed used to be left alone. Remembered outside the
// workspace, it fails closed: exec and file writes blocked with the reason,
// the words prepended to the prompt and said in the gateway's log.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { PLAN } from '../helpers/agent-hook.js';
import { runCli, tempProject } from '../helpers/cli.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;
const LOST = /continuity guarded .*, and its \.continuity\/ .* and the ledger's recovery copy are both gone: nothing is enforced here, and calls that could write are denied/;

function standIn(env: NodeJS.ProcessEnv): { hooks: Record<string, Handler>; warnings: string[] } {
  const hooks: Record<string, Handler> = {};
  const warnings: string[] = [];
  const api: OpenClawApi = {
    on: (name, handler) => {
      hooks[name] = handler as Handler;
    },
    logger: { warn: (m: string) => warnings.push(m) },
  };
  registerContinuity(api, { env: { PATH: process.env.PATH, ...env } });
  return { hooks, warnings };
}

test('openclaw plugin: a workspace continuity guarded, its .continuity/ and recovery copy removed, is not left alone', async () => {
  const env = { CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-openclaw-state-')) };
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project, env }).code, 0);
  const never = tempProject();
  const { hooks, warnings } = standIn(env);

  // As an automation of the gateway's did it.
  rmSync(join(project, '.continuity'), { recursive: true, force: true });
  rmSync(recoveryDirOf(project, env), { recursive: true, force: true });

  const ctx = { runId: 'run-1', agentId: 'main', sessionKey: 'agent:main:main', sessionId: 'sid-1', workspaceDir: project, trigger: 'user' };
  const built = await hooks.before_prompt_build!({ prompt: 'go on', messages: [] }, ctx);
  assert.match(built?.prependContext, LOST);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_1' };
  const exec = await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'echo hi > a.txt' }, runId: ctx.runId, toolCallId: 'call_1' }, tool);
  assert.equal(exec?.block, true);
  assert.match(exec.blockReason, /continuity could not decide whether this call writes a guarded file \(continuity's ledger and its recovery copy are gone\)/);
  const write = await hooks.before_tool_call!({ toolName: 'write', params: { path: 'a.txt', content: 'x' }, runId: ctx.runId, toolCallId: 'call_2' }, { ...tool, toolName: 'write', toolCallId: 'call_2' });
  assert.equal(write?.block, true);
  // A malformed call here is blocked as in a workspace with its ledger.
  assert.deepEqual(await hooks.before_tool_call!({ params: {} }, { ...tool, workspaceDir: project }), { block: true, blockReason: 'continuity: this tool call could not be checked, so it was not run.' });
  assert.ok(warnings.some((w) => LOST.test(`continuity: ${w.replace(/^continuity: /, '')}`)), warnings.join('\n'));

  // A workspace continuity never guarded is still left alone.
  const other = { ...ctx, runId: 'run-2', sessionKey: 'agent:main:other', sessionId: 'sid-2', workspaceDir: never };
  assert.equal(await hooks.before_prompt_build!({ prompt: 'hi', messages: [] }, other), undefined);
  assert.equal(await hooks.before_tool_call!({ toolName: 'exec', params: { command: 'echo hi > a.txt' }, runId: 'run-2', toolCallId: 'call_3' }, { ...tool, sessionKey: other.sessionKey, sessionId: other.sessionId, runId: 'run-2', toolCallId: 'call_3' }), undefined);
});
