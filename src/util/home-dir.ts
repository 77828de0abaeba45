import { createRequire } from 'node:module';

type Os = typeof import('node:os');

/**
 * The person's home folder, as os.homedir() gives it. On POSIX that is
 * $HOME whenever it is set and not empty (libuv's rule, which Node and Bun
 * both follow), so it is read here without loading node:os: in the compiled
 * hook, loading a runtime module is paid at every call (about 0.3 ms for
 * node:os, more than what the call does with it). Elsewhere, or without
 * $HOME, node:os answers.
 */
export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = process.platform === 'win32' ? undefined : env.HOME;
  if (home) return home;
  return (createRequire(import.meta.url)('node:os') as Os).homedir();
}
