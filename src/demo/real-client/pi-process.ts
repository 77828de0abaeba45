// Running the real pi (`@mariozechner/pi-coding-agent`) offline against the
// scripted OpenAI-compatible chat-completions server: a provider of its own
// in the isolated home's `~/.pi/agent/models.json` (0.73.1: `api:
// "openai-completions"`, no developer role, no reasoning effort), and one
// bounded `pi -p PROMPT --provider local --model scripted` in the project.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess, type ProcessResult } from './bounded-process.js';

export const PI_PROVIDER = 'local';
export const PI_MODEL = 'scripted';

/**
 * `~/.pi/agent/models.json` of the isolated home: the scripted server as pi's
 * only provider. `contextWindow`: the model's (a small one makes pi compact:
 * it compacts when a turn's tokens pass the window less its reserve).
 */
export function writePiModels(home: string, baseUrl: string, opts: { contextWindow?: number } = {}): void {
  const dir = join(home, '.pi', 'agent');
  mkdirSync(dir, { recursive: true });
  const model = { id: PI_MODEL, ...(opts.contextWindow ? { contextWindow: opts.contextWindow } : {}) };
  const provider = { baseUrl: `${baseUrl}/v1`, api: 'openai-completions', apiKey: 'scripted-offline-key', compat: { supportsDeveloperRole: false, supportsReasoningEffort: false }, models: [model] };
  writeFileSync(join(dir, 'models.json'), JSON.stringify({ providers: { [PI_PROVIDER]: provider } }, null, 2));
}

/** `pi -p PROMPT --provider local --model scripted` (`--continue`: the project's last session). */
export function piArgs(prompt: string, opts: { continueLast?: boolean } = {}): string[] {
  return [...(opts.continueLast ? ['--continue'] : []), '-p', prompt, '--provider', PI_PROVIDER, '--model', PI_MODEL];
}

/** `pi --version` (`0.73.1`, printed on stderr), or null when the file does not answer as pi does. */
export function piVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env });
  const m = r.status === 0 ? /^(\d+\.\d+\.\d+)\s*$/m.exec(`${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim()) : null;
  return m ? m[1]! : null;
}

/** pi for one scripted prompt in `cwd`, with `home` as its home (its models.json written for `baseUrl`). */
export async function runPiOnce(o: { bin: string; prompt: string; cwd: string; home: string; env: NodeJS.ProcessEnv; baseUrl: string; timeoutMs?: number; continueLast?: boolean; contextWindow?: number; log?: (l: string) => void }): Promise<ProcessResult> {
  writePiModels(o.home, o.baseUrl, { contextWindow: o.contextWindow });
  return runProcess({ bin: o.bin, args: piArgs(o.prompt, { continueLast: o.continueLast }), cwd: o.cwd, env: o.env, timeoutMs: o.timeoutMs ?? 90_000, ...(o.log ? { log: o.log } : {}) });
}
