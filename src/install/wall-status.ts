/**
 * Which layer guards continuity here: the wall (Claude Code's OS sandbox
 * keeps continuity's state and hook wiring read-only to everything the agent
 * runs) or the hooks alone, and why. A pure function of facts the caller
 * gathered (src/install/wall-facts.ts): the settings files as Claude Code
 * merges them, the platform, whether the sandbox's tools are there, the
 * config. `doctor`, `status` and the session's opening context all say it.
 */
import { isAbsolute, normalize, relative } from 'node:path';
import { CLAUDE_CODE_MOUNTED_FOLDERS, claudeCodeWallPaths, type SandboxMode } from './wall-spec.js';
import { isContinuityCommand, programInProject, splitShellCommand } from './hook-command.js';
import type { HookCommand } from './hook-target.js';

export type Platform = 'linux' | 'wsl1' | 'wsl2' | 'darwin' | 'win32' | 'other';

export interface SettingsLayer {
  /** Claude Code's name for it: managed, local, project, user. */
  scope: 'managed' | 'local' | 'project' | 'user';
  /** The file, as people name it (`.claude/settings.local.json`, `~/.claude/settings.json`). */
  file: string;
  /** Its parsed content; null when there is no such file. */
  value: Record<string, unknown> | null;
  /** Why it could not be read, when it could not. */
  error?: string;
}

export interface WallFacts {
  platform: Platform;
  /** Highest precedence first: managed, local, project, user (Claude Code's order). */
  layers: readonly SettingsLayer[];
  /** The sandbox's own tools: bubblewrap and socat (Linux, WSL2), Seatbelt's sandbox-exec (macOS). */
  tools: { bwrap: boolean; socat: boolean; sandboxExec: boolean };
  root: string;
  home: string;
  protect: readonly string[];
  mode: SandboxMode;
}

export interface WallStatus {
  level: 'structural' | 'hooks-only';
  /** One line, facts only. */
  summary: string;
  /** What the wall does not cover here, each a fact with what would cover it. */
  gaps: string[];
  /** What keeps continuity's hooks from running at all, or null. */
  silenced: string | null;
  /** The settings turn the sandbox on (whether or not it can start here). */
  configured: boolean;
  /** Why the settings do not hold the wall (init would put it there), or null. */
  missing: string | null;
}

type Obj = Record<string, unknown>;
const obj = (x: unknown): Obj => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Obj) : {});

/** A scalar as Claude Code takes it: from the highest-precedence layer that sets it. */
function scalar(layers: readonly SettingsLayer[], path: string[]): { value: unknown; file: string } | null {
  for (const l of layers) {
    let v: unknown = l.value;
    for (const k of path) v = obj(v)[k];
    if (v !== undefined) return { value: v, file: l.file };
  }
  return null;
}

/** A list as Claude Code takes it: every layer's entries together. */
function list(layers: readonly SettingsLayer[], path: string[]): string[] {
  return layers.flatMap((l) => {
    let v: unknown = l.value;
    for (const k of path) v = obj(v)[k];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  });
}

/** A denyWrite or allowWrite entry as a path relative to the root (`~/` ones relative to the home as `~/…`), or null. */
function denied(entry: string, root: string, home: string): string {
  let e = entry.trim();
  if (e.startsWith('~/')) return `~/${normalize(e.slice(2)).replace(/\/+$/, '')}`;
  if (e.startsWith('//')) e = e.slice(1);
  if (isAbsolute(e)) {
    const inRoot = relative(root, e);
    if (!inRoot.startsWith('..') && !isAbsolute(inRoot)) return normalize(inRoot).replace(/\/+$/, '');
    const inHome = relative(home, e);
    if (!inHome.startsWith('..') && !isAbsolute(inHome)) return `~/${normalize(inHome).replace(/\/+$/, '')}`;
    return e;
  }
  return normalize(e).replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

const TOOLS: Partial<Record<Platform, { name: string; ok: (t: WallFacts['tools']) => string | null }>> = {
  linux: { name: 'bubblewrap', ok: (t) => (!t.bwrap ? 'bubblewrap (bwrap) is not installed' : !t.socat ? 'socat is not installed' : null) },
  wsl2: { name: 'bubblewrap', ok: (t) => (!t.bwrap ? 'bubblewrap (bwrap) is not installed' : !t.socat ? 'socat is not installed' : null) },
  darwin: { name: 'Seatbelt', ok: (t) => (t.sandboxExec ? null : 'sandbox-exec (Seatbelt) is missing') },
};

export function wallStatus(f: WallFacts): WallStatus {
  const { layers } = f;
  const unreadable = layers.filter((l) => l.error);
  const disabledHooks = scalar(layers, ['disableAllHooks']);
  const managedOnly = layers.find((l) => l.scope === 'managed' && obj(l.value).allowManagedHooksOnly === true);
  const pluginFlag = layers.map((l) => ({ file: l.file, on: obj(obj(l.value).enabledPlugins)['continuity@continuity'] })).find((x) => x.on !== undefined);
  const hooksInSettings = layers.some((l) => l.scope !== 'managed' && wiresContinuity(l.value));
  let silenced: string | null = null;
  if (disabledHooks?.value === true) silenced = `disableAllHooks is true in ${disabledHooks.file}: no hook runs, continuity's included`;
  else if (managedOnly && !layers.some((l) => l.scope === 'managed' && wiresContinuity(l.value))) silenced = `allowManagedHooksOnly is true in ${managedOnly.file}: only the managed settings' hooks run, and they do not run continuity`;
  else if (pluginFlag?.on === false && !hooksInSettings) silenced = `the continuity plugin is disabled in ${pluginFlag.file} and no settings file wires continuity's hooks`;

  const enabled = scalar(layers, ['sandbox', 'enabled']);
  const unsandboxed = scalar(layers, ['sandbox', 'allowUnsandboxedCommands']);
  const failIfUnavailable = scalar(layers, ['sandbox', 'failIfUnavailable']);
  const denyWrite = new Set(list(layers, ['sandbox', 'filesystem', 'denyWrite']).map((e) => denied(e, f.root, f.home)));
  // An entry covers what is inside it (`.` covers the whole project).
  const covers = (path: string) => [...denyWrite].some((d) => d === path || d === '.' || path.startsWith(`${d}/`));
  // bubblewrap binds a folder in allowWrite as a mount of its own: it cannot be renamed away from the read-only files in it.
  const allowWrite = new Set(list(layers, ['sandbox', 'filesystem', 'allowWrite']).map((e) => denied(e, f.root, f.home)));
  const unmounted = f.platform === 'linux' || f.platform === 'wsl2' ? CLAUDE_CODE_MOUNTED_FOLDERS.filter((d) => !allowWrite.has(d) && !covers(d)) : [];
  const programs = [...new Set(layers.filter((l) => l.scope !== 'managed').flatMap((l) => continuityCommands(l.value)).map((c) => programInProject(c, f.root)).filter((p): p is string => p !== null))];
  const wanted = claudeCodeWallPaths(f.protect, programs);
  const configured = enabled?.value === true;

  const gaps: string[] = [];
  for (const l of unreadable) gaps.push(`${l.file} cannot be read (${l.error}); Claude Code may not read it either`);

  const missing =
    !configured ? (enabled ? `sandbox.enabled is ${JSON.stringify(enabled.value)} in ${enabled.file}` : 'the sandbox is not enabled in any Claude Code settings file')
    : unsandboxed?.value !== false ? `sandbox.allowUnsandboxedCommands is ${unsandboxed ? `${JSON.stringify(unsandboxed.value)} in ${unsandboxed.file}` : 'not set (Claude Code\'s default is true)'}: the agent can ask to run a command outside the sandbox`
    : !covers('.continuity') ? '.continuity is not in sandbox.filesystem.denyWrite'
    : f.mode === 'required' && failIfUnavailable?.value !== true ? 'sandbox.failIfUnavailable is not true (sandbox.mode "required" asks for it): where the sandbox cannot run, Claude Code would run every command unconfined'
    : null;

  const platform = TOOLS[f.platform];
  const cannot = f.platform === 'win32' ? 'Claude Code has no sandbox on native Windows (WSL2 has one)' : f.platform === 'wsl1' ? 'WSL1 cannot run the sandbox (WSL2 can)' : !platform ? `Claude Code has no sandbox on ${f.platform}` : platform.ok(f.tools);
  const wiring = [...wanted.project.filter((p) => p.startsWith('.claude/')), ...wanted.home.map((p) => `~/${p}`)];
  const wiringKept = wiring.every(covers) && unmounted.length === 0;

  let level: WallStatus['level'] = 'hooks-only';
  let summary: string;
  if (f.mode === 'off' && !configured) summary = 'hooks only: sandbox.mode is off in .continuity/config.json';
  else if (missing) summary = `hooks only: ${missing}`;
  else if (cannot) summary = `hooks only: the sandbox is configured but cannot run here: ${cannot}`;
  else {
    level = 'structural';
    const extra = wanted.project.filter((p) => p !== '.continuity' && !p.startsWith('.claude/') && !programs.includes(p) && covers(p)).length;
    const programKept = programs.length > 0 && programs.every(covers);
    const named = ['.continuity/', ...(wiringKept ? ['the hook wiring'] : []), ...(programKept ? [`the continuity program the hooks run (${programs.join(', ')})`] : []), ...(extra ? [`${extra} protected path${extra === 1 ? '' : 's'}`] : [])];
    const kept = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
    summary = `structural: Claude Code's OS sandbox (${platform!.name}) keeps ${kept} read-only to the agent's commands`;
    if (failIfUnavailable?.value !== true) gaps.push('sandbox.failIfUnavailable is not true: where the sandbox cannot run, Claude Code runs every command unconfined (sandbox.mode "required" and continuity init set it)');
  }
  if (configured) {
    for (const p of wiring) if (!covers(p)) gaps.push(`${p} is not in sandbox.filesystem.denyWrite (Claude Code keeps its own settings files read-only in the sandbox; continuity init lists them)`);
    for (const d of unmounted) gaps.push(`${d} is not in sandbox.filesystem.allowWrite: the sandbox keeps the settings files in it read-only one by one, and the agent's commands can rename the folder away and make it again with settings of their own (listed there, it is a mount point of its own and cannot be renamed): run continuity init`);
    for (const p of programs) if (!covers(p)) gaps.push(`${p}, the continuity program the hooks run, is not in sandbox.filesystem.denyWrite: the agent's commands can change or remove it, and no hook runs after that (continuity init lists it)`);
    for (const p of wanted.project) if (!p.startsWith('.claude/') && p !== '.continuity' && !programs.includes(p) && !covers(p)) gaps.push(`protect entry ${p} is not in sandbox.filesystem.denyWrite: run continuity init`);
    for (const c of list(layers, ['sandbox', 'excludedCommands'])) gaps.push(`sandbox.excludedCommands: ${c} runs outside the sandbox`);
  }
  const deny = new Set(list(layers, ['permissions', 'deny']).map((r) => r.replace(/\s+/g, '')));
  const rootPattern = f.root.replace(/^\/+/, '');
  const editsDenied = [...deny].some((r) => r === 'Edit' || r === 'Write' || r === 'Edit(**)' || r === 'Edit(/**)' || new RegExp(`^(Edit|Write)\\((\\./|/|//${escape(rootPattern)}/)?\\.continuity/\\*\\*\\)$`).test(r));
  if (!editsDenied) {
    gaps.push('no permissions.deny rule keeps the file tools (Write, Edit) out of .continuity/ (the sandbox does not cover them; continuity init adds Edit(/.continuity/**)); the hooks deny them');
  }
  return { level, summary, gaps, silenced, configured, missing: f.mode === 'off' ? null : missing };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Does this settings object wire continuity's hooks (exec or shell form)? */
function wiresContinuity(value: Record<string, unknown> | null): boolean {
  return continuityCommands(value).length > 0;
}

/** The continuity hook commands a settings object wires (exec or shell form). */
function continuityCommands(value: Record<string, unknown> | null): HookCommand[] {
  const out: HookCommand[] = [];
  for (const groups of Object.values(obj(obj(value).hooks))) {
    for (const group of Array.isArray(groups) ? groups : []) {
      for (const h of Array.isArray(obj(group).hooks) ? (obj(group).hooks as unknown[]) : []) {
        const { command, args } = obj(h);
        const cmd = typeof command === 'string' && Array.isArray(args) && args.every((a) => typeof a === 'string') ? { command, args: args as string[] } : typeof command === 'string' ? splitShellCommand(command) : null;
        if (cmd && isContinuityCommand(cmd, 'claude-code')) out.push(cmd);
      }
    }
  }
  return out;
}

/**
 * The sentence for an agent continuity raises no wall for (Gemini CLI,
 * Cursor: `continuity init --agent` wires their hooks only). Claude Code's
 * settings and sandbox say nothing about such an agent's commands.
 */
export function describeHooksOnlyForAgent(agent: string): string {
  return `continuity's state is guarded by its hooks only (continuity sets up no sandbox for ${agent}).`;
}

/** The protection level in one sentence for the agent's opening context: facts, not instructions. `sandbox` names the client's sandbox. */
export function describeWallForAgent(s: WallStatus, sandbox = "Claude Code's OS sandbox"): string {
  if (s.silenced) return '';
  return s.level === 'structural'
    ? `continuity's state and hook wiring are read-only to the agent's commands (${sandbox}); the agent's own continuity commands are taken in by the hooks.`
    : `continuity's state is guarded by its hooks only (${s.summary.replace(/^hooks only: /, '')}).`;
}
