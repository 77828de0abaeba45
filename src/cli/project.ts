import { loadConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { Ledger, ledgerDirExists } from '../ledger/ledger.js';
import { findProjectRoot } from '../ledger/project-root.js';
import { saveHotState } from '../app/hot-state.js';
import { agentShellMarker } from './agent-shell.js';

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
    const result = await fn(ledger, { root, config });
    // What the hooks read before deciding whether to open the ledger. A person's
    // own edits of guarded files (config.json) are adopted; an agent's never are.
    saveHotState(ledger, config, { adopt: agentShellMarker() === null });
    return result;
  } finally {
    ledger.close();
  }
}

export { ledgerDirExists };
