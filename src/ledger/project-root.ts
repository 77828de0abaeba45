import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The project root: CLAUDE_PROJECT_DIR when Claude Code provides it, else the
 * nearest directory at or above `cwd` holding `.continuity/` or `.git`, else
 * `cwd` itself.
 */
export function findProjectRoot(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CLAUDE_PROJECT_DIR;
  if (fromEnv) return resolve(fromEnv);
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.continuity')) || existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
