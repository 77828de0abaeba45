import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimRun, clientOfSource } from '../../src/domain/run-hand-over.js';

const DEADLINE = '2026-11-26T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const run = (owner: { source: string | null; lastKind: string | null; lastAt: string | null } | null, over: Partial<{ runSessionId: string | null; childSessionKey: string | null }> = {}) => ({
  runSessionId: 'claude-1',
  childSessionKey: 'child-1',
  expectedBy: DEADLINE,
  owner,
  ...over,
});
const codex = { sessionId: 'codex-1', source: 'hook:codex' };

test('a run is its own session\'s, whatever the time', () => {
  assert.equal(claimRun(run(null), { sessionId: 'claude-1', source: 'hook:claude-code' }, at('2026-11-27T00:00:00Z')), 'own');
});

test('an ended session hands its runs over at once, to any client', () => {
  const ended = run({ source: 'hook:claude-code', lastKind: 'SessionEnd', lastAt: '2026-11-26T09:55:00Z' });
  assert.equal(claimRun(ended, codex, at('2026-11-26T09:56:00Z')), 'handed_over');
  assert.equal(claimRun(ended, { sessionId: 'claude-2', source: 'hook:claude-code' }, at('2026-11-26T09:56:00Z')), 'handed_over');
});

test('another client\'s session silent since before the deadline hands over once the deadline has passed, not before', () => {
  const quiet = run({ source: 'hook:claude-code', lastKind: 'PostToolUse', lastAt: '2026-11-26T09:50:00Z' });
  assert.equal(claimRun(quiet, codex, at('2026-11-26T09:59:59Z')), 'not_ours');
  assert.equal(claimRun(quiet, codex, at('2026-11-26T10:00:00Z')), 'handed_over');
});

test('a session heard from after the deadline is alive: its run stays', () => {
  const alive = run({ source: 'hook:claude-code', lastKind: 'Stop', lastAt: '2026-11-26T10:00:30Z' });
  assert.equal(claimRun(alive, codex, at('2026-11-26T10:01:00Z')), 'not_ours');
});

test('an idle session of the same client keeps its run (many chat sessions at once on one gateway)', () => {
  const idle = run({ source: 'hook:openclaw', lastKind: 'Stop', lastAt: '2026-11-26T09:00:00Z' });
  assert.equal(claimRun(idle, { sessionId: 'agent:main:telegram:2', source: 'hook:openclaw' }, at('2026-11-26T12:00:00Z')), 'not_ours');
});

test('a child never takes its own run, and a run with no session stays where it is', () => {
  const gone = { source: 'hook:claude-code', lastKind: 'SessionEnd', lastAt: '2026-11-26T09:00:00Z' };
  assert.equal(claimRun(run(gone), { sessionId: 'child-1', source: 'hook:codex' }, at('2026-11-26T12:00:00Z')), 'not_ours');
  assert.equal(claimRun(run(gone, { runSessionId: null }), codex, at('2026-11-26T12:00:00Z')), 'not_ours');
});

test('an owner of unknown client that never made a hook call is not taken over on a guess', () => {
  assert.equal(claimRun(run(null), codex, at('2026-11-26T12:00:00Z')), 'not_ours');
});

test('clientOfSource', () => {
  assert.equal(clientOfSource('hook:codex'), 'codex');
  assert.equal(clientOfSource(null), null);
});
