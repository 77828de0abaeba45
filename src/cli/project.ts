import { loadConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { Ledger, ledgerDirExists } from '../ledger/ledger.js';
import { ledgerAccess } from '../ledger/ledger-dir.js';
import { findProjectRoot } from '../ledger/project-root.js';
import { saveHotState } from '../app/hot-state.js';

/** The project a CLI command works on: found from the working directory like the hooks do. */
export function projectRoot(): string {
  return findProjectRoot(process.cwd(), process.env);
}

export interface LedgerContext {
  root: string;
  config: Config;
  /**
   * The ledger is read-only to this process: it runs inside the agent's OS
   * sandbox (the wall). `ledger` is then a private copy, and nothing written
   * to it reaches the project's ledger.
   */
  walled: boolean;
}

export async function withLedger<T>(opts: { create: boolean; adopt?: boolean | ReadonlySet<string> }, fn: (ledger: Ledger, ctx: LedgerContext) => Promise<T> | T): Promise<T> {
  const root = projectRoot();
  const config = await loadConfig(root);
  const walled = ledgerAccess(root) === 'read-only';
  const ledger = await Ledger.open(root, { create: opts.create, copy: walled });
  try {
    const result = await fn(ledger, { root, config, walled });
    // What the hooks read before deciding whether to open the ledger. An edit of a
    // guarded file is adopted only when a person's command says so (config accept, init).
    if (!walled) saveHotState(ledger, config, { adopt: opts.adopt ?? false });
    // What the command recorded goes to the shared ledger by the sync process, woken (or started) here.
    if (!walled && config.shared) (await import('../hooks/shared-exchange.js')).wakeSync(root, process.env);
    return result;
  } finally {
    ledger.close();
  }
}

export { ledgerDirExists };
