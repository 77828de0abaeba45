/**
 * Where and how `continuity init` wires continuity's hooks into one agent.
 * Each agent's target is pure text in, text out, so init can show a diff,
 * keep a backup and undo exactly what it added; the command does the file I/O.
 */
export type AgentName = 'claude-code' | 'codex' | 'gemini' | 'cursor' | 'pi' | 'copilot' | 'opencode';

/** Every agent `continuity init --agent` wires: those above through a settings file in the project, OpenClaw through its gateway's config (targets/openclaw.ts). */
export type InitAgent = AgentName | 'openclaw';

/** The process a hook runs: exec form, no shell, no executable bit needed. */
export interface HookCommand {
  command: string;
  args: string[];
}

export interface HookTarget {
  agent: AgentName;
  /** The settings file init edits, relative to the project root (e.g. `.claude/settings.json`). */
  settingsFile: string;
  /**
   * The settings text with continuity's hooks added. `existing` is the file's
   * text or null when there is none. Running it on its own output returns the
   * same text (idempotent). Throws InvalidSettingsError when `existing` cannot
   * be read as that agent's settings; the file is then left untouched.
   */
  install(existing: string | null, hook: HookCommand): string;
  /**
   * The settings text with exactly what install added taken out, or null when
   * nothing else is left (init then deletes the file it created).
   */
  uninstall(existing: string): string | null;
  /** The continuity hook commands the settings text wires, for `doctor`. */
  installedCommands(existing: string): HookCommand[];
}

export class InvalidSettingsError extends Error {
  constructor(readonly file: string, reason: string) {
    super(`${file} is not valid settings (${reason}); it was left untouched`);
    this.name = 'InvalidSettingsError';
  }
}
