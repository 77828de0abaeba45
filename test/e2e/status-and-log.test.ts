/**
 * `continuity status` (once and --watch) and `continuity log` through the
 * real CLI, in projects whose ledger was filled by real hook payloads: an
 * approval by the user's prompt, a guard deny, a subagent dispatch, a Stop
 * block at a task boundary.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, cliCommand, cliEnv, hook, runCli, tempProject, type CliResult } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';
import { approvedProject, cli, stopHook } from '../helpers/session.js';

const PLAN = `# Search Implementation Plan

### Task 1: Tokenizer

Split text into terms.

### Task 2: Index

Build the inverted index.

### Task 3: Query

Answer queries.
`;
const SESSION = 'session-test-1';
const ANSI = /\u001b\[/;

type Json = Record<string, unknown>;

function h(project: string, fields: Json): Json | null {
  const r = hook(project, fields, { sessionId: SESSION });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Json) : null;
}

/** An approved plan, then: a guard deny, a background subagent dispatched, Task 1 done and a Stop blocked at the boundary. */
function recordedSession(): string {
  const project = approvedProject('docs/plans/search.md', PLAN);
  const denied = h(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_01', tool_input: { command: `echo '{}' > .continuity/config.json` } });
  assert.equal((denied?.hookSpecificOutput as Json | undefined)?.permissionDecision, 'deny');
  const agent = { description: 'Review the tokenizer', prompt: 'Review src/tokenizer.ts.', subagent_type: 'code-reviewer', run_in_background: true };
  assert.equal(h(project, { hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_use_id: 'toolu_02Agent', tool_input: agent }), null);
  assert.equal(h(project, { hook_event_name: 'PostToolUse', tool_name: 'Agent', tool_use_id: 'toolu_02Agent', tool_input: agent, tool_response: { isAsync: true, status: 'async_launched', agentId: 'a1b2c3d', description: agent.description, prompt: agent.prompt } }), null);
  cli(project, ['task', 'done', '1']);
  assert.equal(stopHook(project, {}, SESSION)?.decision, 'block');
  // A call nothing decides on: spooled, taken into the ledger by the next command.
  assert.equal(h(project, { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: 'toolu_03', tool_input: { file_path: join(project, 'src/tokenizer.ts') } }), null);
  return project;
}

function status(project: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): CliResult {
  const r = runCli(['status', ...args], { cwd: project, env: { CLAUDE_PROJECT_DIR: project, ...env } });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

function log(project: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(['log', ...args], { cwd: project, env: { CLAUDE_PROJECT_DIR: project, ...env } });
}

function assertFits(text: string, width = 80): void {
  for (const line of text.split('\n')) assert.ok(line.length <= width, `wider than ${width}: ${line}`);
}

test('status shows the approval, the tasks, the run, the Stop block and the guard deny, in 80 columns without colour into a pipe', () => {
  const project = recordedSession();
  const { stdout } = status(project);
  assert.doesNotMatch(stdout, ANSI);
  assertFits(stdout);
  assert.match(stdout, /^Plan {6}search · superpowers · docs\/plans\/search\.md$/m);
  assert.match(stdout, /^State {5}approved: bound to its current structure\.$/m);
  assert.match(stdout, /^Approved {2}\d{4}-\d\d-\d\d \d\d:\d\d via user-prompt · /m);
  assert.match(stdout, /^Tasks {5}█{8}░{16} 1\/3 complete · 2 pending$/m);
  assert.match(stdout, /^Last done Task 1: Tokenizer$/m);
  assert.match(stdout, /^Next {6}Task 2: Index$/m);
  assert.match(stdout, /^Runs {6}1 subagent run\(s\) · 1 not delivered$/m);
  assert.match(stdout, /^ {2}r-1 +active +\d+ s {2}code-reviewer · Review the tokenizer$/m);
  assert.match(stdout, /^Stops {5}1 stop blocked by the gate · last /m);
  assert.match(stdout, /^ {2}\d\d:\d\d {2}Task 1 → 2: not dispatched \(block 1\) {2}session-$/m);
  assert.match(stdout, /^Violations 1 · last /m);
  assert.match(stdout, /^ {2}\d\d:\d\d {2}guarded_write_denied {2}Bash \(redirect >\) to \.continuity\/config\.json den…$/m);
});

test('colour: never with NO_COLOR, even when forced; FORCE_COLOR forces it into a pipe', () => {
  const project = recordedSession();
  assert.doesNotMatch(status(project, [], { NO_COLOR: '1' }).stdout, ANSI);
  assert.doesNotMatch(status(project, [], { NO_COLOR: '1', FORCE_COLOR: '1' }).stdout, ANSI);
  assert.doesNotMatch(log(project, [], { NO_COLOR: '1', FORCE_COLOR: '1' }).stdout, ANSI);
  const forced = status(project, [], { FORCE_COLOR: '1' }).stdout;
  assert.match(forced, /\u001b\[32;1mapproved:\u001b\[0m/);
  assert.match(log(project, ['--decision', 'deny'], { FORCE_COLOR: '1' }).stdout, /\u001b\[31mdeny\u001b\[0m/);
});

test('status --json keeps its keys and adds the Stop blocks, the totals, the task counts and the spool', () => {
  const project = recordedSession();
  const s = JSON.parse(status(project, ['--json']).stdout);
  assert.equal(s.plan.state, 'approved');
  assert.equal(s.plan.approval.via, 'user-prompt');
  assert.deepEqual([s.progress.total, s.progress.complete, s.progress.inProgress, s.progress.blocked, s.progress.pending], [3, 1, 0, 0, 2]);
  assert.equal(s.progress.next.id, '2');
  assert.equal(s.recentStopBlocks.length, 1);
  assert.deepEqual(
    (({ action, obligation, reason, blocks, sessionId }) => ({ action, obligation, reason, blocks, sessionId }))(s.recentStopBlocks[0]),
    { action: 'block', obligation: 'auto_next', reason: 'missing_auto_next_dispatch', blocks: 1, sessionId: SESSION },
  );
  assert.match(s.recentStopBlocks[0].boundary, /#1->2$/);
  assert.deepEqual(s.totals, { violations: 1, stopBlocks: 1 });
  assert.equal(s.recentViolations[0].kind, 'guarded_write_denied');
  assert.equal(s.runs[0].status, 'active');
  assert.ok(!Number.isNaN(Date.parse(s.takenAt)));
  // The spooled call was taken into the ledger when status opened it.
  assert.equal(s.ledger.spooled, 0);
  assert.equal(s.recentEvents[0].kind, 'PreToolUse');
});

test('log: one line per recorded call, newest last, with its verdict, subject and reason; spooled calls included', () => {
  const project = recordedSession();
  const r = log(project);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, ANSI);
  assertFits(r.stdout);
  const lines = r.stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /^── \d{4}-\d\d-\d\d · .+ ──$/);
  const body = lines.filter((l) => /^\d\d:\d\d:\d\d /.test(l));
  assert.match(body[0]!, / plan\.import +recorded +docs\/plans\/search\.md · draft, 3 tasks$/);
  // At 80 columns the subject and the reason share what the fixed columns leave; --json has them whole.
  assert.ok(body.some((l) => /UserPromptSubmit +context +"approve" · plan search approved by the u…$/.test(l)), r.stdout);
  assert.ok(body.some((l) => /PreToolUse +deny +Bash echo '\{\}' > \.… · \.continuity\/config\.…$/.test(l)), r.stdout);
  assert.ok(body.some((l) => /PreToolUse +allow +Agent Review the t… · subagent dispatch r…$/.test(l)), r.stdout);
  assert.ok(body.some((l) => /task\.done +recorded +Task 1 · complete$/.test(l)), r.stdout);
  assert.ok(body.some((l) => /Stop +block +Task 1 → 2 · not dispatched \(block 1\)$/.test(l)), r.stdout);
  const json = log(project, ['--json']).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
  const deny = json.find((e) => e.verdict === 'deny')!;
  assert.equal(deny.subject, `Bash echo '{}' > .continuity/config.json`);
  assert.match(String(deny.summary), /^\.continuity\/config\.json is guarded \(Bash \(redirect >\)\)$/);
  const dispatch = json.find((e) => e.kind === 'PreToolUse' && (e.input as Json).tool_name === 'Agent')!;
  assert.equal(dispatch.subject, 'Agent Review the tokenizer');
  assert.equal(dispatch.summary, 'subagent dispatch recorded (code-reviewer, background)');
  assert.match(body[body.length - 1]!, /PreToolUse +allow +Read src\/tokenizer\.ts$/, 'the spooled call, last');
});

test('log filters: decision, event, session (or its start), since, limit; --json is one object per line with every field', () => {
  const project = recordedSession();
  const deny = log(project, ['--decision', 'deny']).stdout.trimEnd().split('\n').slice(1);
  assert.equal(deny.length, 1);
  assert.match(deny[0]!, /PreToolUse +deny /);
  const stops = log(project, ['--event', 'stop', '--decision', 'block,deny']).stdout.trimEnd().split('\n').slice(1);
  assert.equal(stops.length, 1);
  assert.match(stops[0]!, /Stop +block +Task 1 → 2/);

  const json = log(project, ['--json']).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
  assert.ok(json.length >= 8);
  const ids = json.map((e) => e.id as number);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'newest last');
  const block = json.find((e) => e.kind === 'Stop' && e.verdict === 'block')!;
  assert.deepEqual(Object.keys(block), ['id', 'at', 'source', 'kind', 'sessionId', 'client', 'verdict', 'subject', 'summary', 'input', 'decision']);
  // The payload's event name and session id are the event's own columns, not repeated in its input.
  assert.equal(block.kind, 'Stop');
  assert.equal((block.input as Json).hook_event_name, undefined);
  assert.equal((block.input as Json).stop_hook_active, false);
  assert.equal((block.decision as Json).reason, 'missing_auto_next_dispatch');
  assert.equal(block.summary, 'not dispatched (block 1)');

  const last2 = log(project, ['--json', '--limit', '2']).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
  assert.deepEqual(last2.map((e) => e.id), ids.slice(-2));
  const bySession = log(project, ['--json', '--session', SESSION.slice(0, 8)]).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
  assert.ok(bySession.length > 0 && bySession.every((e) => e.sessionId === SESSION));
  assert.equal(log(project, ['--json', '--session', 'another']).stdout, '');

  assert.equal(log(project, ['--json', '--since', '1h']).stdout.trimEnd().split('\n').length, json.length);
  const future = log(project, ['--since', '2999-01-01']);
  assert.equal(future.code, 0);
  assert.equal(future.stdout, 'no recorded events match\n');
  const since = block.at as string;
  const fromBlock = log(project, ['--json', '--since', since]).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
  assert.ok(fromBlock.every((e) => (e.at as string) >= since));
  assert.equal(fromBlock[0]!.id, block.id);
});

test('log: a bad filter is one line on stderr with exit 2', () => {
  const project = recordedSession();
  for (const [args, message] of [
    [['--since', 'yesterday'], /^continuity: log: --since must be an ISO 8601 date or time .* not "yesterday"\n$/],
    [['--since', '2026-13-45'], /^continuity: log: --since must be .* not "2026-13-45"\n$/],
    [['--decision', 'blocked'], /^continuity: log: --decision must be one of block, deny, ask, allow, context, none, refused, recorded; not "blocked"\n$/],
    [['--limit', '0'], /^continuity: log: --limit must be a whole number from 1 to 10000, not "0"\n$/],
    [['--limit', 'many'], /^continuity: log: --limit must be a whole number/],
    [['--event', 'Stop; DROP TABLE events'], /^continuity: log: --event must be an event name/],
    [['--session', ' '], /^continuity: log: --session needs a session id\n$/],
    [['--verbose'], /^continuity: log: Unknown option '--verbose'/],
  ] as const) {
    const r = log(project, [...args]);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
  for (const [args, message] of [
    [['--interval', '1'], /--interval applies only to --watch/],
    [['--watch', '--interval', '0'], /--interval must be a number of seconds between 0\.1 and 86400, not "0"/],
    [['--watch', '--json'], /--watch draws for a person/],
  ] as const) {
    const r = runCli(['status', ...args], { cwd: project });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
  }
});

test('log and status in a project without continuity say so and exit 0', () => {
  const project = tempProject();
  const r = runCli(['log'], { cwd: project });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /continuity is not enabled in/);
  assert.equal(runCli(['log', '--json'], { cwd: project }).stdout, '');
});

interface Watch {
  /** Resolves with everything printed so far once `pred` holds for it; rejects when the watch ends first. */
  until(pred: (out: string) => boolean): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  interrupt(): void;
}

function watch(project: string, args: string[]): Watch {
  const c = cliCommand(['status', '--watch', ...args]);
  const child = spawn(c.cmd, c.args, { cwd: project, env: cliEnv({ CLAUDE_PROJECT_DIR: project }) });
  let stdout = '';
  let stderr = '';
  const waiters: { pred: (out: string) => boolean; resolve: (s: string) => void; reject: (e: Error) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if (w.pred(stdout)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(stdout);
      }
    }
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    check();
  });
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`the watch ended before the expected frame (exit ${code}, ${signal}):\n${stdout}\n${stderr}`));
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    until: (pred) =>
      new Promise((resolve, reject) => {
        waiters.push({ pred, resolve, reject });
        check();
      }),
    exited,
    interrupt: () => child.kill('SIGINT'),
  };
}

const frames = (out: string) => out.trimEnd().split('\n\n');

test('status --watch redraws from the ledger as it changes and ends cleanly on Ctrl-C (exit 0)', { timeout: 120_000 }, async () => {
  const project = approvedProject('docs/plans/search.md', PLAN);
  const w = watch(project, ['--interval', '0.2']);
  await w.until((out) => /0\/3 complete/.test(out));
  cli(project, ['task', 'done', '1']);
  await w.until((out) => /1\/3 complete/.test(out));
  w.interrupt();
  const { code, signal, stdout, stderr } = await w.exited;
  assert.equal(stderr, '');
  assert.equal(signal, null);
  assert.equal(code, 0);
  assert.doesNotMatch(stdout, ANSI);
  assertFits(stdout);
  const all = frames(stdout);
  assert.ok(all.length >= 2, stdout);
  assert.match(all[0]!, /^continuity · .* · \d\d:\d\d:\d\d · every 0\.2 s \(Ctrl-C stops\)\n/);
  assert.match(all[0]!, /^Tasks {5}░{24} 0\/3 complete · 3 pending$/m);
  assert.match(all[all.length - 1]!, /^Tasks {5}█{8}░{16} 1\/3 complete · 2 pending$/m);
  assert.match(all[all.length - 1]!, /^Last done Task 1: Tokenizer$/m);
});

test('status --watch shows a write denied from the hooks\' hot state at once, while the denial still waits in the spool', { timeout: 120_000 }, async () => {
  const project = approvedProject('docs/plans/search.md', PLAN);
  const w = watch(project, ['--interval', '0.2']);
  const spooled = () => readdirSync(join(project, '.continuity', 'spool')).filter((n) => n.endsWith('.json') && !n.startsWith('.')).length;
  try {
    await w.until((out) => /^Violations none$/m.test(out));
    // The watch's connection changed the ledger files' times; the next decided call brings the hot state up to date.
    h(project, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
    const denied = h(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_01', tool_input: { command: `echo '{}' > .continuity/config.json` } });
    assert.equal((denied?.hookSpecificOutput as Json | undefined)?.permissionDecision, 'deny');
    assert.equal(spooled(), 1, 'the denial was judged from the hot state and spooled');
    const shown = w.until((out) => /^Violations 1 · last /m.test(out) && /guarded_write_denied +Bash \(redirect >\) to \.continuity\/config\.json/.test(out));
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('no frame showed the spooled denial within 30 s')), 30_000).unref());
    await Promise.race([shown, late]);
  } finally {
    w.interrupt();
  }
  const { code } = await w.exited;
  assert.equal(code, 0);
  assert.equal(spooled(), 1, 'the watch left it in the spool');
});

test('status --watch holds no lock between frames, rewrites no hook state and leaves the spool to the next command; --frames ends it', { timeout: 120_000 }, async () => {
  // A draft plan: nothing in the picture changes with time alone, so a frame is printed only for a change.
  const project = tempProject({ 'docs/plans/search.md': PLAN });
  cli(project, ['plan', 'import', 'docs/plans/search.md']);
  const stateFile = join(project, '.continuity', 'state.json');
  const stateBefore = statSync(stateFile).mtimeMs;
  const w = watch(project, ['--interval', '0.2', '--frames', '2']);
  await w.until((out) => /0\/3 complete/.test(out));
  // Between frames the ledger's write lock is free at once (no busy wait allowed).
  const ledger = await openLedger(project);
  try {
    ledger.db.exec('PRAGMA busy_timeout = 0');
    for (let i = 0; i < 5; i++) {
      ledger.db.exec('BEGIN IMMEDIATE');
      ledger.db.exec('COMMIT');
    }
  } finally {
    ledger.close();
  }
  // A hook call nothing decides on is spooled; the watch counts it and leaves it there.
  const spooled = hook(project, { hook_event_name: 'Notification', message: 'Claude is waiting for your input' });
  assert.equal(spooled.code, 0, spooled.stderr);
  const { code, stdout } = await w.exited;
  assert.equal(code, 0);
  const all = frames(stdout);
  assert.equal(all.length, 2, stdout);
  assert.match(all[0]!, /^Ledger {4}1 event · /m);
  assert.match(all[1]!, /^Ledger {4}1 event \(\+1 spooled\) · /m);
  assert.equal(readdirSync(join(project, '.continuity', 'spool')).filter((n) => n.endsWith('.json') && !n.startsWith('.')).length, 1);
  assert.equal(statSync(stateFile).mtimeMs, stateBefore, 'the hooks\' state file is not rewritten by a watch');
  // The next command takes the spooled call in.
  assert.match(log(project, ['--event', 'Notification']).stdout, /Notification +none +Claude is waiting for your input/);
});
