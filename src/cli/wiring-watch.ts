import { join } from 'node:path';
import { readHotState } from '../ledger/hot-state.js';
import { LEDGER_DIR, ledgerAccess } from '../ledger/ledger-dir.js';
import { findProjectRoot } from '../ledger/project-root.js';
import { wiringChanged } from '../hooks/rules/guard-wants.js';

/** Commands that change the wiring themselves (init, config accept), check it (doctor), or are a hook call (the hook does it). */
const NOT_WATCHED = new Set(['hook', 'init', 'config', 'doctor', 'demo', 'gate']);

/**
 * Every `continuity` command first looks at the hook wiring: a client whose
 * hooks were switched off runs none, and the next moment continuity runs may
 * be a person's `continuity status`. A change to what wires the hooks is put
 * back, recorded as a violation, owed to the person as a notice (said at the
 * next hook of any client) and said now on stderr. Cheap when nothing
 * changed (the hot state's hashes); never the reason a command fails.
 */
export async function watchWiring(command: string, env: NodeJS.ProcessEnv, cwd: string, now: string): Promise<void> {
  if (NOT_WATCHED.has(command)) return;
  try {
    const root = findProjectRoot(cwd, env);
    if (ledgerAccess(root) !== 'writable') return;
    if (!wiringChanged(readHotState(join(root, LEDGER_DIR)), root)) return;
    const { putBackWiring } = await import('./wiring-put-back.js');
    const words = await putBackWiring(root, env, now);
    if (words) process.stderr.write(`${words}\n`);
  } catch {
    // The command itself still runs; its own opening of the ledger reports what is wrong with it.
  }
}
