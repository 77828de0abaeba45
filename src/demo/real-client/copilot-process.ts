// Running the real GitHub Copilot CLI offline against a scripted
// OpenAI-compatible chat-completions server. What it needs (1.0.102): its
// BYOK variables (`COPILOT_PROVIDER_BASE_URL`, a key, `COPILOT_MODEL`: no
// GitHub login is asked for), the project among the trusted folders of
// `~/.copilot/config.json` (repository hooks load only there), stdin that is
// not a terminal, and `--allow-all-tools` (no person answers a permission
// prompt in `-p` mode).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess, type ProcessResult } from './bounded-process.js';

export const COPILOT_MODEL = 'scripted';

/** `~/.copilot/config.json` of the isolated home, with `project` trusted (the file is Copilot CLI's: other keys kept). */
export function writeCopilotUserConfig(home: string, project: string): void {
  const dir = join(home, '.copilot');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'config.json');
  let config: Record<string, unknown> = {};
  if (existsSync(path)) {
    try {
      // Copilot CLI starts the file with a `//` comment line.
      config = JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>;
    } catch {
      config = {};
    }
  }
  const trusted = Array.isArray(config.trustedFolders) ? (config.trustedFolders as string[]) : [];
  if (!trusted.includes(project)) config.trustedFolders = [...trusted, project];
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}

/** The variables that point Copilot CLI at the scripted server (the key is not one anything else accepts). */
export function copilotEnvVars(baseUrl: string): Record<string, string> {
  return { COPILOT_PROVIDER_BASE_URL: `${baseUrl}/v1`, COPILOT_PROVIDER_API_KEY: 'scripted-offline-key', COPILOT_MODEL, COPILOT_DISABLE_TERMINAL_TITLE: '1' };
}

/** `copilot -p PROMPT --allow-all-tools [--resume ID]`. */
export function copilotArgs(prompt: string, resume?: string): string[] {
  return ['-p', prompt, '--allow-all-tools', ...(resume ? [`--resume=${resume}`] : [])];
}

/** `copilot --version` (`1.0.102`), or null when the file does not answer as Copilot CLI does. */
export function copilotVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const m = r.status === 0 && typeof r.stdout === 'string' ? /Copilot CLI (\d+\.\d+\.\d+)/.exec(r.stdout) : null;
  return m ? m[1]! : null;
}

/** One scripted prompt through Copilot CLI in `project`, bounded: what the hand-over demo plugs in. */
export function runCopilotOnce(o: { bin: string; project: string; env: NodeJS.ProcessEnv; prompt: string; timeoutMs: number; log?: (l: string) => void }): Promise<ProcessResult> {
  writeCopilotUserConfig(String(o.env.HOME), o.project);
  return runProcess({ bin: o.bin, args: copilotArgs(o.prompt), cwd: o.project, env: o.env, timeoutMs: o.timeoutMs, ...(o.log ? { log: o.log } : {}) });
}
