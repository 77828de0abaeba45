// A scripted stand-in for the OpenAI Chat Completions API (`POST
// /v1/chat/completions`, streamed), for running the real OpenClaw offline as
// a provider with `api: "openai-completions"`. It listens on 127.0.0.1 only,
// records every request, and answers from a script the test swaps between
// runs (`load`). It closes itself after `lifetimeMs`.
//
// OpenClaw (2026.9.6) sends `{model, stream: true, messages, tools, ...}`;
// the reply is server-sent `chat.completion.chunk`s: the role, then the text
// or one tool call, then `finish_reason` ("stop" or "tool_calls"), the usage,
// `[DONE]`. Requests are routed by what their last user-role message is:
// a subagent's own run opens with "[Subagent Context]", a compaction asks
// for a summary; everything else is the main conversation, answered from
// `turns` in order.
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback-server.js';

export type Item =
  | { type: 'text'; text: string }
  | { type: 'tool'; name: string; args: Record<string, unknown> }
  | { type: 'pause'; ms: number }
  | { type: 'fail'; status: number }
  | { type: 'hold'; until: (rec: ChatRequest) => Promise<unknown> }
  | { type: 'usage'; promptTokens: number };
export type Turn = Item[];

export const say = (text: string): Item => ({ type: 'text', text });
export const tool = (name: string, args: Record<string, unknown>): Item => ({ type: 'tool', name, args });
export const exec = (command: string): Item => tool('exec', { command });
export const write = (path: string, content: string): Item => tool('write', { path, content });
export const pause = (ms: number): Item => ({ type: 'pause', ms });
/** The request fails with this HTTP status (a provider error). */
export const fail = (status = 400): Item => ({ type: 'fail', status });
/**
 * The answer waits for a go-signal, not a clock: `until` settles when
 * something else has happened (another client reached the same step); a
 * rejection fails the request (HTTP 500).
 */
export const hold = (until: (rec: ChatRequest) => Promise<unknown>): Item => ({ type: 'hold', until });
/** The answer reports this many prompt tokens (default 100): a client that compacts past its context limit does so. */
export const usage = (promptTokens: number): Item => ({ type: 'usage', promptTokens });

export interface ChatScenario {
  turns: Turn[];
  afterLast?: Turn;
  /** Each subagent run goes through these from the first (one cursor for all subagents). */
  subagent?: Turn[];
  subagentAfterLast?: Turn;
  /** The requester's announce runs (a child's result handed back), with a cursor of their own; absent: they take main turns. */
  announce?: Turn[];
  announceAfterLast?: Turn;
  compactionSummary?: string;
}

export interface ChatRequest {
  seq: number;
  at: number;
  method: string;
  path: string;
  body: any;
  kind: 'scenario' | 'after-last' | 'subagent' | 'subagent-after-last' | 'announce' | 'announce-after-last' | 'compaction' | 'other';
  turn?: number;
}

export interface ChatServer {
  url: string;
  requests: ChatRequest[];
  unknown: string[];
  /** A new script; the recorded requests are kept. */
  load(scenario: ChatScenario): void;
  conversation(): ChatRequest[];
  close(): Promise<void>;
}

export interface ChatServerOptions {
  lifetimeMs?: number;
  log?: (l: string) => void;
  /**
   * Answers a request from the request alone (many sessions at once, each at
   * its own step), before the script's cursors; null leaves it to them.
   */
  route?: (rec: ChatRequest) => Turn | null;
  /** Keep each request's body (default true); a long load run keeps only the count. */
  keepBodies?: boolean;
}

export async function startChatServer(first: ChatScenario, opts: ChatServerOptions = {}): Promise<ChatServer> {
  const log = opts.log ?? (() => {});
  const requests: ChatRequest[] = [];
  const unknown: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let scenario = first;
  let next = 0;
  let subNext = 0;
  let announceNext = 0;
  let seq = 0;

  const server = createServer((req, res) => {
    readBody(req, (body) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const rec: ChatRequest = { seq: ++seq, at: Date.now(), method: req.method ?? 'GET', path, body, kind: 'other' };
      requests.push(rec);
      if (rec.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model' }] }));
        return;
      }
      if (rec.method !== 'POST' || path !== '/v1/chat/completions' || !body || typeof body !== 'object') {
        unknown.push(`${rec.method} ${req.url}`);
        log(`chat-server: unknown ${rec.method} ${req.url}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `${path} is not scripted` } }));
        return;
      }
      const last = lastUserText(rec);
      let turn: Turn;
      const routed = opts.route?.(rec) ?? null;
      if (routed) {
        rec.kind = 'scenario';
        turn = routed;
      } else if (isCompaction(rec)) {
        rec.kind = 'compaction';
        turn = [say(scenario.compactionSummary ?? 'Summary of the work so far.')];
      } else if (last.includes('[Subagent Context]') || isSubagentRun(rec)) {
        const script = scenario.subagent ?? [];
        if (subNext < script.length) {
          rec.kind = 'subagent';
          rec.turn = subNext;
          turn = script[subNext++]!;
        } else {
          rec.kind = 'subagent-after-last';
          turn = scenario.subagentAfterLast ?? [say('Done.')];
        }
      } else if (scenario.announce && isAnnounce(rec)) {
        if (announceNext < scenario.announce.length) {
          rec.kind = 'announce';
          rec.turn = announceNext;
          turn = scenario.announce[announceNext++]!;
        } else {
          rec.kind = 'announce-after-last';
          turn = scenario.announceAfterLast ?? [say('Noted.')];
        }
      } else if (next < scenario.turns.length) {
        rec.kind = 'scenario';
        rec.turn = next;
        turn = scenario.turns[next++]!;
      } else {
        rec.kind = 'after-last';
        turn = scenario.afterLast ?? [say('Done.')];
      }
      log(`chat-server: #${rec.seq} ${rec.kind}${rec.turn !== undefined ? ` turn ${rec.turn}` : ''}`);
      if (opts.keepBodies === false) rec.body = null;
      const wait = turn.reduce((ms, i) => ms + (i.type === 'pause' ? i.ms : 0), 0);
      const go = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(res, rec, turn);
        }, wait);
        timers.add(timer);
      };
      const holds = turn.flatMap((i) => (i.type === 'hold' ? [i.until(rec)] : []));
      if (!holds.length) go();
      else
        Promise.all(holds).then(go, (err: unknown) => {
          log(`chat-server: a hold failed: ${String(err)}`);
          if (!res.destroyed && !res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: `scripted hold failed: ${String(err)}`, type: 'server_error' } }));
          }
        });
    });
  });

  function answer(res: ServerResponse, rec: ChatRequest, turn: Turn): void {
    const failed = turn.find((i): i is Extract<Item, { type: 'fail' }> => i.type === 'fail');
    if (failed) {
      res.writeHead(failed.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'scripted failure', type: 'invalid_request_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = `chatcmpl-scripted-${rec.seq}`;
    const model = rec.body?.model ?? 'scripted';
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(rec.at / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    const text = turn.filter((i): i is Extract<Item, { type: 'text' }> => i.type === 'text').map((i) => i.text).join('\n');
    if (text) chunk({ content: text });
    const tools = turn.filter((i): i is Extract<Item, { type: 'tool' }> => i.type === 'tool');
    tools.forEach((t, n) => chunk({ tool_calls: [{ index: n, id: `call_${rec.seq}_${n}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.args) } }] }));
    chunk({}, tools.length ? 'tool_calls' : 'stop');
    const prompt = turn.find((i): i is Extract<Item, { type: 'usage' }> => i.type === 'usage')?.promptTokens ?? 100;
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(rec.at / 1000), model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: 20, total_tokens: prompt + 20 } })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  const loopback = await listenOnLoopback(server, { lifetimeMs: opts.lifetimeMs ?? 300_000, timers });
  const handle: ChatServer = {
    url: loopback.url,
    requests,
    unknown,
    load(s) {
      scenario = s;
      next = 0;
      subNext = 0;
      announceNext = 0;
    },
    conversation: () => requests.filter((r) => r.kind === 'scenario' || r.kind === 'after-last'),
    close: loopback.close,
  };
  return handle;
}

/** The text of a message's content (a string, or parts with `text`). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('');
  return '';
}

/** Every user-role message of a request, in order. */
export function userTexts(rec: Pick<ChatRequest, 'body'>): string[] {
  return ((rec.body?.messages ?? []) as { role?: string; content?: unknown }[]).filter((m) => m.role === 'user').map((m) => contentText(m.content));
}

/** The user-role messages after the last assistant message (what this request added). */
export function addedUserText(rec: Pick<ChatRequest, 'body'>): string {
  const msgs = (rec.body?.messages ?? []) as { role?: string; content?: unknown }[];
  let from = 0;
  msgs.forEach((m, i) => {
    if (m.role === 'assistant') from = i + 1;
  });
  return msgs
    .slice(from)
    .filter((m) => m.role === 'user' || m.role === 'tool')
    .map((m) => contentText(m.content))
    .join('\n');
}

function lastUserText(rec: Pick<ChatRequest, 'body'>): string {
  const texts = userTexts(rec);
  return texts.join('\n');
}

/** A requester's announce run: what it adds is OpenClaw's completion event for a child (a user-role message). */
export function isAnnounce(rec: Pick<ChatRequest, 'body'>): boolean {
  return /\[Internal task completion event\]|A background task completed|source: subagent/.test(addedUserText(rec));
}

/** A subagent's run: its system prompt says it is one (OpenClaw's subagent prompt mode). */
export function isSubagentRun(rec: Pick<ChatRequest, 'body'>): boolean {
  const sys = ((rec.body?.messages ?? []) as { role?: string; content?: unknown }[]).find((m) => m.role === 'system');
  return /\[Subagent Context\]/.test(contentText(sys?.content));
}

/** OpenClaw's compaction asks the model for a summary of the conversation, without tools. */
export function isCompaction(rec: Pick<ChatRequest, 'body'>): boolean {
  return !Array.isArray(rec.body?.tools) || rec.body.tools.length === 0;
}
