import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase } from './driver.js';

/**
 * The key the ledger's redaction markers are digested under
 * (src/ledger/redact.ts): 32 random bytes, made once per ledger folder and
 * kept in it, never in the ledger itself, so neither the events nor the
 * recovery copy of the ledger in the person's home folder carry it. A
 * ledger put back from that copy after its folder was lost gets a new key:
 * the same secret is then marked differently before and after.
 */
export const REDACTION_KEY_FILE = 'redaction.key';

const KEY = /^[0-9a-f]{64}$/;
const byDir = new Map<string, string>();
/**
 * The folder is kept on the connection itself under a registered symbol, not
 * in a module's WeakMap: the hook's bundle loads its deciders as separate
 * files (dist/hook-lazy/), each with its own copy of this module, and the
 * connection is the one thing they all share.
 */
const DIR = Symbol.for('continuity.redaction-dir');
type Keyed = SqlDatabase & { [DIR]?: string };

function readKey(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return KEY.test(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The key of the ledger in this folder, made if there is none. Made aside and
 * linked into place, so parallel hooks making it at once all end with the
 * one that won. A folder no key can be written to (a read-only copy) gives
 * the empty key: secrets are still never stored, their markers are only as
 * guessable as a bare digest's.
 */
export function redactionKey(ledgerDir: string): string {
  const known = byDir.get(ledgerDir);
  if (known !== undefined) return known;
  const path = join(ledgerDir, REDACTION_KEY_FILE);
  let key = readKey(path);
  if (key === null) {
    const bytes = new Uint8Array(32);
    globalThis.crypto.getRandomValues(bytes);
    const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const aside = join(ledgerDir, `.${REDACTION_KEY_FILE}.${process.pid}`);
    try {
      writeFileSync(aside, `${made}\n`, { mode: 0o600 });
      try {
        linkSync(aside, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        unlinkSync(aside);
      }
      key = readKey(path);
    } catch {
      key = null;
    }
  }
  byDir.set(ledgerDir, key ?? '');
  return key ?? '';
}

/** Names the folder whose key redacts what is written through this connection (src/ledger/ledger.ts, at open). */
export function keyRedactionOf(db: SqlDatabase, ledgerDir: string): void {
  (db as Keyed)[DIR] = ledgerDir;
}

/** The key for what is written through this connection ('' for a database no ledger opened: tests' own). */
export function redactionKeyOf(db: SqlDatabase): string {
  const dir = (db as Keyed)[DIR];
  return dir === undefined ? '' : redactionKey(dir);
}
