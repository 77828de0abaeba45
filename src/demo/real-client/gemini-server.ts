// A scripted stand-in for the Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`),
// for running the real Gemini CLI offline. It listens on 127.0.0.1 only,
// records every request, and answers from a script of model turns.
import { createServer } from 'node:http';
import { listenOnLoopback, readBody } from './loopback-server.js';

export type Part = { text: string } | { functionCall: { name: string; args: Record<string, unknown> } } | { pause: number };
export type Turn = Part[];

export const say = (text: string): Part => ({ text });
export const pause = (ms: number): Part => ({ pause: ms });
/** Gemini CLI's shell tool. */
export const shellCall = (command: string): Part => ({ functionCall: { name: 'run_shell_command', args: { command, description: 'Run a command' } } });
export const writeFileCall = (filePath: string, content: string): Part => ({ functionCall: { name: 'write_file', args: { file_path: filePath, content } } });

export interface GeminiScenario {
  turns: Turn[];
  afterLast?: Turn;
  /** The promptTokenCount a scenario turn's answer reports (default 100), by turn index: a large one makes Gemini CLI compress before its next request. */
  promptTokens?: Record<number, number>;
  /** What Gemini CLI's compression requests (its <state_snapshot> summary and the check of it) get. */
  compressionSummary?: string;
}

export interface GeminiRequest {
  seq: number;
  method: string;
  path: string;
  model: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  kind: 'scenario' | 'after-last' | 'aux' | 'compression' | 'other';
  turn?: number;
}

export interface GeminiServer {
  url: string;
  requests: GeminiRequest[];
  unknown: string[];
  conversation(): GeminiRequest[];
  /** Gemini CLI's compression requests (the summary and its check). */
  compressions(): GeminiRequest[];
  close(): Promise<void>;
}

export async function startGeminiServer(scenario: GeminiScenario, opts: { lifetimeMs?: number; log?: (l: string) => void } = {}): Promise<GeminiServer> {
  const log = opts.log ?? (() => {});
  const requests: GeminiRequest[] = [];
  const unknown: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let next = 0;
  let seq = 0;
  const server = createServer((req, res) => {
    readBody(req, (body, raw) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const m = /^\/v1beta\/models\/([^:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(path);
      const rec: GeminiRequest = { seq: ++seq, method: req.method ?? 'GET', path, model: m?.[1] ?? null, headers: req.headers, body, kind: 'other' };
      requests.push(rec);
      if (!m || req.method !== 'POST') {
        unknown.push(`${rec.method} ${req.url}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 404, message: `${path} is not scripted`, status: 'NOT_FOUND' } }));
        return;
      }
      if (m[2] === 'countTokens') {
        rec.kind = 'aux';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ totalTokens: Math.ceil(raw.length / 4) }));
        return;
      }
      // Requests that offer the model tools are the conversation; others (summaries, checks) get a short text.
      const conversational = Array.isArray(body?.tools) && body.tools.length > 0;
      let turn: Turn;
      if (!conversational && isCompression(rec)) {
        rec.kind = 'compression';
        turn = [say(scenario.compressionSummary ?? '<state_snapshot>The work so far.</state_snapshot>')];
      } else if (!conversational) {
        rec.kind = 'aux';
        turn = [say('Scripted answer')];
      } else if (next < scenario.turns.length) {
        rec.kind = 'scenario';
        rec.turn = next;
        turn = scenario.turns[next++]!;
      } else {
        rec.kind = 'after-last';
        turn = scenario.afterLast ?? [say('Done.')];
      }
      log(`gemini-server: #${rec.seq} ${rec.kind}${rec.turn !== undefined ? ` turn ${rec.turn}` : ''}`);
      const wait = turn.reduce((ms, p) => ms + ('pause' in p ? p.pause : 0), 0);
      const parts = turn.filter((p) => !('pause' in p));
      const prompt = (rec.turn !== undefined ? scenario.promptTokens?.[rec.turn] : undefined) ?? 100;
      const payload = { candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: 20, totalTokenCount: prompt + 20 }, modelVersion: rec.model };
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        if (m[2] === 'streamGenerateContent') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`data: ${JSON.stringify(payload)}\n\n`);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(JSON.stringify(payload));
        }
        res.end();
      }, wait);
      timers.add(timer);
    });
  });
  const loopback = await listenOnLoopback(server, { lifetimeMs: opts.lifetimeMs ?? 120_000, timers });
  const handle: GeminiServer = {
    url: loopback.url,
    requests,
    unknown,
    conversation: () => requests.filter((r) => r.kind === 'scenario' || r.kind === 'after-last'),
    compressions: () => requests.filter((r) => r.kind === 'compression'),
    close: loopback.close,
  };
  return handle;
}

/** Gemini CLI (0.61.0) compresses a chat by asking for a `<state_snapshot>` and then for a check of it. */
export function isCompression(rec: Pick<GeminiRequest, 'body'>): boolean {
  const contents = (rec.body?.contents ?? []) as { role?: string; parts?: { text?: unknown }[] }[];
  const last = contents[contents.length - 1];
  const text = last?.role === 'user' ? (last.parts ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')).join('') : '';
  return text.includes('<state_snapshot>');
}

/** Every text a request carries: system instruction, contents, function responses. */
export function contentsText(rec: Pick<GeminiRequest, 'body'>, from = 0): string {
  const parts: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  if (from === 0) visit(rec.body?.systemInstruction);
  visit((rec.body?.contents ?? []).slice(from));
  return parts.join('\n');
}
