import { CliError, ExitCode } from '../util/errors.js';
import { CONFIG_PATH, parseConfig, readConfig } from '../config/load.js';
import { DEFAULT_CONFIG, type Config } from '../config/schema.js';
import type { Ledger } from '../ledger/ledger.js';
import { snapshotOf } from './guard.js';

/**
 * The config a hook decides with. An invalid config.json must not switch
 * continuity off (a hook that fails is a "go ahead" to the agent), so the
 * last config continuity authorised (its snapshot, the content the guard
 * puts back) is used instead, else the defaults, and the hook says so.
 */
export async function hookConfig(root: string, ledger: Ledger, known?: { text: string; value: unknown }): Promise<{ config: Config; fallback: string | null; text: string | null }> {
  try {
    return { ...(await readConfig(root, known)), fallback: null };
  } catch (err) {
    if (!(err instanceof CliError) || (err.exitCode !== ExitCode.config && err.exitCode !== ExitCode.io)) throw err;
    const why = err.message.split('\n')[0]!;
    const last = snapshotOf(ledger.db, CONFIG_PATH.split('\\').join('/'));
    if (last?.content) {
      try {
        return { config: await parseConfig(last.content), fallback: `${why}; the last authorised config is used`, text: null };
      } catch {
        // the snapshot is no better: the defaults
      }
    }
    return { config: DEFAULT_CONFIG, fallback: `${why}; the defaults are used`, text: null };
  }
}
