/**
 * The two facts the watchdog reads from Claude Code's transcripts (JSON lines),
 * only for a run that is about to be recovered, never on the ordinary hook path:
 *
 * - did the main conversation receive the background subagent's completion
 *   notification (`<task-notification>` naming the agent, status completed)?
 *   Then its result was delivered by the normal path and recovery must not
 *   deliver it again;
 * - the subagent's last assistant text, from its own transcript, when its
 *   SubagentStop carried no final message (the history fetch proper).
 *
 * Only the tail of a transcript is read; a missing or unreadable file is "not known".
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const TAIL_BYTES = 8 * 1024 * 1024;

/** True when the transcript holds a final task notification (completed, failed or killed) for this agent. */
export function transcriptShowsCompletion(path: string, agentId: string): boolean {
  const text = readTail(path);
  if (text === null || !text.includes(agentId)) return false;
  for (const line of text.split('\n')) {
    if (line.includes('task-notification') && line.includes(agentId) && /\b(completed|failed|killed)\b/.test(line)) return true;
  }
  return false;
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
