// Words for the person on an OpenClaw session's own channel
// (src/adapters/openclaw/person-channel.ts): the route a session entry names,
// and the send through that channel's outbound adapter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeOf, sendToPerson } from '../../src/adapters/openclaw/person-channel.js';
import type { OpenClawApi } from '../../src/adapters/openclaw/plugin.js';

test("openclaw person channel: a session entry's deliveryContext is its route, else its last channel and target; none without both", () => {
  assert.deepEqual(routeOf({ deliveryContext: { channel: 'telegram', to: '42', accountId: 'bot', threadId: 7 } }), { channel: 'telegram', to: '42', accountId: 'bot', threadId: 7 });
  assert.deepEqual(routeOf({ lastChannel: 'slack', lastTo: 'C1', lastAccountId: 'w' }), { channel: 'slack', to: 'C1', accountId: 'w' });
  assert.equal(routeOf({ lastChannel: 'webchat' }), null);
  assert.equal(routeOf({ deliveryContext: { channel: 'telegram' } }), null);
  assert.equal(routeOf(undefined), null);
  assert.equal(routeOf('agent:main:main'), null);
});

function api(entry: unknown, adapter: { sendText?: (ctx: Record<string, unknown>) => Promise<unknown> } | undefined): OpenClawApi {
  return { on: () => {}, config: { x: 1 }, runtime: { agent: { session: { getSessionEntry: () => entry } }, channel: { outbound: { loadAdapter: async () => adapter } } } };
}

test('openclaw person channel: words go to the route through its adapter; no route, no adapter or a failed send is said, never thrown', async () => {
  const sent: Record<string, unknown>[] = [];
  const ok = await sendToPerson(api({ deliveryContext: { channel: 'telegram', to: '42' } }, { sendText: async (ctx) => void sent.push(ctx) }), 'agent:main:main', 'continuity: words');
  assert.deepEqual(ok, { sent: true, channel: 'telegram', to: '42' });
  assert.deepEqual(sent, [{ cfg: { x: 1 }, to: '42', text: 'continuity: words' }]);
  assert.match(JSON.stringify(await sendToPerson(api({ lastChannel: 'webchat' }, undefined), 'agent:main:main', 'w')), /has no channel route/);
  assert.match(JSON.stringify(await sendToPerson(api({ lastChannel: 'irc', lastTo: '#x' }, undefined), 's', 'w')), /the channel irc has no outbound adapter for text/);
  assert.match(JSON.stringify(await sendToPerson(api({ lastChannel: 'irc', lastTo: '#x' }, { sendText: async () => { throw new Error('429 too many\nstack'); } }), 's', 'w')), /"sending failed: 429 too many"/);
  assert.match(JSON.stringify(await sendToPerson({ on: () => {} }, 's', 'w')), /offers no session entries or outbound adapters/);
});
