/**
 * The answer in a workspace continuity guarded whose ledger and recovery
 * copy are both gone (src/domain/workspace-guard.ts `lost`): nothing can be
 * enforced, and nothing is recreated in silence. The person is told at every
 * prompt, stop and tool call; a call that could write is denied as a hook
 * that cannot decide denies it (src/hooks/fail-closed.ts). A stop is not
 * blocked: the agent going on is not what a lost ledger needs. Nothing is
 * recorded: there is no ledger, and making one would be the silent
 * recreation this refuses. Pure.
 */
import { failClosed } from './fail-closed.js';
import type { GenericPayload } from './payload.js';

export function lostWorkspaceWords(root: string): string {
  return (
    `continuity guarded ${root}, and its .continuity/ (the ledger, the plan's approval, the audit trail) and the ledger's recovery copy are both gone: nothing is enforced here, and calls that could write are denied. ` +
    'If you removed them, `continuity init --uninstall` at your terminal lets the workspace go; `continuity plan import FILE` starts a new ledger.'
  );
}

export function lostWorkspaceAnswer(payload: GenericPayload, root: string): Record<string, unknown> | null {
  const words = lostWorkspaceWords(root);
  const event = payload.hook_event_name;
  if (event === 'PreToolUse') {
    const closed = failClosed(payload, new Error("continuity's ledger and its recovery copy are gone"));
    // A read-only tool has nothing to close: it is let through with the words.
    return closed ? { ...closed.output, systemMessage: `continuity: ${words}` } : { systemMessage: `continuity: ${words}` };
  }
  const context = event === 'SessionStart' || event === 'UserPromptSubmit' || event === 'PostToolUse' ? { hookSpecificOutput: { hookEventName: event, additionalContext: `continuity: ${words}` } } : {};
  return { systemMessage: `continuity: ${words}`, ...context };
}
