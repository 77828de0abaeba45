import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INBOX_DIR } from './ledger-dir.js';

/**
 * The inbox: request files the agent's own continuity commands leave when the
 * ledger is read-only to them (inside the agent's OS sandbox). It sits beside
 * `.continuity/`, in the project, because that is what every agent's sandbox
 * lets the agent write. Anything the agent runs can write here, so a file is
 * only ever a request: the hook validates it and takes in only what the
 * agent is entitled to do anyway (src/app/take-inbox.ts).
 *
 * Reading is defensive: the folder must be a real folder (not a symbolic
 * link), a request a regular file of bounded size opened without following
 * links and without blocking (a FIFO would hang the hook).
 */

/** A request file larger than this is not read. */
export const MAX_REQUEST_BYTES = 256 * 1024;
/** Requests taken in by one hook call; the rest wait for the next. */
export const MAX_REQUESTS_PER_CALL = 50;

/** Requests waiting, oldest first (file names sort by time). Cheap: one readdir, usually of nothing. */
export function pendingRequests(root: string): string[] {
  const dir = join(root, INBOX_DIR);
  try {
    // Most calls find no inbox: a stat that throws nothing says so, far cheaper than the error a listing throws (at every hook call).
    if (!statSync(dir, { throwIfNoEntry: false })) return [];
    return readdirSync(dir)
      .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
      .sort()
      .slice(0, MAX_REQUESTS_PER_CALL);
  } catch {
    return [];
  }
}

/** Why the inbox itself cannot be trusted (a link, a file), or null. */
export function inboxProblem(root: string): string | null {
  try {
    const st = lstatSync(join(root, INBOX_DIR));
    if (st.isSymbolicLink()) return `${INBOX_DIR} is a symbolic link`;
    if (!st.isDirectory()) return `${INBOX_DIR} is not a folder`;
    return null;
  } catch {
    return null;
  }
}

export type ReadRequest = { ok: true; text: string } | { ok: false; why: string };

/** One request file's text, read without following links or blocking. */
export function readRequest(root: string, name: string): ReadRequest {
  const path = join(root, INBOX_DIR, name);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, why: code === 'ELOOP' ? 'it is a symbolic link' : `it cannot be read (${code ?? 'error'})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, why: 'it is not a regular file' };
    if (st.size > MAX_REQUEST_BYTES) return { ok: false, why: `it is larger than ${MAX_REQUEST_BYTES} bytes` };
    const buf = Buffer.alloc(st.size);
    let read = 0;
    while (read < st.size) {
      const n = readSync(fd, buf, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { ok: true, text: buf.subarray(0, read).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/** Removes a request that was taken in (or refused); gone already is fine. */
export function removeRequest(root: string, name: string): void {
  try {
    unlinkSync(join(root, INBOX_DIR, name));
  } catch {
    // taken by a concurrent hook
  }
}

/**
 * Leaves a request (written aside, then renamed into place, so a reader sees
 * it whole or not at all). The folder ignores itself in git, so nothing
 * continuity writes there shows up as a change of the project.
 */
export function writeRequest(root: string, record: { at: string; [key: string]: unknown }): string {
  const dir = join(root, INBOX_DIR);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, '.gitignore'), '*\n', { flag: 'wx' });
  } catch {
    // already there
  }
  const name = `${record.at.replace(/[-:.]/g, '')}-${process.pid}-${Math.random().toString(36).slice(2, 10)}.json`;
  writeFileSync(join(dir, `.${name}`), JSON.stringify(record));
  renameSync(join(dir, `.${name}`), join(dir, name));
  return name;
}
