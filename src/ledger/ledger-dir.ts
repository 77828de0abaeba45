import { accessSync, chmodSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REDACTION_KEY_FILE } from './redaction-key.js';
import { RUNS_LATER_FILE } from './runs-later-store.js';

/** The project's continuity folder; its presence means continuity is enabled there. */
export const LEDGER_DIR = '.continuity';
export const LEDGER_FILE = 'ledger.db';
/** The config, inside LEDGER_DIR. */
export const CONFIG_FILE = 'config.json';
/**
 * Where the agent's own continuity commands leave their requests when the
 * ledger is read-only to them (inside the agent's OS sandbox, which denies
 * writes to LEDGER_DIR): beside the ledger, never inside it, so the sandbox
 * lets them write it. The next hook takes each request in (src/app/inbox.ts).
 */
export const INBOX_DIR = '.continuity-inbox';

/** True when the project has a `.continuity/` directory (continuity is enabled there). */
export function ledgerDirExists(root: string): boolean {
  return existsSync(join(root, LEDGER_DIR));
}

/**
 * Can this process write continuity's folder? `read-only` is what every
 * command run inside the agent's OS sandbox sees (the sandbox denies writes
 * to it; a folder that did not exist is a placeholder there, not a folder).
 */
export type LedgerAccess = 'absent' | 'writable' | 'read-only';

export function ledgerAccess(root: string): LedgerAccess {
  const dir = join(root, LEDGER_DIR);
  try {
    if (!statSync(dir).isDirectory()) return 'read-only';
  } catch {
    return 'absent';
  }
  try {
    accessSync(dir, constants.W_OK);
    return 'writable';
  } catch {
    return 'read-only';
  }
}

/**
 * What continuity itself keeps in LEDGER_DIR. Anything else appeared there
 * through something other than continuity (a write through a symbolic link
 * into the folder, say) and is taken out after the tool call that made it.
 */
export function isOwnLedgerEntry(name: string): boolean {
  return OWN_ENTRIES.has(name) || /^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(name) || /^\.state\.json\.\d+$/.test(name) || /^\.redaction\.key\.\d+$/.test(name) || /^\.runs-later\.json\.\d+$/.test(name);
}

const OWN_ENTRIES = new Set([LEDGER_FILE, 'state.json', 'spool', CONFIG_FILE, 'init-record.json', 'replaced', REDACTION_KEY_FILE, RUNS_LATER_FILE]);

/** Entries of LEDGER_DIR that continuity did not put there. */
export function strangersInLedgerDir(root: string): string[] {
  try {
    return readdirSync(join(root, LEDGER_DIR)).filter((n) => !isOwnLedgerEntry(n));
  } catch {
    return [];
  }
}

/**
 * Where continuity's folder or ledger file is read-only to its own owner
 * (`chmod 555 .continuity`: the agent, where no sandbox stands, trying to
 * make every hook believe it runs inside the wall), the owner's write
 * permission is put back and what it was is returned. Inside the agent's
 * sandbox the folder is a read-only mount: chmod fails there (EROFS) and
 * null is returned, as when nothing had to change.
 */
export function reclaimWrite(path: string): string | null {
  try {
    accessSync(path, constants.W_OK);
    return null;
  } catch {
    // not writable: put back below, if it is ours to put back
  }
  try {
    const mode = statSync(path).mode & 0o7777;
    chmodSync(path, mode | (statSync(path).isDirectory() ? 0o700 : 0o600));
    accessSync(path, constants.W_OK);
    return mode.toString(8).padStart(4, '0');
  } catch {
    return null;
  }
}
