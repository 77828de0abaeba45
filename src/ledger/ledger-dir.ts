import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The project's continuity folder; its presence means continuity is enabled there. */
export const LEDGER_DIR = '.continuity';
export const LEDGER_FILE = 'ledger.db';
/** The config, inside LEDGER_DIR. */
export const CONFIG_FILE = 'config.json';

/** True when the project has a `.continuity/` directory (continuity is enabled there). */
export function ledgerDirExists(root: string): boolean {
  return existsSync(join(root, LEDGER_DIR));
}
