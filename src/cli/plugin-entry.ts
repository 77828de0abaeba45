/**
 * The Claude Code plugin's CLI: one self-contained file (plugin/lib/continuity.mjs,
 * built without code splitting by scripts/build.mjs), so the plugin works as
 * checked in, with nothing to install. `hook` runs the same code as
 * dist/hook.cjs; everything else the same commands as dist/cli.cjs.
 */
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();
const argv = process.argv.slice(2);
if (argv[0] === 'hook') await (await import('./hook-main.js')).start(argv.slice(1));
else await (await import('./main.js')).start(argv);
