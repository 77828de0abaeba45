// The scripted model server on its own (no Claude Code needed): it runs in `npm test`.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { agent, bash, hold, pause, say, startModelServer, type ModelServer } from '../../src/demo/real-client/model-server.js';

function post(server: ModelServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function events(sse: string): { event: string; data: any }[] {
  return sse
    .split('\n\n')
    .filter((b) => b.trim())
    .map((b) => {
      const [e, d] = b.split('\n');
      return { event: e!.slice('event: '.length), data: JSON.parse(d!.slice('data: '.length)) };
    });
}

const TOOLS = [{ name: 'Bash', input_schema: { type: 'object' } }];

test('the scripted server listens on 127.0.0.1 only and streams the scripted turns in order', async () => {
  const server = await startModelServer({ turns: [[say('first'), bash('continuity task done 1')], [say('second')]] });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);

    const one = await post(server, '/v1/messages?beta=true', { model: 'm', stream: true, tools: TOOLS, messages: [] });
    assert.equal(one.type, 'text/event-stream');
    const ev = events(one.text);
    assert.deepEqual([...new Set(ev.map((e) => e.event))], ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    const toolStart = ev.find((e) => e.event === 'content_block_start' && e.data.content_block.type === 'tool_use')!;
    assert.equal(toolStart.data.content_block.name, 'Bash');
    const json = ev.filter((e) => e.event === 'content_block_delta' && e.data.index === toolStart.data.index).map((e) => e.data.delta.partial_json).join('');
    assert.deepEqual(JSON.parse(json), { command: 'continuity task done 1', description: 'Run a command' });
    assert.equal(ev.find((e) => e.event === 'message_delta')!.data.delta.stop_reason, 'tool_use');

    // A request without tools (a title, a summary) is answered but does not use up a turn.
    const aux = await post(server, '/v1/messages', { model: 'm', stream: false, messages: [] });
    assert.equal(JSON.parse(aux.text).content[0].type, 'text');

    const two = events((await post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] })).text);
    assert.equal(two.find((e) => e.event === 'content_block_delta')!.data.delta.text, 'second');
    assert.equal(two.find((e) => e.event === 'message_delta')!.data.delta.stop_reason, 'end_turn');

    // Exhausted: a short final text.
    const after = events((await post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] })).text);
    assert.equal(after.find((e) => e.event === 'content_block_delta')!.data.delta.text, 'Done.');

    const count = await post(server, '/v1/messages/count_tokens', { messages: [] });
    assert.ok(JSON.parse(count.text).input_tokens > 0);
    const unknown = await post(server, '/v1/somewhere', {});
    assert.equal(unknown.status, 404);

    assert.deepEqual(server.requests.map((r) => r.kind), ['scenario', 'aux', 'scenario', 'after-last', 'count_tokens', 'other']);
    assert.deepEqual(server.conversation().map((r) => r.turn), [0, 1, undefined]);
    assert.deepEqual(server.unknown, ['POST /v1/somewhere']);
  } finally {
    await server.close();
  }
});

test('the scripted server closes itself when its lifetime is over', async () => {
  const server = await startModelServer({ turns: [] }, { lifetimeMs: 100 });
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(server.closed, true);
  await assert.rejects(post(server, '/v1/messages', {}), /ECONNREFUSED/);
});

const textOf = (sse: string) => events(sse).filter((e) => e.event === 'content_block_delta' && e.data.delta.type === 'text_delta').map((e) => e.data.delta.text).join('');

test("a subagent's requests (x-claude-code-agent-id, or the cc_is_subagent billing mark) get the subagent script, a cursor per subagent; the main conversation's turns are left alone", async () => {
  const seen: string[] = [];
  const server = await startModelServer(
    {
      turns: [[say('main 0'), agent({ description: 'Review', prompt: 'Review it.', run_in_background: true })], [say('main 1')]],
      subagent: [[say('sub 0')], [say('sub 1')]],
      subagentAfterLast: [say('sub done')],
    },
    { onRequest: (rec) => seen.push(rec.kind) },
  );
  try {
    const main = (n: number) => post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: new Array(n).fill({ role: 'user', content: 'x' }) });
    const sub = (id: string) => post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] }, { 'x-claude-code-agent-id': id });
    const first = events((await main(1)).text);
    const tool = first.find((e) => e.event === 'content_block_start' && e.data.content_block.type === 'tool_use')!;
    assert.equal(tool.data.content_block.name, 'Agent');
    assert.equal(textOf((await sub('a1')).text), 'sub 0');
    assert.equal(textOf((await sub('a1')).text), 'sub 1');
    assert.equal(textOf((await sub('a2')).text), 'sub 0', 'a second subagent starts at the first turn');
    assert.equal(textOf((await sub('a1')).text), 'sub done');
    const marked = await post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, system: [{ type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.197.e16; cc_entrypoint=sdk-cli; cc_is_subagent=true;' }], messages: [] });
    assert.equal(textOf(marked.text), 'sub 0');
    assert.equal(textOf((await main(3)).text), 'main 1');
    assert.deepEqual(server.conversation().map((r) => r.turn), [0, 1]);
    assert.deepEqual(server.subagentRequests().map((r) => [r.agentId, r.kind, r.turn]), [
      ['a1', 'subagent', 0],
      ['a1', 'subagent', 1],
      ['a2', 'subagent', 0],
      ['a1', 'subagent-after-last', undefined],
      ['subagent', 'subagent', 0],
    ]);
    // Each request was handed over once it was classified.
    assert.deepEqual(seen, ['scenario', 'subagent', 'subagent', 'subagent', 'subagent-after-last', 'subagent', 'scenario']);
  } finally {
    await server.close();
  }
});

test('a turn with a pause is answered after a later request without one; the pause is not sent', async () => {
  const server = await startModelServer({ turns: [[pause(300), say('slow')]], subagent: [[say('quick')]] });
  try {
    const answered: string[] = [];
    const slow = post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] }).then((r) => answered.push(textOf(r.text)));
    // The slow request is in before the quick one is sent.
    while (server.requests.length === 0) await new Promise((r) => setImmediate(r));
    const quick = post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] }, { 'x-claude-code-agent-id': 'a1' }).then((r) => answered.push(textOf(r.text)));
    await Promise.all([slow, quick]);
    assert.deepEqual(answered, ['quick', 'slow']);
  } finally {
    await server.close();
  }
});

test('a held turn is answered only once its go-signal settles, whatever came in meanwhile; the hold is not sent', async () => {
  let go!: () => void;
  const signal = new Promise<void>((r) => (go = r));
  const held: number[] = [];
  const server = await startModelServer({ turns: [[hold((rec) => (held.push(rec.seq), signal)), say('held')]], subagent: [[say('quick')]] });
  try {
    const answered: string[] = [];
    const slow = post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] }).then((r) => answered.push(textOf(r.text)));
    while (server.requests.length === 0) await new Promise((r) => setImmediate(r));
    await post(server, '/v1/messages', { model: 'm', stream: true, tools: TOOLS, messages: [] }, { 'x-claude-code-agent-id': 'a1' }).then((r) => answered.push(textOf(r.text)));
    assert.deepEqual(answered, ['quick'], 'the held turn waits for its signal');
    assert.deepEqual(held, [1], 'the hold was asked when its request came in');
    go();
    await slow;
    assert.deepEqual(answered, ['quick', 'held']);
  } finally {
    await server.close();
  }
});
