import { existsSync } from 'node:fs';
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
