/**
 * Joins the Claude Code answers to several payloads of one agent call (a
 * patch touching several files) into one: a deny or a block wins, reasons,
 * context and user messages are joined in order.
 */
export function mergeAnswers(outputs: readonly (Record<string, unknown> | null)[]): Record<string, unknown> | null {
  const present = outputs.filter((o): o is Record<string, unknown> => o !== null);
  if (present.length <= 1) return present[0] ?? null;
  const specifics = present.map((o) => (o.hookSpecificOutput ?? {}) as Record<string, unknown>);
  const denies = specifics.filter((s) => s.permissionDecision === 'deny');
  const blocks = present.filter((o) => o.decision === 'block');
  const merged: Record<string, unknown> = {};
  if (blocks.length) {
    merged.decision = 'block';
    merged.reason = joined(blocks.map((o) => o.reason));
  }
  const specific: Record<string, unknown> = {};
  if (denies.length) {
    specific.permissionDecision = 'deny';
    specific.permissionDecisionReason = joined(denies.map((s) => s.permissionDecisionReason));
  }
  const context = joined(specifics.map((s) => s.additionalContext));
  if (context) specific.additionalContext = context;
  // A rewritten input stands only where nothing was denied.
  const updated = specifics.find((s) => s.updatedInput !== undefined)?.updatedInput;
  if (updated !== undefined && !denies.length) specific.updatedInput = updated;
  if (Object.keys(specific).length) merged.hookSpecificOutput = { hookEventName: specifics.find((s) => typeof s.hookEventName === 'string')?.hookEventName, ...specific };
  const system = joined(present.map((o) => o.systemMessage));
  if (system) merged.systemMessage = system;
  return Object.keys(merged).length ? merged : null;
}

function joined(parts: readonly unknown[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n\n');
}
