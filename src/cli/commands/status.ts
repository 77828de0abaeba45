import { probeWall } from '../../wall/probe.js';
import { parseArgs } from 'node:util';
import { loadPlanState } from '../../app/plan-state.js';
import { homedir } from 'node:os';
import { takeSnapshot, type Snapshot } from '../../app/snapshot.js';
import type { Config } from '../../config/schema.js';
import { gatherWallFacts } from '../../install/wall-facts.js';
import { clientGuard } from '../../install/client-guards.js';
import { openClawSetUpFor } from '../../install/openclaw-record.js';
import { openClawConfigPath } from '../../adapters/openclaw/config-path.js';
import { clientWirings, isWired } from '../../install/wired-clients.js';
import { wallStatus } from '../../install/wall-status.js';
import { runsLaterForStatus } from '../../app/runs-later.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { ledgerDirExists, projectRoot, withLedger } from '../project.js';
import { renderStatus } from '../render/status-view.js';
import { localTimeZone, terminalOptions } from '../render/terminal.js';

const USAGE = `usage: continuity status [--json] [--watch [--interval SECONDS]]

  --json               the whole picture as one JSON object (for tools)
  --watch              redraw the picture every --interval seconds until Ctrl-C
  --interval SECONDS   how often --watch redraws (default 2; at least 0.1)

Colour only on a terminal, never when NO_COLOR is set; FORCE_COLOR forces it.`;

export const DEFAULT_INTERVAL_SECONDS = 2;
const MIN_INTERVAL_SECONDS = 0.1;

export interface StatusArgs {
  json: boolean;
  watch: boolean;
  intervalSeconds: number;
  /** Hidden: stop after this many frames (tests, scripts that want a few samples). */
  frames: number | null;
}

export function parseStatusArgs(argv: string[]): StatusArgs | 'help' {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, watch: { type: 'boolean' }, interval: { type: 'string' }, frames: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (err) {
    throw new CliError(`status: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) return 'help';
  const watch = !!values.watch;
  if (!watch && values.interval !== undefined) throw new CliError('status: --interval applies only to --watch', ExitCode.invalidInput);
  if (!watch && values.frames !== undefined) throw new CliError('status: --frames applies only to --watch', ExitCode.invalidInput);
  if (watch && values.json) throw new CliError('status: --watch draws for a person; --json is one picture for tools (use one of them)', ExitCode.invalidInput);
  let intervalSeconds = DEFAULT_INTERVAL_SECONDS;
  if (values.interval !== undefined) {
    const n = Number(values.interval);
    if (values.interval.trim() === '' || !Number.isFinite(n) || n < MIN_INTERVAL_SECONDS || n > 86_400) {
      throw new CliError(`status: --interval must be a number of seconds between ${MIN_INTERVAL_SECONDS} and 86400, not "${values.interval}"`, ExitCode.invalidInput);
    }
    intervalSeconds = n;
  }
  let frames: number | null = null;
  if (values.frames !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(values.frames)) throw new CliError(`status: --frames must be a positive whole number, not "${values.frames}"`, ExitCode.invalidInput);
    frames = Number(values.frames);
  }
  return { json: !!values.json, watch, intervalSeconds, frames };
}

export async function run(argv: string[]): Promise<number> {
  const args = parseStatusArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  if (args.watch) {
    const { watchStatus } = await import('../status-watch.js');
    return watchStatus({ intervalSeconds: args.intervalSeconds, frames: args.frames });
  }
  const root = projectRoot();
  if (!ledgerDirExists(root)) {
    if (args.json) process.stdout.write(`${JSON.stringify({ enabled: false, root })}\n`);
    else process.stdout.write(`${notEnabled(root)}\n`);
    return ExitCode.ok;
  }
  const snapshot = await withLedger({ create: true }, async (ledger, { config }) => {
    const now = new Date().toISOString();
    await loadPlanState(ledger, { now, config, source: 'cli' });
    const shared = config.shared ? (await import('../../app/shared-status.js')).sharedStatus(ledger, config, process.env) : undefined;
    return { ...takeSnapshot(ledger, { now, config }), ...(await layersOf(root, config)), ...(shared ? { shared } : {}) };
  });
  if (args.json) process.stdout.write(`${JSON.stringify(snapshot, null, 2)}\n`);
  else process.stdout.write(renderStatus(snapshot, { ...terminalOptions(process.stdout, process.env), timeZone: localTimeZone() }));
  // Once a day, the recovery copies of projects that are gone go too (src/app/recovery-gc.ts); after the picture, which it never delays.
  (await import('../../app/recovery-gc.js')).sweepIfDue(process.env, Date.now());
  return ExitCode.ok;
}

export function notEnabled(root: string): string {
  return `continuity is not enabled in ${root} (no .continuity/). Run \`continuity plan import FILE\` to start.`;
}

/** The layers in force, for the picture: Claude Code's `wall`, every wired client's `guard`; and what a session changed that runs later, which no layer can refuse. */
export async function layersOf(root: string, config: Config): Promise<Pick<Snapshot, 'wall' | 'guard' | 'runsLater'>> {
  return { wall: await wallOf(root, config), guard: await guardsOf(root, config), runsLater: runsLaterForStatus(root) };
}

/** The layer in force for each client wired in this project, one per client. */
async function guardsOf(root: string, config: Config): Promise<NonNullable<Snapshot['guard']>> {
  const home = homedir();
  const wired: string[] = (await clientWirings(root, home)).filter(isWired).map((w) => w.agent);
  // OpenClaw's wiring is the gateway's config, shared by its workspaces: init's record says this project is one.
  if (openClawSetUpFor(root, openClawConfigPath(process.env))) wired.push('openclaw');
  return Promise.all(wired.map((agent) => clientGuard(agent, { root, config, home, probe: () => probeWall(process.env) })));
}

/** Claude Code's layer (its settings' sandbox), for tools that read `wall`. */
export async function wallOf(root: string, config: Config): Promise<NonNullable<Snapshot['wall']>> {
  const { level, summary, gaps } = wallStatus(await gatherWallFacts(root, config, { home: homedir() }));
  return { level, summary, gaps };
}
