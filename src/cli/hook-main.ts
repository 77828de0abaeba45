/**
 * `continuity hook …`, bundled on its own into dist/hook.mjs without code
 * splitting: a hook call loads this one file (and its SQLite driver) instead
 * of the chunks the other commands share.
 */
import { run } from './commands/hook.js';
import { runAndReport } from './report.js';

export function start(argv: string[]): Promise<void> {
  return runAndReport(() => run(argv));
}
