import { parseArgs } from 'node:util';
import { LEGAL_CLOSURE_STATES, type LegalClosureState } from '../../domain/gate.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { QUEUED_NOTE, submitRequest } from '../requests.js';

const USAGE = `usage: continuity closure waiting_user|blocked|pending_verification --reason TEXT [--session ID]

Declares why the current stop is legal. It applies to the next stop of the
session (--session; else Claude Code's CLAUDE_CODE_SESSION_ID; else, in another
client's shell, the session whose shell call runs this command), or of any
session when none is known, until the user's next prompt.`;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { reason: { type: 'string' }, session: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    throw new CliError(`closure: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const state = positionals[0];
  if (!state || !(LEGAL_CLOSURE_STATES as readonly string[]).includes(state) || positionals.length > 1) {
    throw new CliError(`closure: expected one of ${LEGAL_CLOSURE_STATES.join(', ')}`, ExitCode.invalidInput);
  }
  const reason = values.reason?.trim();
  if (!reason) throw new CliError('closure: --reason TEXT is required', ExitCode.invalidInput);
  const result = await submitRequest({ kind: 'closure', state: state as LegalClosureState, reason }, { ...(values.session ? { sessionId: values.session } : {}) });
  process.stdout.write(`${result.line}\n${result.queued ? `${QUEUED_NOTE}\n` : ''}`);
  return ExitCode.ok;
}
