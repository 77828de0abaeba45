import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeToolAnswer, judgeUserPrompt, type HumanTurnFacts } from '../../src/domain/human-turn.js';
import { stateOf } from '../../src/hooks/trust/transcript-state.js';
import { hookClient, startedInsideToolCall } from '../../src/hooks/trust/hook-client.js';
import { isAgentClient, isHookRunner } from '../../src/util/process-ancestry.js';

const read = (last: 'assistant-text' | 'assistant-tool-use' | 'tool-result' | 'user-prompt' | 'none', results: string[] = [], uses: [string, string][] = []) => ({ kind: 'read' as const, last, toolUses: new Map(uses), toolResults: new Set(results) });
const facts = (over: Partial<HumanTurnFacts> = {}): HumanTurnFacts => ({
  sessionId: 's1',
  client: 'claude (pid 10)',
  clientSeen: true,
  backgroundShells: [],
  transcript: read('assistant-text'),
  inFlight: [],
  sessionToolCalls: 3,
  nestedUnder: null,
  ...over,
});

test('a prompt is the person\'s when the turn ended, nothing runs and a client runs the hook', () => {
  assert.deepEqual(judgeUserPrompt(facts()), { ok: true });
  assert.deepEqual(judgeUserPrompt(facts({ transcript: read('user-prompt') })), { ok: true }, 'an interrupted turn ends with the client\'s own note');
  assert.deepEqual(judgeUserPrompt(facts({ transcript: { kind: 'absent' }, sessionToolCalls: 0 })), { ok: true }, 'a first prompt comes before the transcript');
});

test('each fact that says otherwise refuses, with its reason', () => {
  const why = (f: HumanTurnFacts) => {
    const j = judgeUserPrompt(f);
    return j.ok ? null : j.why;
  };
  assert.match(why(facts({ client: null }))!, /none started this hook call/);
  assert.equal(why(facts({ client: null, clientSeen: false })), null, 'a project no client ever ran (tests, the demo) is judged on the rest');
  assert.match(why(facts({ nestedUnder: 'claude (pid 3)' }))!, /started inside another agent's command/);
  assert.match(why(facts({ backgroundShells: [{ sessionId: 's1', id: 'b1', command: 'npm run dev' }] }))!, /background \(npm run dev\) was still running/);
  assert.match(why(facts({ inFlight: [{ sessionId: 's2', toolUseId: 't9', command: 'make', at: 'x' }] }))!, /a Bash call \(make\) was running in session s2/);
  assert.match(why(facts({ transcript: read('assistant-tool-use') }))!, /a tool call of it was running/);
  assert.match(why(facts({ transcript: read('tool-result') }))!, /answering a tool result/);
  assert.match(why(facts({ transcript: { kind: 'unreadable', why: 'it is a symbolic link' } }))!, /cannot be read \(it is a symbolic link\)/);
  assert.match(why(facts({ transcript: { kind: 'absent' } }))!, /made tool calls but its client has written no transcript/);
  // A call the transcript shows resolved (interrupted, denied by the client) is not running, whatever the ledger lacks.
  assert.equal(why(facts({ inFlight: [{ sessionId: 's1', toolUseId: 't1', command: 'x', at: 'x' }], transcript: read('user-prompt', ['t1']) })), null);
});

test('a session the client never started (Gemini CLI starts each with a SessionStart) is not the person\'s; the refusal says the event did not come from the prompt', () => {
  assert.deepEqual(judgeUserPrompt(facts({ sessionStarted: true })), { ok: true });
  assert.deepEqual(judgeUserPrompt(facts({ sessionStarted: null })), { ok: true }, 'a client that promises no SessionStart');
  assert.deepEqual(judgeUserPrompt(facts({ sessionStarted: false, clientSeen: false })), { ok: true }, 'a project no client ever ran');
  assert.deepEqual(judgeUserPrompt(facts({ sessionStarted: false, sessionId: 'made-up' })), { ok: false, notFromPrompt: true, why: 'the client never started session made-up here (no SessionStart of it was recorded)' });
  const running = judgeUserPrompt(facts({ sessionStarted: false, inFlight: [{ sessionId: 's2', toolUseId: 'paired-by-input:4', command: 'printf x | continuity hook gemini', at: 'x' }] }));
  assert.equal(running.ok ? null : running.notFromPrompt, true);
  assert.match(running.ok ? '' : running.why, /a Bash call \(printf x \| continuity hook gemini\) was running in session s2/, 'the running call is the reason given first');
  // The transcript says the turn had not ended: the person's own prompt, arriving early, is told in the same answer.
  const early = judgeUserPrompt(facts({ transcript: read('tool-result') }));
  assert.equal(early.ok ? null : early.notFromPrompt, undefined);
});

test('an approval answer needs the client\'s own announcement of that call and the call in the transcript', () => {
  const base = { ...facts(), toolUseId: 't5', toolName: 'AskUserQuestion', transcript: read('assistant-tool-use', [], [['t5', 'AskUserQuestion']]) };
  assert.deepEqual(judgeToolAnswer({ ...base, pairedPreToolUse: true }), { ok: true });
  assert.match((judgeToolAnswer({ ...base, pairedPreToolUse: false }) as { why: string }).why, /no AskUserQuestion call t5 was announced/);
  assert.match((judgeToolAnswer({ ...base, pairedPreToolUse: true, transcript: read('assistant-tool-use', [], [['t5', 'Bash']]) }) as { why: string }).why, /holds no AskUserQuestion call t5/);
  assert.match((judgeToolAnswer({ ...base, pairedPreToolUse: true, inFlight: [{ sessionId: 's1', toolUseId: 't4', command: 'x', at: 'x' }] }) as { why: string }).why, /a Bash call/);
});

test('the transcript\'s last conversational entry, as Claude Code writes it', () => {
  const line = (o: unknown) => JSON.stringify(o);
  const text = [
    line({ type: 'queue-operation', operation: 'enqueue', content: 'go' }),
    line({ type: 'user', message: { role: 'user', content: 'go' } }),
    line({ type: 'assistant', message: { content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] } }),
    line({ type: 'user', message: { content: [{ tool_use_id: 't1', type: 'tool_result', content: 'hi' }] } }),
    line({ type: 'assistant', message: { content: [{ type: 'text', text: 'done' }] } }),
    line({ type: 'system', subtype: 'turn_duration' }),
    line({ type: 'user', isMeta: true, message: { content: '<local-command-stdout>' } }),
    line({ type: 'assistant', isSidechain: true, message: { content: [{ type: 'tool_use', id: 'sub', name: 'Bash', input: {} }] } }),
  ].join('\n');
  const s = stateOf(text, true);
  assert.equal(s.last, 'assistant-text');
  assert.equal(s.toolUses.get('t1'), 'Bash');
  assert.ok(s.toolResults.has('t1'));
  assert.equal(stateOf(text.split('\n').slice(0, 3).join('\n'), true).last, 'assistant-tool-use');
  assert.equal(stateOf(`{"cut line…\n${text.split('\n').slice(0, 4).join('\n')}`, false).last, 'tool-result');
});

test('agent clients and hook runners by their process', () => {
  const p = (name: string, args: string[] = [name]) => ({ pid: 1, name, args });
  assert.ok(isAgentClient(p('claude')));
  assert.ok(isAgentClient(p('codex')));
  assert.ok(isAgentClient(p('node', ['node', '/usr/lib/node_modules/@google/gemini-cli/dist/index.js'])));
  // As Gemini CLI 0.61.0 runs from npm's link, and relaunches itself with a larger heap (seen in its process tree).
  assert.ok(isAgentClient(p('node', ['node', '/home/me/project/node_modules/.bin/gemini', '-p', 'x'])));
  assert.ok(isAgentClient(p('node', ['/usr/bin/node', '--max-old-space-size=12052', '/usr/local/bin/gemini', '-m', 'm'])));
  assert.ok(!isAgentClient(p('node', ['node', '--gemini'])));
  assert.ok(isAgentClient(p('node', ['node', '/x/node_modules/@anthropic-ai/claude-code/cli.js'])));
  assert.ok(!isAgentClient(p('node', ['node', '/x/dist/cli.cjs', 'hook', 'claude-code'])));
  assert.ok(!isAgentClient(p('bash')));
  assert.ok(!isAgentClient(p('Cursor')), 'an editor hosting a terminal is not an agent');
  assert.ok(isHookRunner(p('Cursor')), 'but it runs its own agent\'s hooks');
});

test('a hook started inside a tool call: a process in another session than the client\'s stands between them', () => {
  const gemini = { pid: 100, name: 'node', args: ['node', '/x/node_modules/@google/gemini-cli/bundle/gemini.js'], sid: 50 };
  // Gemini CLI's own hook: `sh -c "continuity hook gemini"`, a plain child in its session.
  assert.equal(startedInsideToolCall([{ pid: 101, name: 'sh', args: ['sh'], sid: 50 }, gemini]), false);
  // From run_shell_command: its shell leads a session of its own.
  assert.equal(startedInsideToolCall([{ pid: 121, name: 'sh', args: ['sh'], sid: 120 }, { pid: 120, name: 'bash', args: ['bash'], sid: 120 }, gemini]), true);
  // A nested client is the nearest runner: its own hooks are its.
  assert.equal(startedInsideToolCall([{ pid: 131, name: 'sh', args: ['sh'], sid: 120 }, { ...gemini, pid: 130, sid: 120 }, { pid: 120, name: 'bash', args: ['bash'], sid: 120 }, gemini]), false);
  // Sessions not known (no /proc), no runner, no list: nothing is said.
  assert.equal(startedInsideToolCall([{ pid: 121, name: 'sh', args: ['sh'] }, { ...gemini, sid: undefined }]), false);
  assert.equal(startedInsideToolCall([{ pid: 121, name: 'sh', args: ['sh'], sid: 1 }]), false);
  assert.equal(startedInsideToolCall(null), false);
});

test('Gemini CLI relaunching itself is one client; a Gemini CLI started inside another\'s shell is nested', () => {
  const outer = { pid: 19678, name: 'node', args: ['node', '/p/node_modules/.bin/gemini', '-p', 'x'], sid: 19678 };
  const relaunched = { pid: 19815, name: 'node', args: ['/usr/bin/node', '--max-old-space-size=12052', '/p/node_modules/.bin/gemini', '-p', 'x'], sid: 19678 };
  const hookShell = { pid: 20000, name: 'sh', args: ['sh', '-c', 'continuity hook gemini'], sid: 19678 };
  const own = hookClient([hookShell, relaunched, outer, { pid: 3014, name: 'bash', args: ['bash'], sid: 3014 }]);
  assert.equal(own.nestedUnder, null);
  assert.match(String(own.client), /^node \/p\/node_modules\/\.bin\/gemini \(pid 19815\)$/);
  const toolShell = { pid: 20340, name: 'bash', args: ['bash', '-c', 'gemini -p approve'], sid: 20340 };
  const nested = hookClient([{ ...hookShell, sid: 20340 }, { ...relaunched, pid: 30001, sid: 20340 }, { ...outer, pid: 30000, sid: 20340 }, toolShell, relaunched, outer]);
  assert.match(String(nested.nestedUnder), /pid 19815/);
  // Codex's Node launcher and the native binary it starts, with the same arguments.
  const launcher = { pid: 500, name: 'node', args: ['node', '/p/node_modules/.bin/codex', 'exec', 'go'], sid: 500 };
  const native = { pid: 501, name: 'codex', args: ['/p/node_modules/@openai/codex-linux-x64/vendor/codex', 'exec', 'go'], sid: 500 };
  assert.equal(hookClient([{ pid: 502, name: 'sh', args: ['sh'], sid: 500 }, native, launcher]).nestedUnder, null);
});
