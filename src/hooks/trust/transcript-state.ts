/**
 * The state of a session as Claude Code's own transcript (JSON lines) shows
 * it: the last conversational entry (did the turn end?) and the tool calls
 * of the assistant messages read. Only the tail is read, more of it when the
 * last entries are large. The path comes from the payload, so it is opened
 * as untrusted: without following a link, without blocking on a FIFO.
 */
import { readSync } from 'node:fs';
import { readTranscriptFile } from './transcript-file.js';
import type { TranscriptFacts, TranscriptLast } from '../../domain/human-turn.js';

const FIRST_TAIL = 256 * 1024;
const MAX_TAIL = 8 * 1024 * 1024;

export function transcriptFacts(path: string | undefined): TranscriptFacts {
  return readTranscriptFile(path, (fd, st) => {
    for (let tail = FIRST_TAIL; ; tail *= 4) {
      const size = Math.min(st.size, tail);
      const buf = Buffer.alloc(size);
      const n = readSync(fd, buf, 0, size, st.size - size);
      const facts = stateOf(buf.subarray(0, n).toString('utf8'), size === st.size);
      if (facts.last !== 'none' || size === st.size || tail >= MAX_TAIL) return { kind: 'read', ...facts };
    }
  });
}

type Entry = { type?: unknown; isMeta?: unknown; isSidechain?: unknown; message?: { content?: unknown } };

/** Reads entries oldest first; the first line of a tail may be cut and is skipped. */
export function stateOf(text: string, whole: boolean): { last: TranscriptLast; toolUses: Map<string, string>; toolResults: Set<string> } {
  const lines = text.split('\n');
  if (!whole) lines.shift();
  let last: TranscriptLast = 'none';
  const toolUses = new Map<string, string>();
  const toolResults = new Set<string>();
  for (const line of lines) {
    if (!line.includes('"assistant"') && !line.includes('"user"')) continue;
    let e: Entry;
    try {
      e = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if (e.isSidechain === true) continue;
    const content = e.message?.content;
    const blocks = Array.isArray(content) ? (content as { type?: unknown; id?: unknown; name?: unknown; tool_use_id?: unknown }[]) : [];
    if (e.type === 'assistant') {
      let tool = false;
      for (const b of blocks) {
        if (b?.type !== 'tool_use') continue;
        tool = true;
        if (typeof b.id === 'string' && typeof b.name === 'string') toolUses.set(b.id, b.name);
      }
      last = tool ? 'assistant-tool-use' : 'assistant-text';
    } else if (e.type === 'user') {
      // Claude Code's own notes in the conversation (command output, caveats) are not a turn.
      if (e.isMeta === true) continue;
      let result = false;
      for (const b of blocks) {
        if (b?.type !== 'tool_result') continue;
        result = true;
        if (typeof b.tool_use_id === 'string') toolResults.add(b.tool_use_id);
      }
      last = result ? 'tool-result' : 'user-prompt';
    }
  }
  return { last, toolUses, toolResults };
}
