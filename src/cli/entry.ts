/**
 * The one entry (dist/cli.mjs). It turns on Node's compile cache, then loads
 * either the hook bundle (the hot path: one file) or the rest of the CLI.
 */
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();
const argv = process.argv.slice(2);
if (argv[0] === 'hook') {
  // A runtime specifier: the hook bundle is built separately (see scripts/build.mjs).
  const hookBundle: string = './hook.mjs';
  const { start } = (await import(hookBundle)) as { start(argv: string[]): Promise<void> };
  await start(argv.slice(1));
} else {
  const { start } = await import('./main.js');
  await start(argv);
}
