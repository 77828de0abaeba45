import { spawnSync } from 'node:child_process';
import { probeWall } from '../../wall/probe.js';
import { describeOwnWall, wallVerdict } from '../../wall/verdict.js';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath } from '../../util/on-path.js';
import { parseArgs } from 'node:util';
import { parse as parseJsonc } from 'jsonc-parser';
import { CONFIG_PATH, loadConfig } from '../../config/load.js';
import { extendChain, readRecoveryHead, recoveryDirOf } from '../../ledger/recovery-copy.js';
import type { SqlDatabase } from '../../ledger/driver.js';
import { openClawCheck, codexWallCheck, configCheck, wiringCheck, driverCheck, hooksCheck, ledgerCheck, nodeCheck, parsePluginWhich, pluginEntryCheck, renderChecks, roundTripCheck, wallCheck, type Check, type LedgerFacts, type PluginEntryFacts, type RoundTripFacts, type SandboxProbe, type OpenClawFacts } from '../../install/doctor.js';
import { gatherCodexWallFacts, gatherWallFacts } from '../../install/wall-facts.js';
import { codexWallStatus } from '../../install/codex-wall-status.js';
import { wallStatus, type WallFacts, type WallStatus } from '../../install/wall-status.js';
import { DEFAULT_CONFIG } from '../../config/schema.js';
import type { HookCommand } from '../../install/hook-target.js';
import type { DriverFactory } from '../../ledger/driver.js';
import { AGENT_NAMES, loadTarget } from '../../install/targets/index.js';
import { openClawConfigPath } from '../../adapters/openclaw/config-path.js';
import { openClawRecordPath, parseOpenClawRecord } from '../../install/openclaw-record.js';
import { gatewayWiring } from '../../install/targets/openclaw.js';
import { installedPlugin, pluginSource } from './init-openclaw.js';
import { HOOK_TIMEOUT_SECONDS } from '../../install/targets/claude-code.js';
import { hookCommandOfThisInstall, pluginHookCommand, pluginRoot } from '../../install/this-install.js';
import { LEDGER_DIR, LEDGER_FILE } from '../../ledger/ledger-dir.js';
import { SCHEMA_VERSION } from '../../ledger/migrations.js';
import { loadDriver } from '../../ledger/select-driver.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { projectRoot } from '../project.js';

const USAGE = `usage: continuity doctor [--json]

Checks this project's continuity: the Node version, which SQLite driver
loads, the ledger (integrity, migrations), each agent's hooks (wired, and
pointing at files that exist), the config, and one hook round-trip (a
SessionStart call in a throwaway project; the project's ledger records
nothing). Each failure comes with its fix. Exit 0 when every check passes,
1 otherwise.`;

const LABEL: Record<string, string> = { 'claude-code': 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', cursor: 'Cursor' };

export async function run(argv: string[]): Promise<number> {
  let json = false;
  try {
    const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return ExitCode.ok;
    }
    json = !!values.json;
  } catch (err) {
    throw new CliError(`doctor: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const root = projectRoot();
  const checks: Check[] = [nodeCheck(process.versions.node)];
  const driver: { name: string; open: DriverFactory } | { error: string } = await loadDriver().catch((err: Error) => ({ error: err.message }));
  checks.push(driverCheck(driver));
  checks.push(ledgerCheck(probeLedger(root, 'open' in driver ? driver.open : null)));
  const openclaw = openClawDoctorCheck(root);
  const otherWired = openclaw !== null || (await otherAgentWired(root));
  // Claude Code's hooks and wall are asked for unless the project is set up for other agents only.
  const claudeCode = !otherWired || readOrNull(join(root, '.claude', 'settings.json')) !== null || pluginEnabled(root);
  const hookCommands = await hookChecks(root, checks, otherWired);
  if (openclaw) checks.push(openclaw);
  checks.push(configCheck(await probeConfig(root)));
  checks.push(wiringCheck(await probeWiring(root)));
  if (claudeCode) checks.push(await wallDoctorCheck(root));
  checks.push(await ownWallDoctorCheck(root));
  const codexWall = await codexWallDoctorCheck(root);
  if (codexWall) checks.push(codexWall);
  checks.push(roundTripCheck(roundTrip(root, hookCommands[0] ?? hookCommandOfThisInstall('claude-code'))));
  const plugin = pluginRoot();
  if (plugin) checks.push(pluginEntryCheck(probePluginEntry(root, plugin)));

  const ok = checks.every((c) => c.ok);
  process.stdout.write(json ? `${JSON.stringify({ ok, root, checks }, null, 2)}\n` : renderChecks(checks));
  return ok ? ExitCode.ok : ExitCode.failure;
}

/**
 * Checks a copy of the ledger: opening even read-only can leave a -wal file
 * behind, which the hooks would read as someone else writing the ledger.
 * Doctor never migrates, checkpoints or records in the project's ledger.
 */
function probeLedger(root: string, open: DriverFactory | null): LedgerFacts {
  if (!existsSync(join(root, LEDGER_DIR))) return { state: 'not-enabled' };
  const path = join(root, LEDGER_DIR, LEDGER_FILE);
  if (!existsSync(path)) return { state: 'no-ledger' };
  if (!open) return { state: 'unreadable', error: 'no SQLite driver to open it with' };
  const scratch = mkdtempSync(join(tmpdir(), 'continuity-doctor-'));
  try {
    for (const suffix of ['', '-wal']) if (existsSync(path + suffix)) copyFileSync(path + suffix, join(scratch, LEDGER_FILE + suffix));
    const db = open(join(scratch, LEDGER_FILE), { mustExist: true });
    try {
      const integrity = db.all<{ integrity_check: string }>('PRAGMA integrity_check').map((r) => String(r.integrity_check));
      const version = Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
      return { state: 'open', integrity, version, latest: SCHEMA_VERSION, chain: chainFacts(root, db) };
    } finally {
      db.close();
    }
  } catch (err) {
    return { state: 'unreadable', error: `${path} cannot be read: ${(err as Error).message.split('\n')[0]}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function probeConfig(root: string): Promise<{ state: 'absent' } | { state: 'valid' } | { state: 'invalid'; error: string }> {
  if (!existsSync(join(root, CONFIG_PATH))) return { state: 'absent' };
  try {
    await loadConfig(root);
    return { state: 'valid' };
  } catch (err) {
    return { state: 'invalid', error: (err as Error).message };
  }
}

/** One check per agent whose target this build has; returns the continuity hook commands Claude Code's settings run. */
/** Another agent than Claude Code has its settings file in the project. */
async function otherAgentWired(root: string): Promise<boolean> {
  for (const agent of AGENT_NAMES) {
    if (agent === 'claude-code') continue;
    try {
      if (readOrNull(join(root, (await loadTarget(agent)).settingsFile)) !== null) return true;
    } catch {
      // not part of this build
    }
  }
  return false;
}

async function hookChecks(root: string, checks: Check[], otherWired: boolean): Promise<HookCommand[]> {
  let claudeCommands: HookCommand[] = [];
  for (const agent of AGENT_NAMES) {
    let target;
    try {
      target = await loadTarget(agent);
    } catch {
      continue; // not part of this build
    }
    const settings = readOrNull(join(root, target.settingsFile));
    const check = hooksCheck({ agent, label: LABEL[agent] ?? agent, target, settings, plugin: agent === 'claude-code' && pluginEnabled(root), otherWired, exists: existsSync, onPath: (c) => onPath(c) });
    if (check) checks.push(check);
    if (agent === 'claude-code' && settings !== null) {
      try {
        claudeCommands = target.installedCommands(settings);
      } catch {
        // reported by the check
      }
    }
  }
  return claudeCommands;
}

/**
 * OpenClaw's side, for a project init set up for OpenClaw (the record in
 * continuity's state home lists it) or a gateway config that names the
 * plugin; null otherwise.
 */
function openClawDoctorCheck(root: string): Check | null {
  const config = openClawConfigPath(process.env);
  if (!config) return null;
  const text = readOrNull(config);
  let listed = false;
  try {
    listed = parseOpenClawRecord(readOrNull(openClawRecordPath(config)), config, 'record')?.projects.includes(root) ?? false;
  } catch {
    listed = false;
  }
  let wiring: OpenClawFacts['wiring'] = null;
  if (text !== null) {
    try {
      wiring = gatewayWiring(text, config);
    } catch (err) {
      wiring = { error: (err as Error).message };
    }
  }
  const named = wiring !== null && !('error' in wiring) && (wiring.conversationAccess || wiring.entryEnabled !== undefined || wiring.allowed === true);
  if (!listed && !named) return null;
  return openClawCheck({ config, wiring, installed: installedPlugin(text, config), installCommand: `openclaw plugins install ${pluginSource()}` });
}

/** Is the continuity plugin enabled for Claude Code here (user, project or local settings)? */
function pluginEnabled(root: string): boolean {
  const files = [join(homedir(), '.claude', 'settings.json'), join(root, '.claude', 'settings.json'), join(root, '.claude', 'settings.local.json')];
  return files.some((file) => {
    const text = readOrNull(file);
    const enabled = text === null ? undefined : (parseJsonc(text) as { enabledPlugins?: Record<string, unknown> } | undefined)?.enabledPlugins;
    return !!enabled && typeof enabled === 'object' && Object.entries(enabled).some(([id, on]) => id.startsWith('continuity@') && on === true);
  });
}

/**
 * Runs the hook command once, as Claude Code would (exec form, a payload on
 * stdin), with a SessionStart payload for a throwaway project holding a copy
 * of this project's config: the whole path runs (config, driver, a ledger),
 * and the project's own ledger records nothing.
 */
function roundTrip(root: string, command: HookCommand | null, extraEnv: NodeJS.ProcessEnv = {}): RoundTripFacts {
  if (!command) return { state: 'none' };
  const scratch = mkdtempSync(join(tmpdir(), 'continuity-doctor-'));
  try {
    mkdirSync(join(scratch, '.git'));
    mkdirSync(join(scratch, LEDGER_DIR));
    if (existsSync(join(root, CONFIG_PATH))) copyFileSync(join(root, CONFIG_PATH), join(scratch, CONFIG_PATH));
    const payload = { session_id: 'continuity-doctor', hook_event_name: 'SessionStart', source: 'startup', cwd: scratch, transcript_path: join(scratch, 'transcript.jsonl') };
    const started = performance.now();
    const r = spawnSync(command.command, command.args, {
      cwd: scratch,
      input: JSON.stringify(payload),
      encoding: 'utf8',
      // The plugin's launcher never starts building its executable for doctor (a session start does).
      env: { ...process.env, CONTINUITY_PLUGIN_BUILD: 'off', ...extraEnv, CLAUDE_PROJECT_DIR: scratch },
      timeout: HOOK_TIMEOUT_SECONDS * 1000,
    });
    const ms = Math.round(performance.now() - started);
    const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
    const stderr = r.error && !timedOut ? r.error.message : (r.stderr ?? '');
    return { state: 'answered', command, ms, status: r.status, stdout: r.stdout ?? '', stderr, timedOut };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The plugin's hook as hooks.json runs it (sh and its launcher), three
 * SessionStart calls: which entry the launcher chose (it names it on stderr
 * when asked), and the median time. Doctor never starts the executable's
 * build (CONTINUITY_PLUGIN_BUILD=off): a session start does.
 */
function probePluginEntry(root: string, plugin: string): PluginEntryFacts {
  const command = pluginHookCommand(plugin, 'claude-code');
  const runs: Extract<RoundTripFacts, { state: 'answered' }>[] = [];
  for (let i = 0; i < 3; i++) {
    const r = roundTrip(root, command, { CONTINUITY_PLUGIN_WHICH: '1' });
    if (r.state !== 'answered') break;
    runs.push(r);
    if (r.status !== 0 || r.timedOut) break;
  }
  const last = runs.at(-1);
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return {
    ...parsePluginWhich(last?.stderr ?? ''),
    ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
    calls: runs.length,
    status: last?.status ?? null,
    stdout: last?.stdout ?? '',
    stderr: last?.stderr ?? '',
  };
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The wall: which layer guards continuity here, with the sandbox started for real when the settings turn it on. */
async function wallDoctorCheck(root: string): Promise<Check> {
  let config = DEFAULT_CONFIG;
  try {
    config = await loadConfig(root);
  } catch {
    // the config check says what is wrong; the defaults stand in here
  }
  const facts = await gatherWallFacts(root, config, { home: homedir() });
  const status = wallStatus(facts);
  return wallCheck(status, probeSandbox(status, facts), config.sandbox.mode);
}

/**
 * continuity's own wall, which it raises itself around Gemini CLI's and
 * OpenClaw's shell commands: in force, hooks only (and why), or refusing
 * every shell command where sandbox.mode requires a wall that cannot stand.
 */
async function ownWallDoctorCheck(root: string): Promise<Check> {
  let mode = DEFAULT_CONFIG.sandbox.mode;
  try {
    mode = (await loadConfig(root)).sandbox.mode;
  } catch {
    // the config check says what is wrong; the default stands in here
  }
  const verdict = wallVerdict(mode, () => probeWall(process.env));
  const detail = describeOwnWall('Gemini CLI and OpenClaw', verdict);
  if (verdict.kind === 'deny') return { name: 'own wall', ok: false, detail, fix: 'install bubblewrap (apt-get install bubblewrap), or set "sandbox": {"mode": "preferred"} in .continuity/config.json' };
  return { name: 'own wall', ok: true, detail };
}

/** The wall for Codex, when Codex is one of this project's agents. Codex's sandbox is not started here (it is Codex's own helper). */
async function codexWallDoctorCheck(root: string): Promise<Check | null> {
  let config = DEFAULT_CONFIG;
  try {
    config = await loadConfig(root);
  } catch {
    // the config check says what is wrong
  }
  const facts = await gatherCodexWallFacts(root, config, { home: homedir() });
  return facts.wired ? codexWallCheck(codexWallStatus(facts), config.sandbox.mode) : null;
}

/** Starts bubblewrap as Claude Code would need it to start (a read-only root, a new PID namespace). */
function probeSandbox(status: WallStatus, facts: WallFacts): SandboxProbe {
  if (!status.configured || (facts.platform !== 'linux' && facts.platform !== 'wsl2') || !facts.tools.bwrap) return { state: 'not-tried' };
  const r = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--die-with-parent', '--', 'true'], { encoding: 'utf8', timeout: 5000 });
  if (r.status === 0) return { state: 'started' };
  return { state: 'failed', error: `bwrap ${r.error ? r.error.message : (r.stderr || '').trim().split('\n')[0] || `exited ${r.status ?? r.signal}`}` };
}

/** The events up to the recovery head, counted and re-hashed: rows deleted or altered since the copy was taken show here. */
function chainFacts(root: string, db: SqlDatabase): NonNullable<Extract<LedgerFacts, { state: 'open' }>['chain']> | null {
  const head = readRecoveryHead(recoveryDirOf(root), root);
  if (!head) return null;
  const { chain, added } = extendChain(db, '', 0, head.maxId);
  return { events: added, headEvents: head.events, chainMatches: chain === head.chain, at: head.at };
}

/** What of the hook wiring differs from its snapshots, read from a private copy of the ledger: doctor changes nothing. */
async function probeWiring(root: string): Promise<string[] | null> {
  if (!existsSync(join(root, LEDGER_DIR, 'ledger.db'))) return null;
  try {
    const { Ledger } = await import('../../ledger/ledger.js');
    const { repairWiring } = await import('../../app/wiring-check.js');
    const { snapshotPaths } = await import('../../app/guard.js');
    const config = await loadConfig(root).catch(() => DEFAULT_CONFIG);
    const ledger = await Ledger.open(root, { create: false, copy: true });
    try {
      return repairWiring(ledger.db, root, config, snapshotPaths(null, config, root, process.env, ledger.db), { dryRun: true }).restored;
    } finally {
      ledger.close();
    }
  } catch {
    return null;
  }
}
