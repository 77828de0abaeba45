import { parseArgs } from 'node:util';
import { computeHotState } from '../../app/hot-state.js';
import { pathIn, readOrNull, snapshotPaths } from '../../app/guard.js';
import { keepVersion, keptVersions, readKept } from '../../app/replaced-versions.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { appendEvent } from '../../ledger/events.js';
import { writeHotState } from '../../ledger/hot-state.js';
import { ledgerAccess, LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { activePlan } from '../../ledger/plans.js';
import { countOpenRuns } from '../../ledger/runs.js';
import { dirname, join, relative, resolve } from 'node:path';
import { CliError, ExitCode } from '../../util/errors.js';
import { humanCommandFacts, refuseUnlessHuman } from '../human-command.js';
import { projectRoot, withLedger } from '../project.js';
import { refuseInsideWall } from '../requests.js';

const USAGE = `usage: continuity config accept
       continuity config restore [ID|PATH]

Takes a person's edit of the files continuity guards (.continuity/config.json,
the progress tracker of a plan that is not approved, the files of the protect
list, the agents' hook wiring) as authorised, so the hooks stop putting them
back. Nothing else adopts such an edit: until it is
accepted, the next tool call of the agent restores the last authorised
content. The config must be valid (exit 4 otherwise, nothing accepted). Only
a person at an interactive terminal outside an agent can accept.

restore: every version of a file that continuity replaced or removed (a
guarded file put back, a hook wiring file repaired) is kept in
.continuity/replaced/. Without an argument, lists them, newest first: ID,
path, when, sha256, why. With an ID (the first hex digits of its sha256) or
a guarded file's path (its newest kept version), writes that version back to
its file (the version it replaces is kept too) and takes it as authorised.
Exit 2 when no kept version matches; 6 when refused (inside an agent's call,
or without a terminal). Only a person at an interactive terminal outside an
agent can restore.`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return sub === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (sub === 'restore') return restore(rest);
  if (sub !== 'accept') throw new CliError(`config: unknown subcommand "${sub}" (accept, restore)`, ExitCode.invalidInput);
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

const RESTORE_WHAT = 'only a person writes back a version continuity replaced, at their own terminal';

async function restore(argv: string[]): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true }));
  } catch (err) {
    throw new CliError(`config restore: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (positionals.length > 1) throw new CliError('config restore: one ID or path at most', ExitCode.invalidInput);
  if (ledgerAccess(projectRoot()) === 'read-only') refuseInsideWall('continuity config restore', RESTORE_WHAT);
  const now = new Date().toISOString();
  const wanted = positionals[0];
  const said = await withLedger({ create: false }, (ledger, { root, config }) => {
    refuseUnlessHuman('continuity config restore', humanCommandFacts(root, ledger.db, now), { needsTerminal: true, ledger, now, kind: 'config_forgery', what: RESTORE_WHAT });
    const versions = keptVersions(ledger.db);
    if (wanted === undefined) {
      if (!versions.length) return 'No version replaced by continuity is kept.\n';
      return versions.map((v) => `${v.sha256.slice(0, 12)}  ${v.path}  ${v.at}  sha256:${v.sha256}  ${v.why}\n`).join('');
    }
    const rel = wanted.startsWith('/') && !wanted.startsWith(`${root}/`) ? wanted : relative(root, resolve(wanted)).split('\\').join('/');
    const chosen = /^[0-9a-f]{6,64}$/i.test(wanted) ? versions.find((v) => v.sha256.startsWith(wanted.toLowerCase())) : versions.find((v) => v.path === rel || v.path === wanted);
    if (!chosen) throw new CliError(`config restore: no kept version matches "${wanted}" (\`continuity config restore\` lists them)`, ExitCode.invalidInput);
    const text = readKept(root, chosen);
    if (text === null) throw new CliError(`config restore: ${chosen.file} is gone or no longer what continuity kept (sha256 differs); nothing was written`, ExitCode.io);
    const target = pathIn(root, chosen.path);
    const present = readOrNull(target);
    const replaced = present === null || present === text ? [] : [keepVersion(root, chosen.path, present, now, 'replaced by config restore')];
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    // The version written back is the person's choice: authorised from now on, its snapshot taken.
    writeHotState(join(root, LEDGER_DIR), computeHotState(ledger, config, { now, adopt: new Set([chosen.path]), openRuns: countOpenRuns(ledger.db) }));
    ledger.write((db) => appendEvent(db, { at: now, source: 'cli', kind: 'config.restore', sessionId: null, input: { path: chosen.path, sha256: chosen.sha256 }, decision: { action: 'restored', path: chosen.path, from: chosen.file, ...(replaced.length ? { replacedVersions: replaced } : {}) } }));
    return `Restored ${chosen.path} from ${chosen.file} (sha256:${chosen.sha256}); it is the authorised version now.${replaced.length ? ` The version it replaced is kept in ${replaced[0]!.file}.` : ''}\n`;
  });
  process.stdout.write(said);
  return ExitCode.ok;
}
