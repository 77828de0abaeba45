// A scripted stand-in for the Anthropic Messages API, for running the real
// Claude Code CLI offline. It listens on 127.0.0.1 only, on a free port, records
// every request, and answers the main conversation and each subagent's
// conversation from scripts of assistant turns. It closes itself after
// `lifetimeMs` whatever happens.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown> }
  | { type: 'pause'; ms: number }
  | { type: 'hold'; until: (rec: RecordedRequest) => Promise<unknown> };

/**
 * One assistant message: its content blocks. `tool_use` blocks make the stop
 * reason `tool_use`; `pause` blocks are not sent: the answer waits that long
 * first (a slow model, so that something else happens meanwhile); `hold`
 * blocks are not sent either: the answer waits until their promise settles
 * (a go-signal from the test, when something else must happen first).
 */
export type Turn = Block[];

export const say = (text: string): Block => ({ type: 'text', text });
export const pause = (ms: number): Block => ({ type: 'pause', ms });
/** The answer is held until `until` (called when the request for this turn comes in) settles. */
export const hold = (until: (rec: RecordedRequest) => Promise<unknown>): Block => ({ type: 'hold', until });
export const bash = (command: string, description = 'Run a command'): Block => ({ type: 'tool_use', name: 'Bash', input: { command, description } });
export const write = (filePath: string, content: string): Block => ({ type: 'tool_use', name: 'Write', input: { file_path: filePath, content } });
/** Claude Code's subagent tool (`Agent`; `Task` before 2.1). */
export const agent = (input: { description: string; prompt: string; subagent_type?: string; run_in_background?: boolean }): Block => ({ type: 'tool_use', name: 'Agent', input });

export interface Scenario {
  /** The assistant turns of the main conversation, consumed one per request that carries `tools`. */
  turns: Turn[];
  /** The answer once the turns are used up (default: a short final text). */
  afterLast?: Turn;
  /**
   * The assistant turns of every subagent's conversation. Each subagent (one
   * `x-claude-code-agent-id`) goes through them from the first, with a cursor
   * of its own, so a re-dispatched subagent gets the same answers.
   */
  subagent?: Turn[];
  /** A subagent's answer once its turns are used up (default: a short final text). */
  subagentAfterLast?: Turn;
  /** The answer to requests without `tools` (titles, summaries, topic checks). */
  auxText?: string;
}

export type RequestKind = 'scenario' | 'after-last' | 'subagent' | 'subagent-after-last' | 'aux' | 'count_tokens' | 'other';

export interface RecordedRequest {
  seq: number;
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not JSON, or null. */
  body: any;
  kind: RequestKind;
  /** For `scenario` and `subagent` requests: the index of the turn answered. */
  turn?: number;
  /** For a subagent's requests: its agent id. */
  agentId?: string;
}

export interface ModelServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Paths the server does not know, as `METHOD path`. */
  unknown: string[];
  /** The requests of the main conversation (those that carried `tools`), in order. */
  conversation(): RecordedRequest[];
  /** The requests of subagents' conversations, in order (`agentId` tells them apart). */
  subagentRequests(): RecordedRequest[];
  close(): Promise<void>;
  closed: boolean;
}

type ContentBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export const FINAL_TEXT = 'Done.';
const AUX_TEXT = 'Scripted answer';
const MAX_BODY = 32 * 1024 * 1024;

export interface ServerOptions {
  /** The server closes itself after this long, whatever happens (default 120 s). */
  lifetimeMs?: number;
  log?: (line: string) => void;
  /** Each Messages request, once it is classified, before it is answered. */
  onRequest?: (rec: RecordedRequest) => void;
}

export async function startModelServer(scenario: Scenario, opts: ServerOptions = {}): Promise<ModelServer> {
  const lifetimeMs = opts.lifetimeMs ?? 120_000;
  const log = opts.log ?? (() => {});
  const requests: RecordedRequest[] = [];
  const unknown: string[] = [];
  const sockets = new Set<Socket>();
  const pending = new Set<NodeJS.Timeout>();
  let nextTurn = 0;
  const subagentTurns = new Map<string, number>();
  let seq = 0;
  let ids = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const rec: RecordedRequest = { seq: ++seq, at: Date.now(), method: req.method ?? 'GET', path, headers: req.headers, body, kind: 'other' };
      requests.push(rec);
      try {
        answer(req, res, rec);
      } catch (err) {
        log(`model-server: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'scripted server failure' } }));
      }
    });
  });

  function answer(req: IncomingMessage, res: ServerResponse, rec: RecordedRequest): void {
    if (rec.method === 'POST' && rec.path === '/v1/messages/count_tokens') {
      rec.kind = 'count_tokens';
      json(res, 200, { input_tokens: estimateTokens(rec.body) });
      return;
    }
    if (rec.method === 'POST' && rec.path === '/v1/messages' && rec.body && typeof rec.body === 'object') {
      const hasTools = Array.isArray(rec.body.tools) && rec.body.tools.length > 0;
      const agentId = hasTools ? subagentOf(rec) : null;
      let turn: Turn;
      if (!hasTools) {
        rec.kind = 'aux';
        turn = [say(scenario.auxText ?? AUX_TEXT)];
      } else if (agentId !== null) {
        rec.agentId = agentId;
        const next = subagentTurns.get(agentId) ?? 0;
        const script = scenario.subagent ?? [];
        if (next < script.length) {
          rec.kind = 'subagent';
          rec.turn = next;
          turn = script[next]!;
          subagentTurns.set(agentId, next + 1);
        } else {
          rec.kind = 'subagent-after-last';
          turn = scenario.subagentAfterLast ?? [say(FINAL_TEXT)];
        }
      } else if (nextTurn < scenario.turns.length) {
        rec.kind = 'scenario';
        rec.turn = nextTurn;
        turn = scenario.turns[nextTurn++]!;
      } else {
        rec.kind = 'after-last';
        turn = scenario.afterLast ?? [say(FINAL_TEXT)];
      }
      log(`model-server: #${rec.seq} ${rec.kind}${rec.agentId ? ` ${rec.agentId}` : ''}${rec.turn !== undefined ? ` turn ${rec.turn}` : ''}`);
      opts.onRequest?.(rec);
      const message = assistantMessage(turn, String(rec.body.model ?? 'scripted-model'));
      const send = () => {
        if (res.destroyed) return;
        if (rec.body.stream) stream(res, message);
        else json(res, 200, message);
      };
      const wait = turn.reduce((ms, b) => ms + (b.type === 'pause' ? b.ms : 0), 0);
      const holds = turn.flatMap((b) => (b.type === 'hold' ? [b.until(rec)] : []));
      const go = () => {
        if (wait > 0) pending.add(setTimeout(() => send(), wait));
        else send();
      };
      if (holds.length) {
        Promise.all(holds).then(go, (err: unknown) => {
          log(`model-server: a hold failed: ${String(err)}`);
          if (!res.destroyed && !res.headersSent) json(res, 500, { type: 'error', error: { type: 'api_error', message: `scripted hold failed: ${String(err)}` } });
        });
      } else go();
      return;
    }
    // Connectivity checks (HEAD /) and anything else: harmless, and logged.
    unknown.push(`${rec.method} ${req.url ?? '/'}`);
    log(`model-server: unknown ${rec.method} ${req.url}`);
    if (rec.method === 'HEAD' || (rec.method === 'GET' && rec.path === '/')) {
      res.writeHead(200);
      res.end();
      return;
    }
    json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `${rec.path} is not scripted` } });
  }

  function assistantMessage(turn: Turn, model: string) {
    const content: ContentBlock[] = [];
    for (const b of turn) {
      if (b.type === 'text') content.push({ type: 'text', text: b.text });
      else if (b.type === 'tool_use') content.push({ type: 'tool_use', id: `toolu_scripted_${String(++ids).padStart(4, '0')}`, name: b.name, input: b.input });
    }
    const stopReason = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    return { id: `msg_scripted_${seq}`, type: 'message', role: 'assistant', model, content, stop_reason: stopReason, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } };
  }

  function stream(res: ServerResponse, message: ReturnType<typeof assistantMessage>): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': message.id });
    const ev = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } } });
    message.content.forEach((block, index) => {
      if (block.type === 'text') {
        ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of split(block.text, 80)) ev('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
      } else {
        ev('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
        for (const piece of split(JSON.stringify(block.input), 40)) ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
      }
      ev('content_block_stop', { index });
    });
    ev('message_delta', { delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: message.usage.output_tokens } });
    ev('message_stop', {});
    res.end();
  }

  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  if (address.address !== '127.0.0.1') {
    server.close();
    throw new Error(`model server bound to ${address.address}, expected 127.0.0.1`);
  }

  let closing: Promise<void> | null = null;
  const handle: ModelServer = {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    unknown,
    closed: false,
    conversation: () => requests.filter((r) => r.kind === 'scenario' || r.kind === 'after-last'),
    subagentRequests: () => requests.filter((r) => r.kind === 'subagent' || r.kind === 'subagent-after-last'),
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearTimeout(timer);
        for (const t of pending) clearTimeout(t);
        handle.closed = true;
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
  const timer = setTimeout(() => {
    log(`model-server: lifetime of ${lifetimeMs} ms is over, closing`);
    void handle.close();
  }, lifetimeMs);
  timer.unref();
  return handle;
}

/**
 * The subagent a request comes from, or null for the main conversation.
 * Claude Code (2.1.197) sends a subagent's requests with the header
 * `x-claude-code-agent-id` (the agent id its hooks get as `agent_id`) and
 * marks them `cc_is_subagent=true` in the billing line of the system prompt;
 * the main conversation's requests carry neither.
 */
export function subagentOf(rec: Pick<RecordedRequest, 'headers' | 'body'>): string | null {
  const header = rec.headers['x-claude-code-agent-id'];
  const id = Array.isArray(header) ? header[0] : header;
  if (typeof id === 'string' && id !== '') return id;
  const system = rec.body && typeof rec.body === 'object' ? rec.body.system : null;
  const first = Array.isArray(system) ? system[0]?.text : typeof system === 'string' ? system : null;
  return typeof first === 'string' && /\bcc_is_subagent=true\b/.test(first) ? 'subagent' : null;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function split(text: string, size: number): string[] {
  if (!text) return [''];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function estimateTokens(body: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(body ?? '').length / 4));
}

/** Every piece of text a request carries to the model: system blocks and message contents, tool results included. */
export function requestText(rec: RecordedRequest): string {
  const parts: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.text === 'string') parts.push(o.text);
      if ('content' in o) visit(o.content);
    }
  };
  if (rec.body && typeof rec.body === 'object') {
    visit(rec.body.system);
    visit(rec.body.messages);
  }
  return parts.join('\n');
}

/** The messages of a request that were added since the previous request of the same conversation. */
export function newMessages(prev: RecordedRequest | undefined, rec: RecordedRequest): unknown[] {
  const all: unknown[] = Array.isArray(rec.body?.messages) ? rec.body.messages : [];
  const before = Array.isArray(prev?.body?.messages) ? prev!.body.messages.length : 0;
  return all.slice(before);
}
