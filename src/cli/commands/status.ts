import { parseArgs } from 'node:util';
import { loadPlanState } from '../../app/plan-state.js';
import { takeSnapshot } from '../../app/snapshot.js';
import { CliError, ExitCode } from '../errors.js';
import { ledgerDirExists, projectRoot, withLedger } from '../project.js';
import { renderStatus } from '../render/status-view.js';

export async function run(argv: string[]): Promise<number> {
  let json = false;
  try {
    json = !!parseArgs({ args: argv, options: { json: { type: 'boolean' } }, strict: true }).values.json;
  } catch (err) {
    throw new CliError(`status: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const root = projectRoot();
  if (!ledgerDirExists(root)) {
    if (json) process.stdout.write(`${JSON.stringify({ enabled: false, root })}\n`);
    else process.stdout.write(`continuity is not enabled in ${root} (no .continuity/). Run \`continuity plan import FILE\` to start.\n`);
    return ExitCode.ok;
  }
  const snapshot = await withLedger({ create: true }, async (ledger, { config }) => {
    const now = new Date().toISOString();
    await loadPlanState(ledger, { now, config, source: 'cli' });
    return takeSnapshot(ledger, { now, config });
  });
  process.stdout.write(json ? `${JSON.stringify(snapshot, null, 2)}\n` : renderStatus(snapshot, { width: 80 }));
  return ExitCode.ok;
}
