// What `continuity init` writes into .claude/settings.json, run by the real
// client: exec-form handlers with a timeout, matchers per tool event.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bash, say } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookRuns, project, timeline } from './observe.js';

test('init: the hooks init wires are the hooks Claude Code runs, for every event continuity answers in a session', { timeout: 150_000 }, async () => {
  const p = project();
  p.writeFile('.claude/settings.json', '{}\n');
  p.continuity(['init', '--no-gitignore']);
  const settings = readFileSync(join(p.dir, '.claude', 'settings.json'), 'utf8');
  // The build compiles dist/bin/continuity, so init wires the compiled executable (no Node start-up per call).
  assert.match(settings, /"command": ".*dist\/bin\/continuity",\s*"args": \["hook", "claude-code"\]/);

  const r = await p.run({ prompt: 'approve', turns: [[bash('echo hi > notes.txt')], [say('Wrote notes.txt.')]] });
  assertFinished(r);
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(r));
  const ran = new Set(hookRuns(r).map((h) => h.event));
  for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']) assert.ok(ran.has(event), `${event} ran\n${timeline(r)}`);
  for (const h of hookRuns(r)) assert.equal(h.exitCode, 0, `${h.event} exited ${h.exitCode}\n${timeline(r)}`);
  assert.equal(r.files['notes.txt'], 'hi\n');
});
