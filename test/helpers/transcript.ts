// Claude Code's transcript (JSON lines under ~/.claude/projects/), as the
// client writes it: the shapes continuity reads to tell whether a session's
// turn has ended and which tool calls it made (src/hooks/trust/).
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

let n = 0;
const base = (sessionId: string) => ({ sessionId, uuid: `u-${++n}`, timestamp: new Date().toISOString(), isSidechain: false });

export const userPrompt = (sessionId: string, text: string) => ({ ...base(sessionId), type: 'user', message: { role: 'user', content: text } });
export const assistantText = (sessionId: string, text: string) => ({ ...base(sessionId), type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] } });
export const assistantToolUse = (sessionId: string, id: string, name: string, input: Record<string, unknown>) => ({
  ...base(sessionId),
  type: 'assistant',
  message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
});
export const toolResult = (sessionId: string, id: string, content: string) => ({ ...base(sessionId), type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: false }] } });
/** Claude Code's own bookkeeping lines between turns. */
export const systemLine = (sessionId: string) => ({ ...base(sessionId), type: 'system', subtype: 'turn_duration' });

export function appendTranscript(path: string, ...entries: unknown[]): void {
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
}
