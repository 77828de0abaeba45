/**
 * pi's record of a session (0.73.1, docs/session-format.md, observed): a
 * JSON-lines file under `~/.pi/agent/sessions/<project>/` whose first line
 * names the session (`{"type":"session","id":…}`), then `message` entries
 * (`message.role`: user, assistant with `toolCall` parts, toolResult with
 * its `toolCallId`) and the extensions' `custom_message` entries. pi writes
 * it once the first answer has come, so a session's first prompt comes
 * before it. The path comes from the payload: opened as untrusted, without
 * following a link, without blocking on a FIFO.
 */
import { readSync } from 'node:fs';
import { readTranscriptFile } from './transcript-file.js';
import type { TranscriptFacts, TranscriptLast } from '../../domain/human-turn.js';

const MAX = 8 * 1024 * 1024;

export function piTranscriptFacts(path: string | undefined, sessionId: string): TranscriptFacts {
  return readTranscriptFile(path, (fd, st) => {
    if (st.size > MAX) return { kind: 'unreadable', why: `it is larger than ${MAX} bytes` };
    const buf = Buffer.alloc(st.size);
    return piSessionState(buf.subarray(0, readSync(fd, buf, 0, st.size, 0)).toString('utf8'), sessionId);
  });
}

type Entry = { type?: unknown; id?: unknown; message?: { role?: unknown; content?: unknown; toolCallId?: unknown } };

/** The facts of a whole session file's text. Pure. */
export function piSessionState(text: string, sessionId: string): TranscriptFacts {
  const lines = text.split('\n').filter((l) => l.trim());
  const header = parse(lines[0] ?? '');
  if (header?.type !== 'session' || typeof header.id !== 'string') return { kind: 'unreadable', why: 'it is not a pi session file (no session header on its first line)' };
  if (header.id !== sessionId) return { kind: 'unreadable', why: `it is the record of another session (${header.id})` };
  let last: TranscriptLast = 'none';
  const toolUses = new Map<string, string>();
  const toolResults = new Set<string>();
  for (const line of lines.slice(1)) {
    const e = parse(line);
    if (e?.type !== 'message' || !e.message) continue;
    const { role, content } = e.message;
    if (role === 'user') last = 'user-prompt';
    else if (role === 'toolResult') {
      if (typeof e.message.toolCallId === 'string') toolResults.add(e.message.toolCallId);
      last = 'tool-result';
    } else if (role === 'assistant') {
      const calls = Array.isArray(content) ? content.filter((c): c is { type: string; id: string; name: string } => c?.type === 'toolCall' && typeof c.id === 'string') : [];
      // pi's own tool names: pi has no dialog tool whose answer could approve (AskUserQuestion, ExitPlanMode).
      for (const c of calls) toolUses.set(c.id, c.name);
      last = calls.length ? 'assistant-tool-use' : 'assistant-text';
    }
  }
  return { kind: 'read', last, toolUses, toolResults };
}

function parse(line: string): Entry | null {
  try {
    const v: unknown = JSON.parse(line);
    return v && typeof v === 'object' ? (v as Entry) : null;
  } catch {
    return null;
  }
}
