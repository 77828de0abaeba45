/**
 * The files through which an agent client finds continuity's hooks and its
 * sandbox, whichever agent the project uses: changed by the agent, they could
 * switch the hooks off (`disableAllHooks`, an emptied `hooks`), the sandbox
 * off, or a plugin away. They are guarded like continuity's own files.
 */
export const WIRING_FILES = ['.claude/settings.json', '.claude/settings.local.json', '.codex/hooks.json', '.gemini/settings.json', '.cursor/hooks.json'] as const;

export function isWiringFile(path: string): boolean {
  return (WIRING_FILES as readonly string[]).includes(path);
}
