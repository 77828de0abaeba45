import { spawnSync } from 'node:child_process';
import { probeWall } from '../../wall/probe.js';
import { describeOwnWall, wallVerdict } from '../../wall/verdict.js';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath } from '../../util/on-path.js';
import { parseArgs } from 'node:util';
import { CONFIG_PATH, loadConfig } from '../../config/load.js';
import { CHAIN_MARK_EVERY, extendChain, readRecoveryHead, recoveryDirOf, releaseRecoveryCopy } from '../../ledger/recovery-copy.js';
import { forgetWorkspace } from '../../ledger/guarded-workspaces.js';
import type { SqlDatabase } from '../../ledger/driver.js';
import { sharedCheck, type SharedFacts, stateHomeCheck, codexWallCheck, configCheck, hookEntryCheck, hooksOnlyClientCheck, openClawCheck, wiringCheck, driverCheck, hooksCheck, ledgerCheck, nodeCheck, parsePluginWhich, pluginEntryCheck, renderChecks, roundTripCheck, wallCheck, type Check, type LedgerFacts, type OpenClawFacts, type PluginEntryFacts, type RoundTripFacts, type SandboxProbe } from '../../install/doctor.js';
import { signersCheck, type SignersFacts } from '../../install/doctor.js';
import { gatherCodexWallFacts, gatherWallFacts } from '../../install/wall-facts.js';
import { codexWallStatus } from '../../install/codex-wall-status.js';
import { wallStatus, type WallFacts, type WallStatus } from '../../install/wall-status.js';
import { DEFAULT_CONFIG } from '../../config/schema.js';
import type { AgentName, HookCommand } from '../../install/hook-target.js';
import { isPackageLauncher } from '../../install/hook-command.js';
import type { DriverFactory } from '../../ledger/driver.js';
import { clientWirings, isWired } from '../../install/wired-clients.js';
import { labelOf } from '../../install/client-guards.js';
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

const USAGE = `usage: continuity doctor [--json] [--full]

Checks this project's continuity: the Node version, which SQLite driver
loads, the ledger (integrity, migrations), each agent's hooks (wired, and
pointing at files that exist), the config, the allowed signers of approvals
(.continuity-signers: readable, committed, listing the signing key set
here), and one hook round-trip (a SessionStart call in a throwaway project;
the project's ledger records nothing). Each failure comes with its fix. Exit 0 when every check passes,
1 otherwise.

A ledger's events are re-hashed against its recovery copy's head: those of
the last 100,000 to 200,000 events (from the copy's latest mark), and its
pages given SQLite's quick check when it is over 64 MiB; --full re-hashes
every event and runs the full integrity check (linear in the ledger's size).`;


export async function run(argv: string[]): Promise<number> {
  let json = false;
  let full = false;
  try {
    const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean' }, full: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return ExitCode.ok;
    }
    json = !!values.json;
    full = !!values.full;
  } catch (err) {
    throw new CliError(`doctor: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const root = projectRoot();
  const checks: Check[] = [nodeCheck(process.versions.node)];
  const driver: { name: string; open: DriverFactory } | { error: string } = await loadDriver().catch((err: Error) => ({ error: err.message }));
  checks.push(driverCheck(driver));
  checks.push(ledgerCheck(probeLedger(root, 'open' in driver ? driver.open : null, full)));
  const openclaw = openClawDoctorCheck(root);
  const { claudeCommands: hookCommands, wired } = await hookChecks(root, checks, openclaw !== null);
  if (openclaw) checks.push(openclaw);
  checks.push(configCheck(await probeConfig(root)));
  checks.push(signersCheck(await probeSigners(root)));
  checks.push(wiringCheck(await probeWiring(root)));
  // Each wired client's layer; Claude Code's wall is looked at too when no client is wired (init's default agent).
  if (wired.has('claude-code') || (wired.size === 0 && !openclaw)) checks.push(await wallDoctorCheck(root));
  checks.push(await ownWallDoctorCheck(root));
  const codexWall = await codexWallDoctorCheck(root);
  if (codexWall) checks.push(codexWall);
  if (wired.has('cursor')) checks.push(hooksOnlyClientCheck(labelOf('cursor')));
  const hookCommand = hookCommands[0] ?? hookCommandOfThisInstall('claude-code');
  // A package's launcher names the entry it chose (CONTINUITY_WHICH) and never starts a build for doctor.
  const launcher = !!hookCommand && isPackageLauncher(hookCommand);
  const trip = roundTrip(root, hookCommand, launcher ? { CONTINUITY_WHICH: '1' } : {});
  checks.push(roundTripCheck(trip));
  const entry = hookCommand ? hookEntryCheck({ command: hookCommand, launcherStderr: launcher && trip.state === 'answered' ? trip.stderr : null, ms: trip.state === 'answered' && trip.status === 0 ? trip.ms : null }) : null;
  if (entry) checks.push(entry);
  const plugin = pluginRoot();
  if (plugin) checks.push(pluginEntryCheck(probePluginEntry(root, plugin)));
  checks.push(stateHomeCheck(await probeStateHome()));
  const shared = await probeShared(root);
  if (shared) checks.push(sharedCheck(shared));

  const ok = checks.every((c) => c.ok);
  process.stdout.write(json ? `${JSON.stringify({ ok, root, checks }, null, 2)}\n` : renderChecks(checks));
  return ok ? ExitCode.ok : ExitCode.failure;
}

/**
 * Checks a copy of the ledger: opening even read-only can leave a -wal file
 * behind, which the hooks would read as someone else writing the ledger.
 * Doctor never migrates, checkpoints or records in the project's ledger.
 */
function probeLedger(root: string, open: DriverFactory | null, full: boolean): LedgerFacts {
  if (!existsSync(join(root, LEDGER_DIR))) return { state: 'not-enabled' };
  const path = join(root, LEDGER_DIR, LEDGER_FILE);
  if (!existsSync(path)) return { state: 'no-ledger' };
  if (!open) return { state: 'unreadable', error: 'no SQLite driver to open it with' };
  const scratch = mkdtempSync(join(tmpdir(), 'continuity-doctor-'));
  try {
    for (const suffix of ['', '-wal']) if (existsSync(path + suffix)) copyFileSync(path + suffix, join(scratch, LEDGER_FILE + suffix));
    const db = open(join(scratch, LEDGER_FILE), { mustExist: true });
    try {
      // The full check reads every page and cross-checks every index (seconds for a year's ledger); the quick one skips the indexes.
      const quick = !full && statSync(path).size > QUICK_CHECK_ABOVE_BYTES;
      const integrity = db.all<Record<string, string>>(quick ? 'PRAGMA quick_check' : 'PRAGMA integrity_check').map((r) => String(Object.values(r)[0]));
      const version = Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
      return { state: 'open', integrity, quick, version, latest: SCHEMA_VERSION, chain: chainFacts(root, db, full) };
    } finally {
      db.close();
    }
  } catch (err) {
    return { state: 'unreadable', error: `${path} cannot be read: ${(err as Error).message.split('\n')[0]}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The shared ledger, reached with this machine's credentials; read only (doctor migrates nothing). Null: the project names none. */
async function probeShared(root: string): Promise<SharedFacts | null> {
  let shared;
  try {
    shared = (await loadConfig(root)).shared;
  } catch {
    return null;
  }
  if (!shared) return null;
  const { describeAddress } = await import('../../shared/address.js');
  const address = describeAddress(shared);
  try {
    const { connectShared } = await import('../../app/shared-sync.js');
    const { store, identity } = await connectShared(root, shared, process.env, 3000);
    try {
      const facts = await store.describe(identity.id);
      return { state: 'reached', address, ...facts };
    } finally {
      await store.close();
    }
  } catch (err) {
    return { state: 'unreachable', address, error: (err as Error).message.split('\n')[0] ?? String(err) };
  }
}

/** The signing key this machine sets and the repository's signers file, as git has it. */
async function probeSigners(root: string): Promise<SignersFacts> {
  const { SIGNERS_FILE } = await import('../../domain/approval-statement.js');
  const { publicKeyOf, signingKeyOf } = await import('../../app/approval-signing.js');
  const { sharingOn } = await import('../../app/sign-approval.js');
  // An invalid config is the config check's to report: the signing key is then looked for as if there were none.
  const config = await loadConfig(root).catch(() => DEFAULT_CONFIG);
  const k = signingKeyOf(root, config, process.env);
  const pub = k ? publicKeyOf(k, root) : null;
  let text: string | null = null;
  try {
    text = readFileSync(join(root, SIGNERS_FILE), 'utf8');
  } catch {
    text = null;
  }
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 10_000 });
  let tracked: SignersFacts['git'] = null;
  if (text !== null && git(['rev-parse', '--is-inside-work-tree']).status === 0) {
    if (git(['ls-files', '--error-unmatch', '--', SIGNERS_FILE]).status !== 0) tracked = 'untracked';
    else tracked = git(['diff', '--quiet', 'HEAD', '--', SIGNERS_FILE]).status === 0 ? 'committed' : 'changed';
  }
  return {
    key: k && pub ? { key: k.key, from: k.from, publicKey: pub.ok ? pub.publicKey : null, error: pub.ok ? null : pub.reason } : null,
    shared: sharingOn(config, process.env),
    text,
    git: tracked,
  };
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

/**
 * One check per agent whose target this build has; returns the continuity
 * hook commands Claude Code's settings run, and the agents whose settings
 * (or, for Claude Code, the plugin) run continuity. `openclaw`: the project
 * is set up for OpenClaw too, whose wiring lives in the gateway's config.
 */
async function hookChecks(root: string, checks: Check[], openclaw: boolean): Promise<{ claudeCommands: HookCommand[]; wired: Set<AgentName> }> {
  const wirings = await clientWirings(root, homedir());
  const wired = new Set(wirings.filter(isWired).map((w) => w.agent));
  for (const { agent, target, settings, plugin } of wirings) {
    const othersWired = openclaw || [...wired].some((a) => a !== agent);
    const check = hooksCheck({ agent, label: labelOf(agent), target, settings, plugin, othersWired, exists: existsSync, onPath: (c) => onPath(c) });
    if (check) checks.push(check);
  }
  return { claudeCommands: wirings.find((w) => w.agent === 'claude-code')?.commands ?? [], wired };
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
    // The throwaway project leaves nothing in the state home either: its recovery copy and its guarded record go with it.
    const env = { ...process.env, ...extraEnv };
    releaseRecoveryCopy(scratch, env);
    forgetWorkspace(scratch, env);
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
 * continuity's own wall, which it raises itself around Gemini CLI's,
 * OpenClaw's and pi's shell commands: in force, hooks only (and why), or refusing
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
  const detail = describeOwnWall('Gemini CLI, OpenClaw, pi, Copilot CLI and OpenCode', verdict);
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

const QUICK_CHECK_ABOVE_BYTES = 64 * 1024 * 1024;

/**
 * The events up to the recovery head, counted and re-hashed: rows deleted or
 * altered since the copy was taken show here. Re-hashed from the head's
 * latest mark at least CHAIN_MARK_EVERY events back (all of them with
 * `full`, or when the head has no such mark); counted all the same.
 */
function chainFacts(root: string, db: SqlDatabase, full: boolean): NonNullable<Extract<LedgerFacts, { state: 'open' }>['chain']> | null {
  const head = readRecoveryHead(recoveryDirOf(root), root);
  if (!head) return null;
  const mark = full ? undefined : [...(head.marks ?? [])].reverse().find((m) => m.events <= head.events - CHAIN_MARK_EVERY && m.id <= head.maxId);
  const { chain, added } = extendChain(db, mark?.chain ?? '', mark?.id ?? 0, head.maxId);
  const before = mark ? Number(db.get<{ n: number }>('SELECT count(*) AS n FROM events WHERE id <= ?', mark.id)?.n ?? 0) : 0;
  return { events: before + added, headEvents: head.events, chainMatches: chain === head.chain && (!mark || before === mark.events), at: head.at, rehashed: added };
}

/** What of the hook wiring differs from its snapshots, read from a private copy of the ledger: doctor changes nothing. */
async function probeWiring(root: string): Promise<string[] | null> {
  if (!existsSync(join(root, LEDGER_DIR, 'ledger.db'))) return null;
  try {
    const { Ledger } = await import('../../ledger/ledger.js');
    const { repairWiring } = await import('../../hooks/wiring-repair.js');
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

async function probeStateHome(): Promise<Parameters<typeof stateHomeCheck>[0]> {
  const { surveyState } = await import('../../app/recovery-gc.js');
  const { stateHome } = await import('../../ledger/recovery-copy.js');
  const copies = surveyState(process.env, Date.now()).filter((i) => i.kind === 'recovery-copy');
  const removable = copies.filter((i) => i.verdict.remove);
  const sum = (xs: typeof copies) => xs.reduce((n, i) => n + i.bytes, 0);
  return { home: stateHome(), copies: copies.length, bytes: sum(copies), removable: removable.length, removableBytes: sum(removable) };
}
