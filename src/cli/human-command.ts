/**
 * The facts behind judgeHumanCommand, for a command run now: is it inside
 * the wall, started by an agent, in an agent's shell, while an agent's Bash
 * call runs, at a terminal. Commands call refuseUnlessHuman before they
 * change anything only a person may change.
 */
import { parseArgs } from 'node:util';
import { judgeHumanCommand, type HumanCommandFacts } from '../domain/human-turn.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { appendEvent } from '../ledger/events.js';
import { ledgerAccess } from '../ledger/ledger-dir.js';
import { insertViolation } from '../ledger/sessions.js';
import { inFlightBash } from '../ledger/tool-calls.js';
import { agentClients, ancestors, callerAgent, describeClient } from '../util/process-ancestry.js';
import { agentShellMarker } from './agent-shell.js';
import { CliError, ExitCode } from '../util/errors.js';
import { projectRoot } from './project.js';
import { refuseInsideWall } from './requests.js';

export function humanCommandFacts(root: string, db: SqlDatabase | null, now: string): HumanCommandFacts {
  const above = agentClients(ancestors() ?? []);
  return {
    insideWall: ledgerAccess(root) === 'read-only',
    agentAncestor: above.length ? describeClient(above[0]!) : null,
    envMarker: agentShellMarker(),
    inFlight: db ? inFlightBash(db, Date.parse(now)) : [],
    interactive: !!process.stdin.isTTY && !!process.stdout.isTTY,
  };
}

/**
 * Throws exit 6 with the reason unless a person runs this command; with a
 * ledger, the attempt is recorded as a violation first (`kind`).
 */
export function refuseUnlessHuman(
  command: string,
  facts: HumanCommandFacts,
  opts: { needsTerminal: boolean; ledger?: { write<T>(fn: (db: SqlDatabase) => T): T } | null; now: string; kind: string; what: string },
): void {
  const judgement = judgeHumanCommand(facts, { needsTerminal: opts.needsTerminal });
  if (judgement.ok) return;
  const sessionId = process.env.CLAUDE_CODE_SESSION_ID ?? null;
  opts.ledger?.write((db) => {
    const eventId = appendEvent(db, { at: opts.now, source: 'cli', kind: `${command.replace(/^continuity /, '').replace(/ /g, '.')}.refused`, sessionId, client: callerAgent(), input: { refusal: judgement.why }, decision: { action: 'refused' } });
    insertViolation(db, { at: opts.now, sessionId, kind: opts.kind, summary: `${command} refused: ${judgement.why}`, eventId });
  });
  throw new CliError(`${command.replace(/^continuity /, '')} refused: ${judgement.why}; ${opts.what}. The attempt is recorded.`, ExitCode.refused);
}

/**
 * The start every person-only command without arguments shares: `--help`
 * prints `usage` (true: nothing more to do), anything else is a usage error,
 * and inside the agent's sandbox the command is refused before it opens
 * anything.
 */
export function personOnlyCommand(command: string, usage: string, argv: string[], what: string): boolean {
  try {
    const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      return true;
    }
  } catch (err) {
    throw new CliError(`${command.replace(/^continuity /, '')}: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (ledgerAccess(projectRoot()) === 'read-only') refuseInsideWall(command, what);
  return false;
}
