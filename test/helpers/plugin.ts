/**
 * The Claude Code plugin's launcher (plugin/bin/continuity) run as Claude
 * Code runs it: `sh <plugin>/bin/continuity hook claude-code` with the
 * plugin's data folder in CLAUDE_PLUGIN_DATA, on a PATH with or without Node.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after } from 'node:test';
import { NODE, REPO_ROOT } from './cli.js';
// @ts-expect-error a script of the repository, plain JavaScript
import { ensureBunPackage } from '../../scripts/fetch-bun-package.mjs';

export const PLUGIN_DIR = join(REPO_ROOT, 'plugin');
export const SH = '/bin/sh';

export function scratch(prefix = 'continuity-plugin-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The plugin directory copied where Claude Code puts an installed plugin: away from the repository and its node_modules. */
export function installedCopy(): string {
  const dir = join(scratch(), 'continuity');
  cpSync(PLUGIN_DIR, dir, { recursive: true });
  return dir;
}

/** lib/executable.sh's facts (the executable's id, the pinned Bun). */
export function executableFacts(plugin = PLUGIN_DIR): Record<string, string> {
  const text = readFileSync(join(plugin, 'lib', 'executable.sh'), 'utf8');
  return Object.fromEntries([...text.matchAll(/^([A-Za-z_0-9]+)='?([^'\n]*)'?$/gm)].map((m) => [m[1]!, m[2]!]));
}

export function executableName(plugin = PLUGIN_DIR): string {
  return `continuity-${executableFacts(plugin).CONTINUITY_EXE_ID}`;
}

const NODE_NAMES = new Set(['node', 'nodejs', 'npm', 'npx', 'corepack', 'tsx']);

/**
 * A PATH like this machine's with no Node on it: one folder of links to every
 * program on PATH but Node's (and, with `without`, others: curl, wget).
 */
export function pathWithoutNode(without: string[] = []): string {
  const dir = scratch('continuity-no-node-path-');
  const skip = new Set([...NODE_NAMES, ...without]);
  const nodeReal = statSync(NODE).ino;
  for (const entry of (process.env.PATH ?? '').split(delimiter)) {
    let names: string[];
    try {
      names = readdirSync(entry);
    } catch {
      continue;
    }
    for (const name of names) {
      if (skip.has(name)) continue;
      const full = join(entry, name);
      try {
        const st = statSync(full);
        if (!st.isFile() || !(st.mode & 0o111) || st.ino === nodeReal) continue;
        symlinkSync(full, join(dir, name));
      } catch {
        // taken by an earlier PATH entry, or unreadable
      }
    }
  }
  const r = spawnSync(SH, ['-c', 'command -v node'], { env: { PATH: dir }, encoding: 'utf8' });
  if (r.status === 0) throw new Error(`a node is still on the PATH built without one: ${r.stdout}`);
  return dir;
}

/** The folder holding the pinned Bun platform package (scripts/fetch-bun-package.mjs fetches it once). */
export function bunPackageDir(): string {
  return ensureBunPackage() as string;
}

export interface LauncherEnv {
  PATH: string;
  data: string;
  project?: string;
  extra?: NodeJS.ProcessEnv;
}

/** The environment Claude Code gives a plugin hook, from nothing but what is named (HOME is a folder of its own). */
export function launcherEnv(opts: LauncherEnv): NodeJS.ProcessEnv {
  return {
    PATH: opts.PATH,
    HOME: join(opts.data, '..', 'home'),
    CLAUDE_PLUGIN_DATA: opts.data,
    ...(opts.project ? { CLAUDE_PROJECT_DIR: opts.project } : {}),
    // Nothing reaches the network: a missing package fails at once on a closed port.
    CONTINUITY_NPM_REGISTRY: 'http://127.0.0.1:9',
    CONTINUITY_PLUGIN_WHICH: '1',
    CONTINUITY_STATE_HOME: process.env.CONTINUITY_STATE_HOME ?? join(opts.data, '..', 'state'),
    ...opts.extra,
  };
}

export interface LauncherResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The entry the launcher named: executable, node or none. */
  entry: string | null;
}

function result(code: number | null, stdout: string, stderr: string): LauncherResult {
  return { code, stdout, stderr, entry: /^continuity plugin entry: (\w+)/m.exec(stderr)?.[1] ?? null };
}

export function runLauncher(plugin: string, args: string[], env: NodeJS.ProcessEnv, input = '', cwd?: string): LauncherResult {
  const r = spawnSync(SH, [join(plugin, 'bin', 'continuity'), ...args], { env, input, cwd, encoding: 'utf8', timeout: 120_000 });
  return result(r.status, r.stdout ?? '', r.stderr ?? '');
}

export function runLauncherAsync(plugin: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<LauncherResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(SH, [join(plugin, 'bin', 'continuity'), ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve(result(code, stdout, stderr)));
    child.stdin.end(input);
  });
}

/** A Node that runs the plugin's CLI (SQLite built in: 22.13 or newer): the one under test, else Node 24 through npx. */
let sqliteNode: string | null = null;
export function nodeWithSqlite(): string {
  sqliteNode ??= findNodeWithSqlite();
  return sqliteNode;
}

function findNodeWithSqlite(): string {
  const [major = 0, minor = 0] = spawnSync(NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim().split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return NODE;
  const r = spawnSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`no Node 22.13 or newer for the plugin's Node path: npx -y node@24 failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** A folder whose `node` reports VERSION (for the launcher's version check) and runs nothing. */
export function fakeNode(version: string): string {
  const dir = scratch('continuity-fake-node-');
  writeFileSync(join(dir, 'node'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return dir;
}

let built: string | null = null;
/**
 * A data folder holding the plugin's executable, compiled once per test
 * process by the plugin's own build script; `dataWithExecutable()` gives each
 * caller a folder of its own with a hard link to it.
 */
export function dataWithExecutable(): string {
  if (!built) {
    // Kept for the whole test process (tests share it), removed when it exits.
    const base = mkdtempSync(join(tmpdir(), 'continuity-plugin-built-'));
    process.on('exit', () => rmSync(base, { recursive: true, force: true }));
    const data = join(base, 'data');
    const r = spawnSync(SH, [join(PLUGIN_DIR, 'lib', 'build-executable.sh'), data], { env: { PATH: process.env.PATH ?? '', HOME: data, CONTINUITY_BUN_PACKAGE_DIR: bunPackageDir(), CONTINUITY_NPM_REGISTRY: 'http://127.0.0.1:9' }, encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0) throw new Error(`the plugin's executable did not build: ${r.stdout}${r.stderr}`);
    built = data;
  }
  const data = join(scratch(), 'data');
  mkdirSync(data, { recursive: true });
  linkSync(join(built, executableName()), join(data, executableName()));
  return data;
}

/** A fresh, empty data folder (what Claude Code creates for the plugin), with a HOME beside it. */
export function emptyData(): string {
  const base = scratch();
  mkdirSync(join(base, 'home'));
  const data = join(base, 'data');
  mkdirSync(data);
  return data;
}
