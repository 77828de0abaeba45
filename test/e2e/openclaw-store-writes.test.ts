// The plugin's store (what must outlive the gateway: src/adapters/openclaw/plugin-store.ts)
// is written whole, flushed and renamed into place: only when what it keeps
// changes, never by a call that changes nothing in it (a stop that holds
// nothing, the run's end), which is most of the gateway's calls.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { planProject, taskDone } from '../helpers/agent-hook.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;

const state = mkdtempSync(join(tmpdir(), 'continuity-openclaw-store-writes-'));
after(() => rmSync(state, { recursive: true, force: true }));
const storePath = join(state, 'continuity', 'openclaw-plugin-state.json');

const hooks: Record<string, Handler> = {};
const api: OpenClawApi = { on: (name, handler) => void (hooks[name] = handler as Handler), logger: { warn: () => {} } };
// The plugin's memory is the process's: this file's one registration names the store.
const plugin = registerContinuity(api, { env: { PATH: process.env.PATH }, storePath });
after(() => plugin.close());

/** The store file's identity: each write renames a new file into place. */
const written = () => statSync(storePath).ino;

let n = 0;
async function run(project: string, session: string, text: string, said: string): Promise<any> {
  const runId = `run-${++n}`;
  const ctx = { runId, agentId: 'main', sessionKey: `agent:main:${session}`, sessionId: `sid-${session}`, workspaceDir: project, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: text, messages: [] }, ctx);
  await hooks.before_agent_run!({ prompt: text, messages: [], senderIsOwner: true }, ctx);
  const stop = await hooks.before_agent_finalize!({ runId, sessionId: ctx.sessionId, sessionKey: ctx.sessionKey, stopHookActive: false, lastAssistantMessage: said }, ctx);
  await hooks.agent_end!({ runId, success: true }, ctx);
  return stop;
}

test('openclaw plugin store: a stop that holds nothing and the run\'s end leave the store as it was; a held stop is written', async () => {
  const project = planProject();
  // The session's first turn: its workspace is new to the store, which is written.
  assert.equal(await run(project, 'quiet', 'Look around.', 'Nothing to change.'), undefined);
  const first = written();
  // A turn of a session the store knows, whose stop holds nothing (the plan is a draft): nothing written.
  assert.equal(await run(project, 'quiet', 'Look again.', 'Still nothing.'), undefined);
  assert.equal(written(), first, 'the store was rewritten by a turn that changed nothing in it');
  // A held stop is kept for the next gateway: written.
  await run(project, 'quiet', 'approve', 'Approved.');
  taskDone(project, '1');
  const held = await run(project, 'quiet', 'Go on.', 'Task 1 is done. I can continue with Task 2.');
  assert.equal(held?.action, 'revise');
  assert.notEqual(written(), first, 'the held stop was not written to the store');
});
