/**
 * `continuity gc`'s shell: the records continuity keeps in its state home
 * (recovery copies, guarded-workspace records), each judged by
 * src/domain/recovery-gc.ts, and removed when the verdict says so.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { wiresContinuity } from './wiring-files.js';
import { copyVerdict, recordVerdict, type GcVerdict } from '../domain/recovery-gc.js';
import { LEDGER_DIR, LEDGER_FILE } from '../ledger/ledger-dir.js';
import { rootIdOf, stateHome } from '../ledger/recovery-copy.js';

export interface GcItem {
  kind: 'recovery-copy' | 'guarded-record';
  path: string;
  /** The project the record is of, as it names it (null: unreadable). */
  root: string | null;
  bytes: number;
  verdict: GcVerdict;
}

function sizeOf(path: string): number {
  try {
    const st = statSync(path);
    if (!st.isDirectory()) return st.size;
    return readdirSync(path).reduce((n, name) => n + sizeOf(join(path, name)), 0);
  } catch {
    return 0;
  }
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Every record in the state home, with its verdict. Reads only. */
export function surveyState(env: NodeJS.ProcessEnv, nowMs: number): GcItem[] {
  const home = stateHome(env);
  const items: GcItem[] = [];
  const projects = join(home, 'projects');
  for (const name of existsSync(projects) ? readdirSync(projects) : []) {
    const dir = join(projects, name);
    const head = readJson(join(dir, 'head.json'));
    const root = typeof head?.root === 'string' ? head.root : null;
    // A copy whose head cannot be read is one being written, or broken: it is left alone (never a live project's by mistake).
    if (!root) continue;
    const rootExists = existsSync(root);
    const verdict = copyVerdict(
      {
        rootExists,
        sameFolder: rootExists && rootIdOf(root) === head!.rootId,
        ledger: rootExists && existsSync(join(root, LEDGER_DIR, LEDGER_FILE)),
        wiring: rootExists && wiresContinuity(root),
        renewedAtMs: Date.parse(String(head!.at)),
      },
      nowMs,
    );
    items.push({ kind: 'recovery-copy', path: dir, root, bytes: sizeOf(dir), verdict });
  }
  const guarded = join(home, 'guarded');
  for (const name of existsSync(guarded) ? readdirSync(guarded).filter((n) => n.endsWith('.json')) : []) {
    const path = join(guarded, name);
    const root = readJson(path)?.root;
    if (typeof root !== 'string') continue; // unreadable: it still says the workspace was guarded
    items.push({ kind: 'guarded-record', path, root, bytes: sizeOf(path), verdict: recordVerdict(existsSync(root)) });
  }
  return items;
}

/** Removes what the survey says may go; returns what was removed. */
export function collectGarbage(env: NodeJS.ProcessEnv, nowMs: number): GcItem[] {
  const removed: GcItem[] = [];
  for (const item of surveyState(env, nowMs)) {
    if (!item.verdict.remove) continue;
    rmSync(item.path, { recursive: true, force: true });
    removed.push(item);
  }
  return removed;
}

const SWEEP_STAMP = 'gc.last';
const SWEEP_EVERY_MS = 86_400_000;

/**
 * The sweep the person's commands run on their own, at most once a day (a
 * stamp file in the state home says when it last ran). Never throws: a
 * command is not failed for the state home's housekeeping.
 */
export function sweepIfDue(env: NodeJS.ProcessEnv, nowMs: number): GcItem[] {
  const stamp = join(stateHome(env), SWEEP_STAMP);
  try {
    if (nowMs - statSync(stamp).mtimeMs < SWEEP_EVERY_MS) return [];
  } catch {
    // never swept
  }
  try {
    const removed = collectGarbage(env, nowMs);
    if (existsSync(stateHome(env))) writeFileSync(stamp, new Date(nowMs).toISOString());
    return removed;
  } catch {
    return [];
  }
}
