/**
 * Gathers what the client itself recorded about a session, for the rules in
 * src/domain/human-turn.ts: its transcript's tail, the Bash calls running in
 * the project (the ledger holds every PreToolUse and its PostToolUse or
 * PostToolUseFailure), and whether the client was started by an agent.
 * Read only for the few calls that would change what the agent may do.
 */
import type { HumanTurnFacts } from '../../domain/human-turn.js';
import type { SqlDatabase } from '../../ledger/driver.js';
import { backgroundShells, inFlightBash, sessionToolCalls } from '../../ledger/tool-calls.js';
import { hookClient } from './hook-client.js';
import { transcriptFacts } from './transcript-state.js';
import type { InProcessClient } from '../types.js';

/** Has an agent client run a hook of this project (recorded with each session start)? */
export function clientSeen(db: SqlDatabase): boolean {
  return !!db.get("SELECT 1 AS x FROM events WHERE kind = 'SessionStart' AND json_extract(decision, '$.client') IS NOT NULL AND json_extract(decision, '$.client') != 'unknown' LIMIT 1");
}

export { pairedPreToolUse } from '../../ledger/tool-calls.js';

export function humanTurnFacts(db: SqlDatabase, payload: { session_id: string; transcript_path?: string }, nowMs: number, inProcess?: InProcessClient): HumanTurnFacts {
  return {
    // In the client's own process it is the client, started by whatever started it: its ancestors are not its hooks' runners.
    ...(inProcess ? { client: inProcess.name, nestedUnder: null } : hookClient()),
    clientSeen: clientSeen(db),
    backgroundShells: [...(inProcess?.liveAgentProcesses?.() ?? []), ...backgroundShells(db, nowMs)],
    sessionId: payload.session_id,
    transcript: inProcess ? inProcess.transcript : transcriptFacts(payload.transcript_path),
    inFlight: inFlightBash(db, nowMs),
    sessionToolCalls: sessionToolCalls(db, payload.session_id),
  };
}
