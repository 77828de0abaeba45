import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  return OWN_ENTRIES.has(name) || /^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(name) || /^\.state\.json\.\d+$/.test(name);
}

const OWN_ENTRIES = new Set([LEDGER_FILE, 'state.json', 'spool', CONFIG_FILE, 'init-record.json']);

/** Entries of LEDGER_DIR that continuity did not put there. */
export function strangersInLedgerDir(root: string): string[] {
  try {
    return readdirSync(join(root, LEDGER_DIR)).filter((n) => !isOwnLedgerEntry(n));
  } catch {
    return [];
  }
}
