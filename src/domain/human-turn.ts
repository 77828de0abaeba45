/**
 * Is this the person speaking? A prompt that approves a plan (or pauses the
 * Stop gate) and an answer that approves (AskUserQuestion, ExitPlanMode)
 * change what the agent may do, so they are taken only when what the client
 * itself recorded agrees that a person is at the keyboard: the session is
 * waiting for its user (its last turn ended), no agent tool call is running
 * anywhere in the project (a Bash call can pipe a made-up hook event into
 * continuity, or a second session's prompt can arrive while it runs), and
 * the session is not itself started by an agent's command. Pure: the facts
 * are gathered by the adapter (src/hooks/trust/).
 */

/** The last conversational entry of a session's transcript. */
export type TranscriptLast = 'assistant-text' | 'assistant-tool-use' | 'tool-result' | 'user-prompt' | 'none';

export type TranscriptFacts =
  /** Not written yet: a session's first prompt comes before its transcript. */
  | { kind: 'absent' }
  | { kind: 'unreadable'; why: string }
  | {
      kind: 'read';
      last: TranscriptLast;
      /** tool_use ids in the assistant messages read, with the tool's name. */
      toolUses: ReadonlyMap<string, string>;
      /** tool_use ids whose result the transcript holds (a call the person interrupted gets one too). */
      toolResults: ReadonlySet<string>;
    };

export interface InFlightCall {
  sessionId: string | null;
  toolUseId: string;
  command: string;
  at: string;
  /** The hook source that recorded its start (`hook:codex`). */
  source?: string;
}

export interface BackgroundShell {
  sessionId: string | null;
  id: string;
  command: string;
}

export interface HumanTurnFacts {
  sessionId: string;
  /**
   * The agent client that started this hook process (the nearest one among
   * its ancestors): null when none is (the event came from a process no
   * client runs: a script, a background job left behind by an agent's
   * command); `unknown` where the platform does not say (Windows).
   */
  client: string | null | 'unknown';
  /**
   * Hooks in this project have been run by an agent client before (the
   * ledger's session starts say so): from then on an event no client ran is
   * not the person's. Projects only ever driven by scripts (tests, the
   * demo's replay) have seen none.
   */
  clientSeen: boolean;
  /** Shells the agent left running in the background (Claude Code's own list at each stop, and any started since). */
  backgroundShells: readonly BackgroundShell[];
  transcript: TranscriptFacts;
  /** Bash calls started and not finished (recently), in any session of the project. */
  inFlight: readonly InFlightCall[];
  /** Tool calls the ledger holds for this session (a session without a transcript has made none). */
  sessionToolCalls: number;
  /** An agent client among the ancestors of the client that ran this hook: a session started by an agent's command. */
  nestedUnder: string | null;
  /**
   * The ledger recorded this session's SessionStart; null where the client
   * does not start every session with one the hooks see (only Gemini CLI is
   * known to).
   */
  sessionStarted?: boolean | null;
}

/**
 * `notFromPrompt`: the refusal says the event did not come from the client's
 * prompt (agent code was running: a tool call, a background shell, a process
 * no client started; or a session the client never started): its answer went
 * to whatever made it up, not to the person.
 */
export type Judgement = { ok: true } | { ok: false; why: string; notFromPrompt?: true };

function running(calls: readonly InFlightCall[]): string {
  const c = calls[0]!;
  return `a Bash call (${c.command.length > 60 ? `${c.command.slice(0, 57)}…` : c.command}) was running${c.sessionId ? ` in session ${c.sessionId}` : ''}`;
}

/** What holds for every event a person's action must come from: a client runs the hook, no agent starts that client, no agent code runs in the background. */
function commonJudgement(f: HumanTurnFacts): Judgement | null {
  if (f.client === null && f.clientSeen) return { ok: false, notFromPrompt: true, why: 'an agent client runs the hooks of this project, and none started this hook call (it came from a script or a process an agent left behind)' };
  if (f.nestedUnder) return { ok: false, why: `the session was started inside another agent's command (${f.nestedUnder})` };
  if (f.backgroundShells.length) {
    const b = f.backgroundShells[0]!;
    return { ok: false, notFromPrompt: true, why: `a shell the agent started in the background (${b.command.length > 60 ? `${b.command.slice(0, 57)}…` : b.command}) was still running` };
  }
  return null;
}

/** A prompt of the person's: the session waits for its user and no agent code runs. */
export function judgeUserPrompt(f: HumanTurnFacts): Judgement {
  const common = commonJudgement(f);
  if (common) return common;
  // A call counts as running until the ledger has its PostToolUse, or this session's transcript its result.
  const resolved = f.transcript.kind === 'read' ? f.transcript.toolResults : new Set<string>();
  const calls = f.inFlight.filter((c) => !resolved.has(c.toolUseId));
  if (calls.length) return { ok: false, notFromPrompt: true, why: running(calls) };
  if (f.sessionStarted === false && f.clientSeen) return { ok: false, notFromPrompt: true, why: `the client never started session ${f.sessionId} here (no SessionStart of it was recorded)` };
  switch (f.transcript.kind) {
    case 'unreadable':
      return { ok: false, why: `the session's transcript cannot be read (${f.transcript.why})` };
    case 'absent':
      // A client writes the transcript before the first tool call; where no client ever ran the hooks, there is none to expect.
      return f.sessionToolCalls > 0 && f.clientSeen ? { ok: false, why: 'the session has made tool calls but its client has written no transcript' } : { ok: true };
    case 'read':
      if (f.transcript.last === 'assistant-tool-use') return { ok: false, why: "the session's turn had not ended: a tool call of it was running" };
      if (f.transcript.last === 'tool-result') return { ok: false, why: "the session's turn had not ended: the model was answering a tool result" };
      return { ok: true };
  }
}

/**
 * An answer from the client's own dialog (AskUserQuestion, ExitPlanMode):
 * the client announced that very call (its PreToolUse, same tool_use id and
 * tool) and wrote it into the session's transcript, and no agent code runs.
 */
export function judgeToolAnswer(f: HumanTurnFacts & { toolUseId: string; toolName: string; pairedPreToolUse: boolean }): Judgement {
  const common = commonJudgement(f);
  if (common) return common;
  if (!f.pairedPreToolUse) return { ok: false, why: `no ${f.toolName} call ${f.toolUseId} was announced by the client before this answer (PreToolUse)` };
  const resolved = f.transcript.kind === 'read' ? f.transcript.toolResults : new Set<string>();
  const bash = f.inFlight.filter((c) => c.toolUseId !== f.toolUseId && !resolved.has(c.toolUseId));
  if (bash.length) return { ok: false, notFromPrompt: true, why: running(bash) };
  if (f.transcript.kind !== 'read') return { ok: false, why: f.transcript.kind === 'absent' ? "the session's transcript does not exist" : `the session's transcript cannot be read (${f.transcript.why})` };
  if (f.transcript.toolUses.get(f.toolUseId) !== f.toolName) return { ok: false, why: `the session's transcript holds no ${f.toolName} call ${f.toolUseId}` };
  return { ok: true };
}

export interface HumanCommandFacts {
  /** The ledger is read-only to the process: it runs inside the agent's OS sandbox. */
  insideWall: boolean;
  /** An agent client among the process's ancestors (whatever its environment says). */
  agentAncestor: string | null;
  /** An agent's marker variable in the environment (CLAUDECODE, …). */
  envMarker: string | null;
  /** Bash calls running in the project (started, not ended). */
  inFlight: readonly InFlightCall[];
  /** Standard input and output are a terminal. */
  interactive: boolean;
}

/**
 * Commands only a person may run (approve, revoke, init, config accept):
 * what runs inside an agent's tool call is the agent, whatever its variables
 * or terminal say, so each of these facts refuses.
 */
export function judgeHumanCommand(f: HumanCommandFacts, opts: { needsTerminal: boolean }): Judgement {
  if (f.insideWall) return { ok: false, why: "it runs inside the agent's sandbox, where continuity's ledger is read-only" };
  if (f.agentAncestor) return { ok: false, why: `it runs inside an agent's command (${f.agentAncestor} is among its parent processes)` };
  if (f.envMarker) return { ok: false, why: `run from an agent's shell (${f.envMarker} is set)` };
  if (f.inFlight.length) return { ok: false, why: `${running(f.inFlight)}: an agent's command may be the one asking` };
  if (opts.needsTerminal && !f.interactive) return { ok: false, why: 'not run from an interactive terminal' };
  return { ok: true };
}
