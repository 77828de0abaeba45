/**
 * The state of a session as Copilot CLI's own record shows it (1.0.102,
 * observed): `events.jsonl` under `~/.copilot/session-state/<session id>/`,
 * one event a line, each written as it happens: `user.message` (a prompt),
 * `assistant.message` (with the tool calls it asks for, `toolRequests`),
 * `tool.execution_complete` (a call's result). The last of these says
 * whether the turn has ended: while a tool call runs, the record ends with
 * the message that asked for it. Only the tail is read. The path is Copilot
 * CLI's own place for the session (src/adapters/copilot/to-claude.ts), or
 * the payload's: opened as untrusted, without following a link, without
 * blocking on a FIFO.
 */
import { readSync } from 'node:fs';
import { readTranscriptFile } from './transcript-file.js';
import type { TranscriptFacts, TranscriptLast } from '../../domain/human-turn.js';

const TAIL = 512 * 1024;

export function copilotTranscriptFacts(path: string | undefined): TranscriptFacts {
  return readTranscriptFile(path, (fd, st) => {
    const size = Math.min(st.size, TAIL);
    const buf = Buffer.alloc(size);
    const n = readSync(fd, buf, 0, size, st.size - size);
    return { kind: 'read', ...copilotStateOf(buf.subarray(0, n).toString('utf8'), size === st.size) };
  });
}

type Event = { type?: unknown; data?: { toolRequests?: unknown; toolCallId?: unknown; parentToolCallId?: unknown } };

/** Reads events oldest first; the first line of a tail may be cut and is skipped. A subagent's events (`parentToolCallId`) are not the session's turn. Pure. */
export function copilotStateOf(text: string, whole: boolean): { last: TranscriptLast; toolUses: Map<string, string>; toolResults: Set<string> } {
  const lines = text.split('\n');
  if (!whole) lines.shift();
  let last: TranscriptLast = 'none';
  const toolUses = new Map<string, string>();
  const toolResults = new Set<string>();
  for (const line of lines) {
    if (!line.includes('"user.message"') && !line.includes('"assistant.message"') && !line.includes('"tool.execution_complete"')) continue;
    let e: Event;
    try {
      e = JSON.parse(line) as Event;
    } catch {
      continue;
    }
    if (e.data?.parentToolCallId !== undefined) continue;
    if (e.type === 'user.message') last = 'user-prompt';
    else if (e.type === 'assistant.message') {
      const requests = Array.isArray(e.data?.toolRequests) ? (e.data.toolRequests as { toolCallId?: unknown; name?: unknown }[]) : [];
      for (const r of requests) if (typeof r?.toolCallId === 'string' && typeof r.name === 'string') toolUses.set(r.toolCallId, r.name);
      last = requests.length ? 'assistant-tool-use' : 'assistant-text';
    } else if (e.type === 'tool.execution_complete') {
      if (typeof e.data?.toolCallId === 'string') toolResults.add(e.data.toolCallId);
      last = 'tool-result';
    }
  }
  return { last, toolUses, toolResults };
}
