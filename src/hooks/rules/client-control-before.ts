import { insertViolation } from '../../ledger/sessions.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { CLIENT_CONTROL_DENIED, clientControlReason, clientControlRefusal } from './client-control.js';

/** PreToolUse: a client tool that would switch continuity off or run code outside every hook is denied, with the reason, and recorded. */
export function clientControlBefore(ctx: HookContext<ToolPayload>): HandlerResult {
  const tool = ctx.payload.tool_name;
  const why = clientControlRefusal(tool, ctx.payload.tool_input);
  if (why === null) return { output: null, decision: { action: 'allow', tool } };
  const reason = clientControlReason(tool, why);
  return {
    output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } },
    decision: { action: 'deny', tool, why },
    persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: ctx.payload.session_id, kind: CLIENT_CONTROL_DENIED, summary: `${tool} ${summaryOf(ctx.payload.tool_input)} denied: ${why}`, eventId }),
  };
}

function summaryOf(input: Record<string, unknown>): string {
  if (typeof input.command === 'string') return `\`${input.command.length > 60 ? `${input.command.slice(0, 59)}…` : input.command}\``;
  const action = typeof input.action === 'string' ? input.action : typeof input.code === 'string' ? 'code cell' : '';
  const target = typeof input.pluginId === 'string' ? ` ${input.pluginId}` : '';
  return `${action}${target}`.trim() || 'call';
}
