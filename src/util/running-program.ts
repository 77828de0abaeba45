import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { isCompiled } from './is-compiled.js';

/** Set in the Claude Code plugin's build (scripts/build.mjs), whose launcher exports the plugin's folders. */
declare const __CONTINUITY_PLUGIN__: boolean | undefined;

/**
 * The files and folders the running continuity is made of, absolute: what a
 * hook runs. Changed or removed by the agent, no hook would run after it, or
 * one that decides nothing, so they are guarded like continuity's own state.
 * - an npm installation (a project's `node_modules/continuity`, a global one,
 *   a clone): its `dist/` folder, found from the entry script or from the
 *   compiled executable `dist/bin/continuity`;
 * - a compiled executable anywhere else: the file itself;
 * - the Claude Code plugin: its folder and the folder its executable is
 *   built into (the launcher exports both);
 * - a plugin run in its client's process: what it registered.
 * Nothing when this process runs none of them (the sources under a test runner).
 */
export interface ProgramPath {
  path: string;
  /** A folder: everything in it is the program. */
  folder: boolean;
}

/**
 * What a client that runs continuity in its own process (the OpenClaw
 * plugin) says it runs: the plugin's folder, the client's config that loads
 * it. That process's own entry script is the client's, not continuity's.
 */
const inProcess: ProgramPath[] = [];

export function registerInProcessProgram(paths: readonly ProgramPath[]): void {
  for (const p of paths) if (isAbsolute(p.path) && !inProcess.some((q) => q.path === p.path)) inProcess.push({ path: resolve(p.path), folder: p.folder });
}

export function runningProgramPaths(env: NodeJS.ProcessEnv = process.env, entry: string | undefined = process.argv[1]): ProgramPath[] {
  const out: ProgramPath[] = [...inProcess];
  const plugin = typeof __CONTINUITY_PLUGIN__ === 'boolean' && __CONTINUITY_PLUGIN__;
  if (plugin) {
    for (const dir of [env.CONTINUITY_PLUGIN_ROOT, env.CLAUDE_PLUGIN_DATA]) if (dir && isAbsolute(dir)) out.push({ path: resolve(dir), folder: true });
  }
  if (isCompiled(import.meta.url)) {
    const exe = realOrNull(process.execPath);
    const inDist = exe && basename(dirname(exe)) === 'bin' && basename(dirname(dirname(exe))) === 'dist';
    if (exe) out.push(inDist ? { path: dirname(dirname(exe)), folder: true } : { path: exe, folder: false });
  } else if (entry && !plugin) {
    const real = realOrNull(entry);
    // dist/cli.cjs is the entry; dist/cli.mjs its former name, kept as a loader.
    if (real && /^cli\.[cm]js$/.test(basename(real)) && basename(dirname(real)) === 'dist') out.push({ path: dirname(real), folder: true });
  }
  // One path (a hook's usual case) has no duplicate to drop.
  return out.length < 2 ? out : out.filter((p, i) => out.findIndex((q) => q.path === p.path) === i);
}

/**
 * The guard's patterns for those paths: relative to the project root when
 * inside it (so that a command naming `node_modules/continuity` is seen),
 * absolute otherwise; a folder with everything in it.
 */
export function programPatterns(root: string, paths: readonly ProgramPath[]): string[] {
  return paths.map(({ path, folder }) => {
    const inRoot = relative(root, path);
    const name = inRoot && !inRoot.startsWith('..') && !isAbsolute(inRoot) ? inRoot.split('\\').join('/') : path;
    return folder ? `${name}/**` : name;
  });
}

/** The patterns of the program running this process, for the project at `root`. */
export function runningProgramPatterns(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return programPatterns(root, runningProgramPaths(env));
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
