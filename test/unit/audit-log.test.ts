import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditEntry, subjectOf, verdictOf, type AuditEntry } from '../../src/app/audit-log.js';
import { describeEntry, renderLog } from '../../src/cli/render/log-view.js';
import { stripAnsi } from '../../src/cli/render/style.js';
import { parseSince } from '../../src/cli/since.js';
import type { EventRecord } from '../../src/ledger/events.js';

const ROOT = '/home/dev/search';
const HOOK = 'hook:claude-code';

function event(over: Partial<EventRecord>): EventRecord {
  return { id: 1, at: '2026-11-22T10:00:00.000Z', source: HOOK, kind: 'PreToolUse', sessionId: '9f1c2d3e-7a5b-4c7d', client: 'claude-code', input: {}, decision: { action: 'none', output: null }, ...over };
}

test('the verdict is read from the answer that was given', () => {
  const deny = { action: 'deny', output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } } };
  assert.equal(verdictOf(event({ decision: deny })), 'deny');
  assert.equal(verdictOf(event({ kind: 'Stop', decision: { action: 'block', output: { decision: 'block', reason: 'Task 1…' } } })), 'block');
  assert.equal(verdictOf(event({ kind: 'PostToolUse', decision: { action: 'block', output: { decision: 'block', reason: 'put back' } } })), 'block');
  assert.equal(verdictOf(event({ kind: 'Stop', decision: { action: 'allow', why: 'mid_task', output: null } })), 'allow');
  assert.equal(verdictOf(event({ kind: 'PreToolUse' })), 'allow');
  assert.equal(verdictOf(event({ kind: 'PostToolUse' })), 'none');
  assert.equal(verdictOf(event({ kind: 'SessionStart', decision: { action: 'context', output: { hookSpecificOutput: { additionalContext: 'plan x is a draft' } } } })), 'context');
  assert.equal(verdictOf(event({ kind: 'UserPromptSubmit', decision: { action: 'approved', output: { systemMessage: 'approved' } } })), 'context');
  assert.equal(verdictOf(event({ kind: 'Notification', decision: { action: 'none', output: null } })), 'none');
  assert.equal(verdictOf(event({ source: 'cli', kind: 'task.done', decision: { planId: 'p', taskId: '1', state: 'complete' } })), 'recorded');
  assert.equal(verdictOf(event({ source: 'cli', kind: 'approve.refused', decision: { action: 'refused', planId: 'p' } })), 'refused');
  // A record edited by hand into something else is still listed.
  assert.equal(verdictOf(event({ decision: 'not json' })), 'allow');
});

test('the subject names the tool and its target, the prompt, the boundary, the task', () => {
  assert.equal(subjectOf(event({ input: { tool_name: 'Write', tool_input: { file_path: `${ROOT}/src/index.ts`, content: 'x' } } }), ROOT), 'Write src/index.ts');
  assert.equal(subjectOf(event({ input: { tool_name: 'Write', tool_input: { file_path: '/etc/hosts' } } }), ROOT), 'Write /etc/hosts');
  assert.equal(subjectOf(event({ input: { tool_name: 'Bash', tool_input: { command: 'npm test\nnpm run build' } } }), ROOT), 'Bash npm test …');
  assert.equal(subjectOf(event({ input: { tool_name: 'Agent', tool_input: { description: 'Review', prompt: 'long' } } }), ROOT), 'Agent Review');
  assert.equal(subjectOf(event({ kind: 'UserPromptSubmit', input: { prompt: 'approve' } }), ROOT), '"approve"');
  assert.equal(subjectOf(event({ kind: 'Stop', decision: { boundary: 'search#1->2' } }), ROOT), 'Task 1 → 2');
  assert.equal(subjectOf(event({ kind: 'Stop', decision: { boundary: 'search#replan-after-3' } }), ROOT), 'after Task 3');
  assert.equal(subjectOf(event({ kind: 'Stop', decision: { action: 'allow' } }), ROOT), null);
  assert.equal(subjectOf(event({ source: 'cli', kind: 'task.done', input: { taskId: '3a' } }), ROOT), 'Task 3a');
  assert.equal(subjectOf(event({ source: 'cli', kind: 'plan.import', input: { path: 'docs/plans/search.md' } }), ROOT), 'docs/plans/search.md');
});

test('the reason leaves out what the verdict column says', () => {
  const entry = (over: Partial<EventRecord>) => auditEntry(event(over), ROOT);
  assert.equal(describeEntry(entry({ decision: { action: 'deny', rules: { 'guard-before': { action: 'deny', path: '.continuity/config.json', via: 'Write' } }, output: null } })), '.continuity/config.json is guarded (Write)');
  assert.equal(describeEntry(entry({ kind: 'Stop', decision: { action: 'allow', why: 'continuity_pass', reason: 'high_risk_stop' } })), 'declared high-risk stop point');
  assert.equal(describeEntry(entry({ kind: 'Stop', decision: { action: 'block', obligation: 'auto_next', reason: 'missing_auto_next_dispatch', blocks: 2, boundary: 'p#1->2' } })), 'not dispatched (block 2)');
  assert.equal(describeEntry(entry({ kind: 'Stop', decision: { action: 'allow_after_limit', obligation: 'replan', reason: 'replan_due', blocks: 3 } })), 'let go after 3 blocks: replan due');
  assert.equal(describeEntry(entry({ kind: 'PostToolUse' })), '');
  assert.equal(describeEntry(entry({ source: 'cli', kind: 'task.blocked', input: { taskId: '2', evidence: 'continuity task blocked 2: the API is down' } })), 'blocked: the API is down');
  assert.equal(describeEntry(entry({ source: 'cli', kind: 'plan.import', decision: { planId: 'p', state: 'stale', previousState: 'approved', taskCount: 5 } })), 'stale (was approved), 5 tasks');
});

function entries(n: number, over: (i: number) => Partial<EventRecord> = () => ({})): AuditEntry[] {
  return Array.from({ length: n }, (_, i) => auditEntry(event({ id: i + 1, at: `2026-11-22T10:00:${String(i % 60).padStart(2, '0')}.000Z`, ...over(i) }), ROOT));
}

test('log lines fit the width, one per event, with a heading naming the day, the zone and the one session', () => {
  const long = 'x'.repeat(300);
  const list = entries(6, (i) => ({ kind: i % 2 ? 'UserPromptSubmit' : 'PreToolUse', input: { tool_name: 'Bash', tool_input: { command: long }, prompt: long } }));
  for (const width of [40, 80, 120]) {
    const out = renderLog(list, { width, timeZone: 'UTC' });
    const lines = out.trimEnd().split('\n');
    assert.equal(lines.length, 7);
    for (const l of lines) assert.ok(l.length <= width, `wider than ${width}: ${l}`);
  }
  const out = renderLog(list, { width: 80, timeZone: 'UTC' });
  assert.match(out, /^── 2026-11-22 · UTC · session 9f1c2d3e-7a5b-4c7d ──$/m);
  assert.match(out, /^10:00:00  PreToolUse {8}allow  Bash xxx/m);
});

test('log: a session column when sessions differ; a heading for each new day in the zone asked for', () => {
  const list = entries(3, (i) => ({ sessionId: i === 2 ? 'other-session-id' : '9f1c2d3e-7a5b-4c7d', at: ['2026-11-22T22:59:00Z', '2026-11-22T23:30:00Z', '2026-11-23T00:10:00Z'][i]! }));
  const out = renderLog(list, { width: 80, timeZone: 'Europe/Berlin' });
  const lines = out.trimEnd().split('\n');
  assert.deepEqual(lines.filter((l) => l.startsWith('──')), ['── 2026-11-22 · Europe/Berlin ──', '── 2026-11-23 ──']);
  assert.match(out, /^23:59:00  9f1c2d3e  PreToolUse/m);
  assert.match(out, /^01:10:00  other-se  PreToolUse/m);
  assert.equal(renderLog([], { width: 80 }), 'no recorded events match\n');
});

test('log: a client column when events come from more than one agent client; a command whose client is not known shows -', () => {
  const list = entries(3, (i) => ({ client: ['claude-code', 'codex', 'unknown'][i]!, source: i === 2 ? 'cli' : `hook:${['claude-code', 'codex'][i]}` }));
  const out = renderLog(list, { width: 100 });
  assert.match(out, /^10:00:00  claude-code  PreToolUse/m);
  assert.match(out, /^10:00:01  codex {8}/m);
  assert.match(out, /^10:00:02  - {12}/m);
  // One client (and commands of none known): no column.
  assert.match(renderLog(entries(2, (i) => ({ client: ['codex', 'unknown'][i]! })), { width: 100 }), /^10:00:00  PreToolUse/m);
});

test('log: no escape sequence without colour, even from recorded text; coloured verdicts with it', () => {
  const list = entries(2, (i) => ({ input: { tool_name: 'Bash', tool_input: { command: 'echo \u001b[2J\u001b[31mgotcha' } }, decision: i ? { action: 'deny', output: { hookSpecificOutput: { permissionDecision: 'deny' } } } : { action: 'none', output: null } }));
  const plain = renderLog(list, { width: 80 });
  assert.doesNotMatch(plain, /\u001b/);
  const coloured = renderLog(list, { width: 80, colour: true });
  assert.match(coloured, /\u001b\[31mdeny\u001b\[0m/);
  assert.equal(stripAnsi(coloured), plain);
});

test('--since: ISO dates and times (local without a zone) and durations back from now; anything else is refused', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  assert.deepEqual(parseSince('90s', now), { ok: true, iso: '2026-11-22T11:58:30.000Z' });
  assert.deepEqual(parseSince('1h30m', now), { ok: true, iso: '2026-11-22T10:30:00.000Z' });
  assert.deepEqual(parseSince('2w', now), { ok: true, iso: '2026-11-08T12:00:00.000Z' });
  assert.deepEqual(parseSince('2026-11-22T09:30Z', now), { ok: true, iso: '2026-11-22T09:30:00.000Z' });
  assert.deepEqual(parseSince('2026-11-22T09:30:00+02:00', now), { ok: true, iso: '2026-11-22T07:30:00.000Z' });
  const local = parseSince('2026-11-22', now);
  assert.ok(local.ok);
  assert.equal(local.ok && local.iso, new Date(2026, 10, 22).toISOString());
  for (const bad of ['yesterday', '', '15', '-1h', '2026-13-45', '2026-11-22T25:00', '1.5h', 'now']) assert.equal(parseSince(bad, now).ok, false, bad);
});

test('Stop gate boundary keys read back as stop-gate.ts writes them, a plan id with "#" included', async () => {
  const { boundaryKey, replanKey } = await import('../../src/domain/stop-gate.js');
  const { readBoundaryKey, describeBoundary } = await import('../../src/domain/boundary-key.js');
  assert.deepEqual(readBoundaryKey(boundaryKey('plan#2', '3', '3a')), { kind: 'edge', planId: 'plan#2', from: '3', next: '3a' });
  assert.deepEqual(readBoundaryKey(replanKey('p', '4')), { kind: 'replan', planId: 'p', from: '4' });
  assert.equal(readBoundaryKey('no key'), null);
  assert.equal(describeBoundary(boundaryKey('p', '1', '2')), 'Task 1 → 2');
  assert.equal(describeBoundary('something else'), 'something else');
});

test('what came from the shared ledger names the machine it was recorded on, and what was not taken in says why', () => {
  const from = (kind: string, input: Record<string, unknown>, decision: Record<string, unknown>) => describeEntry(auditEntry(event({ source: 'shared:laptop-3f9a1c', kind, client: 'codex', input, decision }), ROOT));
  assert.equal(from('task.done', { taskId: '1' }, { planId: 'p', taskId: '1', state: 'complete' }), 'complete (recorded on laptop-3f9a1c)');
  assert.equal(from('task.done.repeated', { taskId: '1' }, { planId: 'p', taskId: '1', unchanged: true }), 'already complete here; laptop-3f9a1c recorded it complete too');
  assert.equal(from('approve', { planId: 'p' }, { action: 'approved', signer: 'ann@example.com' }), 'approved on laptop-3f9a1c, signed by ann@example.com');
  assert.equal(from('shared.refused', { kind: 'approve' }, { action: 'refused', why: 'it carries no signed statement' }), 'approve from laptop-3f9a1c not taken in: it carries no signed statement');
  assert.equal(verdictOf(event({ source: 'shared:laptop-3f9a1c', kind: 'shared.refused', decision: { action: 'refused', why: 'x' } })), 'refused');
  assert.equal(from('pending.raised', { kind: 'summary.read' }, { planId: 'p', raised: ['pa-1', 'pa-2'] }), '2 pending actions raised on laptop-3f9a1c');
  assert.equal(
    from('replan', { fromTaskId: '1', absorb: { 'pa-1': '3' }, drop: {} }, { planId: 'p', accepted: true, conflicts: ['pa-2 was dropped on laptop-3f9a1c; here it stays absorbed into Task 3'] }),
    'replanned on laptop-3f9a1c: 1 action absorbed, 0 dropped here; pa-2 was dropped on laptop-3f9a1c; here it stays absorbed into Task 3',
  );
});
