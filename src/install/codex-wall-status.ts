/**
 * Which layer guards continuity for Codex: the wall (Codex's own sandbox,
 * with the permission profile `continuity init --agent codex` writes) or the
 * hooks alone, and why. A pure function of the config files Codex reads
 * (src/install/wall-facts.ts gathers them): the project's
 * `.codex/config.toml`, the person's (`$CODEX_HOME` or `~/.codex`) and the
 * system's (`/etc/codex`). What Codex 0.169 does with them, as tried: the
 * highest of them that sets `sandbox_mode` or `default_permissions` decides
 * the sandbox (a `sandbox_mode` beside `default_permissions` wins, as Codex's
 * docs say); the project's file is read only in a trusted project;
 * `[features] hooks = false` runs no hook at all. A person's launch flags
 * (`--sandbox`, `-c sandbox_mode=…`, `--approve-for-me`,
 * `--dangerously-bypass-approvals-and-sandbox`) override all of them; no
 * file says so.
 */
import { isTable, parseToml, tomlError, tomlGet, type TomlTable } from '../formats/toml.js';
import { hasCodexWall } from './targets/codex-wall.js';
import { CODEX_WALL_PROFILE, codexWallPaths, type SandboxMode } from './wall-spec.js';
import type { Platform, WallStatus } from './wall-status.js';

export interface CodexConfigLayer {
  scope: 'project' | 'user' | 'system';
  /** As people name it: `.codex/config.toml`, `~/.codex/config.toml`, `/etc/codex/config.toml`. */
  file: string;
  /** Its text; null when there is no such file. */
  text: string | null;
  error?: string;
}

export interface CodexWallFacts {
  platform: Platform;
  root: string;
  /** Highest precedence first: project, user, system. */
  layers: readonly CodexConfigLayer[];
  protect: readonly string[];
  /** The continuity program the hooks run when it lies inside the project (from `.codex/hooks.json`). */
  programs: readonly string[];
  /** `.codex/hooks.json` runs continuity, or the project's config holds init's wall: Codex is one of this project's agents. */
  wired: boolean;
  mode: SandboxMode;
}

interface Found {
  value: unknown;
  file: string;
}

/** A layer's document; null when it has no file or is not valid TOML (said as a gap). */
function docOf(layer: CodexConfigLayer): TomlTable | null {
  return layer.text === null ? null : parseToml(layer.text);
}

/** A key as Codex takes it: from the highest-precedence layer that sets it. */
function scalar(layers: readonly CodexConfigLayer[], path: string[]): Found | null {
  for (const l of layers) {
    const value = tomlGet(docOf(l), path);
    if (value !== undefined) return { value, file: l.file };
  }
  return null;
}

const PLATFORM_SANDBOX: Partial<Record<Platform, string>> = { linux: 'bubblewrap', wsl2: 'bubblewrap', darwin: 'Seatbelt' };

export function codexWallStatus(f: CodexWallFacts): WallStatus {
  const { layers } = f;
  const gaps: string[] = [];
  for (const l of layers) if (l.error) gaps.push(`${l.file} cannot be read (${l.error}); Codex may not read it either`);
  for (const l of layers) if (l.text !== null && docOf(l) === null) gaps.push(`${l.file} is not valid TOML (${tomlError(l.text)}): Codex refuses to start with it`);
  const hooksOff = scalar(layers, ['features', 'hooks']);
  const silenced = hooksOff?.value === false ? `hooks = false in [features] of ${hooksOff.file}: Codex runs no hook, continuity's included` : null;

  const project = layers.find((l) => l.scope === 'project');
  const block = project?.text != null && hasCodexWall(project.text);
  // The sandbox comes from the highest layer that names one (seen with 0.169.0: the project's default_permissions wins over
  // the person's sandbox_mode); within one layer sandbox_mode wins (Codex's docs).
  const deciding = layers.map((l) => ({ l, doc: docOf(l) })).find(({ doc }) => tomlGet(doc, ['sandbox_mode']) !== undefined || tomlGet(doc, ['default_permissions']) !== undefined);
  const sandboxMode = deciding && tomlGet(deciding.doc, ['sandbox_mode']) !== undefined ? deciding.l : null;
  const selected = scalar(layers, ['default_permissions']);
  const reviewer = scalar(layers, ['approvals_reviewer']);
  // The profile's read-only paths, wherever a layer writes them (dotted keys, tables or inline tables).
  const readOnly = new Set<string>();
  for (const l of layers) {
    const filesystem = tomlGet(docOf(l), ['permissions', CODEX_WALL_PROFILE, 'filesystem']);
    if (!isTable(filesystem)) continue;
    const roots = filesystem[':workspace_roots'];
    if (isTable(roots)) for (const [p, access] of Object.entries(roots)) if (access === 'read') readOnly.add(p);
    for (const [p, access] of Object.entries(filesystem)) if (p.startsWith('~/') && access === 'read') readOnly.add(p);
  }
  const wanted = codexWallPaths(f.protect, f.programs);
  const configured = block || selected?.value === CODEX_WALL_PROFILE;

  const missing =
    sandboxMode ? `sandbox_mode is set in ${sandboxMode.file}: Codex then ignores default_permissions, the permission profile the wall is`
    : selected?.value !== CODEX_WALL_PROFILE ? (selected ? `default_permissions is ${JSON.stringify(selected.value)} in ${selected.file}, not continuity's profile` : "no Codex config selects continuity's permission profile (default_permissions)")
    : !readOnly.has('.continuity') ? `.continuity is not read-only in the permission profile ${CODEX_WALL_PROFILE}`
    : reviewer?.value === 'auto_review' ? `approvals_reviewer is "auto_review" in ${reviewer.file}: Codex's reviewer agent, not the person, lets a command run outside the sandbox`
    : null;
  const sandbox = PLATFORM_SANDBOX[f.platform];
  const cannot = sandbox ? null : `continuity has not tried Codex's sandbox on ${f.platform === 'win32' ? 'native Windows' : f.platform}`;

  let level: WallStatus['level'] = 'hooks-only';
  let summary: string;
  const wiring = ['.codex', '~/.codex'];
  if (f.mode === 'off' && !configured) summary = 'hooks only: sandbox.mode is off in .continuity/config.json';
  else if (missing) summary = `hooks only: ${missing}`;
  else if (cannot) summary = `hooks only: the wall is configured but ${cannot}`;
  else {
    level = 'structural';
    const programs = f.programs.filter((p) => readOnly.has(p));
    const extra = wanted.project.filter((p) => !['.continuity', '.codex'].includes(p) && !f.programs.includes(p) && readOnly.has(p)).length;
    const named = ['.continuity/', ...(wiring.every((w) => readOnly.has(w)) ? ['the hook wiring (.codex/, ~/.codex)'] : []), ...(programs.length ? [`the continuity program the hooks run (${programs.join(', ')})`] : []), ...(extra ? [`${extra} protected path${extra === 1 ? '' : 's'}`] : [])];
    const kept = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
    summary = `structural: Codex's sandbox (${sandbox}) keeps ${kept} read-only to the agent's commands`;
  }
  if (configured) {
    for (const p of [...wanted.project.filter((p) => p !== '.continuity'), ...wanted.home.map((h) => `~/${h}`)]) {
      if (!readOnly.has(p)) gaps.push(`${p} is not read-only in the permission profile ${CODEX_WALL_PROFILE}: run continuity init --agent codex`);
    }
    for (const p of wanted.unexpressible) gaps.push(`protect entry ${p} is a glob Codex's sandbox cannot keep read-only (only a path or a folder/**); the hooks guard it`);
    const user = layers.find((l) => l.scope === 'user');
    const trusted = user !== undefined && tomlGet(docOf(user), ['projects', f.root, 'trust_level']) === 'trusted';
    if (!trusted) gaps.push(`${user?.file ?? '~/.codex/config.toml'} does not mark ${f.root} as trusted: Codex reads the project's .codex/config.toml (the wall) and .codex/hooks.json only in a trusted project`);
    for (const l of layers) {
      const profiles = tomlGet(docOf(l), ['profiles']);
      if (!isTable(profiles)) continue;
      for (const [name, profile] of Object.entries(profiles)) if (isTable(profile) && profile.sandbox_mode !== undefined) gaps.push(`the config profile ${name} in ${l.file} sets sandbox_mode: a session started with --profile ${name} runs without the wall`);
    }
  }
  return { level, summary, gaps, silenced, configured, missing: f.mode === 'off' ? null : missing };
}
