// Running the real Gemini CLI offline against the scripted Gemini API server
// (gemini-server.ts). What it needs (0.61.0): an API-key auth type in the
// user's settings, a key, a trusted folder, `GOOGLE_GEMINI_BASE_URL`, and an
// explicit `-m` (without it a router model is asked to classify the prompt first).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const GEMINI_MODEL = 'gemini-3.5-pro';

/** `~/.gemini/settings.json` of the isolated home: the API-key auth type, no statistics, no updates. */
export function writeGeminiUserSettings(home: string): void {
  const userDir = join(home, '.gemini');
  mkdirSync(userDir, { recursive: true });
  writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false }, general: { disableAutoUpdate: true, disableUpdateNag: true } }, null, 2));
}

/** The variables that point Gemini CLI at the scripted server (the key is not one anything else accepts). */
export function geminiEnvVars(home: string, baseUrl: string): Record<string, string> {
  return { GEMINI_CLI_HOME: home, GEMINI_API_KEY: 'scripted-offline-key', GEMINI_CLI_TRUST_WORKSPACE: 'true', GOOGLE_GEMINI_BASE_URL: baseUrl };
}

/** `gemini -m MODEL [--resume ID] -p PROMPT -o stream-json --yolo`. */
export function geminiArgs(prompt: string, resume?: string): string[] {
  return ['-m', GEMINI_MODEL, ...(resume ? ['--resume', resume] : []), '-p', prompt, '-o', 'stream-json', '--yolo'];
}

/** `gemini --version` (`0.61.0`), or null when the file does not answer as Gemini CLI does. */
export function geminiVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env });
  const m = r.status === 0 && typeof r.stdout === 'string' ? /^(\d+\.\d+\.\d+)\s*$/m.exec(r.stdout.trim()) : null;
  return m ? m[1]! : null;
}
