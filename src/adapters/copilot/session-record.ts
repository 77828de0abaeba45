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
 * the record is read until it has caught up with this stop (it holds the
 * `hook.start` of this stop, known by the payload's `timestamp`), for a few
 * seconds at most; the answer is the last one before that entry, else what
 * the record holds is taken. The path comes from the payload: opened as
 * untrusted, without following a link, without blocking on a FIFO.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { CopilotPayload } from './protocol.js';
import { subagentCall } from './subagent.js';

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
  // A subagent's own Stop names its parent's record, where no stop of its own is written, and is left to the parent's SubagentStop anyway (subagent.ts): nothing to wait for.
  if (subagentCall(p) !== null) return p;
  const since = instantOf(p.timestamp);
  let text = readTail(path);
  let before = text === null ? null : beforeStop(text, since);
  // Bounded by the number of looks, not by a clock: a hook is killed by the client at its timeout anyway.
  for (let looks = 0; text !== null && before === null && looks < CATCH_UP_MS / LOOK_EVERY_MS; looks++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOOK_EVERY_MS);
    text = readTail(path);
    before = text === null ? null : beforeStop(text, since);
  }
  const last = text === null ? null : lastAssistantText(before ?? text);
  return last === null ? p : { ...p, last_assistant_message: last };
}

/** A payload's `timestamp` (ISO text, or milliseconds) as milliseconds, or null. Pure. */
export function instantOf(t: unknown): number | null {
  const ms = typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The record's text written before the `hook.start` of THIS stop, or null while the record has not caught up with
 * it. Pure. With the stop's time (its payload's `timestamp`, which Copilot CLI also writes into the `hook.start`'s
 * `input`): the first agentStop `hook.start` at or after that time. A held stop starts another turn, so the newest
 * agentStop `hook.start` may be the previous stop's while this turn's answer is still unwritten: taken for this
 * stop, it would judge the previous answer again and hold the stop until the client's loop limit. Without a time
 * (a payload that carries none): the record's newest entry of a turn must be an agentStop `hook.start`.
 */
export function beforeStop(text: string, since: number | null): string | null {
  const lines = text.split('\n');
  if (since !== null) {
    let at = -1;
    for (let i = lines.length - 1; i >= 0; i--) {
      const t = agentStopTime(lines[i]!);
      if (t !== null && t >= since) at = i;
      else if (t !== null) break; // an earlier stop: every entry above it is older still
    }
    return at < 0 ? null : lines.slice(0, at).join('\n');
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (isAgentStopStart(line)) return lines.slice(0, i).join('\n');
    if (line.includes('"assistant.message"') || line.includes('"user.message"') || line.includes('"tool.execution_complete"')) return null;
  }
  return null;
}

function isAgentStopStart(line: string): boolean {
  return line.includes('"hook.start"') && line.includes('"hookType":"agentStop"');
}

/** When an agentStop `hook.start` line was written (its input's `timestamp`, else the event's own), or null for any other line. */
function agentStopTime(line: string): number | null {
  if (!isAgentStopStart(line)) return null;
  try {
    const e = JSON.parse(line) as { type?: unknown; timestamp?: unknown; data?: { hookType?: unknown; input?: { timestamp?: unknown } } };
    if (e.type !== 'hook.start' || e.data?.hookType !== 'agentStop') return null;
    return instantOf(e.data.input?.timestamp) ?? instantOf(e.timestamp);
  } catch {
    return null; // a cut or foreign line
  }
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
