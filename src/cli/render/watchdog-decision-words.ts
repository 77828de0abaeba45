/**
 * The delivery watchdog's recorded decisions in a few words, for the demo
 * timeline and `status` (see decision-words.ts).
 */
type Decision = Record<string, unknown>;

/** Words for a decision only the watchdog made, or null. */
export function describeWatchdogDecision(kind: string, d: Decision): string | null {
  const action = typeof d.action === 'string' ? d.action : '';
  if (kind === 'SubagentStart' && action === 'child_started') return `subagent ${String(d.agentId)} started${d.runId ? ` (run ${String(d.runId)})` : ''}`;
  if (kind === 'SubagentStop' && action === 'child_done') {
    const chars = Number(d.capturedChars ?? 0);
    return `subagent ${String(d.agentId)} done; ${chars ? `final message captured (${chars} characters)` : 'no final message'}`;
  }
  if (kind === 'PostToolUseFailure' && action === 'dispatch_failed') return 'subagent dispatch failed';
  if (kind === 'Stop' && d.obligation === 'watchdog_delivery') return `BLOCKED: ${describeSteps(d.watchdog as Decision | undefined, 'delivered')}`;
  const rules = (d.rules ?? {}) as Record<string, Decision | undefined>;
  const dispatch = rules['watchdog-dispatch'];
  if (kind === 'PreToolUse' && dispatch?.action === 'dispatch_recorded') {
    return `subagent dispatch recorded (${String(dispatch.agentType)}${dispatch.background ? ', background' : ''})`;
  }
  const result = rules['watchdog-result'];
  if (kind === 'PostToolUse' && result?.action === 'launch_recorded') return `subagent ${String(result.agentId)} launched in the background${result.runId ? ` (run ${String(result.runId)})` : ''}`;
  if (kind === 'PostToolUse' && result?.action === 'completion_recorded') {
    return result.duplicate ? `completion of run ${String(result.runId)} recorded; its result had already been delivered` : `subagent result received in this conversation${result.runId ? ` (run ${String(result.runId)})` : ''}`;
  }
  const delivery = rules['watchdog-delivery'];
  if (kind === 'PostToolUse' && delivery) {
    const words = describeSteps(delivery.watchdog as Decision | undefined, 'delivered as context');
    if (words) return words;
  }
  return null;
}

/** What the watchdog added to another handler's decision (UserPromptSubmit, an unblocked Stop), or ''. */
export function describeWatchdogAddition(d: Decision): string {
  const words = describeSteps(d.watchdog as Decision | undefined, 'delivered as context');
  return words ? `; ${words}` : '';
}

function describeSteps(w: Decision | undefined, deliveredWord: string): string {
  if (!w) return '';
  const list = (k: string) => (Array.isArray(w[k]) ? (w[k] as unknown[]).map(String) : []);
  const parts: string[] = [];
  for (const id of list('delivered')) parts.push(`result of run ${id} ${deliveredWord} (recovered)`);
  for (const id of list('respawn')) parts.push(`run ${id}: nothing captured, respawn stated`);
  for (const id of list('escalated')) parts.push(`run ${id} blocked, reported to the user`);
  const acted = new Set([...list('delivered'), ...list('respawn'), ...list('escalated')]);
  const told = list('noticed').filter((id) => !acted.has(id));
  if (told.length) parts.push(`user told about run${told.length > 1 ? 's' : ''} ${told.join(', ')}`);
  return parts.join('; ');
}
