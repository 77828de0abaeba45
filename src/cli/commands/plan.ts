import { parseArgs } from 'node:util';
import { parsePlanFile, readPlanFile } from '../../app/plan-files.js';
import { loadPlanView } from '../../app/plan-view.js';
import { DIALECTS, type DialectName } from '../../formats/plan/model.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { projectRoot, withLedger } from '../project.js';
import { QUEUED_NOTE, submitRequest } from '../requests.js';
import { describePlanState } from '../../domain/plan-state.js';

const USAGE = `usage:
  continuity plan import FILE [--dialect superpowers|tdd-progress|checkbox|json]
  continuity plan show [--json]`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'import':
      return importCommand(rest);
    case 'show':
      return showCommand(rest);
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return ExitCode.ok;
    default:
      throw new CliError(`plan: unknown subcommand "${sub ?? ''}"\n${USAGE}`.split('\n')[0]!, ExitCode.invalidInput);
  }
}

async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(() => parseArgs({ args: argv, options: { dialect: { type: 'string' }, json: { type: 'boolean' } }, allowPositionals: true }));
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new CliError('plan import: expected exactly one FILE', ExitCode.invalidInput);
  const dialect = values.dialect;
  if (dialect !== undefined && !DIALECTS.includes(dialect as DialectName)) {
    throw new CliError(`plan import: unknown dialect "${dialect}" (known: ${DIALECTS.join(', ')})`, ExitCode.invalidInput);
  }
  // Read and parse before creating anything, so a bad file leaves no trace.
  const root = projectRoot();
  const planFile = readPlanFile(root, file);
  await parsePlanFile(planFile, dialect ? { dialect: dialect as DialectName } : {});
  const result = await submitRequest({ kind: 'plan-import', file: planFile.absPath, ...(dialect ? { dialect: dialect as DialectName } : {}) }, { create: true });
  if (values.json) process.stdout.write(`${JSON.stringify(result.json)}\n`);
  else process.stdout.write(`${result.line}\n`);
  // Beside JSON on stdout the note goes to stderr, so the JSON stays whole.
  if (result.queued) (values.json ? process.stderr : process.stdout).write(`${QUEUED_NOTE}\n`);
  return ExitCode.ok;
}

async function showCommand(argv: string[]): Promise<number> {
  const { values } = parse(() => parseArgs({ args: argv, options: { json: { type: 'boolean' } } }));
  const view = await withLedger({ create: false }, (ledger) => loadPlanView(ledger));
  if (!view) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(view, null, 2)}\n`);
    return ExitCode.ok;
  }
  process.stdout.write(`${view.id} · ${view.dialect} · ${view.path}\n${describePlanState(view.state)}\n\n`);
  for (const t of view.tasks) {
    const mark = t.state === 'complete' ? '[x]' : t.state === 'in_progress' ? '[~]' : t.state === 'blocked' ? '[!]' : '[ ]';
    process.stdout.write(`  ${mark} Task ${t.id}: ${t.title}${t.highRiskStop ? '  (high-risk stop)' : ''}\n`);
  }
  return ExitCode.ok;
}

// parseArgs throws on unknown options; that is a usage error, not a crash.
function parse<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new CliError(`plan: ${(err as Error).message}`, ExitCode.invalidInput);
  }
}
