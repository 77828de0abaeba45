/**
 * Reading a Claude Code-shaped answer, for the adapters that restate it in
 * another protocol. Pure.
 */
export interface AnswerParts {
  /** Stop/SubagentStop: the stop is blocked (the agent goes on), with this reason. PostToolUse: feedback. */
  block: string | null;
  /** PreToolUse: the tool call is denied, with this reason. */
  deny: string | null;
  /** Context for the agent. */
  context: string | null;
  /** A message for the user. */
  userMessage: string | null;
  /** PreToolUse, allowed: the tool's input rewritten (continuity's own wall around a shell command). */
  updatedInput: Record<string, unknown> | null;
}

export function partsOf(answer: Record<string, unknown> | null): AnswerParts {
  const specific = (answer?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  return {
    block: answer?.decision === 'block' ? text(answer.reason) ?? 'continuity: blocked' : null,
    deny: specific.permissionDecision === 'deny' ? text(specific.permissionDecisionReason) ?? 'continuity: denied' : null,
    context: text(specific.additionalContext),
    userMessage: text(answer?.systemMessage),
    updatedInput: specific.permissionDecision !== 'deny' && isObject(specific.updatedInput) ? specific.updatedInput : null,
  };
}

/** Non-empty strings joined by a blank line, or null. */
export function joinText(...parts: (string | null | undefined)[]): string | null {
  const present = parts.filter((p): p is string => typeof p === 'string' && p.length > 0);
  return present.length ? present.join('\n\n') : null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
