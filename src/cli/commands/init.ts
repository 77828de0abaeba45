import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { homedir } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CONFIG_PATH, parseConfig } from '../../config/load.js';
import { defaultConfigText } from '../../install/default-config.js';
import { COMPILED_PATH, programInProject, SCRIPT_PATH } from '../../install/hook-command.js';
import { realRoot } from '../../util/real-path.js';
import { InvalidSettingsError, type AgentName, type HookCommand, type HookTarget, type InitAgent } from '../../install/hook-target.js';
import { backupFor, backupsOf, GITIGNORE_ENTRY, ignoresContinuity, withContinuityIgnored } from '../../install/side-files.js';
import { INIT_AGENTS, isInitAgent, loadTarget } from '../../install/targets/index.js';
import { clientWirings, isWired } from '../../install/wired-clients.js';
import { labelOf } from '../../install/client-guards.js';
import { installOpenClaw, uninstallOpenClaw } from './init-openclaw.js';
import { openClawSetUpFor } from '../../install/openclaw-record.js';
import { openClawConfigPath } from '../../adapters/openclaw/config-path.js';
import { installWall, uninstallWall, withGitExecPaths, type WallInstall, type WallRecord, type WallSettings } from '../../install/targets/claude-code-wall.js';
import { INIT_RECORD_PATH, wallRecordOf, withWallRecord } from '../../install/init-record.js';
import { claudeCodeWallPaths, claudeCodeWallSettings, codexWallPaths } from '../../install/wall-spec.js';
import { personGitFiles } from '../../app/git-global-facts.js';
import { CODEX_CONFIG_FILE, CodexWallClashError, codexWallBlock, hasCodexWall, installCodexWall, uninstallCodexWall } from '../../install/targets/codex-wall.js';
import { DEFAULT_CONFIG, type Config } from '../../config/schema.js';
import { hookCommandOfThisInstall, hookEntryOfInstall, packageRoot, runningFromPlugin } from '../../install/this-install.js';
import { buildExecutable } from '../../install/build-executable.js';
import { WIRING_FILES } from '../../app/wiring-files.js';
import { releaseRecoveryCopy, recoveryDirOf } from '../../ledger/recovery-copy.js';
import { forgetWorkspace, guardedRecordOf, isRemembered } from '../../ledger/guarded-workspaces.js';
import { LEDGER_DIR, LEDGER_FILE, ledgerAccess } from '../../ledger/ledger-dir.js';
import { refuseInsideWall } from '../requests.js';
import { humanCommandFacts, refuseUnlessHuman } from '../human-command.js';
import { Ledger } from '../../ledger/ledger.js';
import { CliError, ExitCode, ioError } from '../../util/errors.js';
import { projectRoot, withLedger } from '../project.js';

const USAGE = `usage: continuity init [--agent AGENT[,AGENT…]] [--uninstall] [--gitignore|--no-gitignore] [--dry-run]
       continuity init --shared postgres://HOST:PORT/DATABASE

AGENT: ${INIT_AGENTS.join(', ')} (default claude-code); several, separated by
commas, are wired in one step, each as \`--agent\` alone would.

Wires continuity's hooks into the agent's project settings (Claude Code:
.claude/settings.json; Codex: .codex/hooks.json), and the wall into the
agent's own sandbox (Claude Code: the same file; Codex: a permission
profile in .codex/config.toml), keeping a backup of a file it changes;
for OpenClaw, after \`openclaw plugins install <clone>/openclaw\`, the
entries the plugin needs in the gateway's config. It creates
.continuity/ with a commented config.json (never overwritten); with
--gitignore adds .continuity/ to .gitignore (asked on a terminal, not done
otherwise). Running it again changes nothing. --uninstall takes out exactly
the hooks init added for each agent named; the ledger's recovery copy goes
only when no agent is left wired. --dry-run prints what would change and writes nothing.
Exit 4 when the settings file is not valid settings (it is left untouched).
--shared joins the project to the team's shared ledger (docs/shared-ledger.md):
config.json records the host, port and database, never a credential; a
password in the URL is kept in ~/.config/continuity/shared/ (mode 0600).
--shared '' takes the URL from CONTINUITY_SHARED_URL.`;

type Verb = 'created' | 'changed' | 'removed' | 'restored' | 'unchanged' | 'kept' | 'note';
const WOULD: Partial<Record<Verb, string>> = { created: 'would create', changed: 'would change', removed: 'would remove', restored: 'would restore' };

/** What init did, one line per file, in the order it happened. */
class Report {
  private changes = 0;
  constructor(private readonly dryRun: boolean) {}
  line(verb: Verb, what: string, why?: string): void {
    if (verb !== 'unchanged' && verb !== 'kept' && verb !== 'note') this.changes++;
    const word = (this.dryRun && WOULD[verb]) || verb;
    process.stdout.write(`${word} ${what}${why ? ` (${why})` : ''}\n`);
  }
  get changed(): boolean {
    return this.changes > 0;
  }
}

interface Options {
  /** The agents to wire (or unwire), in the order given: `--agent claude-code,codex`. */
  agents: InitAgent[];
  uninstall: boolean;
  gitignore: boolean | null;
  dryRun: boolean;
  /** `--shared URL`: join the team's shared ledger (src/cli/commands/init-shared.ts); an empty URL takes CONTINUITY_SHARED_URL. */
  shared?: string;
}

export async function run(argv: string[]): Promise<number> {
  const opts = parseOptions(argv);
  if (!opts) {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const root = projectRoot();
  if (!opts.dryRun) await refuseUnlessPerson(root, opts);
  if (opts.shared !== undefined) {
    if (opts.uninstall || opts.dryRun) throw new CliError('init --shared: joins the shared ledger only; run it without --uninstall or --dry-run', ExitCode.invalidInput);
    return (await import('./init-shared.js')).joinShared(root, opts.shared === '' ? true : opts.shared, process.env);
  }
  // Every target loads (and, below, every settings file is checked) before anything is written; OpenClaw's wiring is the gateway's config.
  const targets = await Promise.all(opts.agents.filter((a): a is AgentName => a !== 'openclaw').map(async (agent) => ({ agent, target: await loadTarget(agent) })));
  const report = new Report(opts.dryRun);
  const files = new Files(root, opts.dryRun);
  const line = report.line.bind(report);
  const names = opts.agents.map(labelOf).join(', ');
  if (opts.uninstall) {
    // Every settings file is read as its agent's before any is changed: one that cannot be read leaves them all as they are.
    for (const { target } of targets) checkUninstall(target, files);
    for (const agent of opts.agents) {
      if (agent === 'openclaw') {
        uninstallOpenClaw(root, files, line);
        continue;
      }
      // Codex's wall first: the hooks' file may take the .codex folder with it.
      if (agent === 'codex') uninstallCodexWallFile(files, report);
      uninstallSettings(targets.find((t) => t.agent === agent)!.target, files, report, await wallFor(agent, files));
    }
    report.line('kept', `${LEDGER_DIR}/`, "the ledger and config are the project's record; delete the folder by hand to remove them");
    if (!opts.dryRun && report.changed) await adoptAfterInit(root, false);
    // A client still wired keeps what guards it; only when none is do the recovery copy and the record go.
    const stillWired = opts.dryRun ? [] : await wiredAgents(files);
    if (stillWired.length) {
      if (existsSync(recoveryDirOf(root))) report.line('kept', recoveryDirOf(root), `the ledger's recovery copy and the record that continuity guards this project stay: continuity still runs for ${stillWired.map(labelOf).join(', ')}`);
    } else {
      // The recovery copy would put a deleted ledger back: let go (last: opening the ledger renews it), so that deleting the folder is the person's to do.
      if (!opts.dryRun && releaseRecoveryCopy(root)) report.line('removed', recoveryDirOf(root), "the ledger's recovery copy");
      // Likewise the record that continuity guards this workspace: without it, a workspace without .continuity/ is left alone.
      if (!opts.dryRun && isRemembered(root)) {
        forgetWorkspace(root);
        report.line('removed', guardedRecordOf(root), 'the record that continuity guards this project');
      }
    }
    const sentence = report.changed ? `continuity's hooks for ${names} are removed from ${root}.` : `continuity's hooks for ${names} were not installed in ${root}.`;
    process.stdout.write(`${doneLine(opts, sentence)}\n`);
    return ExitCode.ok;
  }
  // Codex's wall is checked against the person's own config, and every settings file is read as its agent's, before anything is written.
  const codexWall = opts.agents.includes('codex') ? await codexWallFor(files) : null;
  if (!opts.dryRun) buildExecutableOnFirstUse(report);
  const plans = await Promise.all(targets.map(async ({ agent, target }) => ({ agent, target, wall: await wallFor(agent, files) })));
  for (const { agent, target, wall } of plans) checkSettings(target, agent, files, wall);
  for (const agent of opts.agents) {
    if (agent === 'openclaw') {
      installOpenClaw(root, files, line);
      continue;
    }
    const { target, wall } = plans.find((p) => p.agent === agent)!;
    // The wall the config asks for (or the default one init is about to write) goes into the settings with the hooks, in one write.
    installSettings(target, agent, files, report, wall);
    if (agent === 'codex' && codexWall) writeCodexWall(files, report, codexWall);
  }
  const configCreated = writeConfig(files, report);
  if (!opts.dryRun) await adoptAfterInit(root, configCreated);
  await updateGitignore(files, report, opts);
  const sentence = `continuity is ${report.changed ? '' : 'already '}installed for ${names} in ${root}.`;
  process.stdout.write(`${doneLine(opts, sentence)}\n`);
  return ExitCode.ok;
}

/**
 * An installed package comes without the compiled executable (it is
 * platform-specific): init compiles it now, so the hooks it wires (through
 * the package's launcher) skip Node's start-up from the first call. When it
 * cannot, the hooks run Node, and the launcher tries again in the background.
 */
function buildExecutableOnFirstUse(report: Report): void {
  if (runningFromPlugin()) return;
  const root = packageRoot();
  if (!root || hookEntryOfInstall(root) !== 'launcher' || existsSync(join(root, COMPILED_PATH))) return;
  const exe = join(root, COMPILED_PATH);
  if (process.env.CONTINUITY_BUILD_EXECUTABLE === 'off') {
    report.line('note', exe, 'not built (CONTINUITY_BUILD_EXECUTABLE=off): the hooks run Node');
    return;
  }
  process.stdout.write(`compiling continuity's executable for this machine (once; the hooks then skip Node's start-up)\n`);
  const r = buildExecutable(root, (line) => process.stdout.write(`  ${line}\n`));
  if (r.state === 'built') report.line('created', exe, "continuity's executable, compiled for this machine with the pinned Bun");
  else if (r.state === 'busy') report.line('note', exe, `being built by process ${r.pid}: the hooks run Node until it is there`);
  else if (r.state === 'failed') report.line('note', exe, `not built: ${r.reason}; the hooks run Node, and \`continuity build-executable\` tries again`);
}

/** The agents whose settings (or, for Claude Code, the plugin; for OpenClaw, init's record) run continuity now: after an uninstall, those left. */
async function wiredAgents(files: Files): Promise<InitAgent[]> {
  const wired: InitAgent[] = (await clientWirings(files.root, homedir())).filter(isWired).map((w) => w.agent);
  return openClawSetUpFor(files.root, openClawConfigPath(process.env)) ? [...wired, 'openclaw'] : wired;
}

/** Reads a settings file as uninstallSettings will, so that one that is not valid stops init before any file is changed. */
function checkUninstall(target: HookTarget, files: Files): void {
  const text = files.read(join(files.root, target.settingsFile));
  if (text === null) return;
  try {
    target.uninstall(text);
  } catch (err) {
    throw settingsError(err);
  }
}

/** Reads what installSettings would write, so that a settings file that is not valid stops init before any file is written. */
function checkSettings(target: HookTarget, agent: AgentName, files: Files, wall: WallPlan | null): void {
  const hook = runningFromPlugin() ? null : hookCommandOfThisInstall(agent);
  const existing = files.read(join(files.root, target.settingsFile));
  try {
    const withHooks = hook ? target.install(existing, hook) : existing ?? '{}\n';
    if (wall) installWall(withHooks, wall.settings, wall.previous);
  } catch (err) {
    throw settingsError(err);
  }
}

/** init changes the hook wiring and the wall: what runs inside an agent's command, or while an agent's Bash call runs, is refused. */
async function refuseUnlessPerson(root: string, opts: Options): Promise<void> {
  const command = `continuity init${opts.uninstall ? ' --uninstall' : ''}`;
  const what = "init changes the agent's hook wiring and sandbox; a person runs it, outside the agent";
  if (ledgerAccess(root) === 'read-only') refuseInsideWall(command, what);
  const now = new Date().toISOString();
  if (!existsSync(join(root, LEDGER_DIR, LEDGER_FILE))) {
    refuseUnlessHuman(command, humanCommandFacts(root, null, now), { needsTerminal: false, ledger: null, now, kind: 'hook_wiring_change', what });
    return;
  }
  // The ledger knows which Bash calls are running; the config is not read here (init reports a bad one itself).
  const ledger = await Ledger.open(root);
  try {
    refuseUnlessHuman(command, humanCommandFacts(root, ledger.db, now), { needsTerminal: false, ledger, now, kind: 'hook_wiring_change', what });
  } finally {
    ledger.close();
  }
}

function doneLine(opts: Options, sentence: string): string {
  return opts.dryRun ? 'dry run: nothing was written.' : sentence;
}

function parseOptions(argv: string[]): Options | null {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        agent: { type: 'string' },
        uninstall: { type: 'boolean' },
        gitignore: { type: 'boolean' },
        'no-gitignore': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        shared: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new CliError(`init: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) return null;
  const agents = parseAgents((values.agent as string | undefined) ?? 'claude-code');
  if (values.gitignore && values['no-gitignore']) throw new CliError('init: --gitignore and --no-gitignore contradict each other', ExitCode.invalidInput);
  return {
    agents,
    uninstall: !!values.uninstall,
    gitignore: values.gitignore ? true : values['no-gitignore'] ? false : null,
    dryRun: !!values['dry-run'],
    shared: values.shared as string | undefined,
  };
}

/** `claude-code,codex`: each name known, none twice, at least one. */
function parseAgents(list: string): InitAgent[] {
  const names = list.split(',').map((n) => n.trim());
  if (names.some((n) => n === '')) throw new CliError(`init: --agent takes agent names separated by commas (known: ${INIT_AGENTS.join(', ')}), not "${list}"`, ExitCode.invalidInput);
  const unknown = names.find((n) => !isInitAgent(n));
  if (unknown !== undefined) throw new CliError(`init: unknown agent "${unknown}" (known: ${INIT_AGENTS.join(', ')})`, ExitCode.invalidInput);
  return [...new Set(names)] as InitAgent[];
}

/** The project's files as init reads and writes them; in a dry run nothing is written. */
class Files {
  constructor(readonly root: string, readonly dryRun: boolean) {}
  rel(path: string): string {
    return relative(this.root, path) || '.';
  }
  read(path: string): string | null {
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw ioError(path, err);
    }
  }
  write(path: string, text: string): void {
    if (this.dryRun) return;
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    } catch (err) {
      throw ioError(path, err, 'write');
    }
  }
  remove(path: string): void {
    if (this.dryRun) return;
    try {
      unlinkSync(path);
    } catch (err) {
      throw ioError(path, err, 'remove');
    }
  }
  /** The backups of a file beside it, name → text. */
  backups(path: string): Map<string, string> {
    let names: string[] = [];
    try {
      names = readdirSync(dirname(path));
    } catch {
      // no folder: no backups
    }
    return new Map(backupsOf(basename(path), names).map((name) => [name, this.read(join(dirname(path), name)) ?? '']));
  }
}

function settingsError(err: unknown): unknown {
  return err instanceof InvalidSettingsError ? new CliError(`init: ${err.message}`, ExitCode.config) : err;
}

/** The wall init asks of an agent's sandbox (Claude Code's; other agents' in their docs), with the record of an earlier init. */
interface WallPlan {
  settings: WallSettings;
  previous: WallRecord | null;
}

async function wallFor(agent: AgentName, files: Files): Promise<WallPlan | null> {
  if (agent !== 'claude-code') return null;
  const config = await initConfig(files);
  const program = programOf(agent, files);
  return { settings: withGitExecPaths(claudeCodeWallSettings(claudeCodeWallPaths(config.protect, program ? [program] : []), config.sandbox.mode), personGitFiles()), previous: wallRecordOf(files.read(join(files.root, INIT_RECORD_PATH))) };
}

/** The project's config as init reads it (the defaults when there is none yet). */
async function initConfig(files: Files): Promise<Config> {
  const configText = files.read(join(files.root, CONFIG_PATH));
  try {
    return configText === null ? DEFAULT_CONFIG : await parseConfig(configText, CONFIG_PATH);
  } catch (err) {
    throw err instanceof CliError ? new CliError(`init: ${err.message}`, ExitCode.config) : err;
  }
}

/** An installation inside the project (its own node_modules) is what the hooks run: the wall keeps it too. */
function programOf(agent: AgentName, files: Files): string | null {
  const hook = runningFromPlugin() ? null : hookCommandOfThisInstall(agent);
  return hook ? programInProject(hook, files.root) ?? programInProject(hook, realRoot(files.root)) : null;
}

/** Codex's config with the wall as the config asks for it (taken out for `sandbox.mode` off), and the text before. */
interface CodexWallPlan {
  before: string | null;
  after: string | null;
  paths: ReturnType<typeof codexWallPaths> | null;
}

async function codexWallFor(files: Files): Promise<CodexWallPlan> {
  const config = await initConfig(files);
  const program = programOf('codex', files);
  const paths = config.sandbox.mode === 'off' ? null : codexWallPaths(config.protect, program ? [program] : [], (p) => existsSync(join(files.root, p)), personGitFiles().home);
  const before = files.read(join(files.root, CODEX_CONFIG_FILE));
  try {
    return { before, after: installCodexWall(before, paths ? codexWallBlock(paths) : null), paths };
  } catch (err) {
    throw err instanceof CodexWallClashError ? new CliError(`init: ${err.message}; nothing was written`, ExitCode.config) : err;
  }
}

function writeCodexWall(files: Files, report: Report, plan: CodexWallPlan): void {
  const path = join(files.root, CODEX_CONFIG_FILE);
  if (plan.after === plan.before) {
    report.line('unchanged', CODEX_CONFIG_FILE, plan.paths ? 'the wall is already in it' : 'sandbox.mode is off: no wall');
    return;
  }
  if (plan.after === null) {
    files.remove(path);
    report.line('removed', CODEX_CONFIG_FILE, 'init had created it for the wall, and sandbox.mode is off');
    return;
  }
  files.write(path, plan.after);
  const what = plan.paths
    ? `the wall: Codex's sandbox with the permission profile "continuity" (${[...plan.paths.project, ...plan.paths.home.map((h) => `~/${h}`)].join(', ')} read-only to the agent's commands), escalations decided by the person`
    : 'the wall taken out (sandbox.mode is off)';
  report.line(plan.before === null ? 'created' : 'changed', CODEX_CONFIG_FILE, what);
  for (const p of plan.paths?.unexpressible ?? []) report.line('note', CODEX_CONFIG_FILE, `protect entry ${p} is a glob Codex's sandbox cannot keep read-only (only a path or a folder/**); the hooks guard it`);
}

function uninstallCodexWallFile(files: Files, report: Report): void {
  const path = join(files.root, CODEX_CONFIG_FILE);
  const current = files.read(path);
  if (current === null || !hasCodexWall(current)) return;
  const rest = uninstallCodexWall(current);
  if (rest === null) {
    files.remove(path);
    report.line('removed', CODEX_CONFIG_FILE, 'init had created it for the wall and nothing else is in it');
  } else {
    files.write(path, rest);
    report.line('changed', CODEX_CONFIG_FILE, 'the wall taken out; the rest is as it was');
  }
}

function describeWall(settings: WallSettings): string {
  const sandbox = settings.sandbox;
  const deny = (sandbox?.filesystem as { denyWrite?: string[] } | undefined)?.denyWrite ?? [];
  const parts = sandbox
    ? [`Claude Code's sandbox on${sandbox.failIfUnavailable ? ', refusing to start without it' : ''}, no unsandboxed fallback`, `${deny.join(', ')} read-only to the agent's commands`]
    : ['the sandbox left as it is (sandbox.mode is off)'];
  parts.push(`${settings.permissionsDeny.length} permission rules denying the file tools those paths`);
  return `the wall: ${parts.join('; ')}`;
}

function installSettings(target: HookTarget, agent: AgentName, files: Files, report: Report, wall: WallPlan | null): void {
  const path = join(files.root, target.settingsFile);
  const fromPlugin = runningFromPlugin() && agent === 'claude-code';
  const hook = runningFromPlugin() ? null : hookCommandOfThisInstall(agent);
  if (!hook && !fromPlugin) throw new CliError(`init: this continuity has no ${SCRIPT_PATH} for the hooks to run; use an installed continuity (npx continuity init)`, ExitCode.io);
  const existing = files.read(path);
  let withHooks: string;
  let next: string;
  let installedWall: WallInstall | null = null;
  try {
    // From the plugin, its own hooks.json wires the hooks; the wall still goes into the project's settings.
    withHooks = hook ? target.install(existing, hook) : existing ?? '{}\n';
    installedWall = wall ? installWall(withHooks, wall.settings, wall.previous) : null;
    next = installedWall?.text ?? withHooks;
  } catch (err) {
    throw settingsError(err);
  }
  if (fromPlugin) report.line('note', target.settingsFile, "the continuity plugin's own hooks are active");
  if (next === existing) {
    report.line('unchanged', target.settingsFile, 'already installed');
  } else {
    if (existing !== null) {
      const backup = backupFor(basename(path), existing, files.backups(path));
      const backupPath = join(dirname(path), backup.name);
      if (backup.write) files.write(backupPath, existing);
      report.line(backup.write ? 'created' : 'unchanged', files.rel(backupPath), `backup of ${target.settingsFile} as it was`);
    }
    files.write(path, next);
    if (hook && withHooks !== (existing ?? '')) report.line(existing === null ? 'created' : 'changed', target.settingsFile, `continuity's hooks for ${labelOf(agent)}: ${hook.command} ${hook.args.join(' ')}`);
    if (wall && installedWall && installedWall.text !== withHooks) report.line(existing === null && !hook ? 'created' : 'changed', target.settingsFile, describeWall(wall.settings));
    for (const change of installedWall?.changes ?? []) report.line('note', target.settingsFile, change);
  }
  if (wall && installedWall) {
    const recordPath = join(files.root, INIT_RECORD_PATH);
    const before = files.read(recordPath);
    const after = withWallRecord(before, target.settingsFile, installedWall.record);
    if (after !== before) {
      if (after === null) files.remove(recordPath);
      else files.write(recordPath, after);
    }
  }
  // Continuity wired some other way as well (by hand, in shell form): each event would run it twice.
  const rest = target.uninstall(next);
  for (const other of rest === null ? [] : target.installedCommands(rest)) {
    report.line('note', target.settingsFile, `it also runs continuity as "${[other.command, ...other.args].join(' ')}", an entry init did not write: each hook call then runs twice; remove that entry`);
  }
}

/**
 * Takes continuity's hooks out. When the file is exactly what install made
 * of a backup, the backup comes back byte for byte; otherwise the hooks are
 * cut out of the file as it is now. A file init created and nothing else
 * uses is removed.
 */
function uninstallSettings(target: HookTarget, files: Files, report: Report, wall: WallPlan | null): void {
  const path = join(files.root, target.settingsFile);
  const current = files.read(path);
  const recordPath = join(files.root, INIT_RECORD_PATH);
  // The record holds Claude Code's wall: only its own uninstall takes it out.
  const dropRecord = () => {
    if (!wall) return;
    const before = files.read(recordPath);
    const after = withWallRecord(before, target.settingsFile, null);
    if (after === before) return;
    if (after === null) files.remove(recordPath);
    else files.write(recordPath, after);
  };
  if (current === null) {
    report.line('unchanged', target.settingsFile, 'there is no such file');
    return;
  }
  let stripped: string | null;
  let installed: HookCommand[];
  try {
    // The wall first: init added it after the hooks.
    const withoutWall = wall ? uninstallWall(current, wall.previous) : current;
    stripped = target.uninstall(withoutWall);
    installed = target.installedCommands(current);
  } catch (err) {
    throw settingsError(err);
  }
  if (stripped === current) {
    report.line('unchanged', target.settingsFile, "continuity's hooks are not in it");
    dropRecord();
    return;
  }
  const installOf = (text: string, h: HookCommand): string => (wall ? installWall(target.install(text, h), wall.settings, null).text : target.install(text, h));
  const backups = files.backups(path);
  const exact = [...backups.keys()].reverse().find((name) => {
    const text = backups.get(name)!;
    return target.uninstall(text) === text && installed.some((h) => installOf(text, h) === current);
  });
  dropRecord();
  if (exact) {
    files.write(path, backups.get(exact)!);
    report.line('restored', target.settingsFile, `from ${files.rel(join(dirname(path), exact))}, which init had saved before adding its hooks`);
    files.remove(join(dirname(path), exact));
    report.line('removed', files.rel(join(dirname(path), exact)), 'the file is back as it was');
    return;
  }
  if (stripped === null && backups.size === 0) {
    files.remove(path);
    report.line('removed', target.settingsFile, 'init had created it and nothing else is in it');
    // The settings file's own folders, left empty (Copilot CLI's is two deep: .github/hooks/).
    removeIfEmpty(dirname(path), files);
    return;
  }
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  files.write(path, stripped ?? `{}${eol}`);
  report.line('changed', target.settingsFile, wall?.previous ? "continuity's hooks and the wall taken out" : "continuity's hooks taken out");
  for (const name of backups.keys()) report.line('kept', files.rel(join(dirname(path), name)), 'an earlier backup');
}

/** The folder, and each above it inside the project that is left empty with it (pi's `.pi/extensions/`, OpenCode's `.opencode/plugins/`, Copilot CLI's `.github/hooks/`). */
function removeIfEmpty(dir: string, files: Files): void {
  if (files.dryRun) return;
  for (let d = dir; d !== files.root && d.startsWith(`${files.root}/`); d = dirname(d)) {
    try {
      if (readdirSync(d).length !== 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

/** Writes the default config unless there is one; true when it was created. */
function writeConfig(files: Files, report: Report): boolean {
  const path = join(files.root, CONFIG_PATH);
  if (existsSync(path)) {
    report.line('unchanged', CONFIG_PATH, 'kept as it is');
    return false;
  }
  files.write(path, defaultConfigText());
  report.line('created', CONFIG_PATH, 'every setting with its default, commented');
  return true;
}

/**
 * A project that already has a ledger guards config.json and the hook wiring
 * with the content it last saw; what init wrote there is recorded as
 * authorised (a person ran init outside an agent), so the hooks do not put
 * it back. Nothing else is adopted.
 */
async function adoptAfterInit(root: string, configCreated: boolean): Promise<void> {
  if (!existsSync(join(root, LEDGER_DIR, LEDGER_FILE))) return;
  const paths = new Set<string>([...WIRING_FILES, ...(configCreated ? [CONFIG_PATH.split('\\').join('/')] : [])]);
  try {
    await withLedger({ create: false, adopt: paths }, () => undefined);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    process.stderr.write(`continuity: what init wrote is not yet recorded as authorised (${err.message.split('\n')[0]}); once that is fixed, \`continuity config accept\` records it.\n`);
  }
}

async function updateGitignore(files: Files, report: Report, opts: Options): Promise<void> {
  const path = join(files.root, '.gitignore');
  const current = files.read(path);
  if (ignoresContinuity(current)) {
    report.line('unchanged', '.gitignore', `it already ignores ${GITIGNORE_ENTRY}`);
    return;
  }
  let add = opts.gitignore;
  let why = add === false ? '--no-gitignore' : '';
  if (add === null) {
    if (opts.dryRun) why = `not asked in a dry run; --gitignore adds ${GITIGNORE_ENTRY}`;
    else if (process.stdin.isTTY) add = await askYesNo(`Add ${GITIGNORE_ENTRY} to .gitignore? [y/N] `);
    else why = `no terminal to ask; --gitignore adds ${GITIGNORE_ENTRY}`;
    if (add === false) why = 'answered no';
  }
  if (!add) {
    report.line('unchanged', '.gitignore', why);
    return;
  }
  files.write(path, withContinuityIgnored(current));
  report.line(current === null ? 'created' : 'changed', '.gitignore', `added ${GITIGNORE_ENTRY}`);
}

async function askYesNo(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
