/**
 * The agent's own commands (task done, task blocked, closure, replan, plan
 * import) as requests: applied to the ledger at once where this process can
 * write it; inside the agent's sandbox, where it cannot, checked against a
 * copy and left in the inbox for the hook to take in. Commands no agent is
 * entitled to are refused inside the sandbox, and the attempt is left in the
 * inbox too, so the hook records it and tells the person.
 */
import { applyRequest, type AgentRequest, type AppliedRequest } from '../app/agent-requests.js';
import { writeRequest } from '../ledger/inbox.js';
import { INBOX_DIR } from '../ledger/ledger-dir.js';
import { CliError, ExitCode } from '../util/errors.js';
import { callerAgent } from '../util/process-ancestry.js';
import { sessionOfCommand, UNKNOWN_CLIENT } from '../domain/command-origin.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { inFlightBash } from '../ledger/tool-calls.js';
import { WALL_CLIENT_ENV, WALL_ENV } from '../wall/bwrap.js';
import { projectRoot, withLedger } from './project.js';

/**
 * The client this command runs under: the nearest agent client above it;
 * inside continuity's own wall (a process namespace of its own, the client
 * not in sight) the client the wall was raised for. Either is only the
 * command's word: the hook taking the request in keeps it where the ledger
 * bears it out (clientOfInboxRequest).
 */
export function commandClient(env: NodeJS.ProcessEnv = process.env, caller: () => string = callerAgent): string {
  const seen = caller();
  if (seen !== UNKNOWN_CLIENT || env[WALL_ENV] !== 'bwrap') return seen;
  const told = env[WALL_CLIENT_ENV];
  return told && /^[a-z][a-z-]{0,39}$/.test(told) ? told : seen;
}

/** The session the agent's shell belongs to, as Claude Code tells it (the variable is its own, set in every shell it starts). */
export function agentSessionId(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.CLAUDE_CODE_SESSION_ID ?? null;
}

/**
 * The session a command of `client` runs in: Claude Code's own variable for
 * Claude Code (and, as before, where no client is known); otherwise the
 * session whose shell call that client's hooks recorded as running. Another
 * client started from Claude Code's shell inherits Claude Code's variable,
 * so it is not read for them.
 */
export function commandSessionId(db: SqlDatabase, client: string, now: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const told = client === 'claude-code' || client === UNKNOWN_CLIENT ? agentSessionId(env) : null;
  return told ?? sessionOfCommand(inFlightBash(db, Date.parse(now)), client);
}

export async function submitRequest(request: AgentRequest, opts: { create?: boolean; sessionId?: string } = {}): Promise<AppliedRequest & { queued: boolean }> {
  const now = new Date().toISOString();
  const client = commandClient();
  return withLedger({ create: !!opts.create }, async (ledger, { root, config, walled }) => {
    const sessionId = opts.sessionId ?? commandSessionId(ledger.db, client, now);
    // Inside the sandbox the ledger is a private copy: applying the request to it checks it, and words it, exactly as the hook will.
    const applied = await applyRequest(ledger, request, { root, config, now, source: 'cli', sessionId, client, via: walled ? 'inbox' : 'command' });
    if (!walled) return { ...applied, queued: false };
    writeRequest(root, { v: 1, at: now, sessionId, client, request });
    return { ...applied, queued: true };
  });
}

/** What the command says after its own line when its request waits in the inbox. */
export const QUEUED_NOTE = `The ledger is read-only to this command (it runs inside the agent's sandbox): the request waits in ${INBOX_DIR}/ and continuity's hook records it when this tool call ends.`;

/**
 * Refuses a command no agent is entitled to, run inside the agent's sandbox
 * (the ledger is read-only here). The attempt is left in the inbox, so the
 * next hook records it as a violation and tells the person.
 */
export function refuseInsideWall(command: string, why: string): never {
  const root = projectRoot();
  const at = new Date().toISOString();
  try {
    writeRequest(root, { v: 1, at, sessionId: agentSessionId(), client: commandClient(), refused: { command, why } });
  } catch {
    // Not even the inbox can be written: the refusal stands unrecorded.
  }
  throw new CliError(`${command} refused: this process runs inside the agent's sandbox, where continuity's ledger is read-only; ${why}. The attempt is recorded.`, ExitCode.refused);
}
