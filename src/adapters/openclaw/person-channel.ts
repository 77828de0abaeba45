/**
 * Words for the person on the session's own channel. OpenClaw shows hook
 * results to the model only; a plugin reaches the person through the
 * channel the session last spoke on (the session entry's `deliveryContext`,
 * else its `lastChannel`/`lastTo`), sent by that channel's outbound adapter
 * (`api.runtime.channel.outbound.loadAdapter(channel).sendText`), as
 * OpenClaw's own replies are. A session with no such route (a turn from the
 * CLI or the Control UI, which have no outbound adapter) has no channel to
 * send on.
 */
import type { OpenClawApi } from './plugin.js';

export interface PersonRoute {
  channel: string;
  to: string;
  accountId?: string;
  threadId?: string | number;
}

const text = (x: unknown): string | undefined => (typeof x === 'string' && x.trim() !== '' ? x : undefined);

/** The route a session entry names for replies, or null. */
export function routeOf(entry: unknown): PersonRoute | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as { deliveryContext?: Record<string, unknown>; lastChannel?: unknown; lastTo?: unknown; lastAccountId?: unknown; lastThreadId?: unknown };
  const dc = e.deliveryContext && typeof e.deliveryContext === 'object' ? e.deliveryContext : null;
  const channel = text(dc?.channel) ?? text(e.lastChannel);
  const to = text(dc?.to) ?? text(e.lastTo);
  if (!channel || !to) return null;
  const accountId = text(dc?.accountId) ?? text(e.lastAccountId);
  const thread = dc?.threadId ?? e.lastThreadId;
  return { channel, to, ...(accountId ? { accountId } : {}), ...(typeof thread === 'string' || typeof thread === 'number' ? { threadId: thread } : {}) };
}

export type SendOutcome = { sent: true; channel: string; to: string } | { sent: false; why: string };

/** Sends words to the person on the session's channel; never throws. */
export async function sendToPerson(api: OpenClawApi, sessionKey: string, words: string): Promise<SendOutcome> {
  const read = api.runtime?.agent?.session?.getSessionEntry;
  const load = api.runtime?.channel?.outbound?.loadAdapter;
  if (!read || !load) return { sent: false, why: 'the gateway offers no session entries or outbound adapters to plugins here' };
  try {
    const route = routeOf(await read({ sessionKey }));
    if (!route) return { sent: false, why: `the session ${sessionKey} has no channel route (its turns came from the CLI or the Control UI)` };
    const adapter = await load(route.channel);
    if (!adapter?.sendText) return { sent: false, why: `the channel ${route.channel} has no outbound adapter for text` };
    await adapter.sendText({ cfg: api.config ?? {}, to: route.to, text: words, ...(route.accountId ? { accountId: route.accountId } : {}), ...(route.threadId !== undefined ? { threadId: route.threadId } : {}) });
    return { sent: true, channel: route.channel, to: route.to };
  } catch (err) {
    return { sent: false, why: `sending failed: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}` };
  }
}
