// Installing continuity into the real OpenClaw as the docs say, in a fresh
// OpenClaw home: `openclaw plugins install <clone>/openclaw` (`--link` with
// CONTINUITY_OPENCLAW_INSTALL_LINK=1), then `continuity init --agent
// openclaw`; OpenClaw's own inspection reports the plugin loaded with no
// warning, doctor passes, and a session is guarded: a write to
// continuity's own config is refused, and a stop at a task boundary is held.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { addedUserText, exec, say, write } from './chat-completions-server.js';
import { OpenClawProject, timeline } from './run-openclaw.js';
import { defaultConfigText } from '../../src/install/default-config.js';

test('openclaw install: `openclaw plugins install` then `continuity init --agent openclaw` in a fresh home; inspect is clean, doctor passes, a locked file is refused and a task-boundary stop held', { timeout: 420_000 }, async () => {
  const p = new OpenClawProject({ install: 'cli' });
  const r = await p.run({
    message: 'Turn the checks off.',
    turns: [[write('.continuity/config.json', '{}\n')], [say('That file cannot be changed here.')]],
    settle: () => p.status().recentViolations.length >= 1,
  });
  assert.match(p.installLog, /Installed plugin: continuity|Linked plugin path: /, p.installLog);
  assert.match(p.installLog, /plugins\.entries\.continuity\.hooks\.allowConversationAccess set to true/, p.installLog);
  assert.match(p.installLog, /continuity is installed for OpenClaw in /, p.installLog);
  const config = parse(readFileSync(p.configPath, 'utf8')) as any;
  assert.equal(config.plugins.entries.continuity.enabled, true);
  assert.equal(config.plugins.entries.continuity.hooks.allowConversationAccess, true);

  // OpenClaw's own view: loaded, every hook registered, nothing blocked or unverified.
  const inspect = await p.inspect();
  assert.equal(inspect.exitCode, 0, inspect.stderr);
  assert.equal(inspect.json.plugin.status, 'loaded', inspect.stdout);
  assert.deepEqual(inspect.json.diagnostics, [], inspect.stdout);
  assert.equal(inspect.json.policy.allowConversationAccess, true);
  assert.ok(['before_prompt_build', 'before_agent_run', 'before_tool_call', 'before_agent_finalize', 'agent_end'].every((h) => JSON.stringify(inspect.json.typedHooks).includes(h)), inspect.stdout);
  // The one notice left is OpenClaw's word on every plugin made of hooks alone ("info").
  assert.deepEqual(inspect.json.compatibility.map((c: { code: string; severity: string }) => `${c.code}:${c.severity}`), ['hook-only:info']);
  assert.doesNotMatch(p.gatewayLog(), /can't verify where this plugin came from|plugins\.allow is empty|allowConversationAccess=true/);

  const doctor = JSON.parse(p.continuity(['doctor', '--json'], p.openclawEnv()).stdout);
  assert.ok(doctor.checks.find((c: { name: string }) => c.name === 'openclaw')?.ok, JSON.stringify(doctor, null, 2));

  // continuity's own config is locked: the model gets the refusal as the tool's result.
  assert.equal(r.turn.exitCode, 0, timeline(p, r));
  assert.match(addedUserText(r.conversation[1]!), /\.continuity\/config\.json is guarded: continuity's ledger and config are written only by continuity/, timeline(p, r));
  // As init wrote it.
  assert.equal(p.readFile('.continuity/config.json'), defaultConfigText());

  const a = await p.run({ message: 'approve', session: 'approval', turns: [[say('Noted.')]] });
  assert.equal(a.ledgerStatus.plan.state, 'approved', timeline(p, a));

  const s = await p.run({
    message: 'Execute the approved plan.',
    turns: [[exec('continuity task done 1')], [say('Task 1 is done. Next I can continue with Task 2 (Export endpoint).')], [say('Task 2 waits for a decision.\n\ncontinuity-closure: waiting_user — the user picks the export format')]],
    settle: ({ hooks }) => hooks().filter((h) => h.kind === 'Stop').length >= 2,
  });
  const stops = s.hooks.filter((h) => h.kind === 'Stop');
  assert.deepEqual(stops.map((h) => h.decision.output?.decision ?? null), ['block', null], timeline(p, s));
  assert.ok(s.hooks.some((h) => h.kind === 'openclaw:ContinuationStarted'), timeline(p, s));
  assert.match(addedUserText(s.conversation[2]!), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task of the same plan/, timeline(p, s));
  assert.equal(join(p.stateDir, 'openclaw.json'), p.configPath);
  await p.stop();
});
