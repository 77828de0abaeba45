/**
 * What the OpenClaw plugin must still know after the gateway restarts: which
 * runs are continuity's own, held stops not yet taken up, each child's
 * requester, each session's workspace, which children's results OpenClaw
 * already put before the model, and which words were already sent to the
 * person. One small JSON file in OpenClaw's state folder (hidden from the
 * agent's commands by continuity's wall, like the gateway's config), written
 * whole to a temporary file and renamed over the old one, so a gateway
 * killed mid-write leaves the old state or the new, never half of one.
 *
 * Bounded: each table keeps its newest entries only (a long-lived gateway
 * must not grow the file, which is rewritten on every change).
 */
import { openClawStateDir as stateDirAsOpenClaw } from './config-path.js';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import * as v from 'valibot';
import { describeIssue } from '../../util/validation.js';

/** Most entries a table keeps (the oldest go first). */
export const STORE_LIMIT = 256;

const Owed = v.object({
  sessionKey: v.string(),
  cwd: v.string(),
  reason: v.string(),
  /** When the stop was held. */
  at: v.string(),
  /** `held`: the run has not ended; `started`: a turn was started with it and has not opened yet. */
  state: v.picklist(['held', 'started']),
  continuationKey: v.optional(v.string()),
});
export type StoredOwed = v.InferOutput<typeof Owed>;

const Schema = v.object({
  version: v.literal(1),
  workspaces: v.record(v.string(), v.string()),
  ownRuns: v.array(v.string()),
  owed: v.record(v.string(), Owed),
  children: v.record(v.string(), v.string()),
  announces: v.record(v.string(), v.string()),
  /** A child's session key → when its result was first seen in its requester's context (OpenClaw's own delivery). */
  shown: v.record(v.string(), v.string()),
  /** Keys of the words already sent to the person (never sent twice). */
  told: v.array(v.string()),
});
export type StoredMemory = v.InferOutput<typeof Schema>;

export const emptyStore = (): StoredMemory => ({ version: 1, workspaces: {}, ownRuns: [], owed: {}, children: {}, announces: {}, shown: {}, told: [] });

/**
 * OpenClaw's state folder, as OpenClaw finds it (config-path.ts), from what
 * the environment names only: a process without a home of its own keeps no
 * store (it ends with its runs). Null when the environment names none.
 */
export function openClawStateDir(env: NodeJS.ProcessEnv): string | null {
  return stateDirAsOpenClaw(env, env.HOME?.trim() || null);
}

/** The plugin's store in OpenClaw's state folder. */
export function storePathIn(stateDir: string): string {
  return join(stateDir, 'continuity', 'openclaw-plugin-state.json');
}

export type LoadOutcome = { ok: true; memory: StoredMemory; found: boolean } | { ok: false; memory: StoredMemory; error: string };

/** Reads the store; a missing file is an empty store, an unreadable one is said (and an empty store used). */
export function loadStore(path: string): LoadOutcome {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, memory: emptyStore(), found: false };
    return { ok: false, memory: emptyStore(), error: `${path} could not be read: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, memory: emptyStore(), error: `${path} is not JSON` };
  }
  const parsed = v.safeParse(Schema, json);
  if (!parsed.success) return { ok: false, memory: emptyStore(), error: `${path}: ${describeIssue(parsed.issues)}` };
  return { ok: true, memory: parsed.output, found: true };
}

/** Keeps the newest `limit` entries of a table (insertion order is age order). */
function newest<T>(entries: [string, T][], limit: number): Record<string, T> {
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - limit)));
}

/** The store as it is written: every table cut to its newest STORE_LIMIT entries. */
export function bounded(m: StoredMemory, limit = STORE_LIMIT): StoredMemory {
  return {
    version: 1,
    workspaces: newest(Object.entries(m.workspaces), limit),
    ownRuns: m.ownRuns.slice(-limit),
    owed: newest(Object.entries(m.owed), limit),
    children: newest(Object.entries(m.children), limit),
    announces: newest(Object.entries(m.announces), limit),
    shown: newest(Object.entries(m.shown), limit),
    told: m.told.slice(-limit),
  };
}

/** Writes the store whole: a temporary file beside it, flushed, then renamed over it. */
export function saveStore(path: string, m: StoredMemory): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(bounded(m))}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
