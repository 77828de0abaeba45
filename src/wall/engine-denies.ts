/**
 * The paths `@anthropic-ai/sandbox-runtime` (the engine of Claude Code's
 * sandbox) keeps read-only to every command it walls, whatever its
 * configuration says: shell start-up files, `.gitconfig`, `.gitmodules`,
 * `.ripgreprc`, `.mcp.json`, the editors' folders, `.claude/commands` and
 * `.claude/agents`. Taken from the library, not copied: its maintainers
 * extend the list as new ways round are found. git's own exec paths come
 * from src/domain/git-exec-paths.ts (the library knows only `.git/hooks` and
 * `.git/config`). Pure.
 *
 * Why only the list, and not the library's wrapped command: see
 * docs/the-wall.md, "The engine". In short, the command the library
 * generates on Linux leans on the process that generated it (an empty folder
 * it removes when it exits, mount points it removes after the command, a
 * profile it may hand over through its own /proc fd), and a hook process has
 * exited before the client runs the command.
 */
import { join } from 'node:path';
import { DANGEROUS_FILES, getDangerousDirectories } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';

/** The engine's deny list in the project at `root` (absolute; existing or not). */
export function engineDenyPaths(root: string): string[] {
  return [...DANGEROUS_FILES, ...getDangerousDirectories()].map((name) => join(root, name));
}
