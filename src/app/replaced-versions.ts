import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase } from '../ledger/driver.js';
import { LEDGER_DIR } from '../ledger/ledger-dir.js';
import { sha256 } from '../util/sha256.js';

/**
 * Every version of a file that continuity replaces or removes (a guarded
 * file put back, a hook wiring file repaired) is kept first, beside the
 * ledger in `.continuity/replaced/`, where the wall already keeps the agent
 * out: nothing continuity takes away is gone. The event that recorded the
 * put-back names each kept version (`replacedVersions`: path, file, sha256),
 * and `continuity config restore` lists and writes them back.
 */
export const REPLACED_DIR = 'replaced';

export interface KeptVersion {
  /** The guarded file, as the snapshots name it (relative to the project, or absolute). */
  path: string;
  /** The kept copy, relative to the project. */
  file: string;
  sha256: string;
  at: string;
  /** Why it was replaced: `put back`, `repaired`, `restored by a person`. */
  why: string;
}

/** `.claude/settings.json` → `.claude_settings.json`; an absolute path keeps its folders in the name too. */
const flat = (path: string) => path.replace(/^\/+/, '').replace(/[/\\]+/g, '_').replace(/[^\w.@-]/g, '-').slice(-120);

/**
 * Keeps `content` (the file's present version) and returns where. Written to
 * a temporary name and renamed, so a kept version is whole or absent; a
 * version already kept (same content, same moment) is not written twice.
 */
export function keepVersion(root: string, path: string, content: string, at: string, why: string): KeptVersion {
  const digest = sha256(content);
  const dir = join(root, LEDGER_DIR, REPLACED_DIR);
  mkdirSync(dir, { recursive: true });
  const name = `${at.replace(/[:.]/g, '-')}-${digest.slice(0, 12)}-${flat(path)}`;
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, join(dir, name));
  return { path, file: `${LEDGER_DIR}/${REPLACED_DIR}/${name}`, sha256: digest, at, why };
}

/** Every kept version the ledger recorded, newest first. */
export function keptVersions(db: SqlDatabase): (KeptVersion & { eventId: number })[] {
  const rows = db.all<{ id: number; decision: string | null }>(`SELECT id, decision FROM events WHERE decision LIKE '%"replacedVersions":[{%' ORDER BY id DESC`);
  const out: (KeptVersion & { eventId: number })[] = [];
  for (const r of rows) {
    let decision: unknown;
    try {
      decision = JSON.parse(r.decision ?? 'null');
    } catch {
      continue;
    }
    for (const k of listsIn(decision).reverse()) {
      const v = k as Partial<KeptVersion>;
      if (typeof v.path === 'string' && typeof v.file === 'string' && typeof v.sha256 === 'string' && typeof v.at === 'string') out.push({ path: v.path, file: v.file, sha256: v.sha256, at: v.at, why: typeof v.why === 'string' ? v.why : '', eventId: Number(r.id) });
    }
  }
  return out;
}

/** Every `replacedVersions` entry in a decision, wherever a rule put it (a hook's decision nests each rule's under `rules`). */
function listsIn(value: unknown, depth = 0): unknown[] {
  if (!value || typeof value !== 'object' || depth > 4) return [];
  const o = value as Record<string, unknown>;
  if (Array.isArray(o.replacedVersions)) return [...o.replacedVersions];
  return Object.values(o).flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? listsIn(v, depth + 1) : []));
}

/** A kept version's content, only when it is still what the ledger recorded (its sha256): else null. */
export function readKept(root: string, v: Pick<KeptVersion, 'file' | 'sha256'>): string | null {
  if (!v.file.startsWith(`${LEDGER_DIR}/${REPLACED_DIR}/`) || v.file.includes('..')) return null;
  try {
    const text = readFileSync(join(root, v.file), 'utf8');
    return sha256(text) === v.sha256 ? text : null;
  } catch {
    return null;
  }
}
