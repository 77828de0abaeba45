import { parseArgs } from 'node:util';
import { collectGarbage, surveyState, type GcItem } from '../../app/recovery-gc.js';
import { stateHome } from '../../ledger/recovery-copy.js';
import { CliError, ExitCode } from '../../util/errors.js';

const USAGE = `usage: continuity gc [--dry-run] [--json]

Removes what continuity keeps outside projects that no longer need it: the
recovery copies (and guarded-workspace records) of project folders that no
longer exist, copies taken of a folder since replaced by another at the same
path, and copies of projects that have neither a ledger nor continuity's hooks
in their settings and were not renewed for 7 days. A guarded workspace that
still exists keeps its record, so that its hooks fail closed should its
ledger and copy both go. The person's commands run this once a day anyway.

  --dry-run   say what would be removed, remove nothing
  --json      the records and their verdicts as JSON`;

export async function run(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }).values;
  } catch (err) {
    throw new CliError(`gc: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const now = Date.now();
  const items = values['dry-run'] ? surveyState(process.env, now).filter((i) => i.verdict.remove) : collectGarbage(process.env, now);
  const kept = values['dry-run'] ? [] : surveyState(process.env, now);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ stateHome: stateHome(), dryRun: !!values['dry-run'], removed: items, kept }, null, 2)}\n`);
    return ExitCode.ok;
  }
  process.stdout.write(describe(items, !!values['dry-run']));
  return ExitCode.ok;
}

function describe(items: readonly GcItem[], dryRun: boolean): string {
  if (!items.length) return `Nothing to remove in ${stateHome()}.\n`;
  const bytes = items.reduce((n, i) => n + i.bytes, 0);
  const lines = items.map((i) => `  ${i.kind === 'recovery-copy' ? 'recovery copy' : 'guarded record'} of ${i.root ?? '?'}: ${i.verdict.why}`);
  return `${dryRun ? 'Would remove' : 'Removed'} ${items.length} record${items.length === 1 ? '' : 's'} (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${stateHome()}:\n${lines.join('\n')}\n`;
}
