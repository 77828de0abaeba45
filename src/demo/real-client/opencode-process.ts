// Running the real OpenCode offline against the scripted chat-completions
// server (test/real-client/chat-completions-server.ts): what a person sets by
// hand, written here. OpenCode 1.18.33 needs a provider in its user config
// (`~/.config/opencode/opencode.json`): `@ai-sdk/openai-compatible` (bundled
// in OpenCode: nothing is fetched for it) with the server as `baseURL`, and
// the model chosen; no update check, no sharing, no models.dev catalogue.
// `opencode run PROMPT` answers one prompt and exits when the session is idle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess, clientEnv, type ProcessResult } from './bounded-process.js';

export const OPENCODE_MODEL = 'local/scripted';

/**
 * `~/.config/opencode/opencode.json` of the isolated home: the scripted
 * provider and model; with `contextLimit`, the model's context window (OpenCode
 * compacts a session whose last answer reported that many tokens, less its output's).
 */
export function writeOpenCodeUserConfig(home: string, baseUrl: string, opts: { contextLimit?: number } = {}): void {
  const dir = join(home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    model: OPENCODE_MODEL,
    provider: { local: { npm: '@ai-sdk/openai-compatible', name: 'scripted', options: { baseURL: `${baseUrl}/v1`, apiKey: 'scripted-offline-key' }, models: { scripted: { name: 'scripted', ...(opts.contextLimit ? { limit: { context: opts.contextLimit, output: 100 } } : {}) } } } },
  };
  writeFileSync(join(dir, 'opencode.json'), `${JSON.stringify(config, null, 2)}\n`);
}

/** The variables that keep OpenCode off the network (its model catalogue, its updates). */
export const OPENCODE_ENV: Readonly<Record<string, string>> = { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_LSP_DOWNLOAD: '1' };

/**
 * `opencode run WORDS…`. OpenCode joins its message arguments with spaces
 * and quotes each that holds a space: the prompt goes as its words, so the
 * model and the hooks see it as typed.
 */
export function openCodeArgs(prompt: string, opts: { session?: string; continue?: boolean } = {}): string[] {
  return ['run', ...(opts.session ? ['--session', opts.session] : []), ...(opts.continue ? ['--continue'] : []), ...prompt.split(/\s+/).filter(Boolean)];
}

/** `opencode --version` (`1.18.33`), or null when the file does not answer as OpenCode does. */
export function openCodeVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env });
  const m = r.status === 0 && typeof r.stdout === 'string' ? /^(\d+\.\d+\.\d+)\s*$/m.exec(r.stdout.trim()) : null;
  return m ? m[1]! : null;
}

/** One scripted prompt in a real OpenCode, in `project` with `home` as its home (for the demo's hand-over). */
export async function runOpenCodeOnce(o: { bin: string; project: string; home: string; baseUrl: string; prompt: string; timeoutMs?: number; node?: string }): Promise<ProcessResult> {
  writeOpenCodeUserConfig(o.home, o.baseUrl);
  mkdirSync(join(o.home, 'tmp'), { recursive: true });
  return runProcess({ bin: o.bin, args: openCodeArgs(o.prompt), cwd: o.project, env: clientEnv(o.home, { ...OPENCODE_ENV }, o.node), timeoutMs: o.timeoutMs ?? 90_000 });
}
