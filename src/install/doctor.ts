/**
 * `continuity doctor`'s rules: each check is a function of facts the command
 * gathered (versions, file contents, what a probe answered), and says what is
 * wrong and how to fix it. Nothing here reads a file or starts a process.
 */
import { normalize } from 'node:path';
import type { AgentName, HookCommand, HookTarget } from './hook-target.js';
import type { GatewayWiring } from './targets/openclaw.js';
import type { WallStatus } from './wall-status.js';
import type { SandboxMode } from './wall-spec.js';
import { entriesForKey, parseAllowedSigners } from '../formats/allowed-signers.js';
import { SIGNERS_FILE as SIGNERS } from '../domain/approval-statement.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** How to put it right, for a failed check. */
  fix?: string;
  /** The hook round-trip's duration. */
  ms?: number;
}

export const MIN_NODE_MAJOR = 20;

export function nodeCheck(version: string): Check {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  return major >= MIN_NODE_MAJOR
    ? { name: 'node', ok: true, detail: `Node ${version} (continuity needs ${MIN_NODE_MAJOR} or newer)` }
    : { name: 'node', ok: false, detail: `Node ${version} is older than ${MIN_NODE_MAJOR}`, fix: `install Node ${MIN_NODE_MAJOR} or newer (22.13 or newer has SQLite built in)` };
}

export function driverCheck(loaded: { name: string } | { error: string }): Check {
  return 'name' in loaded
    ? { name: 'sqlite', ok: true, detail: `${loaded.name} loads` }
    : { name: 'sqlite', ok: false, detail: loaded.error, fix: 'use Node 22.13 or newer (node:sqlite), or install better-sqlite3 beside continuity (npm install better-sqlite3)' };
}

export type LedgerFacts =
  | { state: 'not-enabled' }
  | { state: 'no-ledger' }
  | { state: 'unreadable'; error: string }
  | {
      state: 'open';
      integrity: string[];
      /** SQLite's quick check (a large ledger, without --full) rather than the full integrity check. */
      quick?: boolean;
      version: number;
      latest: number;
      /** The events against the recovery head: null when no copy is kept; `chainMatches` false when rows up to its last id were changed; `rehashed`: how many of them were hashed again (the rest are covered by a mark of the head). */
      chain?: { events: number; headEvents: number; chainMatches: boolean; at: string; rehashed?: number } | null;
    };

export function ledgerCheck(facts: LedgerFacts): Check {
  const name = 'ledger';
  switch (facts.state) {
    case 'not-enabled':
      return { name, ok: false, detail: 'continuity is not enabled in this project (no .continuity/)', fix: 'run `continuity init`' };
    case 'no-ledger':
      return { name, ok: true, detail: 'no ledger yet: `continuity plan import` or the first hook call that decides something creates .continuity/ledger.db' };
    case 'unreadable':
      return { name, ok: false, detail: facts.error, fix: 'move .continuity/ledger.db aside (it keeps the record so far) and run `continuity plan import FILE` to start a new ledger' };
    case 'open': {
      if (facts.integrity.length !== 1 || facts.integrity[0] !== 'ok') {
        return { name, ok: false, detail: `integrity check failed: ${facts.integrity.slice(0, 3).join('; ')}`, fix: 'move .continuity/ledger.db aside (sqlite3 .recover can save what is readable) and run `continuity plan import FILE` to start a new ledger' };
      }
      if (facts.version < facts.latest) {
        return { name, ok: false, detail: `schema v${facts.version}, migrations up to v${facts.latest} not applied yet`, fix: 'run any continuity command in the project (e.g. `continuity status`); it migrates the ledger' };
      }
      if (facts.version > facts.latest) {
        return { name, ok: false, detail: `schema v${facts.version} is newer than this continuity understands (v${facts.latest})`, fix: 'upgrade continuity to the version that wrote this ledger, or newer' };
      }
      const c = facts.chain;
      if (c && c.events < c.headEvents) {
        return { name, ok: false, detail: `${c.headEvents - c.events} of the ${c.headEvents} events recorded by ${c.at} are missing`, fix: 'the next hook or continuity command restores the ledger from its recovery copy; run `continuity status` to do it now' };
      }
      if (c && !c.chainMatches) {
        return { name, ok: false, detail: `events recorded by ${c.at} were altered after they were written (their hash chain differs from the recovery copy's head)`, fix: 'compare with the recovery copy (docs/security.md#the-recovery-copy); move .continuity/ledger.db aside to have it restored' };
      }
      const rehashed = c && c.rehashed !== undefined && c.rehashed < c.headEvents ? `, the last ${c.rehashed} re-hashed; \`doctor --full\` re-hashes all` : '';
      return { name, ok: true, detail: `${facts.quick ? 'quick check' : 'integrity'} ok, schema v${facts.version} (the latest)${c ? `, ${c.headEvents} event${c.headEvents === 1 ? "" : "s"} as recorded (hash chain intact${rehashed})` : ''}` };
    }
  }
}

export type ConfigFacts = { state: 'absent' } | { state: 'valid' } | { state: 'invalid'; error: string };

export function configCheck(facts: ConfigFacts): Check {
  if (facts.state === 'invalid') return { name: 'config', ok: false, detail: facts.error, fix: 'correct .continuity/config.json (docs/config.md lists every key), or delete it to use the defaults' };
  return { name: 'config', ok: true, detail: facts.state === 'valid' ? '.continuity/config.json is valid' : 'no .continuity/config.json: the defaults apply' };
}

export interface HooksFacts {
  agent: AgentName;
  label: string;
  target: HookTarget;
  /** The settings file's text, or null when there is none. */
  settings: string | null;
  /** Claude Code only: the continuity plugin is enabled, so its hooks.json wires the hooks. */
  plugin: boolean;
  /** Does this path exist? Does this bare command name resolve on PATH? */
  exists: (path: string) => boolean;
  onPath: (command: string) => boolean;
  /** Another client's settings run continuity here: Claude Code is then one agent among others, looked at when its settings file exists. */
  othersWired?: boolean;
}

/**
 * An agent's wiring: its settings file runs continuity, every command it runs
 * is there, and the wiring is what `continuity init` writes today (install
 * would change nothing). With no other client wired, Claude Code's hooks are
 * required; any other agent (and Claude Code beside a wired one) is looked at
 * when its settings file exists.
 */
export function hooksCheck(f: HooksFacts): Check | null {
  const name = `hooks ${f.agent}`;
  const file = f.target.settingsFile;
  const init = `continuity init${f.agent === 'claude-code' ? '' : ` --agent ${f.agent}`}`;
  const missing = (detail: string): Check =>
    f.plugin ? { name, ok: true, detail: `wired by the continuity plugin (${detail})` } : { name, ok: false, detail, fix: `run \`${init}\`${f.agent === 'claude-code' ? ', or install the continuity plugin' : ''}` };
  if (f.settings === null) return f.agent === 'claude-code' && (f.plugin || !f.othersWired) ? missing(`no ${file}`) : null;
  let commands: HookCommand[];
  try {
    // One command per event is one way of running continuity: each distinct command counts once.
    commands = [...new Map(f.target.installedCommands(f.settings).map((c) => [JSON.stringify(c), c])).values()];
  } catch (err) {
    return { name, ok: false, detail: (err as Error).message.replace(/; it was left untouched$/, ''), fix: `correct ${file}; init edits only a file it can read` };
  }
  if (commands.length === 0) return missing(`${f.label}: ${file} runs no continuity hook`);
  const describe = (c: HookCommand) => [c.command, ...c.args].join(' ');
  // Hooks init did not write (by hand, shell form) beside those it did: every event then runs continuity twice.
  const rest = f.target.uninstall(f.settings);
  const byHand = rest === null || rest === f.settings ? [] : f.target.installedCommands(rest);
  if (byHand.length > 0) {
    return { name, ok: false, detail: `${file} runs continuity twice: as init wired it and as ${byHand.map(describe).join('; ')}`, fix: 'remove the entries init did not write (the shell-form ones), by hand' };
  }
  if (commands.length > 1) {
    return { name, ok: false, detail: `${file} runs continuity ${commands.length} ways (${commands.map(describe).join('; ')}): each hook call runs more than once`, fix: `keep one: remove the others by hand, then run \`${init}\`` };
  }
  const command = commands[0]!;
  const absent = [command.command, ...command.args].filter((part, i) => (i === 0 && !isPath(part) ? !f.onPath(part) : isPath(part) && !f.exists(part)));
  if (absent.length) {
    return { name, ok: false, detail: `${file} runs ${describe(command)}, but ${absent.join(' and ')} ${absent.length === 1 ? 'does' : 'do'} not exist`, fix: `run \`npx ${init}\` from the continuity you have installed, to point the hooks at it` };
  }
  if (f.target.install(f.settings, command) !== f.settings) {
    return { name, ok: false, detail: `${file} runs ${describe(command)} for fewer or other events than continuity answers`, fix: `run \`${init}\` to bring the wiring up to date` };
  }
  return { name, ok: true, detail: `${f.label}: ${file} runs ${describe(command)}` };
}

function isPath(part: string): boolean {
  return part.includes('/') || part.includes('\\');
}

export type RoundTripFacts =
  | { state: 'none' }
  | { state: 'answered'; command: HookCommand; ms: number; status: number | null; stdout: string; stderr: string; timedOut: boolean };

/** One SessionStart call through the hook command, in a throwaway project: it must exit 0 with nothing or Claude Code JSON on stdout. */
export function roundTripCheck(f: RoundTripFacts): Check {
  const name = 'hook round-trip';
  if (f.state === 'none') return { name, ok: false, detail: 'no hook command to try', fix: 'run `continuity init` (or install the continuity plugin), then doctor again' };
  const what = [f.command.command, ...f.command.args].join(' ');
  if (f.timedOut) return { name, ok: false, detail: `${what} did not answer within the hook timeout`, ms: f.ms, fix: 'run it by hand with CONTINUITY_DEBUG=1 and a payload on stdin to see where it waits' };
  const firstLine = f.stderr.trim().split('\n')[0] ?? '';
  if (f.status !== 0) return { name, ok: false, detail: `${what} exited ${f.status ?? 'on a signal'}${firstLine ? `: ${firstLine}` : ''}`, ms: f.ms, fix: 'the message says what is wrong; CONTINUITY_DEBUG=1 adds the stack' };
  if (f.stdout.trim() !== '' && !isJsonObject(f.stdout)) return { name, ok: false, detail: `${what} answered something Claude Code cannot read: ${f.stdout.trim().slice(0, 80)}`, ms: f.ms, fix: 'run `continuity init` to point the hooks at continuity itself' };
  return { name, ok: true, detail: `a SessionStart call answered in ${f.ms} ms (${what})`, ms: f.ms };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** What runs the hooks: the command wired, and for a package's launcher what it named on stderr (CONTINUITY_WHICH). */
export interface HookEntryFacts {
  command: HookCommand;
  /** The launcher's stderr lines `continuity entry: KIND PATH` and `continuity executable: NOTE`; null when the command is no launcher. */
  launcherStderr: string | null;
  /** A SessionStart call's time, when it answered. */
  ms: number | null;
}

/**
 * Which entry the hooks run (the compiled executable, or Node, and why):
 * both answer alike, so Node is no failure, only the slower start (about ten
 * times the executable's). Null for a command that is neither (the plugin has its own check).
 */
export function hookEntryCheck(f: HookEntryFacts): Check | null {
  const name = 'hook entry';
  const timed = f.ms === null ? '' : ` (a SessionStart call: ${f.ms} ms)`;
  const [first] = f.command.args;
  if (f.launcherStderr !== null) {
    const entry = /^continuity entry: (executable|node) (.*)$/m.exec(f.launcherStderr);
    const note = /^continuity executable: (\S+) (.*)$/m.exec(f.launcherStderr);
    if (!entry) return { name, ok: false, detail: `the launcher ${first} named no entry`, fix: 'reinstall continuity (npm install), then run `continuity init`' };
    if (entry[1] === 'executable') return { name, ok: true, detail: `compiled executable ${normalize(entry[2]!)}, built for this machine on first use, through the launcher${timed}` };
    return { name, ok: true, detail: `Node with ${normalize(entry[2]!)}, through the launcher: the executable ${note ? `${normalize(note[1]!)} ${note[2]}` : 'is not built'}${timed}; \`continuity build-executable\` builds it now, or says why it cannot` };
  }
  if (f.command.args.length === 2) return { name, ok: true, detail: `compiled executable ${f.command.command}, built with this installation${timed}` };
  if (first && /(^|[\\/])cli\.[cm]?js$/.test(first)) {
    return { name, ok: true, detail: `Node with ${first}: the hooks are wired to Node, not to a compiled executable (this installation had none when \`continuity init\` ran)${timed}; running \`continuity init\` again wires the executable, or a package's launcher that builds one` };
  }
  return null;
}

/** What the plugin's launcher (plugin/bin/continuity) chose for a SessionStart call, and how long calls took. */
export interface PluginEntryFacts {
  /** The entry named on the launcher's stderr (CONTINUITY_PLUGIN_WHICH), or null when it named none. */
  entry: { kind: 'executable' | 'node' | 'none'; path: string } | null;
  /** The launcher's word on the executable when it did not run it (not built, and why). */
  executableNote: string | null;
  /** Median of the calls, in ms. */
  ms: number;
  calls: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Reads the launcher's stderr lines `continuity plugin entry: KIND PATH` and `continuity plugin executable: NOTE`. */
export function parsePluginWhich(stderr: string): Pick<PluginEntryFacts, 'entry' | 'executableNote'> {
  const entry = /^continuity plugin entry: (executable|node|none) ?(.*)$/m.exec(stderr);
  const note = /^continuity plugin executable: (.*)$/m.exec(stderr);
  return { entry: entry ? { kind: entry[1] as 'executable' | 'node' | 'none', path: entry[2]! } : null, executableNote: note ? note[1]! : null };
}

/** The Claude Code plugin: which entry its hooks run (its executable, Node, or nothing) and how long a SessionStart call takes. */
export function pluginEntryCheck(f: PluginEntryFacts): Check {
  const name = 'plugin';
  const timed = `a SessionStart call answered in ${f.ms} ms (median of ${f.calls})`;
  const firstLine = f.stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('continuity plugin ')) ?? '';
  if (!f.entry) return { name, ok: false, detail: `the plugin's launcher named no entry (exit ${f.status ?? 'on a signal'})${firstLine ? `: ${firstLine}` : ''}`, ms: f.ms, fix: 'reinstall the plugin (/plugin install continuity@continuity)' };
  if (f.entry.kind === 'none') {
    let said = '';
    try {
      said = String((JSON.parse(f.stdout) as { systemMessage?: unknown }).systemMessage ?? '');
    } catch {
      said = f.stdout.trim();
    }
    return { name, ok: false, detail: `the plugin's hooks cannot run here: ${said.replace(/^continuity is not active: /, '') || 'no executable and no Node'}`, ms: f.ms, fix: 'put Node 22.13 or newer on PATH, or let a session start build the executable (curl or wget and the npm registry, or CONTINUITY_BUN_PACKAGE_DIR)' };
  }
  if (f.status !== 0) return { name, ok: false, detail: `the plugin's hooks run ${f.entry.kind} ${f.entry.path}, which exited ${f.status ?? 'on a signal'}${firstLine ? `: ${firstLine}` : ''}`, ms: f.ms, fix: 'the message says what is wrong; CONTINUITY_DEBUG=1 adds the stack' };
  if (f.entry.kind === 'executable') return { name, ok: true, detail: `the plugin's hooks run its executable, compiled for this machine (${f.entry.path}): ${timed}`, ms: f.ms };
  const note = f.executableNote ? `; its executable ${f.executableNote.replace(/^\S+ /, '')} (${f.executableNote.split(' ')[0]})` : '';
  return { name, ok: true, detail: `the plugin's hooks run Node with ${f.entry.path}: ${timed}${note}; a session start builds the executable in the background`, ms: f.ms };
}

/**
 * The hook wiring as continuity last authorised it: a client whose hooks
 * were switched off (`[features] hooks = false`, `hooksConfig.enabled:
 * false`, `disableAllHooks`, …) runs none, and says nothing about it.
 */
export function wiringCheck(changed: readonly string[] | null): Check {
  if (changed === null) return { name: 'wiring', ok: true, detail: 'no ledger: nothing to compare the hook wiring with' };
  if (!changed.length) return { name: 'wiring', ok: true, detail: "every client's hook wiring is as continuity last authorised it" };
  return {
    name: 'wiring',
    ok: false,
    detail: `the hook wiring was changed outside continuity (a client with its hooks switched off runs none): ${changed.join('; ')}`,
    fix: 'any other continuity command (`continuity status`), or the next hook of any client, puts continuity\'s entries back; if you made the change yourself, `continuity config accept` keeps it',
  };
}

export function renderChecks(checks: readonly Check[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const lines = checks.flatMap((c) => [`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.detail}`, ...(c.fix && !c.ok ? [`${' '.repeat(width + 8)}fix: ${c.fix}`] : [])]);
  const failed = checks.filter((c) => !c.ok).length;
  lines.push(failed === 0 ? 'All checks passed.' : `${failed} check${failed === 1 ? '' : 's'} failed.`);
  return `${lines.join('\n')}\n`;
}

/** What doctor alone tries (never a hook): starting the sandbox for real. */
export type SandboxProbe = { state: 'not-tried' } | { state: 'started' } | { state: 'failed'; error: string };

/**
 * The wall: which layer guards continuity here. Fails when the hooks would
 * not run at all, when the settings turn the sandbox on but it cannot start
 * here, or when the config asks for the wall and the settings do not hold it.
 */
export function wallCheck(s: WallStatus, probe: SandboxProbe, mode: SandboxMode): Check {
  const name = 'wall';
  const gaps = s.gaps.length ? `; ${s.gaps.join('; ')}` : '';
  if (s.silenced) return { name, ok: false, detail: s.silenced, fix: s.silenced.startsWith('disableAllHooks') ? 'remove disableAllHooks from that settings file' : 'enable the plugin (/plugin enable continuity@continuity), or run `continuity init`' };
  if (probe.state === 'failed') {
    return { name, ok: false, detail: `the sandbox is configured but cannot run here: ${probe.error}`, fix: 'enable unprivileged user namespaces (bubblewrap needs them), or set sandbox.mode to "preferred" or "off" in .continuity/config.json and run `continuity init`' };
  }
  if (s.configured && s.level === 'hooks-only' && !s.missing) {
    return { name, ok: false, detail: s.summary.replace(/^hooks only: /, ''), fix: 'install the sandbox\'s tools (Debian/Ubuntu: apt-get install bubblewrap socat), or set sandbox.mode to "preferred" or "off" in .continuity/config.json and run `continuity init`' };
  }
  if (mode !== 'off' && s.missing) return { name, ok: false, detail: `hooks only: ${s.missing}`, fix: 'run `continuity init` (sandbox.mode in .continuity/config.json says how much of the sandbox it asks for)' };
  return { name, ok: true, detail: `${s.summary}${gaps}` };
}

/** The wall for Codex (its own sandbox with continuity's permission profile): fails when Codex would run no hook, or when the wall asked for is not what Codex applies. */
export function codexWallCheck(s: WallStatus, mode: SandboxMode): Check {
  const name = 'wall (Codex)';
  if (s.silenced) return { name, ok: false, detail: s.silenced, fix: 'remove hooks = false from [features] in that file' };
  if (mode !== 'off' && s.missing) {
    const fix = s.missing.startsWith('sandbox_mode') ? 'remove sandbox_mode from that Codex config (Codex then applies default_permissions), or set sandbox.mode to "off" in .continuity/config.json' : 'run `continuity init --agent codex` (sandbox.mode in .continuity/config.json says whether it writes the wall)';
    return { name, ok: false, detail: `hooks only: ${s.missing}`, fix };
  }
  return { name, ok: true, detail: `${s.summary}${s.gaps.length ? `; ${s.gaps.join('; ')}` : ''}` };
}

/** What continuity keeps in its state home, and what of it `continuity gc` would remove. Never a failure: it is housekeeping. */
export function stateHomeCheck(facts: { home: string; copies: number; bytes: number; removable: number; removableBytes: number }): Check {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const held = `${facts.copies} recovery cop${facts.copies === 1 ? 'y' : 'ies'} (${mb(facts.bytes)}) in ${facts.home}`;
  if (!facts.removable) return { name: 'state', ok: true, detail: `${held}; none of projects that are gone` };
  return { name: 'state', ok: true, detail: `${held}; ${facts.removable} of ${mb(facts.removableBytes)} belong to projects that are gone or no longer use continuity: \`continuity gc\` removes them` };
}

/** The layer for a client continuity can put no wall around (Cursor): its hooks are all there is, said as a fact, not a failure. */
export function hooksOnlyClientCheck(label: string): Check {
  return { name: `wall (${label})`, ok: true, detail: `hooks only: ${label} has no sandbox continuity can set up, and continuity does not wrap its commands; its hooks guard continuity's state` };
}

/** The OpenClaw gateway's side, as doctor read it (src/cli/commands/doctor.ts). */
export interface OpenClawFacts {
  config: string;
  /** The config's wiring; null when there is no config, an error when it cannot be read. */
  wiring: GatewayWiring | null | { error: string };
  /** Where OpenClaw has the plugin, or null when it has it nowhere. */
  installed: { how: 'linked' | 'copied'; dir: string } | null;
  /** The command that installs it from this clone. */
  installCommand: string;
}

/** The plugin installed and enabled in OpenClaw, and the gateway config's entries it needs (`continuity init --agent openclaw`). */
export function openClawCheck(f: OpenClawFacts): Check {
  const name = 'openclaw';
  const init = 'run `continuity init --agent openclaw`';
  if (f.wiring === null) return { name, ok: false, detail: `no OpenClaw config at ${f.config}`, fix: `run \`${f.installCommand}\`, then \`continuity init --agent openclaw\`` };
  if ('error' in f.wiring) return { name, ok: false, detail: f.wiring.error.replace(/; it was left untouched$/, ''), fix: `correct ${f.config}` };
  const w = f.wiring;
  if (!f.installed) return { name, ok: false, detail: `the plugin is not installed in OpenClaw (not in plugins.load.paths, no copy in its extensions folder)`, fix: `run \`${f.installCommand}\`` };
  if (w.pluginsDisabled) return { name, ok: false, detail: `${f.config}: plugins.enabled is false, so OpenClaw loads no plugin`, fix: 'set plugins.enabled to true (or take it out)' };
  if (w.denied) return { name, ok: false, detail: `${f.config}: plugins.deny names continuity`, fix: 'take "continuity" out of plugins.deny' };
  if (w.entryEnabled === false) return { name, ok: false, detail: `${f.config}: the plugin is disabled (plugins.entries.continuity.enabled: false)`, fix: 'run `openclaw plugins enable continuity`' };
  if (w.allowed === false) return { name, ok: false, detail: `${f.config}: plugins.allow does not name continuity, so OpenClaw does not load it`, fix: init };
  if (!w.conversationAccess) return { name, ok: false, detail: `${f.config}: plugins.entries.continuity.hooks.allowConversationAccess is not true, so OpenClaw blocks the plugin's prompt, run and stop hooks`, fix: init };
  return { name, ok: true, detail: `the plugin is ${f.installed.how === 'linked' ? 'linked from' : 'copied into'} ${f.installed.dir} and enabled; ${f.config} allows its conversation hooks` };
}

export type SharedFacts =
  | { state: 'reached'; address: string; schema: number | null; records: number; login: string }
  | { state: 'unreachable'; address: string; error: string };

/** The shared ledger (docs/shared-ledger.md), in a project that names one: reached with this machine's credentials, or why not. */
export function sharedCheck(f: SharedFacts): Check {
  if (f.state === 'unreachable') {
    return { name: 'shared', ok: false, detail: `${f.address} cannot be reached: ${f.error}`, fix: 'check the server, and the credentials (CONTINUITY_SHARED_URL, ~/.config/continuity/shared/, PGPASSWORD or ~/.pgpass); the hooks decide from this machine\'s ledger meanwhile' };
  }
  const schema = f.schema === null ? 'no schema yet (the first `continuity sync` makes it)' : `schema ${f.schema}`;
  return { name: 'shared', ok: true, detail: `${f.address} reached (credentials from ${f.login}); ${schema}, ${f.records} record(s) of this repository` };
}

export interface SignersFacts {
  /** The signing key this machine sets, where it was set, and its public key (or why it cannot be read); null: none set. */
  key: { key: string; from: string; publicKey: string | null; error: string | null } | null;
  /** The ledger is shared with other machines. */
  shared: boolean;
  /** The signers file's text, null when there is none. */
  text: string | null;
  /** What git says of it: tracked and as committed, tracked and changed since, untracked; null outside a repository. */
  git: 'committed' | 'changed' | 'untracked' | null;
}

/**
 * The allowed signers of approvals (.continuity-signers): present,
 * readable, committed, and listing the key this machine signs with. Without
 * a signing key and a shared ledger there is nothing to check: approvals
 * are this machine's alone.
 */
export function signersCheck(f: SignersFacts): Check {
  const name = 'signers';
  const lineFix = `add "you@example.com namespaces=\\"continuity-approval\\" $(cat ~/.ssh/id_ed25519.pub)" (your public key) to ${SIGNERS}, and commit it`;
  if (!f.key && !f.shared && f.text === null) return { name, ok: true, detail: 'approvals are not signed: no signing key is set and the ledger is not shared' };
  if (f.text === null) return { name, ok: false, detail: `${SIGNERS} is missing: no signed approval verifies${f.shared ? ', and the shared ledger takes none' : ''}`, fix: lineFix };
  const signers = parseAllowedSigners(f.text);
  if (signers.problems.length) return { name, ok: false, detail: `${SIGNERS} cannot be read: ${signers.problems.map((p) => `line ${p.line}: ${p.why}`).join('; ')}`, fix: `correct ${SIGNERS} (ssh-keygen(1), ALLOWED SIGNERS) and commit it` };
  if (!signers.entries.length) return { name, ok: false, detail: `${SIGNERS} lists no signer`, fix: lineFix };
  if (f.git === 'untracked') return { name, ok: false, detail: `${SIGNERS} is not committed: the team's other machines do not have it`, fix: `git add ${SIGNERS} and commit it` };
  if (f.git === 'changed') return { name, ok: false, detail: `${SIGNERS} differs from its committed version: the team's other machines check signatures against the committed one`, fix: `commit ${SIGNERS}, or git restore it` };
  const count = `${signers.entries.length} signer${signers.entries.length === 1 ? '' : 's'}`;
  if (!f.key) return { name, ok: !f.shared, detail: `${SIGNERS} lists ${count}; no signing key is set here${f.shared ? ': approvals made here are refused for the shared ledger' : ''}`, ...(f.shared ? { fix: "set one: CONTINUITY_SIGNING_KEY, approval.signingKey in .continuity/config.json, or git's user.signingkey with gpg.format ssh" } : {}) };
  if (!f.key.publicKey) return { name, ok: false, detail: `the signing key ${f.key.key} (${f.key.from}) cannot be read: ${f.key.error ?? 'no public key'}`, fix: 'set the signing key to a key file with its .pub beside it, or to key::<public key>' };
  const mine = entriesForKey(signers, f.key.publicKey);
  if (!mine.length) return { name, ok: false, detail: `${SIGNERS} lists ${count}, not the signing key ${f.key.key} (${f.key.from}): approvals signed here would not verify`, fix: lineFix };
  const namespaces = mine.filter((e) => !e.options || !/namespaces=/i.test(e.options) || /namespaces="[^"]*\bcontinuity-approval\b/i.test(e.options));
  if (!namespaces.length) return { name, ok: false, detail: `${SIGNERS} lists the signing key (line ${mine[0]!.line}) for other namespaces than continuity-approval`, fix: `add continuity-approval to its namespaces="…" option, and commit it` };
  return { name, ok: true, detail: `${SIGNERS} lists ${count}; the signing key (${f.key.from}) is listed as ${namespaces[0]!.principals}` };
}
