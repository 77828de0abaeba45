// Run by Bun (scripts/build.mjs starts it): compiles the whole CLI into one
// executable, dist/bin/continuity, for this machine's platform or for
// CONTINUITY_COMPILE_TARGET (a Bun target such as bun-darwin-arm64).
// The executable runs on Bun's runtime, so its ledger driver is bun:sqlite;
// the two Node drivers are replaced by stubs that say so, which keeps
// better-sqlite3's native addon out of it.
/* global Bun */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const target = process.env.CONTINUITY_COMPILE_TARGET;
const outfile = process.argv[2] ?? 'dist/bin/continuity';

const NODE_ONLY_DRIVER = /[\\/]drivers[\\/](better-sqlite3|node-sqlite)\.js$/;

const bunSqliteOnly = {
  name: 'bun-sqlite-only',
  setup(build) {
    build.onResolve({ filter: NODE_ONLY_DRIVER }, (args) => ({ path: args.path, namespace: 'node-only-driver' }));
    build.onLoad({ filter: /.*/, namespace: 'node-only-driver' }, (args) => {
      const [name, fn] = args.path.includes('better-sqlite3') ? ['better-sqlite3', 'loadBetterSqlite3'] : ['node:sqlite', 'loadNodeSqlite'];
      const message = `${name} is not part of the compiled executable (it uses bun:sqlite)`;
      return { contents: `export function ${fn}() { throw new Error(${JSON.stringify(message)}); }`, loader: 'js' };
    });
  },
};

const result = await Bun.build({
  entrypoints: ['src/cli/compiled-entry.ts'],
  compile: target ? { outfile, target } : { outfile },
  format: 'esm',
  minify: true,
  // Bytecode spares the executable from parsing its JavaScript at each start.
  bytecode: true,
  define: { __CONTINUITY_VERSION__: JSON.stringify(pkg.version) },
  plugins: [bunSqliteOnly],
});
if (!result.success) {
  for (const log of result.logs) console.error(String(log));
  process.exit(1);
}
