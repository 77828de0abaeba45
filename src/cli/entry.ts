/**
 * The one entry (dist/cli.cjs, the package's bin). It turns on Node's compile
 * cache, then loads the hook path (hook.cjs, CommonJS, so a hook call that
 * decides nothing never starts the ES module loader) or the other commands
 * (main.mjs). Both are built separately: see scripts/build.mjs.
 */
import { enableCompileCache } from './compile-cache.js';

interface Command {
  start(argv: string[]): Promise<void>;
}

enableCompileCache();
const argv = process.argv.slice(2);
if (argv[0] === 'hook') {
  const hookBundle: string = './hook.cjs';
  void (require(hookBundle) as Command).start(argv.slice(1));
} else {
  const mainBundle: string = './main.mjs';
  void (import(mainBundle) as Promise<Command>).then((main) => main.start(argv));
}
