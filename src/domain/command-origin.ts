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
export function clientOfInboxRequest(named: string | undefined, hookClient: string, inFlight: readonly InFlightCall[]): string {
  if (!named || named === UNKNOWN_CLIENT) return UNKNOWN_CLIENT;
  if (named === hookClient) return named;
  return inFlight.some((c) => c.source === `hook:${named}`) ? named : UNKNOWN_CLIENT;
}
