// A short load run through one real OpenClaw gateway with continuity's
// plugin: 16 sessions at once over 4 workspaces, each doing tool calls,
// stops and a subagent (test/real-client/openclaw-load.ts). Every turn is
// answered, and the ledgers hold exactly one event for each tool call before
// and after it ran and one for each stop: none lost, none doubled. The
// timings and the memory are the bench's (bench/openclaw-load.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ledgerAgainstCalls, runOpenClawLoad } from './openclaw-load.js';

const SESSIONS = 16;
const WORKSPACES = 4;
const TURNS = Number(process.env.CONTINUITY_OPENCLAW_LOAD_TURNS ?? 32);

test(`openclaw load: ${SESSIONS} sessions at once over ${WORKSPACES} workspaces, ${TURNS} turns with tool calls, stops and a subagent each; the ledgers hold every hook call once`, { timeout: 1_800_000 }, async () => {
  const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
  const r = await runOpenClawLoad({ sessions: SESSIONS, workspaces: WORKSPACES, turns: TURNS, plugin: true, log });
  assert.deepEqual(r.failed, []);
  assert.equal(r.turnMs.length, SESSIONS * Math.max(2, Math.ceil(TURNS / SESSIONS)));
  const spawned = r.calls.filter((c) => c.hook === 'subagent_spawned');
  assert.equal(spawned.length, SESSIONS, 'one subagent per session');
  const rows = ledgerAgainstCalls(r);
  assert.equal(rows.length, WORKSPACES);
  for (const row of rows) {
    const detail = JSON.stringify(row);
    assert.ok(row.toolCalls > 0, detail);
    assert.deepEqual([row.preMissing, row.preDoubled, row.postMissing, row.postDoubled], [[], [], [], []], detail);
    // Each finalize the gateway called (the sessions' and their subagents') is one Stop or SubagentStop.
    assert.equal(row.stops, row.finalizes, detail);
  }
  // Every workspace's sessions were seen, with its own ledger.
  for (const l of r.ledgers) assert.ok(l.events.some((e) => e.kind === 'UserPromptSubmit'), l.workspace);
});
