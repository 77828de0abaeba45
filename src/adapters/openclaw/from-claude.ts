/**
 * Claude Code-shaped answers restated as OpenClaw hook results. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';

/**
 * before_tool_call: a denied call is blocked, the reason becoming the tool's
 * result the model reads; an allowed shell command comes back as `params`
 * with the command wrapped in continuity's wall (OpenClaw 2026.9.6 merges
 * them over the call's own: `{ ...params, ...returned }`). Only `exec` takes
 * the wrapped command: text typed through `process` is judged as a command
 * too, but it goes to a shell exec already started (inside the wall), and a
 * `command` parameter means nothing to that tool.
 */
export function toolCallResult(answer: Record<string, unknown> | null, toolName: string): { block: true; blockReason: string } | { params: Record<string, unknown> } | undefined {
  const { deny, updatedInput } = partsOf(answer);
  if (deny) return { block: true, blockReason: deny };
  return updatedInput && toolName === 'exec' ? { params: updatedInput } : undefined;
}

/** Context for the model: before_prompt_build's prependContext. */
export function contextOf(answer: Record<string, unknown> | null): string | null {
  const { context } = partsOf(answer);
  return context;
}

/** A stop the rules hold: the facts the run (or the next turn) goes on with; null: the stop stands. */
export function stopReason(answer: Record<string, unknown> | null): string | null {
  const { block, context } = partsOf(answer);
  return block ? joinText(block, context) : null;
}

/** Feedback after a tool call (a file put back): what the model is told at its next turn. */
export function afterToolFeedback(answer: Record<string, unknown> | null): string | null {
  const { block, context } = partsOf(answer);
  return joinText(block, context);
}
