/**
 * A client's record of the session, at the path its payload names: opened
 * as untrusted (without following a link, without blocking on a FIFO), a
 * regular file only, then read by the client's own reader and closed. An
 * absent file is the record not written yet, not an error.
 */
import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';
import type { TranscriptFacts } from '../../domain/human-turn.js';

export function readTranscriptFile(path: string | undefined, read: (fd: number, st: Stats) => TranscriptFacts): TranscriptFacts {
  if (!path) return { kind: 'absent' };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'absent' } : { kind: 'unreadable', why: code === 'ELOOP' ? 'it is a symbolic link' : code ?? 'error' };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'unreadable', why: 'it is not a regular file' };
    return read(fd, st);
  } finally {
    closeSync(fd);
  }
}
