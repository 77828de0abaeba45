/**
 * Gathers what src/install/wall-status.ts judges: Claude Code's settings
 * files (managed, local, project, user), the platform, and whether the
 * sandbox's tools are on PATH. Reads files only, never starts a process:
 * it runs on the hook path at a session's start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isExecutable, onPath } from '../util/on-path.js';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import type { Platform, SettingsLayer, WallFacts } from './wall-status.js';
import type { CodexConfigLayer, CodexWallFacts } from './codex-wall-status.js';
import { programInProject } from './hook-command.js';

const MANAGED: Partial<Record<NodeJS.Platform, string>> = {
  linux: '/etc/claude-code/managed-settings.json',
  darwin: '/Library/Application Support/ClaudeCode/managed-settings.json',
  win32: 'C:\\Program Files\\ClaudeCode\\managed-settings.json',
};

async function readLayer(scope: SettingsLayer['scope'], path: string, file: string): Promise<SettingsLayer[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? [{ scope, file, value: null }] : [{ scope, file, value: null, error: (err as NodeJS.ErrnoException).code ?? 'unreadable' }];
  }
  // Settings may carry comments; jsonc-parser only for a file that is not plain JSON.
  try {
    return [{ scope, file, value: JSON.parse(text) as Record<string, unknown> }];
  } catch {
    const { parse } = await import('jsonc-parser');
    const errors: unknown[] = [];
    const value = parse(text, errors as never, { allowTrailingComma: true }) as unknown;
    return errors.length || !value || typeof value !== 'object' ? [{ scope, file, value: null, error: 'not valid JSON' }] : [{ scope, file, value: value as Record<string, unknown> }];
  }
}

/** The managed file and its drop-in folder (managed-settings.d/*.json, read in name order). */
async function managedLayers(): Promise<SettingsLayer[]> {
  const path = MANAGED[process.platform];
  if (!path) return [];
  const dropIns = join(path, '..', 'managed-settings.d');
  let names: string[] = [];
  try {
    names = readdirSync(dropIns).filter((n) => n.endsWith('.json')).sort();
  } catch {
    // none
  }
  const layers: SettingsLayer[] = [];
  // A later drop-in wins over an earlier one, and every drop-in over the file.
  for (const n of names.reverse()) layers.push(...(await readLayer('managed', join(dropIns, n), join(dropIns, n))));
  return [...layers, ...(await readLayer('managed', path, path))];
}

export function platformOf(): Platform {
  if (process.platform === 'darwin' || process.platform === 'win32') return process.platform;
  if (process.platform !== 'linux') return 'other';
  try {
    const version = readFileSync('/proc/version', 'utf8');
    if (/microsoft/i.test(version)) return /WSL2|microsoft-standard/i.test(version) ? 'wsl2' : 'wsl1';
  } catch {
    // not readable: plain Linux
  }
  return 'linux';
}


export async function gatherWallFacts(root: string, config: Config, opts: { home: string; env?: NodeJS.ProcessEnv }): Promise<WallFacts> {
  const env = opts.env ?? process.env;
  const layers: SettingsLayer[] = [
    ...(await managedLayers()),
    ...(await readLayer('local', join(root, '.claude', 'settings.local.json'), '.claude/settings.local.json')),
    ...(await readLayer('project', join(root, '.claude', 'settings.json'), '.claude/settings.json')),
    ...(await readLayer('user', join(opts.home, '.claude', 'settings.json'), '~/.claude/settings.json')),
  ];
  const sandbox = (key: string): unknown => {
    for (const l of layers) {
      const v = (l.value?.sandbox as Record<string, unknown> | undefined)?.[key];
      if (v !== undefined) return v;
    }
    return undefined;
  };
  return {
    platform: platformOf(),
    layers,
    tools: {
      bwrap: isExecutable(sandbox('bwrapPath')) || onPath('bwrap', env),
      socat: isExecutable(sandbox('socatPath')) || onPath('socat', env),
      sandboxExec: isExecutable('/usr/bin/sandbox-exec'),
    },
    root,
    home: opts.home,
    protect: config.protect,
    mode: config.sandbox.mode,
  };
}

function readText(path: string, file: string, scope: CodexConfigLayer['scope']): CodexConfigLayer {
  try {
    return { scope, file, text: readFileSync(path, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { scope, file, text: null } : { scope, file, text: null, error: code ?? 'unreadable' };
  }
}

/** Codex's config files (project, user as CODEX_HOME or ~/.codex, system) and the program its hooks run. Files only, no process. */
export async function gatherCodexWallFacts(root: string, config: Config, opts: { home: string; env?: NodeJS.ProcessEnv }): Promise<CodexWallFacts> {
  const env = opts.env ?? process.env;
  const codexHome = env.CODEX_HOME && env.CODEX_HOME.startsWith('/') ? env.CODEX_HOME : join(opts.home, '.codex');
  const userFile = env.CODEX_HOME ? join(codexHome, 'config.toml') : '~/.codex/config.toml';
  const layers = [readText(join(root, '.codex', 'config.toml'), '.codex/config.toml', 'project'), readText(join(codexHome, 'config.toml'), userFile, 'user'), readText('/etc/codex/config.toml', '/etc/codex/config.toml', 'system')];
  const hooks = readText(join(root, '.codex', 'hooks.json'), '.codex/hooks.json', 'project').text;
  let programs: string[] = [];
  let wired = false;
  try {
    // Loaded only here: a Claude Code session's start does not need Codex's target.
    const { target: codexTarget } = await import('./targets/codex.js');
    const commands = hooks === null ? [] : codexTarget.installedCommands(hooks);
    wired = commands.length > 0;
    programs = commands.map((c) => programInProject(c, root)).filter((p): p is string => p !== null);
  } catch {
    // not valid hooks: doctor's hooks check says so
  }
  const { hasCodexWall } = await import('./targets/codex-wall.js');
  wired ||= layers[0]!.text !== null && hasCodexWall(layers[0]!.text);
  return { platform: platformOf(), root, layers, protect: config.protect, programs: [...new Set(programs)], wired, mode: config.sandbox.mode };
}
