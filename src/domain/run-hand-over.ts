/**
 * Whose subagent run is it now? A run's result is due in the session that
 * dispatched it. When that session is gone, the run is handed over to the
 * session now working in the project, whatever client runs it: people switch
 * agents mid-plan, and a run left open by the last one must not be forgotten.
 * Pure: the run, what the ledger last saw of its session, the asking session
 * and `now` in; the claim out.
 *
 * The owner is gone when its last hook call was the end of its session, or
 * when it is another client's session that has been silent since before the
 * run's deadline while the deadline has passed (a client closed without a
 * SessionEnd, a quota run out). A silent session of the same client is not
 * taken over: an idle chat session (OpenClaw serves many at once) or a
 * resumed one is still the requester, and its own next turn recovers the run.
 */
import { instantMs } from './watchdog-time.js';

export interface OwnerSeen {
  /** The client whose hooks the owner's events came from (`hook:claude-code`, …), or null when unknown. */
  source: string | null;
  /** The kind of the owner's newest event (`SessionEnd`, `Stop`, …), or null when it has none. */
  lastKind: string | null;
  /** When the owner's newest event was recorded (ISO 8601), or null. */
  lastAt: string | null;
}

export interface RunClaimFacts {
  runSessionId: string | null;
  childSessionKey: string | null;
  expectedBy: string;
  owner: OwnerSeen | null;
}

export interface Asker {
  sessionId: string;
  source: string;
}

/** `own`: the asker dispatched it; `handed_over`: its owner is gone and the asker takes it up; `not_ours`: another live session's. */
export type RunClaim = 'own' | 'handed_over' | 'not_ours';

export function claimRun(f: RunClaimFacts, asker: Asker, nowMs: number): RunClaim {
  if (f.runSessionId === asker.sessionId) return 'own';
  // Runs recorded without a session (an orchestrator's `watchdog record`) and a child's own run stay where they are.
  if (f.runSessionId === null || f.childSessionKey === asker.sessionId) return 'not_ours';
  const owner = f.owner;
  if (owner?.lastKind === 'SessionEnd') return 'handed_over';
  const deadline = instantMs(f.expectedBy);
  if (deadline === null || nowMs < deadline) return 'not_ours';
  const lastMs = owner?.lastAt ? instantMs(owner.lastAt) : null;
  const silentSinceDeadline = lastMs === null || lastMs < deadline;
  const otherClient = owner?.source != null && owner.source !== asker.source;
  return silentSinceDeadline && otherClient ? 'handed_over' : 'not_ours';
}

/** The client's name in a record source: `hook:codex` → `codex`, `plugin:openclaw` → `openclaw`. */
export function clientOfSource(source: string | null): string | null {
  if (!source) return null;
  const i = source.indexOf(':');
  return i >= 0 ? source.slice(i + 1) : source;
}
