import { parseArgs } from 'node:util';
import { CliError, ExitCode } from '../../util/errors.js';
import { projectRoot, withLedger } from '../project.js';
import { renderSyncReport } from '../render/sync-report.js';

const USAGE = `usage: continuity sync [--json]
       continuity sync --daemon

One exchange with the team's shared ledger (docs/shared-ledger.md): this
machine's new events sent, the other machines' records read and taken in;
prints what moved. Exit 5 when the database cannot be reached (nothing is
lost: the backlog goes at the next exchange). --daemon runs the sync process
the hooks start (one per project; it exits when idle).`;

export async function run(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { json: { type: 'boolean' }, daemon: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    throw new CliError(`sync: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const root = projectRoot();
  if (values.daemon) return (await import('../../app/sync-daemon.js')).runSyncDaemon(root, process.env);
  return withLedger({ create: false }, async (ledger, ctx) => {
    if (!ctx.config.shared) throw new CliError('sync: this project shares no ledger (continuity init --shared URL joins one)', ExitCode.invalidInput);
    if (ctx.walled) throw new CliError("sync: this process runs inside the agent's sandbox; the hooks exchange with the shared ledger", ExitCode.refused);
    const { syncPass } = await import('../../app/shared-sync.js');
    const report = await syncPass(ledger, root, ctx.config.shared, { env: process.env, now: () => new Date().toISOString() });
    process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${renderSyncReport(report).join('\n')}\n`);
    return report.offline ? ExitCode.ledger : ExitCode.ok;
  });
}
