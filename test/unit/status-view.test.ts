import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Snapshot } from '../../src/app/snapshot.js';
import type { RunView } from '../../src/app/watchdog-runs.js';
import { barCells, describeStopBlock, renderStatus } from '../../src/cli/render/status-view.js';
import { shortSession } from '../../src/cli/render/status-view.js';
import { stripAnsi } from '../../src/cli/render/style.js';
import { displayWidth } from '../../src/cli/render/text.js';

const NOW = '2026-11-22T12:00:00.000Z';
const ESCAPE = /\u001b/;

function run(n: number, over: Partial<RunView> = {}): RunView {
  return {
    runId: `r-${n}`,
    sessionId: 's-1',
    source: 'claude-code',
    agentType: 'code-reviewer',
    description: `Review part ${n}`,
    childSessionKey: null,
    status: 'active',
    reason: 'within_sla',
    recoveryAction: 'none',
    ageSeconds: 12,
    age: '12 s',
    dispatchAt: '2026-11-22T11:59:48.000Z',
    expectedBy: '2026-11-22T12:09:48.000Z',
    childDone: false,
    childDoneAt: null,
    capturedResultChars: null,
    completionReceivedAt: null,
    forwardedToMain: null,
    resultSource: null,
    respawnOf: null,
    recoveryAttempts: [],
    ownerReport: null,
    ...over,
  } as RunView;
}

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  const tasks = [
    { id: '1', title: 'Tokenizer', state: 'complete' as const, highRiskStop: false },
    { id: '2', title: 'Index', state: 'in_progress' as const, highRiskStop: false },
    { id: '3', title: 'Query parser', state: 'blocked' as const, highRiskStop: false },
    { id: '4', title: 'Ranking', state: 'pending' as const, highRiskStop: true },
  ];
  return {
    enabled: true,
    root: '/home/dev/projects/search',
    takenAt: NOW,
    ledger: { path: '/home/dev/projects/search/.continuity/ledger.db', driver: 'better-sqlite3', events: 42, spooled: 0 },
    plan: {
      id: 'search',
      path: 'docs/plans/search.md',
      dialect: 'superpowers',
      title: 'Search',
      structureHash: 'abc',
      state: 'approved',
      approval: { at: '2026-11-22T11:00:00.000Z', via: 'user-prompt', structureHash: 'abc' },
      tasks,
    },
    progress: {
      total: 4,
      complete: 1,
      inProgress: 1,
      blocked: 1,
      pending: 1,
      lastCompleted: tasks[0]!,
      current: tasks[1]!,
      next: tasks[3]!,
      finished: false,
    },
    nextStep: { kind: 'in_progress', taskId: '2' },
    pendingActions: [],
    runs: [],
    recentViolations: [],
    recentStopBlocks: [],
    totals: { violations: 0, stopBlocks: 0 },
    recentEvents: [],
    sessions: [],
    ...over,
  };
}

function assertFits(text: string, width: number): void {
  for (const line of text.split('\n')) {
    const shown = stripAnsi(line);
    assert.ok(displayWidth(shown) <= width, `wider than ${width} (${displayWidth(shown)}): ${shown}`);
    assert.ok(shown.length <= width, `longer than ${width}: ${shown}`);
  }
}

const LONG = 'Rebuild the inverted index incrementally so that a change to one document never rewrites the whole segment file on disk';

test('the picture: plan, approval with its age, task counts by state, current and next', () => {
  const out = renderStatus(snapshot(), { width: 80, now: NOW });
  assert.match(out, /^continuity · \/home\/dev\/projects\/search$/m);
  assert.match(out, /^Plan {6}search · superpowers · docs\/plans\/search\.md$/m);
  assert.match(out, /^State {5}approved: bound to its current structure\.$/m);
  assert.match(out, /^Approved {2}2026-11-22 11:00 via user-prompt · 1 h ago$/m);
  // What does not fit flows onto the next line, under the values.
  assert.match(out, /^Tasks {5}█{6}▓{6}▒{6}░{6} 1\/4 complete · 1 in progress · 1 blocked\n {10}1 pending$/m);
  assert.match(out, /^Last done Task 1: Tokenizer$/m);
  assert.match(out, /^Current {3}Task 2: Index \(in progress\)$/m);
  assert.match(out, /^Next {6}Task 4: Ranking \(high-risk stop\)$/m);
  assert.match(out, /^Stops {5}no stop blocked by the gate$/m);
  assert.match(out, /^Violations none$/m);
  assertFits(out, 80);
});

test('every line fits 80 columns with long titles, long paths, many runs and huge counts', () => {
  const s = snapshot();
  const long = { id: '12', title: LONG, state: 'in_progress' as const, highRiskStop: true };
  const runs = Array.from({ length: 40 }, (_, i) => run(i + 1, { description: LONG, agentType: 'a-subagent-type-with-a-very-long-name', status: i % 3 ? 'completed' : 'suspect_delivery_failure', age: '12 d 23 h' }));
  const out = renderStatus(
    snapshot({
      root: `/home/dev/${'deeply/nested/'.repeat(10)}project`,
      plan: { ...s.plan!, id: 'an-extremely-long-plan-identifier-that-goes-on-and-on', path: `docs/plans/${'very-long-directory-name/'.repeat(4)}plan.md`, state: 'stale' },
      progress: { ...s.progress!, total: 123_456_789, complete: 98_765_432, inProgress: 1_234_567, blocked: 7_654_321, pending: 15_802_469, current: long, next: long, lastCompleted: long },
      pendingActions: Array.from({ length: 9 }, (_, i) => ({ id: `pa-${i}0123456789`, taskId: '12', text: LONG, state: 'open' as const, raisedAt: NOW, absorbedInto: null, dropReason: null })),
      nextStep: { kind: 'replan', fromTaskId: '12', actionIds: [] },
      runs,
      recentViolations: [{ at: NOW, sessionId: 's', kind: 'guarded_write_denied', summary: LONG }],
      recentStopBlocks: [{ eventId: 9, at: NOW, sessionId: '9f1c2d3e-7a5b-4c7d-8e1f-2a3b4c5d6e7f', action: 'block', obligation: 'auto_next', boundary: `plan#${'1'.repeat(40)}->${'2'.repeat(40)}`, reason: 'missing_auto_next_dispatch', blocks: 2, watchdog: null }],
      totals: { violations: 9_876_543_210, stopBlocks: 1_234_567_890 },
      ledger: { ...s.ledger, events: 9_999_999_999, spooled: 123_456 },
      recentEvents: [{ id: 9_999_999_999, at: NOW, kind: 'PreToolUse', sessionId: 's', decision: { action: 'deny', rules: { 'guard-before': { action: 'deny', path: LONG, via: 'Bash (tee)' } } } }],
    }),
    { width: 80, now: NOW },
  );
  assertFits(out, 80);
  assert.match(out, /…/, 'long text is cut with an ellipsis');
  assert.match(out, /^Tasks .* 98,765,432\/123,456,789 complete/m);
  assert.match(out, /^ {2}… 35 more \(status --json lists them\)$/m, 'five runs shown of forty');
  assert.match(out, /^ {2}… 6 more \(status --json lists them\)$/m, 'three actions shown of nine');
  assert.match(out, /^Approved {2}2026-11-22 11:00 via user-prompt · 1 h ago\n {10}bound to an earlier structure$/m);
  assert.match(out, /^Ledger {4}9,999,999,999 events \(\+123,456 spooled\)/m);
  // The runs that still owe a result are listed first.
  assert.match(out, /^Runs {6}40 subagent run\(s\) · 14 not delivered$/m);
  const runLines = out.split('\n').filter((l) => /^ {2}r-\d+ /.test(l));
  assert.equal(runLines.length, 5);
  for (const l of runLines) assert.match(l, /suspect_delivery_failure/);
});

test('any width from a narrow to a wide terminal is respected', () => {
  const s = snapshot({ runs: [run(1, { description: LONG })], pendingActions: [{ id: 'pa-1', taskId: '1', text: LONG, state: 'open', raisedAt: NOW, absorbedInto: null, dropReason: null }] });
  for (const width of [20, 40, 60, 100, 120]) assertFits(renderStatus(s, { width, now: NOW, colour: true }), width);
  const wide = renderStatus(s, { width: 120, now: NOW });
  assert.ok(wide.split('\n').some((l) => displayWidth(l) > 80), 'a wide terminal gets wide lines');
});

test('without colour there is no escape sequence at all, even from text an agent wrote', () => {
  const evil = 'Title \u001b[31mred\u001b[0m and \u001b]0;pwned\u0007';
  const s = snapshot();
  const out = renderStatus(
    snapshot({
      plan: { ...s.plan!, id: evil },
      progress: { ...s.progress!, current: { ...s.progress!.current!, title: evil } },
      recentViolations: [{ at: NOW, sessionId: null, kind: 'guarded_write_denied', summary: evil }],
      totals: { violations: 1, stopBlocks: 0 },
    }),
    { width: 80, now: NOW, colour: false },
  );
  assert.doesNotMatch(out, ESCAPE);
  assert.doesNotMatch(out, /\u0007/);
});

test('with colour on, states are coloured and the text is the same once escapes are removed', () => {
  const s = snapshot({ runs: [run(1)], totals: { violations: 1, stopBlocks: 0 }, recentViolations: [{ at: NOW, sessionId: null, kind: 'guarded_write_denied', summary: 'Write to x denied' }] });
  const plain = renderStatus(s, { width: 80, now: NOW, colour: false });
  const coloured = renderStatus(s, { width: 80, now: NOW, colour: true });
  assert.match(coloured, /\u001b\[32;1mapproved:\u001b\[0m/);
  assert.match(coloured, /\u001b\[31mguarded_write_denied\u001b\[0m/);
  assert.equal(stripAnsi(coloured), plain);
});

test('no plan yet: the picture says how to start', () => {
  const out = renderStatus(snapshot({ plan: null, progress: null, nextStep: null }), { width: 80 });
  assert.match(out, /^Plan {6}none imported \(continuity plan import FILE\)$/m);
});

test('Stop blocks: where, why and which block, newest first; a stop let go after the limit says so', () => {
  const out = renderStatus(
    snapshot({
      recentStopBlocks: [
        { eventId: 12, at: '2026-11-22T11:58:00.000Z', sessionId: '9f1c2d3e-7a5b', action: 'allow_after_limit', obligation: 'auto_next', boundary: 'search#2->3', reason: 'missing_auto_next_dispatch', blocks: 3, watchdog: null },
        { eventId: 10, at: '2026-11-22T11:55:00.000Z', sessionId: '9f1c2d3e-7a5b', action: 'block', obligation: 'replan', boundary: 'search#replan-after-1', reason: 'replan_due', blocks: 1, watchdog: null },
        { eventId: 8, at: '2026-11-21T09:00:00.000Z', sessionId: null, action: 'block', obligation: 'watchdog_delivery', boundary: null, reason: null, blocks: null, watchdog: { delivered: ['r-1'], respawn: [], escalated: [] } },
      ],
      totals: { violations: 0, stopBlocks: 7 },
    }),
    { width: 80, now: NOW },
  );
  assert.match(out, /^Stops {5}7 stops blocked by the gate · last 2 min ago$/m);
  assert.match(out, /^ {2}11:58 {2}Task 2 → 3: let go after 3 blocks: not dispatched {2}9f1c2d3e$/m);
  assert.match(out, /^ {2}11:55 {2}after Task 1: replan due \(block 1\) {2}9f1c2d3e$/m);
  assert.match(out, /^ {2}11-21 09:00 {2}result of run r-1 delivered$/m);
  assert.equal(describeStopBlock({ eventId: 1, at: NOW, sessionId: null, action: 'block', obligation: 'auto_next', boundary: 'p#1->2', reason: 'missing_auto_next_dispatch', blocks: 1, watchdog: null }), 'Task 1 → 2: not dispatched (block 1)');
});

test('times are shown in the given time zone', () => {
  const out = renderStatus(snapshot(), { width: 80, now: NOW, timeZone: 'Asia/Tokyo' });
  assert.match(out, /^Approved {2}2026-11-22 20:00 via user-prompt/m);
});

test('watch frames name the time they were drawn; a short terminal loses the recent decisions first, then the end', () => {
  const events = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, at: NOW, kind: 'Stop', sessionId: 's', decision: { action: 'allow', why: 'mid_task' } }));
  const s = snapshot({ recentEvents: events });
  const framed = renderStatus(s, { width: 80, now: NOW, watch: { intervalSeconds: 0.5 } });
  assert.match(framed.split('\n')[0]!, / · 12:00:00 · every 0\.5 s \(Ctrl-C stops\)$/);
  const full = renderStatus(s, { width: 80, now: NOW });
  assert.match(full, /^Recent {4}last 5 of 42/m);
  const total = full.trimEnd().split('\n').length;
  const shorter = renderStatus(s, { width: 80, now: NOW, height: total - 1 });
  assert.doesNotMatch(shorter, /^Recent/m);
  const tiny = renderStatus(s, { width: 80, now: NOW, height: 5 }).trimEnd().split('\n');
  assert.equal(tiny.length, 5);
  assert.match(tiny[4]!, /^… \d+ more lines \(a taller terminal shows them\)$/);
});

test('the bar gives each state its share, and at least one cell to a state with any task', () => {
  assert.deepEqual(barCells({ complete: 1, inProgress: 1, blocked: 1, pending: 1 }, 24), { complete: 6, inProgress: 6, blocked: 6, pending: 6 });
  assert.deepEqual(barCells({ complete: 0, inProgress: 0, blocked: 0, pending: 0 }, 24), { complete: 0, inProgress: 0, blocked: 0, pending: 24 });
  const skewed = barCells({ complete: 998, inProgress: 0, blocked: 1, pending: 1 }, 24);
  assert.equal(skewed.blocked, 1);
  assert.equal(skewed.pending, 1);
  assert.equal(skewed.complete + skewed.inProgress + skewed.blocked + skewed.pending, 24);
});

test('the layer in force: one Guard line per wired client, each with its own layer; none wired is said', () => {
  const wall = { level: 'hooks-only' as const, summary: 'hooks only: the sandbox is not enabled in any Claude Code settings file', gaps: [] };
  // A picture without `guard` (an older tool's) shows Claude Code's layer as its own line.
  assert.match(renderStatus(snapshot({ wall }), { width: 100, now: NOW }), /^Guard {5}Claude Code · hooks only: the sandbox is not enabled/m);
  const guard = [
    { agent: 'claude-code', label: 'Claude Code', level: 'structural' as const, summary: "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ read-only", gaps: ['a gap'] },
    { agent: 'codex', label: 'Codex', level: 'hooks-only' as const, summary: 'hooks only: sandbox_mode is danger-full-access in .codex/config.toml', gaps: [] },
    { agent: 'gemini', label: 'Gemini CLI', level: 'refusing' as const, summary: 'refusing: Gemini CLI shell commands are refused', gaps: [] },
  ];
  const out = renderStatus(snapshot({ wall, guard }), { width: 100, now: NOW });
  assert.match(out, /^Guard {5}Claude Code · structural: Claude Code's OS sandbox \(bubblewrap\) keeps \.continuity\/\n {10}read-only$/m);
  assert.match(out, /^ {2}a gap$/m);
  assert.match(out, /^ {10}Codex · hooks only: sandbox_mode is danger-full-access in \.codex\/config\.toml$/m);
  assert.match(out, /^ {10}Gemini CLI · refusing: Gemini CLI shell commands are refused$/m);
  assert.equal(out.match(/^Guard/gm)!.length, 1);
  assert.doesNotMatch(out, /^Guard {5}structural/m, 'no line speaks for the project as a whole');
  assertFits(out, 100);
  assert.match(renderStatus(snapshot({ wall, guard: [] }), { width: 100, now: NOW }), /^Guard {5}no client's settings here run continuity's hooks/m);
});

test('who recorded each task, with its client and session, and the sessions by client', () => {
  const s = snapshot();
  const tasks = s.plan!.tasks;
  tasks[0]!.recordedBy = { at: '2026-11-22T11:40:00.000Z', source: 'cli', client: 'codex', sessionId: '019a3f2b-77aa-4bcd' };
  tasks[2]!.recordedBy = { at: '2026-11-22T11:50:00.000Z', source: 'hook:claude-code', client: 'unknown', sessionId: null };
  const sessions = [
    { client: 'claude-code', count: 2, sessions: [{ sessionId: '9f1c2d3e-7a5b', firstAt: NOW, lastAt: '2026-11-22T11:58:00.000Z', events: 4 }] },
    { client: 'codex', count: 1, sessions: [{ sessionId: '019a3f2b-77aa-4bcd', firstAt: NOW, lastAt: '2026-11-22T11:41:00.000Z', events: 9 }] },
  ];
  const out = renderStatus({ ...s, sessions }, { width: 100, now: NOW });
  assert.match(out, /^Done by {3}2 tasks · unknown 1 · codex 1$/m);
  assert.match(out, /^ {2}11:50 {2}Task 3: Query parser \(blocked\) {2}unknown · no session$/m);
  assert.match(out, /^ {2}11:40 {2}Task 1: Tokenizer {2}codex · 019a3f2b$/m);
  assert.match(out, /^Sessions {2}claude-code 2 \(latest 9f1c2d3e, 2 min ago\) · codex 1 \(latest 019a3f2b, 19 min ago\)$/m);
  assertFits(out, 100);
});

test("a session is shown by the part of its id that tells it apart: a UUID's first 8 characters, an OpenClaw session key's part after agent:<id>:", () => {
  assert.equal(shortSession('019d036d-c7fa-72d2-b6fd-78878bfe34e4'), '019d036d');
  assert.equal(shortSession('agent:main:main'), 'main');
  assert.equal(shortSession('agent:main:telegram:direct:12345'), '…am:direct:12345');
  assert.equal(shortSession('short'), 'short');
});
