/**
 * `continuity hook …`: bundled into dist/hook.cjs (CommonJS) with what only
 * some calls need in dist/hook-lazy/, so a call that decides nothing loads
 * one small file (see scripts/build.mjs).
 */
import { run } from './commands/hook.js';
import { runAndReport } from './report.js';

export function start(argv: string[]): Promise<void> {
  return runAndReport(() => run(argv));
}
