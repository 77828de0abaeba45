// The real Claude Code CLI in a project whose .claude/settings.json arrives after
// `continuity plan import` (as a teammate's committed file does with `git pull`):
// the first session's SessionStart keeps it, byte for byte, and the stop at a
// task boundary is held.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bash, say } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookRuns, project, timeline } from './observe.js';
import { hookSettings, PLAN, PLAN_PATH } from './run-claude.js';

test('settings that arrive after plan import are kept by the first session, and its stop at the task boundary is held', { timeout: 300_000 }, async () => {
  // The ledger first, with no settings file: continuity guards its absence.
  const p = project({ plan: null, settings: {} });
  rmSync(join(p.dir, '.claude', 'settings.json'));
  p.writeFile(PLAN_PATH, PLAN);
  assert.equal(p.continuity(['plan', 'import', PLAN_PATH]).code, 0);
  // Then the wiring arrives.
  const arrived = `${JSON.stringify(hookSettings(), null, 2)}\n`;
  p.writeFile('.claude/settings.json', arrived);

  const approval = await p.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assertFinished(approval);
  const start = hookRuns(approval, 'SessionStart')[0];
  assert.match(String(start?.output?.systemMessage), /\.claude\/settings\.json changed outside a hook; it still runs continuity's hooks; kept/, timeline(approval));
  assert.equal(approval.ledgerStatus.plan?.state, 'approved', timeline(approval));
  assert.equal(readFileSync(join(p.dir, '.claude', 'settings.json'), 'utf8'), arrived);

  const closeout = [say('Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).')];
  // A model that keeps answering the same close-out: held until the gate's own limit lets it through.
  const r = await p.run({ prompt: 'Execute the approved plan.', turns: [[say('Task 1: writing the CSV writer.'), bash('continuity task done 1')], closeout], afterLast: closeout });
  assertFinished(r);
  const stops = hookRuns(r, 'Stop');
  assert.deepEqual(stops.map((h) => h.output?.decision ?? null), ['block', 'block', 'block', null], timeline(r));
  assert.match(String(stops[0]?.output?.reason), /Task 2 "Export endpoint"/);
  assert.equal(readFileSync(join(p.dir, '.claude', 'settings.json'), 'utf8'), arrived, 'the file is intact after the sessions');
  assert.equal(r.ledgerStatus.recentViolations.filter((v: { kind: string }) => v.kind === 'hook_wiring_restored').length, 0);
});
