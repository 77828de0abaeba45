/**
 * The two facts the watchdog reads from Claude Code's transcripts (JSON lines),
 * only for a run that is about to be recovered, never on the ordinary hook path:
 *
 * - what Claude Code's own notification for a background subagent
 *   (`<task-notification>` naming the agent) did: reached the main
 *   conversation with the result (status completed), is queued and not yet
 *   there, or reached it saying the agent failed;
 * - the subagent's last assistant text, from its own transcript, when its
 *   SubagentStop carried no final message (the history fetch proper).
 *
 * Only the tail of a transcript is read; a missing or unreadable file is "not known".
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const TAIL_BYTES = 8 * 1024 * 1024;

/**
 * Claude Code's notification for one background subagent, as the main transcript shows it:
 * - `delivered`: a notification reached the conversation (a user message, or a
 *   `queued_command` attachment mid-turn), with its `<status>`; a completed one
 *   wins over any other, since it carried the result;
 * - `queued`: a notification was enqueued (`queue-operation`) after the last
 *   one delivered and is not in the conversation yet. Claude Code puts it there
 *   at its next turn; if the process ends first, the resumed session gets a
 *   `failed` notification instead ("was running when the previous Claude Code
 *   process exited"; 2.1.331: `stopped`, "didn't finish before the previous
 *   session ended"), even for an agent that had finished;
 * - `none`: no notification for the agent.
 */
export type TaskNotification = { kind: 'none' } | { kind: 'queued' } | { kind: 'delivered'; status: string };

export function taskNotification(path: string, agentId: string): TaskNotification {
  const text = readTail(path);
  if (text === null || !text.includes(agentId)) return { kind: 'none' };
  let queued = false;
  let completed = false;
  let last: string | null = null;
  for (const line of text.split('\n')) {
    if (line.includes('subagent_notification') && line.includes(agentId)) {
      // Codex: the notification is a user message in the parent's rollout; it is there once it reached the conversation.
      const status = codexNotificationStatus(line, agentId);
      if (status !== null) {
        last = status;
        if (status === 'completed') completed = true;
      }
      continue;
    }
    if (!line.includes('task-notification') || !line.includes(agentId)) continue;
    const statuses = notificationStatuses(line, agentId);
    if (statuses.length === 0) continue;
    let entry: { type?: unknown; operation?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // the first line of a tail may be cut
    }
    if (entry.type === 'queue-operation') {
      if (entry.operation === 'enqueue') queued = true;
      continue;
    }
    queued = false;
    last = statuses.at(-1)!;
    if (statuses.includes('completed')) completed = true;
  }
  if (completed) return { kind: 'delivered', status: 'completed' };
  if (queued) return { kind: 'queued' };
  return last === null ? { kind: 'none' } : { kind: 'delivered', status: last };
}

/**
 * Claude Code's notification for one background subagent in a prompt it is
 * submitting (UserPromptSubmit carries the notification as the prompt): the
 * notification reaching the conversation now, before the transcript may show it.
 */
export function promptNotification(prompt: string | null, agentId: string): TaskNotification | null {
  if (!prompt || !prompt.includes(agentId)) return null;
  const statuses = notificationStatuses(prompt, agentId);
  if (statuses.length === 0) return null;
  return { kind: 'delivered', status: statuses.includes('completed') ? 'completed' : statuses.at(-1)! };
}

/**
 * Codex (0.169.0) tells the parent thread that a subagent reached a final
 * status with a user message in its conversation, recorded in its rollout
 * (the transcript_path of its hooks) as a `response_item`:
 * `<subagent_notification>{"agent_path":"<agent id>","status":{"completed":"<final message>"}}</subagent_notification>`.
 * The status key (`completed`, `errored`, `shutdown`, …) of the one naming this agent, or null.
 */
export function codexNotificationStatus(line: string, agentId: string): string | null {
  let entry: { type?: unknown; payload?: { role?: unknown; content?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return null;
  }
  if (entry.type !== 'response_item' || entry.payload?.role !== 'user' || !Array.isArray(entry.payload.content)) return null;
  for (const part of entry.payload.content as { text?: unknown }[]) {
    if (typeof part?.text !== 'string') continue;
    for (const m of part.text.matchAll(/<subagent_notification>([\s\S]*?)<\/subagent_notification>/g)) {
      try {
        const note = JSON.parse(m[1]!.trim()) as { agent_path?: unknown; status?: unknown };
        if (note.agent_path !== agentId || !note.status || typeof note.status !== 'object') continue;
        const key = Object.keys(note.status)[0];
        if (key) return key === 'completed' ? 'completed' : key.toLowerCase();
      } catch {
        // not JSON
      }
    }
  }
  return null;
}

/** The `<status>` of each notification in a transcript line (or a prompt) that names the agent as its `<task-id>`. */
function notificationStatuses(line: string, agentId: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/<task-notification>([\s\S]*?)<\/task-notification>/g)) {
    const body = m[1]!;
    if (/<task-id>([^<]*)<\/task-id>/.exec(body)?.[1]?.trim() !== agentId) continue;
    const status = /<status>([^<]*)<\/status>/.exec(body)?.[1]?.trim().toLowerCase();
    if (status) out.push(status);
  }
  return out;
}

/** The last assistant message's text in a transcript, or null. */
export function lastAssistantText(path: string): string | null {
  const text = readTail(path);
  if (text === null) return null;
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!line.includes('"assistant"')) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const said = assistantText(entry);
    if (said !== null) return said;
  }
  return null;
}

function assistantText(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as { type?: unknown; message?: { role?: unknown; content?: unknown } };
  if (e.type !== 'assistant' && e.message?.role !== 'assistant') return null;
  const content = e.message?.content;
  if (typeof content === 'string') return content.trim() || null;
  if (!Array.isArray(content)) return null;
  const text = content
    .filter((b): b is { type: 'text'; text: string } => !!b && typeof b === 'object' && (b as { type?: unknown }).type === 'text' && typeof (b as { text?: unknown }).text === 'string')
    .map((b) => b.text)
    .join('\n')
    .trim();
  return text || null;
}

function readTail(path: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    const read = readSync(fd, buf, 0, length, size - length);
    return buf.subarray(0, read).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
