import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { changedParts, describeRunsLater, fingerprintOf, RUNS_LATER_DIRS, RUNS_LATER_FILES, runsLater, type RunsLaterChange, type RunsLaterPrint } from '../domain/runs-later.js';
import { LEDGER_DIR } from '../ledger/ledger-dir.js';
import { readRunsLaterState, writeRunsLaterState, type RunsLaterSession } from '../ledger/runs-later-store.js';
import { sha256 } from '../util/sha256.js';
import type { RunsLaterView } from './snapshot.js';

/** Larger files are digested by their size and time only: no hook, script or task file is this big, and reading one would cost every Stop. */
const MAX_READ = 1 << 20;

/** The fingerprint, and each file's stamp (inode, size, modification and change times) when it was read. */
export interface RunsLaterRead {
  print: RunsLaterPrint;
  stamps: Record<string, string>;
}

/**
 * The fingerprint of what runs later in the project as it is now: a stat of
 * each file of a short fixed list and of `.husky/`; a file is read and
 * digested only when its stamp differs from the one `known` was read with.
 * The stamp holds the change time, which no process can set back (unlike the
 * modification time, `touch -d`): a file whose stamp is the same has not
 * been written since. So a Stop with nothing changed reads no file and
 * hashes nothing.
 */
export function readRunsLater(root: string, known?: RunsLaterRead): RunsLaterRead {
  const paths = [...RUNS_LATER_FILES];
  for (const dir of RUNS_LATER_DIRS) {
    let names: string[];
    try {
      // Most projects have no .husky: a stat that throws nothing says so, before a listing that would.
      if (!statSync(join(root, dir), { throwIfNoEntry: false })?.isDirectory()) continue;
      names = readdirSync(join(root, dir));
    } catch {
      continue;
    }
    for (const name of names) if (runsLater(`${dir}/${name}`)) paths.push(`${dir}/${name}`);
  }
  const print: RunsLaterPrint = {};
  const stamps: Record<string, string> = {};
  const read: { path: string; text: string }[] = [];
  for (const path of paths) {
    // Most of the list is absent in any one project: no exception is built for each (they cost more than the stat).
    let st;
    try {
      st = statSync(join(root, path), { bigint: true, throwIfNoEntry: false });
    } catch {
      continue;
    }
    if (!st?.isFile()) continue;
    const stamp = `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    stamps[path] = stamp;
    if (known && known.stamps[path] === stamp) {
      for (const [key, part] of Object.entries(known.print)) if (key === path || key.startsWith(`${path}#`)) print[key] = part;
      continue;
    }
    try {
      read.push({ path, text: st.size > MAX_READ ? `(size ${st.size}, modified ${st.mtimeNs})` : readFileSync(join(root, path), 'utf8') });
    } catch {
      delete stamps[path];
    }
  }
  return { print: { ...print, ...fingerprintOf(read, (t) => sha256(t)) }, stamps };
}

/** The fingerprint alone, every file read. */
export function readRunsLaterPrint(root: string): RunsLaterPrint {
  return readRunsLater(root).print;
}

/** At a session's start (or the first Stop of a session whose start no hook saw): the fingerprint the session's changes are told against. Kept once per session: a resume or a compaction keeps the first. */
export function takeRunsLaterBaseline(root: string, sessionId: string, now: string): void {
  const dir = join(root, LEDGER_DIR);
  const state = readRunsLaterState(dir);
  if (state.sessions.some((s) => s.id === sessionId)) return;
  const { print, stamps } = readRunsLater(root);
  writeRunsLaterState(dir, { v: 1, sessions: [...state.sessions, { id: sessionId, at: now, base: print, stamps, said: {} }] });
}

/**
 * A file tool wrote a file that runs later, in a session whose start no hook
 * saw (a client that has no session start, continuity enabled mid-session):
 * the fingerprint is taken now, with that file's parts marked unknown before
 * the write, so the session's Stop names them as changed in this session.
 * A session with a fingerprint already needs nothing: its Stop compares.
 */
export function noteRunsLaterWrite(root: string, sessionId: string, path: string, now: string): void {
  if (!runsLater(path)) return;
  const dir = join(root, LEDGER_DIR);
  const state = readRunsLaterState(dir);
  if (state.sessions.some((s) => s.id === sessionId)) return;
  const { print: base, stamps } = readRunsLater(root);
  for (const [key, part] of Object.entries(base)) if (key === path || key.startsWith(`${path}#`)) base[key] = { ...part, digest: '' };
  // Without its stamp, the written file is read again at the Stop rather than taken as the unknown it was marked.
  delete stamps[path];
  writeRunsLaterState(dir, { v: 1, sessions: [...state.sessions, { id: sessionId, at: now, base, stamps, said: {} }] });
}

export interface RunsLaterAtStop {
  changes: RunsLaterChange[];
  /** The facts for the person. */
  words: string;
  /** Marks the changes said (after the Stop's event is recorded), so each content is named once. */
  said: () => void;
}

/** At a Stop: what this session changed that runs later and has not been named yet, or null. */
export function runsLaterAtStop(root: string, sessionId: string, now: string): RunsLaterAtStop | null {
  const dir = join(root, LEDGER_DIR);
  const state = readRunsLaterState(dir);
  const session = state.sessions.find((s) => s.id === sessionId);
  if (!session) {
    takeRunsLaterBaseline(root, sessionId, now);
    return null;
  }
  const current = readRunsLater(root, { print: session.base, stamps: session.stamps ?? {} }).print;
  const changes = changedParts(session.base, current).filter((c) => session.said[c.key] !== c.digest);
  if (!changes.length) return null;
  return {
    changes,
    words: describeRunsLater(changes, 'in this session'),
    said: () => {
      // After the Stop's event is recorded: a failure here only means the words are said again at the next Stop.
      try {
        const fresh = readRunsLaterState(dir);
        const mine = fresh.sessions.find((s) => s.id === sessionId);
        if (!mine) return;
        for (const c of changes) mine.said[c.key] = c.digest;
        writeRunsLaterState(dir, fresh);
      } catch (err) {
        process.stderr.write(`continuity: what runs later could not be marked said: ${(err as Error).message.split('\n')[0]}\n`);
      }
    },
  };
}


/**
 * For `status`: what runs later and differs from a recorded session's start.
 * The latest session's changes, whatever they are (it may still be running);
 * an earlier session's only while the part is as that session left it when
 * its Stop named it (a later change is the person's or another session's).
 * Each part once, under the latest session that changed it.
 */
export function runsLaterForStatus(root: string): RunsLaterView[] {
  const sessions = readRunsLaterState(join(root, LEDGER_DIR)).sessions;
  if (!sessions.length) return [];
  const now = readRunsLaterPrint(root);
  const seen = new Map<string, RunsLaterView>();
  const newestFirst = [...sessions].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  newestFirst.forEach((s: RunsLaterSession, i) => {
    for (const c of changedParts(s.base, now)) {
      if (seen.has(c.key)) continue;
      if (i === 0 || s.said[c.key] === c.digest) seen.set(c.key, { path: c.path, part: c.part, when: c.when, new: c.new, sessionId: s.id, since: s.at, latest: i === 0 });
    }
  });
  return [...seen.values()];
}
