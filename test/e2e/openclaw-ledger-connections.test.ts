// The gateway keeps each project's ledger connection open between the
// plugin's calls (src/ledger/ledger-connections.ts): what another process
// writes in between is still read by the next call, and a ledger file
// replaced under the kept connection is found by the tamper checks, as a
// hook process opening it afresh would find it, never written through the
// old file.
import assert from 'node:assert/strict';
import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi, type Registration } from '../../src/adapters/openclaw/plugin.js';
import { events, planProject, taskDone } from '../helpers/agent-hook.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;

function gateway(): { hooks: Record<string, Handler>; plugin: Registration } {
  const hooks: Record<string, Handler> = {};
  const api: OpenClawApi = {
    on: (name, handler) => {
      hooks[name] = handler as Handler;
    },
    logger: { warn: () => {} },
  };
  return { hooks, plugin: registerContinuity(api, { env: { PATH: process.env.PATH }, storePath: null }) };
}

let n = 0;
const ctxOf = (project: string) => ({ runId: `run-${++n}`, agentId: 'main', sessionKey: 'agent:main:kept', sessionId: 'sid-kept', workspaceDir: project, trigger: 'user' });

async function turn(hooks: Record<string, Handler>, project: string, text: string): Promise<string> {
  const ctx = ctxOf(project);
  const built = await hooks.before_prompt_build!({ prompt: text, messages: [] }, ctx);
  await hooks.before_agent_run!({ prompt: text, messages: [], senderIsOwner: true }, ctx);
  return String(built?.prependContext ?? '');
}

test('openclaw plugin: a task marked done by another process between two calls is read by the second, through the kept connection', async () => {
  const { hooks, plugin } = gateway();
  const project = planProject();
  const first = await turn(hooks, project, 'approve');
  assert.match(first, /is a draft/);
  taskDone(project, '1');
  const second = await turn(hooks, project, 'go on');
  assert.ok(plugin.ledgerConnections.reused > 0, 'the second call took the kept connection');
  assert.equal(plugin.ledgerConnections.driverLoads, 1, 'the SQLite driver was loaded by the first call only');
  assert.match(second, /1 of 3 tasks are complete/);
  plugin.close();
});

test('openclaw plugin: the ledger file replaced under the kept connection is restored from the recovery copy, and the call is recorded in the file the path names', async () => {
  const { hooks, plugin } = gateway();
  const project = planProject();
  const ledger = join(project, '.continuity', 'ledger.db');
  // The ledger as imported (closed by the CLI: all of it in the file), kept aside.
  copyFileSync(ledger, join(project, 'old.db'));
  await turn(hooks, project, 'approve');
  assert.equal(plugin.ledgerConnections.opened, 1);
  // The older ledger put back in its place (a new file, its log gone with the one replaced).
  renameSync(join(project, 'old.db'), ledger);
  rmSync(`${ledger}-wal`, { force: true });
  rmSync(`${ledger}-shm`, { force: true });
  await turn(hooks, project, 'second turn');
  const dropped = plugin.ledgerConnections.dropped;
  plugin.close();
  const recorded = await events(project);
  assert.ok(recorded.some((e) => e.kind === 'ledger-restored'), 'the restore is recorded in the ledger the path names');
  assert.ok(
    recorded.some((e) => e.kind === 'UserPromptSubmit' && JSON.stringify(e.input).includes('second turn')),
    "the second call's event is in the ledger the path names",
  );
  assert.ok(dropped >= 1, 'the connection to the replaced file was closed');
});

test("openclaw plugin: the ledger's write-ahead log removed under the kept connection: the next call writes to the log the path names, not the removed one", async () => {
  const { hooks, plugin } = gateway();
  const project = planProject();
  const ledger = join(project, '.continuity', 'ledger.db');
  await turn(hooks, project, 'approve');
  rmSync(`${ledger}-wal`);
  rmSync(`${ledger}-shm`, { force: true });
  await turn(hooks, project, 'second turn');
  // Read by another connection while the gateway's are still open (closing one would checkpoint whatever log it has into the ledger).
  const recorded = await events(project);
  assert.ok(
    recorded.some((e) => e.kind === 'UserPromptSubmit' && JSON.stringify(e.input).includes('second turn')),
    "the second call's event is in the ledger the path names",
  );
  assert.ok(plugin.ledgerConnections.dropped >= 1, 'the connection to the removed log was closed');
  plugin.close();
});
