/**
 * The files through which an agent client finds continuity's hooks and its
 * sandbox, whichever agent the project uses: changed by the agent, they could
 * switch the hooks off (`disableAllHooks`, an emptied `hooks`), the sandbox
 * off, or a plugin away. They are guarded like continuity's own files.
 */
export const WIRING_FILES = ['.claude/settings.json', '.claude/settings.local.json', '.codex/hooks.json', '.gemini/settings.json', '.cursor/hooks.json'] as const;

/**
 * The user's own Claude Code settings, which the client merges with the
 * project's: `disableAllHooks` there switches the project's hooks off too.
 * Absolute, outside the project; `home` is the hook's (the client's) HOME.
 */
export function userWiringFiles(home: string | undefined): string[] {
  return home && home.startsWith('/') ? [`${home.replace(/\/+$/, '')}/.claude/settings.json`] : [];
}

export function isWiringFile(path: string): boolean {
  return (WIRING_FILES as readonly string[]).includes(path) || (path.startsWith('/') && path.endsWith('/.claude/settings.json'));
}
