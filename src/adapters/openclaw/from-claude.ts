/**
 * Claude Code-shaped answers restated as OpenClaw hook results. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';

/** before_tool_call: a denied call is blocked, the reason becoming the tool's result the model reads. */
export function toolCallResult(answer: Record<string, unknown> | null): { block: true; blockReason: string } | undefined {
  const { deny } = partsOf(answer);
  return deny ? { block: true, blockReason: deny } : undefined;
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
