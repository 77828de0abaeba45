/**
 * The contract between another agent's hook protocol and the Claude Code
 * adapter, whose handlers hold every rule. An agent adapter only translates:
 * its payload into Claude Code-shaped payloads, and the Claude Code-shaped
 * answer back into its own protocol. It never decides.
 */
export type BridgedAgent = 'codex' | 'gemini' | 'cursor' | 'pi' | 'copilot' | 'opencode';
/** Every agent whose calls reach the Claude Code handlers translated: the bridged hook commands and the in-process OpenClaw plugin. */
export type TranslatedAgent = BridgedAgent | 'openclaw';

/** Claude Code-shaped payloads for one agent call, and where the project root is looked for. */
export interface ClaudeCall {
  /**
   * Usually one payload; a Codex patch that touches several files becomes one
   * payload per file, each recorded as its own event.
   */
  payloads: Record<string, unknown>[];
  /**
   * The directory the project root is searched from (upwards, to the nearest
   * `.continuity/` or `.git`): the agent's own project directory when it
   * names one, else its workspace or working directory. Null: each payload's `cwd`.
   */
  searchFrom: string | null;
}

/** What goes back to the agent: JSON on stdout (null: nothing) and the exit code. */
export interface AgentAnswer {
  stdout: Record<string, unknown> | null;
  exitCode: number;
}

export interface AgentAdapter<P> {
  name: BridgedAgent;
  /**
   * The client runs its hooks in its own session and each tool call's
   * command in a session of its own (seen in its code): a hook process with
   * such a session between it and the client was started by a tool call.
   */
  toolCallsInOwnSession?: boolean;
  /** Validates raw stdin against the agent's documented payload; throws PayloadError. */
  parse(raw: string): P;
  /** Pure: the agent's payload as Claude Code payloads. `env` is the hook process's environment. */
  toClaude(payload: P, env: NodeJS.ProcessEnv): ClaudeCall;
  /** Pure: Claude Code's answer (merged over the payloads; null: nothing to say) in the agent's protocol. */
  fromClaude(payload: P, answer: Record<string, unknown> | null): AgentAnswer;
}

/** The event source the ledger records for an agent's calls. */
export function sourceOf(agent: TranslatedAgent): string {
  return `hook:${agent}`;
}
