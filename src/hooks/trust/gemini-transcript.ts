/**
 * Gemini CLI's record of a session (0.61.0, observed): a JSON-lines file
 * under `~/.gemini/tmp/<project>/chats/` whose first line, written when the
 * session starts and before its first prompt's BeforeAgent, names the
 * session (`{"sessionId": …, "projectHash": …, "startTime": …}`). A tool
 * call is written into it only once it has finished, so it cannot tell a
 * running call (the ledger's paired events do: src/domain/tool-pairing.ts);
 * what it can tell is whether the event's session is one the client
 * started. The path comes from the payload: opened as untrusted, without
 * following a link, without blocking on a FIFO.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { TranscriptFacts } from '../../domain/human-turn.js';

const HEAD = 4096;

export function geminiTranscriptFacts(path: string | undefined, sessionId: string): TranscriptFacts {
  if (!path) return { kind: 'unreadable', why: 'the event names no transcript, and Gemini CLI names one in every event' };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'unreadable', why: `${path} does not exist, and Gemini CLI writes it when the session starts, before its first prompt` };
    return { kind: 'unreadable', why: code === 'ELOOP' ? 'it is a symbolic link' : code ?? 'error' };
  }
  try {
    if (!fstatSync(fd).isFile()) return { kind: 'unreadable', why: 'it is not a regular file' };
    const buf = Buffer.alloc(HEAD);
    const head = buf.subarray(0, readSync(fd, buf, 0, HEAD, 0)).toString('utf8');
    const named = sessionNamed(head);
    if (named === null) return { kind: 'unreadable', why: 'it is not a Gemini CLI session record (no sessionId at its start)' };
    if (named !== sessionId) return { kind: 'unreadable', why: `it is the record of another session (${named})` };
    return { kind: 'read', last: 'none', toolUses: new Map(), toolResults: new Set() };
  } finally {
    closeSync(fd);
  }
}

/** The session a record's first line names (its JSON, or the field in the first bytes of an older single-JSON file). */
export function sessionNamed(head: string): string | null {
  try {
    const first = JSON.parse(head.split('\n', 1)[0]!) as { sessionId?: unknown };
    if (typeof first.sessionId === 'string') return first.sessionId;
  } catch {
    // not one JSON line: an older whole-JSON record, or not a record
  }
  return /^\s*\{\s*"sessionId"\s*:\s*"([^"\\]+)"/.exec(head)?.[1] ?? null;
}
