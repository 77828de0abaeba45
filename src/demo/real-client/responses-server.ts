// A scripted stand-in for the OpenAI Responses API (`POST /v1/responses`,
// streamed), for running the real Codex CLI offline. It listens on 127.0.0.1
// only, records every request, and answers the main thread and each subagent
// thread from scripts of output items. It closes itself after `lifetimeMs`.
//
// Codex (0.169.0) sends, with every request, the header `x-codex-turn-metadata`
// (JSON: session_id, thread_id, turn_id, agent_name, …). A subagent's requests
// carry its own thread_id (the agent id its hooks get as `agent_id`) under
// the parent's session_id; the main thread's thread_id is the session id.
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback-server.js';

export type Item =
  | { type: 'text'; text: string }
  | { type: 'function'; name: string; namespace?: string; args: Record<string, unknown> | ((rec: ResponsesRequest) => Record<string, unknown>) }
  | { type: 'custom'; name: string; input: string }
  | { type: 'pause'; ms: number }
  | { type: 'hold'; until: (rec: ResponsesRequest) => Promise<unknown> };
export type Turn = Item[];

export const say = (text: string): Item => ({ type: 'text', text });
export const pause = (ms: number): Item => ({ type: 'pause', ms });
/** Not sent: the answer is held until `until` (called when the request for this turn comes in) settles, a go-signal from the test. */
export const hold = (until: (rec: ResponsesRequest) => Promise<unknown>): Item => ({ type: 'hold', until });
/** Codex's shell tool (`exec_command`). */
export const shell = (cmd: string): Item => ({ type: 'function', name: 'exec_command', args: { cmd } });
/** Codex's freeform `apply_patch` tool: the patch text as its input. */
export const applyPatch = (patch: string): Item => ({ type: 'custom', name: 'apply_patch', input: patch });
/** Codex's `spawn_agent` (namespace multi_agent_v1). */
export const spawnAgent = (message: string): Item => ({ type: 'function', name: 'spawn_agent', namespace: 'multi_agent_v1', args: { message } });
/** Codex's `wait_agent` on every agent spawned so far in the conversation. */
export const waitAgents = (timeoutMs = 30_000): Item => ({ type: 'function', name: 'wait_agent', namespace: 'multi_agent_v1', args: (rec) => ({ targets: spawnedAgents(rec), timeout_ms: timeoutMs }) });

export interface ResponsesScenario {
  turns: Turn[];
  afterLast?: Turn;
  /** Each subagent thread goes through these from the first, with a cursor of its own. */
  subagent?: Turn[];
  subagentAfterLast?: Turn;
  /** The summary a compaction request gets (Codex's own summarisation prompt, not a turn of the script). */
  compactionSummary?: string;
}

export interface ResponsesRequest {
  seq: number;
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  kind: 'scenario' | 'after-last' | 'subagent' | 'subagent-after-last' | 'compaction' | 'other';
  turn?: number;
  /** A subagent's thread id. */
  threadId?: string;
}

export interface ResponsesServer {
  url: string;
  requests: ResponsesRequest[];
  unknown: string[];
  conversation(): ResponsesRequest[];
  subagentRequests(): ResponsesRequest[];
  /** Codex's compaction requests (its summarisation prompt as the last input). */
  compactions(): ResponsesRequest[];
  close(): Promise<void>;
}

export async function startResponsesServer(scenario: ResponsesScenario, opts: { lifetimeMs?: number; log?: (l: string) => void; onRequest?: (r: ResponsesRequest) => void } = {}): Promise<ResponsesServer> {
  const log = opts.log ?? (() => {});
  const requests: ResponsesRequest[] = [];
  const unknown: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const cursors = new Map<string, number>();
  let next = 0;
  let seq = 0;
  let ids = 0;

  const server = createServer((req, res) => {
    readBody(req, (body) => {
      const rec: ResponsesRequest = { seq: ++seq, at: Date.now(), method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, headers: req.headers, body, kind: 'other' };
      requests.push(rec);
      if (rec.method !== 'POST' || rec.path !== '/v1/responses' || !body || typeof body !== 'object') {
        unknown.push(`${rec.method} ${req.url}`);
        log(`responses-server: unknown ${rec.method} ${req.url}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `${rec.path} is not scripted` } }));
        return;
      }
      const thread = subagentThread(rec);
      let turn: Turn;
      if (isCompaction(rec)) {
        rec.kind = 'compaction';
        turn = [say(scenario.compactionSummary ?? 'Summary of the work so far.')];
      } else if (thread) {
        rec.threadId = thread;
        const at = cursors.get(thread) ?? 0;
        const script = scenario.subagent ?? [];
        if (at < script.length) {
          rec.kind = 'subagent';
          rec.turn = at;
          turn = script[at]!;
          cursors.set(thread, at + 1);
        } else {
          rec.kind = 'subagent-after-last';
          turn = scenario.subagentAfterLast ?? [say('Done.')];
        }
      } else if (next < scenario.turns.length) {
        rec.kind = 'scenario';
        rec.turn = next;
        turn = scenario.turns[next++]!;
      } else {
        rec.kind = 'after-last';
        turn = scenario.afterLast ?? [say('Done.')];
      }
      log(`responses-server: #${rec.seq} ${rec.kind}${thread ? ` ${thread}` : ''}${rec.turn !== undefined ? ` turn ${rec.turn}` : ''}`);
      opts.onRequest?.(rec);
      const wait = turn.reduce((ms, i) => ms + (i.type === 'pause' ? i.ms : 0), 0);
      const holds = turn.flatMap((i) => (i.type === 'hold' ? [i.until(rec)] : []));
      const go = () => {
        const send = () => {
          timers.delete(timer);
          if (!res.destroyed) stream(res, rec, turn);
        };
        const timer = setTimeout(send, wait);
        timers.add(timer);
      };
      if (holds.length) {
        Promise.all(holds).then(go, (err: unknown) => {
          log(`responses-server: a hold failed: ${String(err)}`);
          if (!res.destroyed && !res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: `scripted hold failed: ${String(err)}` } }));
          }
        });
      } else go();
    });
  });

  function stream(res: ServerResponse, rec: ResponsesRequest, turn: Turn): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const ev = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    const id = `resp_scripted_${rec.seq}`;
    ev('response.created', { response: { id } });
    const output: Record<string, unknown>[] = [];
    for (const item of turn) {
      if (item.type === 'pause' || item.type === 'hold') continue;
      const n = ++ids;
      let out: Record<string, unknown>;
      if (item.type === 'text') out = { type: 'message', role: 'assistant', id: `msg_scripted_${n}`, content: [{ type: 'output_text', text: item.text, annotations: [] }] };
      else if (item.type === 'function') out = { type: 'function_call', id: `fc_scripted_${n}`, call_id: `call_scripted_${n}`, name: item.name, ...(item.namespace ? { namespace: item.namespace } : {}), arguments: JSON.stringify(typeof item.args === 'function' ? item.args(rec) : item.args) };
      else out = { type: 'custom_tool_call', id: `ctc_scripted_${n}`, call_id: `call_scripted_${n}`, name: item.name, input: item.input };
      const index = output.length;
      ev('response.output_item.added', { output_index: index, item: out.type === 'message' ? { ...out, content: [] } : out });
      if (item.type === 'text') ev('response.output_text.delta', { output_index: index, item_id: out.id, content_index: 0, delta: item.text });
      ev('response.output_item.done', { output_index: index, item: out });
      output.push(out);
    }
    ev('response.completed', { response: { id, output, usage: { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 120 } } });
    res.end();
  }

  const loopback = await listenOnLoopback(server, { lifetimeMs: opts.lifetimeMs ?? 120_000, timers });
  const handle: ResponsesServer = {
    url: loopback.url,
    requests,
    unknown,
    conversation: () => requests.filter((r) => r.kind === 'scenario' || r.kind === 'after-last'),
    subagentRequests: () => requests.filter((r) => r.kind === 'subagent' || r.kind === 'subagent-after-last'),
    compactions: () => requests.filter((r) => r.kind === 'compaction'),
    close: loopback.close,
  };
  return handle;
}

/** The subagent thread a request comes from, or null for the main thread. */
export function subagentThread(rec: Pick<ResponsesRequest, 'headers'>): string | null {
  const raw = rec.headers['x-codex-turn-metadata'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string') return null;
  try {
    const meta = JSON.parse(text) as { session_id?: unknown; thread_id?: unknown };
    return typeof meta.thread_id === 'string' && typeof meta.session_id === 'string' && meta.thread_id !== meta.session_id ? meta.thread_id : null;
  } catch {
    return null;
  }
}

/**
 * Codex (0.169.0) compacts a conversation by asking the model for a summary:
 * the request's last input item is a user message opening with
 * "You are performing a CONTEXT CHECKPOINT COMPACTION".
 */
export function isCompaction(rec: Pick<ResponsesRequest, 'body'>): boolean {
  const input = (rec.body?.input ?? []) as Record<string, any>[];
  const last = input[input.length - 1];
  if (!last || last.type !== 'message' || last.role !== 'user') return false;
  const text = (last.content as { text?: unknown }[] | undefined)?.map((c) => (typeof c.text === 'string' ? c.text : '')).join('') ?? '';
  return text.startsWith('You are performing a CONTEXT CHECKPOINT COMPACTION');
}

/** The agent ids that `spawn_agent` outputs in a request's input report. */
export function spawnedAgents(rec: Pick<ResponsesRequest, 'body'>): string[] {
  const out: string[] = [];
  for (const item of (rec.body?.input ?? []) as Record<string, unknown>[]) {
    if (item.type !== 'function_call_output' || typeof item.output !== 'string') continue;
    try {
      const parsed = JSON.parse(item.output) as { agent_id?: unknown };
      if (typeof parsed.agent_id === 'string') out.push(parsed.agent_id);
    } catch {
      // not a spawn output
    }
  }
  return out;
}

/** Every text a request carries to the model (instructions, messages, tool outputs). */
export function inputText(rec: Pick<ResponsesRequest, 'body'>): string {
  const parts: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of ['text', 'output', 'input', 'content']) if (k in o) visit(o[k]);
    }
  };
  visit(rec.body?.instructions);
  visit(rec.body?.input);
  return parts.join('\n');
}

/** The input items a request added since the previous request of the same thread. */
export function addedItems(prev: ResponsesRequest | undefined, rec: ResponsesRequest): Record<string, unknown>[] {
  const all = (rec.body?.input ?? []) as Record<string, unknown>[];
  const before = ((prev?.body?.input ?? []) as unknown[]).length;
  return all.slice(before);
}
