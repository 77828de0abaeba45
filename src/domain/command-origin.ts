/**
 * Where an agent's own command (`task done`, `closure`, `replan`) came from:
 * which client's session ran it. The client is what the process tree says
 * (src/util/process-ancestry.ts); the session is the one whose shell call
 * that client's hooks recorded as running. Never from what the agent says
 * (an environment variable, a flag, a field in a request file): an agent's
 * command can set any of those. Pure.
 */
import type { InFlightCall } from './human-turn.js';

export const UNKNOWN_CLIENT = 'unknown';

/**
 * The session of the client's shell call this command runs in: among the
 * client's running shell calls, those whose command names continuity, else
 * all of them; null when none, or when they belong to more than one session.
 */
export function sessionOfCommand(inFlight: readonly InFlightCall[], client: string): string | null {
  if (client === UNKNOWN_CLIENT) return null;
  const mine = inFlight.filter((c) => c.source === `hook:${client}` && c.sessionId);
  const naming = mine.filter((c) => /\bcontinuity\b/.test(c.command));
  for (const calls of [naming, mine]) {
    const sessions = new Set(calls.map((c) => c.sessionId!));
    if (sessions.size === 1) return [...sessions][0]!;
    if (sessions.size > 1) return null;
  }
  return null;
}

/**
 * The client of a request taken in from the inbox. The file is the agent's
 * to write, so the client it names (what the command saw above itself) is
 * taken only where the ledger bears it out: it is the client whose hook takes
 * the request in, or that client has a shell call running. Otherwise unknown.
 */
export function clientOfInboxRequest(named: string | undefined, hookClient: string, inFlight: readonly InFlightCall[], namedSession: string | null = null): string {
  if (!named || named === UNKNOWN_CLIENT) return clientRunningContinuity(hookClient, inFlight, namedSession);
  if (named === hookClient) return named;
  return inFlight.some((c) => c.source === `hook:${named}`) ? named : UNKNOWN_CLIENT;
}

/**
 * A request that names no client: the command could not see one above it
 * (inside a sandbox with a process namespace of its own, the client is not
 * in the tree). The ledger bears a client out when its hooks recorded a shell
 * call that runs continuity and has not ended: the client of such a call in
 * the session the request names (two clients running continuity at the same
 * moment, the request is not the other's because the other's hook took it
 * in), else the hook taking the request in, else the one client with such a
 * call. Otherwise unknown.
 */
function clientRunningContinuity(hookClient: string, inFlight: readonly InFlightCall[], namedSession: string | null): string {
  const calls = inFlight.filter((c) => /\bcontinuity\b/.test(c.command) && c.source?.startsWith('hook:'));
  const clients = (of: readonly InFlightCall[]) => new Set(of.map((c) => c.source!.slice('hook:'.length)));
  const ofSession = namedSession ? clients(calls.filter((c) => c.sessionId === namedSession)) : new Set<string>();
  if (ofSession.size === 1) return [...ofSession][0]!;
  const running = clients(calls);
  if (running.has(hookClient)) return hookClient;
  return running.size === 1 ? [...running][0]! : UNKNOWN_CLIENT;
}
