import { parseArgs } from 'node:util';
import { readAuditLog, VERDICTS, type AuditFilter, type Verdict } from '../../app/audit-log.js';
import { AGENT_NAMES } from '../../install/targets/index.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { ledgerDirExists, projectRoot, withLedger } from '../project.js';
import { describeEntry, renderLog } from '../render/log-view.js';
import { localTimeZone, terminalOptions } from '../render/terminal.js';
import { parseSince } from '../since.js';
import { notEnabled } from './status.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

const USAGE = `usage: continuity log [--session ID] [--agent CLIENT]… [--event NAME]… [--decision WORD]…
                      [--since TIME] [--limit N] [--json]

The audit trail: every hook call and command recorded in the ledger, with its decision.
Newest last; the newest ${DEFAULT_LIMIT} matching events unless --limit says otherwise.

  --session ID      one session (its full id, or the start of it as \`log\` shows it)
  --agent CLIENT    the events from one agent client: ${AGENT_NAMES.join(', ')},
                    or unknown (repeatable; a comma-separated list works too)
  --event NAME      one kind of event: Stop, PreToolUse, task.done, … (repeatable)
  --decision WORD   ${VERDICTS.join(', ')}
                    (repeatable; a comma-separated list works too)
  --since TIME      an ISO 8601 date or time (local unless it names a zone),
                    or a duration back from now: 90s, 15m, 2h, 1h30m, 7d
  --limit N         at most N events (1 to 10000; default 50)
  --json            one JSON object per line (NDJSON) with every recorded field`;

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;
/** A client as events name it; clients another build knows (a new target) are matched as given. */
const CLIENT_NAME = /^[a-z][a-z0-9-]{0,39}$/;

export interface LogArgs {
  filter: AuditFilter;
  json: boolean;
}

export function parseLogArgs(argv: string[], nowMs: number): LogArgs | 'help' {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        session: { type: 'string' },
        agent: { type: 'string', multiple: true },
        event: { type: 'string', multiple: true },
        decision: { type: 'string', multiple: true },
        since: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    throw new CliError(`log: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) return 'help';
  const filter: AuditFilter = { limit: DEFAULT_LIMIT };
  if (values.session !== undefined) {
    const session = values.session.trim();
    if (!session) throw new CliError('log: --session needs a session id', ExitCode.invalidInput);
    filter.session = session;
  }
  if (values.agent) {
    const clients = values.agent.flatMap((a) => a.split(',')).map((a) => a.trim().toLowerCase());
    const bad = clients.find((c) => !CLIENT_NAME.test(c));
    if (bad !== undefined) throw new CliError(`log: --agent must name a client such as ${AGENT_NAMES.join(', ')} or unknown, not "${bad}"`, ExitCode.invalidInput);
    filter.clients = clients;
  }
  if (values.event) {
    const kinds = values.event.flatMap((e) => e.split(',')).map((e) => e.trim());
    const bad = kinds.find((k) => !EVENT_NAME.test(k));
    if (bad !== undefined) throw new CliError(`log: --event must be an event name such as Stop, PreToolUse or task.done, not "${bad}"`, ExitCode.invalidInput);
    filter.kinds = kinds;
  }
  if (values.decision) {
    const words = values.decision.flatMap((d) => d.split(',')).map((d) => d.trim().toLowerCase());
    const bad = words.find((w) => !(VERDICTS as readonly string[]).includes(w));
    if (bad !== undefined) throw new CliError(`log: --decision must be one of ${VERDICTS.join(', ')}; not "${bad}"`, ExitCode.invalidInput);
    filter.verdicts = words as Verdict[];
  }
  if (values.since !== undefined) {
    const since = parseSince(values.since, nowMs);
    if (!since.ok) throw new CliError(`log: ${since.message}`, ExitCode.invalidInput);
    filter.since = since.iso;
  }
  if (values.limit !== undefined) {
    if (!/^\d+$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > MAX_LIMIT) {
      throw new CliError(`log: --limit must be a whole number from 1 to ${MAX_LIMIT}, not "${values.limit}"`, ExitCode.invalidInput);
    }
    filter.limit = Number(values.limit);
  }
  return { filter, json: !!values.json };
}

export async function run(argv: string[]): Promise<number> {
  const args = parseLogArgs(argv, Date.now());
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const root = projectRoot();
  if (!ledgerDirExists(root)) {
    if (!args.json) process.stdout.write(`${notEnabled(root)}\n`);
    return ExitCode.ok;
  }
  // Opening the ledger moves spooled events into it first, so the log holds every recorded call.
  const entries = await withLedger({ create: true }, (ledger) => readAuditLog(ledger.db, root, args.filter));
  const text = args.json
    ? entries.map((e) => {
        const { id, at, source, kind, sessionId, client, verdict, subject, input, decision } = e;
        return `${JSON.stringify({ id, at, source, kind, sessionId, client, verdict, subject, summary: describeEntry(e), input, decision })}\n`;
      }).join('')
    : renderLog(entries, { ...terminalOptions(process.stdout, process.env), timeZone: localTimeZone() });
  process.stdout.write(text);
  return ExitCode.ok;
}
