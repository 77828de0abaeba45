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
import { geminiTranscriptFacts } from './gemini-transcript.js';
import { piTranscriptFacts } from './pi-transcript.js';
import { copilotTranscriptFacts } from './copilot-transcript.js';
import type { InProcessClient } from '../types.js';

/** Has an agent client run a hook of this project (recorded with each session start)? */
export function clientSeen(db: SqlDatabase): boolean {
  return !!db.get("SELECT 1 AS x FROM events WHERE kind = 'SessionStart' AND json_extract(decision, '$.client') IS NOT NULL AND json_extract(decision, '$.client') != 'unknown' LIMIT 1");
}

export { pairedPreToolUse } from '../../ledger/tool-calls.js';

/** Did the ledger record this session's start (SessionStart)? */
function sessionStarted(db: SqlDatabase, sessionId: string): boolean {
  return !!db.get("SELECT 1 AS x FROM events WHERE kind = 'SessionStart' AND session_id = ? LIMIT 1", sessionId);
}

const OPENCODE = 'hook:opencode';
/**
 * OpenCode keeps no transcript file; its record of the person's turn is the
 * `chat.message` call itself, which continuity's plugin (in OpenCode's
 * process) hands over only for a top-level session's message it did not send
 * itself: OpenCode has taken the person's message in. A hook started by
 * anything else (a tool call, a process left behind) is refused above from
 * the process tree; a running bash call from the ledger.
 */
const OPENCODE_PROMPT: HumanTurnFacts['transcript'] = { kind: 'read', last: 'user-prompt', toolUses: new Map(), toolResults: new Set() };

/**
 * `source`: the client the event names (`hook:gemini`, …). Gemini CLI starts
 * every session with a SessionStart and writes the session's record before
 * its first prompt: where a client has run this project's hooks, an event of
 * a session it never started, or without that record, is not its own.
 */
/**
 * `execWalled`: the client's shell commands run inside continuity's own wall,
 * where the client's token and config are out of reach: a process one of them
 * left running can then not speak as the operator (unless the client takes a
 * connection with no credential at all), so it does not hold back the
 * person's words — a dev server left in the background does not block an
 * approval.
 */
export function humanTurnFacts(db: SqlDatabase, payload: { session_id: string; transcript_path?: string }, nowMs: number, inProcess?: InProcessClient, source?: string, execWalled = false): HumanTurnFacts {
  const seen = clientSeen(db);
  const gemini = source === 'hook:gemini' && seen && !inProcess;
  // pi, like Gemini CLI, starts every session with a session_start its extension hands over.
  const pi = source === 'hook:pi' && seen && !inProcess;
  return {
    // In the client's own process it is the client, started by whatever started it: its ancestors are not its hooks' runners.
    ...(inProcess ? { client: inProcess.name, nestedUnder: null } : hookClient()),
    clientSeen: seen,
    backgroundShells: [...(execWalled && !inProcess?.openWithoutCredential ? [] : (inProcess?.liveAgentProcesses?.() ?? [])), ...backgroundShells(db, nowMs)],
    sessionId: payload.session_id,
    transcript: inProcess ? inProcess.transcript : gemini ? geminiTranscriptFacts(payload.transcript_path, payload.session_id) : source === 'hook:pi' ? piTranscriptFacts(payload.transcript_path, payload.session_id) : source === 'hook:copilot' ? copilotTranscriptFacts(payload.transcript_path) : source === OPENCODE ? OPENCODE_PROMPT : transcriptFacts(payload.transcript_path),
    sessionStarted: gemini || pi ? sessionStarted(db, payload.session_id) : null,
    inFlight: inFlightBash(db, nowMs),
    sessionToolCalls: sessionToolCalls(db, payload.session_id),
  };
}
