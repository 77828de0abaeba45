import { parseArgs } from 'node:util';
import { computeHotState } from '../../app/hot-state.js';
import { snapshotPaths } from '../../app/guard.js';
import { appendEvent } from '../../ledger/events.js';
import { writeHotState } from '../../ledger/hot-state.js';
import { ledgerAccess, LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { activePlan } from '../../ledger/plans.js';
import { countOpenRuns } from '../../ledger/runs.js';
import { join } from 'node:path';
import { CliError, ExitCode } from '../../util/errors.js';
import { humanCommandFacts, refuseUnlessHuman } from '../human-command.js';
import { projectRoot, withLedger } from '../project.js';
import { refuseInsideWall } from '../requests.js';

const USAGE = `usage: continuity config accept

Takes a person's edit of the files continuity guards (.continuity/config.json,
the progress tracker of a plan that is not approved, the files of the protect
list, the agents' hook wiring) as authorised, so the hooks stop putting them
back. Nothing else adopts such an edit: until it is
accepted, the next tool call of the agent restores the last authorised
content. The config must be valid (exit 4 otherwise, nothing accepted). Only
a person at an interactive terminal outside an agent can accept.`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return sub === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (sub !== 'accept') throw new CliError(`config: unknown subcommand "${sub}" (accept)`, ExitCode.invalidInput);
  try {
    parseArgs({ args: rest, options: {}, strict: true });
  } catch (err) {
    throw new CliError(`config accept: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (ledgerAccess(projectRoot()) === 'read-only') refuseInsideWall('continuity config accept', "only a person authorises an edit of continuity's guarded files, at their own terminal");
  const now = new Date().toISOString();
  // withLedger loads the config: an invalid one stops here (exit 4), before anything is accepted.
  const accepted = await withLedger({ create: false }, (ledger, { root, config }) => {
    refuseUnlessHuman('continuity config accept', humanCommandFacts(root, ledger.db, now), { needsTerminal: true, ledger, now, kind: 'config_forgery', what: "only a person authorises an edit of continuity's guarded files" });
    const before = new Map(ledger.db.all<{ path: string; hash: string | null }>('SELECT path, hash FROM guard_snapshots').map((r) => [r.path, r.hash]));
    const state = computeHotState(ledger, config, { now, adopt: true, openRuns: countOpenRuns(ledger.db) });
    writeHotState(join(root, LEDGER_DIR), state);
    const changed = state.guarded.filter((g) => before.get(g.path) !== g.hash).map((g) => g.path);
    ledger.write((db) => appendEvent(db, { at: now, source: 'cli', kind: 'config.accept', sessionId: null, input: { paths: snapshotPaths(activePlan(db), config, root, process.env) }, decision: { action: 'accepted', changed } }));
    return changed;
  });
  process.stdout.write(accepted.length ? `Accepted as authorised: ${accepted.join(', ')}.\n` : 'Nothing to accept: the guarded files are as last authorised.\n');
  return ExitCode.ok;
}
