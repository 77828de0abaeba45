import type { SqlDatabase } from '../../ledger/driver.js';
import { readHotState } from '../../ledger/hot-state.js';
import { LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { join } from 'node:path';
import { POST_TOOL_RULES, PRE_TOOL_RULES, rulesWanting, type ToolPayload } from '../tool-rules.js';
import { TOOL_RULE_CODE } from '../tool-rule-code.js';
import type { Handler, HandlerResult } from '../types.js';

/**
 * PreToolUse and PostToolUse: every rule that wants the call runs, and their
 * answers merge into one: a deny (PreToolUse) or a block (PostToolUse) wins,
 * reasons and context are joined, and every rule's changes are persisted
 * with the one event.
 */
export const handleToolUse: Handler<ToolPayload> = async (ctx) => {
  const pre = ctx.payload.hook_event_name === 'PreToolUse';
  const rules = rulesWanting(pre ? PRE_TOOL_RULES : POST_TOOL_RULES, ctx.payload, readHotState(join(ctx.root, LEDGER_DIR)), ctx.root);
  const results: { name: string; result: HandlerResult }[] = [];
  for (const rule of rules) results.push({ name: rule.name, result: await TOOL_RULE_CODE[rule.name](ctx) });
  return mergeToolResults(pre ? 'PreToolUse' : 'PostToolUse', results);
};

export function mergeToolResults(event: 'PreToolUse' | 'PostToolUse', results: readonly { name: string; result: HandlerResult }[]): HandlerResult {
  const outputs = results.map((r) => r.result.output).filter((o): o is Record<string, unknown> => o !== null);
  const specific = outputs.map((o) => (o.hookSpecificOutput ?? {}) as Record<string, unknown>);
  const denies = specific.filter((s) => s.permissionDecision === 'deny');
  const blocks = outputs.filter((o) => o.decision === 'block');
  const context = join2(specific.map((s) => s.additionalContext));
  const system = join2(outputs.map((o) => o.systemMessage));

  const hookSpecificOutput: Record<string, unknown> = {};
  if (denies.length) {
    hookSpecificOutput.permissionDecision = 'deny';
    hookSpecificOutput.permissionDecisionReason = join2(denies.map((s) => s.permissionDecisionReason));
  }
  if (context) hookSpecificOutput.additionalContext = context;
  const output: Record<string, unknown> = {};
  if (blocks.length) {
    output.decision = 'block';
    output.reason = join2(blocks.map((o) => o.reason));
  }
  if (Object.keys(hookSpecificOutput).length) output.hookSpecificOutput = { hookEventName: event, ...hookSpecificOutput };
  if (system) output.systemMessage = system;

  const persists = results.map((r) => r.result.persist).filter((p): p is NonNullable<typeof p> => !!p);
  return {
    output: Object.keys(output).length ? output : null,
    decision: {
      action: denies.length ? 'deny' : blocks.length ? 'block' : context || system ? 'context' : 'none',
      rules: Object.fromEntries(results.map((r) => [r.name, r.result.decision])),
    },
    ...(persists.length ? { persist: (db: SqlDatabase, eventId: number) => persists.forEach((p) => p(db, eventId)) } : {}),
  };
}

function join2(parts: readonly unknown[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n\n');
}
