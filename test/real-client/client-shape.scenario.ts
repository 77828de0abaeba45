// What the Claude Code under test (each version the suite checks) sends and runs, checked so that a version bump
// that changes it fails here first, with the reason in plain sight.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAUDE_UNDER_TEST } from './claude-version.js';
import { SCRIPTED_API_KEY } from '../../src/demo/real-client/claude-process.js';
import { bash, say } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookRuns, project, timeline } from './observe.js';
import { HOOK_EVENTS } from './run-claude.js';

test(`Claude Code ${CLAUDE_UNDER_TEST.version} talks to the scripted server as to the Messages API, and runs the hooks of one session`, { timeout: 150_000 }, async () => {
  const p = project();
  const r = await p.run({ prompt: 'List the plan file.', turns: [[bash('ls docs/plans')], [say('One plan file.')]] });
  assertFinished(r);

  const first = r.conversation[0]!;
  assert.equal(first.method, 'POST');
  assert.equal(first.path, '/v1/messages');
  assert.equal(first.headers['anthropic-version'], '2023-06-01');
  assert.equal(first.headers['x-api-key'], SCRIPTED_API_KEY);
  assert.match(String(first.headers['user-agent']), new RegExp(`^claude-cli/${CLAUDE_UNDER_TEST.version.replace(/\./g, '\\.')} `));
  assert.equal(first.body.stream, true);
  const tools = (first.body.tools as { name: string }[]).map((t) => t.name);
  for (const name of ['Bash', 'Write', 'Edit', 'Read']) assert.ok(tools.includes(name), `tool ${name} offered`);

  // Requests and hook payloads belong to one session.
  assert.ok(r.sessionId, 'a session id on stdout');
  for (const q of r.conversation) assert.equal(q.headers['x-claude-code-session-id'], r.sessionId);
  const hookEvents = (r.ledgerStatus.recentEvents as { kind: string; sessionId: string | null }[]).filter((e) => (HOOK_EVENTS as readonly string[]).includes(e.kind));
  assert.ok(hookEvents.length > 0, 'the ledger recorded the hook calls');
  const sessions = new Set(hookEvents.map((e) => e.sessionId));
  assert.deepEqual([...sessions], [r.sessionId], 'the hooks were called with the session id Claude Code sends the API');

  // The hooks wired in .claude/settings.json ran, each answered with exit 0.
  const ran = hookRuns(r);
  assert.deepEqual([...new Set(ran.map((h) => h.event))], ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'], timeline(r));
  for (const h of ran) assert.equal(h.exitCode, 0, `${h.name} exited ${h.exitCode}`);
  for (const event of ran.map((h) => h.event)) assert.ok((HOOK_EVENTS as readonly string[]).includes(event));
  // The tool really ran in the project.
  assert.match(JSON.stringify(r.conversation[1]!.body.messages.at(-1)), /payments-export\.md/);
});
