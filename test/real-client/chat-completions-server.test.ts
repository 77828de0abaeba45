// The scripted chat-completions server's go-signals on their own (no client needed): it runs in `npm test`.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { hold, say, startChatServer, tool, type ChatServer } from '../../src/demo/real-client/chat-completions-server.js';

function post(server: ChatServer, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const BODY = { model: 'scripted', stream: true, messages: [{ role: 'user', content: 'go' }], tools: [{ type: 'function', function: { name: 'bash' } }] };

test('a held turn is answered only after its go-signal, with the request it holds, and then as scripted', { timeout: 30_000 }, async () => {
  let release!: () => void;
  const signal = new Promise<void>((ok) => (release = ok));
  const order: string[] = [];
  const held: number[] = [];
  const server = await startChatServer({ turns: [[hold((rec) => (held.push(rec.seq), signal)), tool('bash', { command: 'continuity task done 1' })]] });
  try {
    const answer = post(server, BODY).then((r) => (order.push('answered'), r));
    // The request is in (the hold has seen it) before the signal is given.
    while (!held.length) await new Promise((ok) => setImmediate(ok));
    order.push('released');
    release();
    const r = await answer;
    assert.deepEqual(order, ['released', 'answered']);
    assert.deepEqual(held, [1]);
    assert.equal(r.status, 200);
    assert.match(r.text, /"name":"bash","arguments":"\{\\"command\\":\\"continuity task done 1\\"\}"/);
    assert.match(r.text, /"finish_reason":"tool_calls"/);
  } finally {
    await server.close();
  }
});

test('a hold that fails answers HTTP 500 and names why', async () => {
  const server = await startChatServer({ turns: [[hold(() => Promise.reject(new Error('the other client ended first'))), say('never')]] });
  try {
    const r = await post(server, BODY);
    assert.equal(r.status, 500);
    assert.match(r.text, /scripted hold failed: Error: the other client ended first/);
  } finally {
    await server.close();
  }
});
