/**
 * Env files (`.env`, `.gemini/.env`): the few variables in them that move an
 * agent client's settings elsewhere, and the lines that set them. The rest
 * of such a file is the person's (secrets, the app's own variables) and is
 * never copied anywhere by continuity.
 */

/** The variables of an env file that move a client's settings or home (Gemini CLI reads them). */
export const WIRING_ENV_VARS = ['GEMINI_CLI_SYSTEM_SETTINGS_PATH', 'GEMINI_CLI_SYSTEM_DEFAULTS_PATH', 'GEMINI_CLI_HOME', 'GEMINI_CLI_TRUSTED_FOLDERS_PATH'] as const;

/** Is this path an env file, by its name? */
export function isEnvFileName(path: string): boolean {
  return path.slice(path.lastIndexOf('/') + 1) === '.env';
}

/** Does this line set one of WIRING_ENV_VARS? */
export function movesSettings(line: string): boolean {
  const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
  return !!m && (WIRING_ENV_VARS as readonly string[]).includes(m[1]!);
}

/** Only the lines of an env file that set WIRING_ENV_VARS, each ending in a newline ('' when there are none). */
export function settingsLines(text: string): string {
  return text
    .split(/\r?\n/)
    .filter(movesSettings)
    .map((l) => `${l}\n`)
    .join('');
}

/** The file as it is now with its settings-moving lines replaced by `lines` (null: the file did not exist, and goes if nothing else is in it). */
export function withSettingsLines(current: string | null, lines: string | null): string | null {
  const others = (current ?? '').split(/\r?\n/).filter((l) => l !== '' && !movesSettings(l));
  const all = [...others, ...(lines ?? '').split('\n').filter((l) => l !== '')];
  if (!all.length && lines === null) return null;
  return all.map((l) => `${l}\n`).join('');
}
