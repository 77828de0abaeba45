// The extension `continuity init --agent pi` writes, loaded as pi loads it and
// driven as pi 0.73.1 drives an extension (its handlers called with the event
// and a context), with a stand-in for the hook command that records what it
// is handed and answers as `continuity hook pi` does.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { hookOfExtension, piExtensionSource } from '../../src/install/targets/pi-extension.js';
import { target } from '../../src/install/targets/pi.js';

type Handler = (event: any, ctx: any) => any;

/** The extension, loaded with a hook that answers `answers[event]` and logs every payload. */
async function loaded(answers: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'pi-extension-'));
  const log = join(dir, 'payloads.jsonl');
  const hook = join(dir, 'hook.cjs');
  writeFileSync(hook, `const fs = require('fs'); const p = JSON.parse(fs.readFileSync(0, 'utf8')); fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(p) + '\\n'); const a = ${JSON.stringify(answers)}[p.hook_event_name]; if (a) process.stdout.write(JSON.stringify(a));\n`);
  const file = join(dir, 'continuity.ts');
  writeFileSync(file, piExtensionSource({ command: process.execPath, args: [hook] }));
  const mod = (await import(pathToFileURL(file).href)) as { default: (pi: unknown) => void };
  const handlers = new Map<string, Handler>();
  const sent: { message: any; options: any }[] = [];
  mod.default({ on: (name: string, fn: Handler) => handlers.set(name, fn), sendMessage: (message: any, options: any) => sent.push({ message, options }) });
  const ctx = { cwd: dir, hasUI: false, ui: { notify() {} }, sessionManager: { getSessionId: () => 'session-1', getSessionFile: () => join(dir, 's.jsonl') } };
  const fire = (name: string, event: any) => handlers.get(name)!(event, ctx);
  const payloads = () => readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { fire, sent, payloads, dir };
}

test("a held stop: the assistant message that ends the run is handed over, and the answer is queued as pi's follow-up, marked held from then on", async () => {
  const x = await loaded({ message_end: { followUp: 'Task 2 is next.' } });
  x.fire('input', { text: 'go', source: 'interactive' });
  // A message with a tool call does not end the run; the user's own messages are not stops.
  x.fire('message_end', { message: { role: 'assistant', stopReason: 'toolUse', content: [{ type: 'toolCall', id: 'c1' }] } });
  x.fire('message_end', { message: { role: 'user', content: [{ type: 'text', text: 'go' }] } });
  assert.equal(x.sent.length, 0);
  x.fire('message_end', { message: { role: 'assistant', stopReason: 'stop', content: [{ type: 'text', text: 'Task 1 done.' }] } });
  x.fire('message_end', { message: { role: 'assistant', stopReason: 'length', content: [{ type: 'text', text: 'Still done.' }] } });
  // A failed or aborted request ends the run with no answer to judge.
  x.fire('message_end', { message: { role: 'assistant', stopReason: 'error', content: [] } });
  assert.deepEqual(x.sent.map((s) => [s.message.content, s.options.deliverAs]), [['Task 2 is next.', 'followUp'], ['Task 2 is next.', 'followUp']]);
  const stops = x.payloads().filter((p) => p.hook_event_name === 'message_end');
  assert.deepEqual(stops.map((p) => [p.last_assistant_message, p.stop_hook_active]), [['Task 1 done.', false], ['Still done.', true]]);
  assert.deepEqual([stops[0]!.session_id, stops[0]!.cwd], ['session-1', x.dir]);
});

test('a tool call: blocked with the reason, or its input rewritten in place', async () => {
  const blocked = await loaded({ tool_call: { block: 'continuity: .continuity/x is guarded.' } });
  assert.deepEqual(blocked.fire('tool_call', { toolName: 'write', toolCallId: 'c1', input: { path: '.continuity/x', content: '' } }), { block: true, reason: 'continuity: .continuity/x is guarded.' });
  const wrapped = await loaded({ tool_call: { input: { command: "bwrap -- /bin/bash -c 'ls'" } } });
  const event = { toolName: 'bash', toolCallId: 'c2', input: { command: 'ls', timeout: 5 } };
  assert.equal(wrapped.fire('tool_call', event), undefined);
  assert.deepEqual(event.input, { command: "bwrap -- /bin/bash -c 'ls'", timeout: 5 });
  assert.deepEqual(wrapped.payloads()[0], { hook_event_name: 'tool_call', session_id: 'session-1', transcript_path: join(wrapped.dir, 's.jsonl'), cwd: wrapped.dir, tool_name: 'bash', tool_call_id: 'c2', input: { command: 'ls', timeout: 5 } });
});

test("a prompt: refused (pi runs no agent for it), or its context given to the model with the run it starts, after the session start's", async () => {
  const refused = await loaded({ input: { block: 'continuity: refused.' } });
  assert.deepEqual(refused.fire('input', { text: 'approve', source: 'interactive' }), { action: 'handled' });
  const x = await loaded({ session_start: { context: 'the ledger' }, input: { context: 'one line' } });
  x.fire('session_start', { reason: 'startup' });
  assert.deepEqual(x.fire('input', { text: 'go', source: 'rpc' }), { action: 'continue' });
  assert.deepEqual(x.fire('before_agent_start', { prompt: 'go' }), { message: { customType: 'continuity', content: 'the ledger\n\none line', display: false } });
  assert.equal(x.fire('before_agent_start', { prompt: 'go' }), undefined);
  assert.deepEqual(x.payloads().map((p) => [p.hook_event_name, p.source ?? p.reason]), [['session_start', 'startup'], ['input', 'rpc']]);
});

test("a tool's result gets the hook's context appended; a hook that fails changes nothing", async () => {
  const x = await loaded({ tool_result: { context: 'continuity: noted.' } });
  assert.deepEqual(x.fire('tool_result', { toolName: 'bash', toolCallId: 'c1', input: { command: 'ls' }, content: [{ type: 'text', text: 'a\n' }], isError: false }), { content: [{ type: 'text', text: 'a\n' }, { type: 'text', text: 'continuity: noted.' }] });
  const dir = mkdtempSync(join(tmpdir(), 'pi-extension-'));
  const file = join(dir, 'broken.ts');
  writeFileSync(file, piExtensionSource({ command: join(dir, 'missing'), args: [] }));
  const handlers = new Map<string, Handler>();
  ((await import(pathToFileURL(file).href)) as { default: (pi: unknown) => void }).default({ on: (n: string, fn: Handler) => handlers.set(n, fn), sendMessage() {} });
  const ctx = { cwd: dir, hasUI: false, ui: { notify() {} }, sessionManager: { getSessionId: () => 's', getSessionFile: () => undefined } };
  assert.equal(handlers.get('tool_call')!({ toolName: 'bash', toolCallId: 'c', input: { command: 'ls' } }, ctx), undefined);
});

test('the install target: the file names its hook command; install is idempotent; a file continuity did not write is refused', () => {
  const hook = { command: '/usr/local/bin/continuity', args: [] };
  const text = target.install(null, hook);
  assert.deepEqual(hookOfExtension(text), { command: '/usr/local/bin/continuity', args: ['hook', 'pi'] });
  assert.deepEqual(target.installedCommands(text), [{ command: '/usr/local/bin/continuity', args: ['hook', 'pi'] }]);
  assert.equal(target.install(text, hook), text);
  assert.equal(target.uninstall(text), null);
  assert.throws(() => target.install('export default function () {}\n', hook), /is not the extension continuity writes/);
  assert.throws(() => target.uninstall('export default function () {}\n'), /is not the extension continuity writes/);
  assert.deepEqual(target.installedCommands('export default function () {}\n'), []);
});
