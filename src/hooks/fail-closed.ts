import { CliError, ExitCode } from '../util/errors.js';
import type { GenericPayload } from './payload.js';
import { READ_ONLY_TOOLS } from './rules/guard-wants.js';

/**
 * The answer of a hook that could not decide (the ledger unreadable and no
 * copy to restore, a disk full, a bug): exit 1 would let every call through,
 * so a call that could write is denied and a stop is blocked once, each with
 * the reason, and the person is told. A stop already blocked once goes
 * through (stop_hook_active), so a lasting failure never traps the agent.
 * Other events have nothing to close: null, and the error is reported as
 * before. A refusal (exit 6) is its own answer.
 */
export function failClosed(payload: GenericPayload, err: unknown): { output: Record<string, unknown>; error: string } | null {
  if (err instanceof CliError && err.exitCode === ExitCode.refused) return null;
  const error = ((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '').slice(0, 300);
  const told = `continuity could not decide (${error}); until this is fixed, calls that can write are denied and a stop is blocked once.`;
  const p = payload as GenericPayload & { tool_name?: unknown; stop_hook_active?: unknown };
  switch (payload.hook_event_name) {
    case 'PreToolUse': {
      if (typeof p.tool_name === 'string' && READ_ONLY_TOOLS.has(p.tool_name)) return null;
      const reason = `continuity could not decide whether this call writes a guarded file (${error}), so it was not made.`;
      return { output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason }, systemMessage: `continuity: ${told}` }, error };
    }
    case 'Stop':
    case 'SubagentStop': {
      if (p.stop_hook_active === true) return { output: { systemMessage: `continuity: ${told} This stop was let through: it had been blocked once.` }, error };
      const reason = `continuity could not check this stop against the plan (${error}), so it was blocked once; the stop gate's facts are unknown.`;
      return { output: { decision: 'block', reason, systemMessage: `continuity: ${told}` }, error };
    }
    case 'PostToolUse':
      return { output: { systemMessage: `continuity: ${told} What this call changed was not checked.` }, error };
    default:
      return null;
  }
}
