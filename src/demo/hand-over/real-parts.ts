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
import { CLAUDE_TURNS, CODEX_TURNS, GEMINI_TURNS, PROMPTS, type RealClientId } from './story.js';

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
  return geminiPart(c);
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
