/**
 * Which tool calls are still running, from the client's before and after
 * events. Claude Code, Codex and OpenClaw give each call an id that both
 * events carry. Gemini CLI (BeforeTool/AfterTool) and Cursor
 * (beforeShellExecution/afterShellExecution) give none: their events are
 * paired by session, tool and input, first in first out (the oldest
 * unpaired call with the same key is the one that ended). Each such call
 * gets an id of its own, made from its recorded event. An after event that
 * matches no call started before it ends nothing. Pure.
 */

export interface ToolEvent {
  /** The recorded event's id: its order among events at the same instant. */
  eventId: number;
  phase: 'before' | 'after';
  sessionId: string | null;
  toolName: string;
  /** The client's id for the call, when it gives one. */
  toolUseId: string | null;
  /** The call's input as recorded (its JSON text): what identifies a call without an id. */
  input: string;
  at: string;
}

/** The id given to a call the client named none for. */
export function synthesisedId(eventId: number): string {
  return `paired-by-input:${eventId}`;
}

/** The before events with no after event, oldest first, each with its id (the client's, or a synthesised one). */
export function unpairedCalls(events: readonly ToolEvent[]): (ToolEvent & { toolUseId: string })[] {
  const ordered = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.eventId - b.eventId));
  const endedIds = new Set(ordered.filter((e) => e.phase === 'after' && e.toolUseId !== null).map((e) => e.toolUseId!));
  const waiting = new Map<string, ToolEvent[]>();
  const ended = new Set<ToolEvent>();
  for (const e of ordered) {
    if (e.toolUseId !== null) continue;
    const key = JSON.stringify([e.sessionId, e.toolName, e.input]);
    const queue = waiting.get(key) ?? [];
    if (e.phase === 'before') {
      queue.push(e);
      waiting.set(key, queue);
    } else {
      const first = queue.shift();
      if (first) ended.add(first);
    }
  }
  return ordered
    .filter((e) => e.phase === 'before' && (e.toolUseId !== null ? !endedIds.has(e.toolUseId) : !ended.has(e)))
    .map((e) => ({ ...e, toolUseId: e.toolUseId ?? synthesisedId(e.eventId) }));
}
