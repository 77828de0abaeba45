/**
 * Copilot CLI's record of a session (1.0.102, observed): `events.jsonl`
 * under `~/.copilot/session-state/<session id>/`, one JSON event a line
 * (`session.start` first, naming the session; `user.message`,
 * `assistant.message` with its `toolRequests`, `tool.execution_start`,
 * `tool.execution_complete`, `hook.start`, …), each written as it happens.
 * Its Stop payload names the file but not the text of the answer that ends
 * the turn, which the Stop rule reads for a closure line: read here from
 * the record's last `assistant.message`. Copilot CLI writes the record
 * behind its events (seen on 1.0.102: the turn's last message and the
 * `hook.start` of the stop often land after the Stop hook has started), so
 * the record is read until it has caught up with this stop (its newest
 * entry of a turn is the stop's `hook.start`), for a few seconds at most;
 * then what it holds is taken. The path comes from the payload: opened as
 * untrusted, without following a link, without blocking on a FIFO.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { CopilotPayload } from './protocol.js';

const TAIL = 256 * 1024;
/**
 * How long a Stop waits for the record to catch up, and how often it looks: well inside the 30 s `init` gives the
 * hook, and long enough for a busy machine (3 s was seen to fall short while other sessions ran).
 */
const CATCH_UP_MS = 10_000;
const LOOK_EVERY_MS = 20;

/** Stop (SubagentStop carries it already) with the answer that ends the turn as `last_assistant_message` (Claude Code's field), when the record holds one. */
export function withLastMessage(p: CopilotPayload): CopilotPayload {
  if (p.hook_event_name !== 'Stop') return p;
  const path = (p as { transcript_path?: unknown }).transcript_path;
  if (typeof path !== 'string' || typeof (p as { last_assistant_message?: unknown }).last_assistant_message === 'string') return p;
  let text = readTail(path);
  // Bounded by the number of looks, not by a clock: a hook is killed by the client at its timeout anyway.
  for (let looks = 0; text !== null && !caughtUp(text) && looks < CATCH_UP_MS / LOOK_EVERY_MS; looks++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOOK_EVERY_MS);
    text = readTail(path);
  }
  const last = text === null ? null : lastAssistantText(text);
  return last === null ? p : { ...p, last_assistant_message: last };
}

/** Has the record caught up with a stop: of its entries that make a turn, the newest is the `hook.start` of an agentStop? Pure. */
export function caughtUp(text: string): boolean {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.includes('"hook.start"') && line.includes('"hookType":"agentStop"')) return true;
    if (line.includes('"assistant.message"') || line.includes('"user.message"') || line.includes('"tool.execution_complete"')) return false;
  }
  return false;
}

/** The content of the last main-agent `assistant.message` in a record's text (its first line may be cut). Pure. */
export function lastAssistantText(text: string): string | null {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.includes('"assistant.message"')) continue;
    try {
      const e = JSON.parse(line) as { type?: unknown; data?: { content?: unknown; parentToolCallId?: unknown } };
      // A subagent's messages carry the id of the task call that runs it.
      if (e.type === 'assistant.message' && typeof e.data?.content === 'string' && e.data.parentToolCallId === undefined) return e.data.content;
    } catch {
      // a cut or foreign line
    }
  }
  return null;
}

export function readTail(path: string, tail = TAIL): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const size = Math.min(st.size, tail);
    const buf = Buffer.alloc(size);
    const n = readSync(fd, buf, 0, size, st.size - size);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
