// Bundles the CLI into dist/cli.mjs. Commands and heavy modules are dynamic
// imports, so esbuild splits them into chunks that a hook call never loads.
import { build } from 'esbuild';
import { rmSync, chmodSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
try {
  await build({
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // Prefer ES module builds (jsonc-parser's main entry is UMD, which does not bundle cleanly).
  mainFields: ['module', 'main'],
  target: 'node20',
  // Native and runtime-provided modules stay external; they are loaded only by the driver that needs them.
  external: ['better-sqlite3', 'bun:sqlite', 'node:sqlite'],
  banner: { js: '#!/usr/bin/env node' },
  chunkNames: 'chunks/[name]-[hash]',
  minifyWhitespace: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __CONTINUITY_VERSION__: JSON.stringify(pkg.version) },
});
} catch {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
}
chmodSync(new URL('../dist/cli.mjs', import.meta.url), 0o755);
