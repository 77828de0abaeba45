import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientOfInboxRequest, sessionOfCommand } from '../../src/domain/command-origin.js';
import type { InFlightCall } from '../../src/domain/human-turn.js';
import { callerAgent, type AncestorProcess } from '../../src/util/process-ancestry.js';
import { commandClient } from '../../src/cli/requests.js';

const call = (source: string, sessionId: string | null, command: string): InFlightCall => ({ source, sessionId, command, toolUseId: `${sessionId}-${command}`, at: '2026-11-22T10:00:00.000Z' });

test("the session of a client's command: its client's running shell call, the one naming continuity first; none or several sessions: null", () => {
  const running = [call('hook:codex', 'codex-a', 'npm test'), call('hook:codex', 'codex-b', 'continuity task done 2'), call('hook:claude-code', 'claude-1', 'continuity task done 1')];
  assert.equal(sessionOfCommand(running, 'codex'), 'codex-b');
  assert.equal(sessionOfCommand(running, 'claude-code'), 'claude-1');
  assert.equal(sessionOfCommand(running, 'gemini'), null);
  assert.equal(sessionOfCommand(running, 'unknown'), null);
  // Two Codex sessions, neither naming continuity: not told apart.
  assert.equal(sessionOfCommand([call('hook:codex', 'a', 'ls'), call('hook:codex', 'b', 'ls')], 'codex'), null);
  assert.equal(sessionOfCommand([call('hook:codex', 'a', 'ls'), call('hook:codex', 'a', 'make')], 'codex'), 'a');
  assert.equal(sessionOfCommand([call('hook:codex', 'a', 'continuity closure blocked'), call('hook:codex', 'b', 'continuity task done 1')], 'codex'), null);
});

test("an inbox request's client is taken only where the ledger bears it out", () => {
  assert.equal(clientOfInboxRequest('codex', 'codex', []), 'codex');
  assert.equal(clientOfInboxRequest('gemini', 'codex', []), 'unknown');
  assert.equal(clientOfInboxRequest('gemini', 'codex', [call('hook:gemini', 'g', 'ls')]), 'gemini');
  assert.equal(clientOfInboxRequest(undefined, 'codex', []), 'unknown');
  assert.equal(clientOfInboxRequest('unknown', 'unknown', []), 'unknown');
});

test('the caller is the nearest agent client above, by the name the hooks use; none, or no way to know: unknown', () => {
  const p = (pid: number, name: string, args: string[] = [name]): AncestorProcess => ({ pid, name, args });
  assert.equal(callerAgent([p(10, 'bash'), p(9, 'codex'), p(8, 'claude')]), 'codex');
  assert.equal(callerAgent([p(10, 'sh'), p(9, 'node', ['node', '/usr/lib/node_modules/@google/gemini-cli/dist/index.js'])]), 'gemini');
  assert.equal(callerAgent([p(10, 'bash'), p(9, 'claude')]), 'claude-code');
  assert.equal(callerAgent([p(10, 'node', ['openclaw-gateway'])]), 'openclaw');
  assert.equal(callerAgent([p(10, 'cursor-agent')]), 'cursor');
  assert.equal(callerAgent([p(10, 'bash'), p(9, 'sshd')]), 'unknown');
  assert.equal(callerAgent(null), 'unknown');
});

test('a request that names no client (it was written inside a sandbox that hides the client) is the client whose running shell call runs continuity, as the ledger recorded it', () => {
  // The hook taking it in is the client's own, in the call that ran the command.
  assert.equal(clientOfInboxRequest(undefined, 'claude-code', [call('hook:claude-code', 's1', 'continuity task done 1')]), 'claude-code');
  assert.equal(clientOfInboxRequest('unknown', 'gemini', [call('hook:gemini', 'g', 'continuity task done 3 && git add -A')]), 'gemini');
  // Taken in by another client's hook: the one client with such a call.
  assert.equal(clientOfInboxRequest(undefined, 'codex', [call('hook:openclaw', 'o', 'continuity task done 4')]), 'openclaw');
  // No running call that runs continuity, or two clients with one: unknown, never a guess.
  assert.equal(clientOfInboxRequest(undefined, 'codex', [call('hook:codex', 'c', 'npm test')]), 'unknown');
  assert.equal(clientOfInboxRequest(undefined, 'cursor', [call('hook:codex', 'c', 'continuity task done 1'), call('hook:gemini', 'g', 'continuity task done 2')]), 'unknown');
});

test('two clients running continuity at the same moment: a request that names no client is the client of the running call in the session it names, whichever hook takes it in', () => {
  const both = [call('hook:claude-code', 'claude-1', 'continuity task done 1'), call('hook:codex', 'codex-1', 'continuity task done 1')];
  // Claude Code's request (written inside its sandbox, its session named) taken in by Codex's hook.
  assert.equal(clientOfInboxRequest('unknown', 'codex', both, 'claude-1'), 'claude-code');
  assert.equal(clientOfInboxRequest(undefined, 'claude-code', both, 'codex-1'), 'codex');
  // A session with no running continuity call bears nothing out: the rule without it.
  assert.equal(clientOfInboxRequest('unknown', 'codex', both, 'elsewhere'), 'codex');
  assert.equal(clientOfInboxRequest('unknown', 'gemini', both, null), 'unknown');
});

test("a command's client: the one seen above it; inside continuity's own wall, where none is in sight, the one the wall was raised for; a malformed name is not taken", () => {
  const wall = { CONTINUITY_WALL: 'bwrap', CONTINUITY_WALL_CLIENT: 'pi' };
  assert.equal(commandClient(wall, () => 'unknown'), 'pi');
  // A client in sight is the command's own: the variable does not override it.
  assert.equal(commandClient(wall, () => 'claude-code'), 'claude-code');
  // Outside the wall the variable says nothing.
  assert.equal(commandClient({ CONTINUITY_WALL_CLIENT: 'pi' }, () => 'unknown'), 'unknown');
  assert.equal(commandClient({ CONTINUITY_WALL: 'bwrap', CONTINUITY_WALL_CLIENT: 'pi; rm -rf' }, () => 'unknown'), 'unknown');
  // Two clients' requests left at once, taken in by Claude Code's hook: the one naming pi stays pi's while pi's call runs.
  const running = [call('hook:claude-code', 'claude-1', 'continuity task done 1'), call('hook:pi', 'pi-1', 'continuity task done 1')];
  assert.equal(clientOfInboxRequest(commandClient(wall, () => 'unknown'), 'claude-code', running), 'pi');
  assert.equal(sessionOfCommand(running, 'pi'), 'pi-1');
});
