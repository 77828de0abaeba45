/** The layer that guards continuity's state for one agent client (src/install/client-guards.ts reads it). */
export interface ClientGuard {
  /** The client's name in continuity's hooks (`claude-code`, `codex`, …). */
  agent: string;
  label: string;
  /** `refusing`: continuity's own wall cannot stand and sandbox.mode requires it, so the client's shell commands are refused. */
  level: 'structural' | 'hooks-only' | 'refusing';
  /** One line, facts only, starting with the level in words. */
  summary: string;
  gaps: string[];
}
