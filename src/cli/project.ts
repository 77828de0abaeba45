import { loadConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { Ledger, ledgerDirExists } from '../ledger/ledger.js';
import { findProjectRoot } from '../ledger/project-root.js';

/** The project a CLI command works on: found from the working directory like the hooks do. */
export function projectRoot(): string {
  return findProjectRoot(process.cwd(), process.env);
}

export async function withLedger<T>(
  opts: { create: boolean },
  fn: (ledger: Ledger, ctx: { root: string; config: Config }) => Promise<T> | T,
): Promise<T> {
  const root = projectRoot();
  const config = await loadConfig(root);
  const ledger = await Ledger.open(root, { create: opts.create });
  try {
    return await fn(ledger, { root, config });
  } finally {
    ledger.close();
  }
}

export { ledgerDirExists };
