import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { recentEvents } from '../../src/ledger/events.js';
import { cliCommand, hook, NO_STACK, NODE, payload, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';
import { spawn, spawnSync } from 'node:child_process';
import { openLedger } from '../helpers/ledger.js';

const PLAN = '# Plan\n\n### Task 1: First\n\nDo the first thing.\n\n### Task 2: Second\n\nDo the second thing.\n';

// The ledger's files as written last (SQLite in WAL mode writes the -wal file first).
function ledgerStamp(project: string): string {
  return ['ledger.db', 'ledger.db-wal'].map((f) => join(project, '.continuity', f)).map((f) => (existsSync(f) ? `${statSync(f).mtimeMs}:${statSync(f).size}` : '-')).join(' ');
}

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

test('an invalid config does not switch the hooks off: they decide with the defaults and say which key is wrong', () => {
  const project = enabledProject();
  assert.equal(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
  writeFileSync(join(project, '.continuity', 'config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 0 } }');
  const r = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, '.continuity/ledger.sqlite'), content: 'x' } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { systemMessage?: string; hookSpecificOutput?: { permissionDecision?: string } };
  assert.equal(out.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(out.systemMessage), /config\.json cannot be used .*stopGate\.maxConsecutiveBlocks.*the defaults are used/);
});

test('an unknown agent for `hook` is a usage error (exit 2)', () => {
  const project = tempProject();
  const r = runCli(['hook', 'vim'], { cwd: project, input: '{}' });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown agent "vim"/);
});

test('with no plan and no subagent run, prompts, session starts, compactions and stops are recorded without opening the ledger', async () => {
  const project = tempProject();
  mkdirSync(join(project, '.continuity'));
  const calls = [
    { hook_event_name: 'SessionStart', source: 'startup' },
    { hook_event_name: 'UserPromptSubmit', prompt: 'approve' },
    { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' },
    { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' },
  ];
  // The first call has no hot state yet, so it is decided in full and writes one.
  assert.equal(hook(project, calls[0]!).code, 0);
  assert.ok(existsSync(join(project, '.continuity', 'ledger.db')));
  const before = ledgerStamp(project);
  for (const c of calls) {
    const r = hook(project, c);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
  }
  assert.equal(ledgerStamp(project), before, 'the ledger was not written');
  assert.equal(readdirSync(join(project, '.continuity', 'spool')).length, calls.length, 'each call is spooled');
  const ledger = await openLedger(project);
  try {
    assert.deepEqual(recentEvents(ledger.db, { limit: 10 }).reverse().map((e) => e.kind).slice(-4), ['SessionStart', 'UserPromptSubmit', 'PreCompact', 'Stop']);
  } finally {
    ledger.close();
  }
});

test('a draft plan\'s stop is recorded without opening the ledger; a closure line still opens it', () => {
  const project = enabledProject();
  assert.equal(hook(project, { hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  const spool = join(project, '.continuity', 'spool');
  const spooled = () => (existsSync(spool) ? readdirSync(spool).length : 0);
  const before = spooled();
  assert.equal(hook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Here is my review of the plan.' }).stdout, '');
  assert.equal(spooled(), before + 1);
  const stamp = ledgerStamp(project);
  assert.equal(hook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Which option?\ncontinuity-closure: waiting_user — the option to take' }).code, 0);
  assert.equal(spooled(), 0, 'opening the ledger ingested the spool');
  assert.notEqual(ledgerStamp(project), stamp, 'the closure was recorded in the ledger');
});

test('a project\'s .env does not reach the hooks (the compiled executable would otherwise load it)', () => {
  const project = enabledProject();
  writeFileSync(join(project, '.env'), 'CONTINUITY_SQLITE_DRIVER=not-a-driver\nCLAUDE_PROJECT_DIR=/nowhere\n');
  const r = hook(project, { hook_event_name: 'SessionStart', source: 'startup' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /is a draft/);
});

test('a hook still wired to the entry\'s former name, dist/cli.mjs, gets the same answer', () => {
  const project = enabledProject();
  const input = payload(project, { hook_event_name: 'SessionStart', source: 'startup' });
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project };
  const former = spawnSync(NODE, [join(REPO_ROOT, 'dist', 'cli.mjs'), 'hook', 'claude-code'], { cwd: project, input, env, encoding: 'utf8' });
  assert.equal(former.status, 0, former.stderr);
  assert.match(former.stdout, /is a draft/);
  assert.equal(former.stdout, hook(project, { hook_event_name: 'SessionStart', source: 'startup' }).stdout);
});

test('a reader that closes the pipe early (`continuity … | head`) ends the output quietly: no stack, exit 0', async () => {
  const project = enabledProject();
  for (const args of [['--help'], ['plan', 'show'], ['init', '--dry-run', '--no-gitignore']]) {
    const c = cliCommand(args);
    const child = spawn(c.cmd, c.args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first line is written
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(stderr, '', args.join(' '));
    assert.equal(code, 0, args.join(' '));
  }
});
