// A client's part of the hand-over run for real: the client's own executable,
// offline, against a scripted stand-in for its model's API on 127.0.0.1 (a
// free port, closed when the part ends and after a bounded lifetime), with
// the demo's isolated HOME. Each returns the text of the client's first
// request to its model: what it was told before it did anything.
import { join } from 'node:path';
import { claudeEnv, runClaude } from '../real-client/claude-process.js';
import { clientEnv, runProcess } from '../real-client/bounded-process.js';
import { CODEX_SCRIPTED_ENV, codexHookList, projectHooksTrusted, writeCodexCatalog, writeCodexConfig } from '../real-client/codex-process.js';
import { geminiArgs, geminiEnvVars, writeGeminiUserSettings } from '../real-client/gemini-process.js';
import { contentsText, startGeminiServer } from '../real-client/gemini-server.js';
import { requestText, startModelServer } from '../real-client/model-server.js';
import { inputText, startResponsesServer } from '../real-client/responses-server.js';
import { startChatServer, type ChatServer, type Turn as ChatTurn } from '../real-client/chat-completions-server.js';
import { copilotEnvVars, runCopilotOnce } from '../real-client/copilot-process.js';
import { runOpenCodeOnce } from '../real-client/opencode-process.js';
import { runPiOnce } from '../real-client/pi-process.js';
import type { ProcessResult } from '../real-client/bounded-process.js';
import { CLAUDE_TURNS, CODEX_TURNS, COPILOT_TURNS, GEMINI_TURNS, OPENCODE_TURNS, PI_TURNS, PROMPTS, type RealClientId } from './story.js';

/** A client is killed after this long; its scripted server closes 10 s later at the latest. */
export const PART_TIMEOUT_MS = 90_000;

export interface RealPartResult {
  /** The text of the client's first request to its model ('' when none came). */
  firstRequest: string;
  /** Why the client did not end normally, or null. */
  failure: string | null;
}

export interface RealPartContext {
  bin: string;
  project: string;
  home: string;
}

export function runRealPart(client: RealClientId, c: RealPartContext): Promise<RealPartResult> {
  if (client === 'claude-code') return claudePart(c);
  if (client === 'codex') return codexPart(c);
  if (client === 'gemini') return geminiPart(c);
  if (client === 'pi') return chatPart(c, PI_TURNS, 'pi', (url) => runPiOnce({ bin: c.bin, prompt: PROMPTS.pi, cwd: c.project, home: c.home, env: clientEnv(c.home), baseUrl: url, timeoutMs: PART_TIMEOUT_MS }));
  if (client === 'copilot') return chatPart(c, COPILOT_TURNS, 'Copilot CLI', (url) => runCopilotOnce({ bin: c.bin, project: c.project, env: clientEnv(c.home, copilotEnvVars(url)), prompt: PROMPTS.copilot, timeoutMs: PART_TIMEOUT_MS }));
  return chatPart(c, OPENCODE_TURNS, 'OpenCode', (url) => runOpenCodeOnce({ bin: c.bin, project: c.project, home: c.home, baseUrl: url, prompt: PROMPTS.opencode, timeoutMs: PART_TIMEOUT_MS }));
}

/** pi, Copilot CLI and OpenCode all speak OpenAI's chat completions to the scripted model: one server each, the run given its URL. */
async function chatPart(c: RealPartContext, turns: ChatTurn[], name: string, run: (url: string) => Promise<ProcessResult>): Promise<RealPartResult> {
  const server: ChatServer = await startChatServer({ turns }, { lifetimeMs: PART_TIMEOUT_MS + 10_000 });
  try {
    const r = await run(server.url);
    const first = server.conversation()[0];
    // Every message of the first request, as the model read them: where each client puts continuity's words differs (system, user, a reminder).
    return { firstRequest: first ? JSON.stringify(first.body?.messages ?? []) : '', failure: failure(r, name) };
  } finally {
    await server.close();
  }
}

function failure(r: { exitCode: number | null; timedOut: boolean; stderr: string }, name: string): string | null {
  if (r.timedOut) return `${name} was stopped after ${PART_TIMEOUT_MS / 1000} s`;
  if (r.exitCode === 0) return null;
  const why = r.stderr.trim().split('\n').pop() ?? '';
  return `${name} exited ${r.exitCode}${why ? `: ${why}` : ''}`;
}

async function claudePart(c: RealPartContext): Promise<RealPartResult> {
  const server = await startModelServer({ turns: CLAUDE_TURNS }, { lifetimeMs: PART_TIMEOUT_MS + 10_000 });
  try {
    const run = await runClaude({ bin: c.bin, cwd: c.project, env: claudeEnv(c.home, server.url), prompt: PROMPTS['claude-code'], timeoutMs: PART_TIMEOUT_MS });
    const first = server.conversation()[0];
    return { firstRequest: first ? requestText(first) : '', failure: failure({ ...run, timedOut: run.timedOut }, 'Claude Code') };
  } finally {
    await server.close();
  }
}

async function codexPart(c: RealPartContext): Promise<RealPartResult> {
  const codexHome = join(c.home, '.codex');
  const env = clientEnv(c.home, { CODEX_HOME: codexHome, ...CODEX_SCRIPTED_ENV });
  writeCodexCatalog(codexHome);
  // The person reviews and trusts the project's hooks (`/hooks`), as Codex asks before it runs them.
  writeCodexConfig({ codexHome, project: c.project, baseUrl: 'http://127.0.0.1:9', trusted: [] });
  const trusted = projectHooksTrusted(await codexHookList(c.bin, c.project, env));
  const server = await startResponsesServer({ turns: CODEX_TURNS }, { lifetimeMs: PART_TIMEOUT_MS + 10_000 });
  try {
    writeCodexConfig({ codexHome, project: c.project, baseUrl: server.url, trusted, fullAccess: true });
    const run = await runProcess({ bin: c.bin, args: ['exec', '--json', '--sandbox', 'danger-full-access', PROMPTS.codex], cwd: c.project, env, timeoutMs: PART_TIMEOUT_MS });
    const first = server.conversation()[0];
    return { firstRequest: first ? inputText(first) : '', failure: failure(run, 'Codex') };
  } finally {
    await server.close();
  }
}

async function geminiPart(c: RealPartContext): Promise<RealPartResult> {
  writeGeminiUserSettings(c.home);
  const server = await startGeminiServer({ turns: GEMINI_TURNS }, { lifetimeMs: PART_TIMEOUT_MS + 10_000 });
  try {
    const run = await runProcess({ bin: c.bin, args: geminiArgs(PROMPTS.gemini), cwd: c.project, env: clientEnv(c.home, geminiEnvVars(c.home, server.url)), timeoutMs: PART_TIMEOUT_MS });
    const first = server.conversation()[0];
    return { firstRequest: first ? contentsText(first) : '', failure: failure(run, 'Gemini CLI') };
  } finally {
    await server.close();
  }
}
