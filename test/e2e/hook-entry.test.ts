import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { recentEvents } from '../../src/ledger/events.js';
import { hook, NO_STACK, runCli, tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

const PLAN = '# Plan\n\n### Task 1: First\n\nDo the first thing.\n\n### Task 2: Second\n\nDo the second thing.\n';

function enabledProject(): string {
  const project = tempProject({ 'docs/plans/p.md': PLAN });
  const r = runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return project;
}

test('a project without .continuity/ gets no output, no ledger and exit 0', () => {
  const project = tempProject();
  const r = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, '');
  assert.equal(existsSync(join(project, '.continuity')), false);
});

test('every hook call is recorded with its input and decision', async () => {
  const project = enabledProject();
  const calls = [
    { hook_event_name: 'SessionStart', source: 'startup' },
    { hook_event_name: 'UserPromptSubmit', prompt: 'go on' },
    { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'npm test' } },
    { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'npm test' }, tool_response: { stdout: 'ok' } },
  ];
  for (const c of calls) {
    const r = hook(project, c);
    assert.equal(r.code, 0, r.stderr);
  }
  const ledger = await openLedger(project);
  try {
    const events = recentEvents(ledger.db, { sessionId: 'session-test-1', limit: 10 }).reverse();
    assert.deepEqual(events.map((e) => e.kind), ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse']);
    const pre = events[2]!;
    assert.equal((pre.input as { tool_input: { command: string } }).tool_input.command, 'npm test');
    assert.equal((pre.decision as { action: string }).action, 'none');
  } finally {
    ledger.close();
  }
});

test('an event continuity does not know yet is recorded and answered with nothing', async () => {
  const project = enabledProject();
  const r = hook(project, { hook_event_name: 'SomeFutureEvent', extra: { nested: true } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  const ledger = await openLedger(project);
  try {
    assert.equal(recentEvents(ledger.db, { kind: 'SomeFutureEvent' }).length, 1);
  } finally {
    ledger.close();
  }
});

for (const [name, input, pattern] of [
  ['non-JSON stdin', 'not json at all', /payload is not JSON/],
  ['empty stdin', '', /payload is not JSON/],
  ['missing session_id', JSON.stringify({ hook_event_name: 'Stop', cwd: '/tmp' }), /session_id/],
  ['missing hook_event_name', JSON.stringify({ session_id: 's', cwd: '/tmp' }), /hook_event_name/],
  ['PreToolUse without tool_name', JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: '/tmp' }), /invalid PreToolUse payload: tool_name/],
  ['UserPromptSubmit with a numeric prompt', JSON.stringify({ session_id: 's', hook_event_name: 'UserPromptSubmit', cwd: '/tmp', prompt: 42 }), /prompt: expected string, received 42/],
] as const) {
  test(`a malformed payload (${name}) gets one line on stderr and exit 1, never a stack trace`, () => {
    const project = enabledProject();
    const r = runCli(['hook', 'claude-code'], { cwd: project, input, env: { CLAUDE_PROJECT_DIR: project } });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.doesNotMatch(r.stderr, NO_STACK);
  });
}

test('the project root is found from the payload cwd, walking up to .continuity/', async () => {
  const project = enabledProject();
  const nested = join(project, 'src', 'deep');
  mkdirSync(nested, { recursive: true });
  const r = runCli(['hook', 'claude-code'], {
    cwd: nested,
    input: JSON.stringify({ session_id: 'walk', hook_event_name: 'Notification', cwd: nested, message: 'hi' }),
    env: {},
  });
  assert.equal(r.code, 0, r.stderr);
  const ledger = await openLedger(project);
  try {
    assert.equal(recentEvents(ledger.db, { sessionId: 'walk' }).length, 1);
  } finally {
    ledger.close();
  }
});

test('an invalid config makes a hook exit 1 with one line naming the key', () => {
  const project = enabledProject();
  writeFileSync(join(project, '.continuity', 'config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 0 } }');
  const r = hook(project, { hook_event_name: 'Stop' });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /config\.json: stopGate\.maxConsecutiveBlocks/);
});

test('an unknown agent for `hook` is a usage error (exit 2)', () => {
  const project = tempProject();
  const r = runCli(['hook', 'vim'], { cwd: project, input: '{}' });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown agent "vim"/);
});
