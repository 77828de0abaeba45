// Builds dist/: the entry cli.mjs and the command chunks it loads on demand,
// and hook.mjs with its own chunks, so a hook call resolves no code that is
// shared with the other commands. Also builds the Claude Code plugin's CLI,
// plugin/lib/continuity.mjs: one self-contained file, checked in.
//   node scripts/build.mjs                      dist/ and the plugin's CLI
//   node scripts/build.mjs --plugin-only FILE   only the plugin's CLI, into FILE
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PLUGIN_BUNDLE = 'plugin/lib/continuity.mjs';

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Prefer ES module builds (jsonc-parser's main entry is UMD, which does not bundle cleanly).
  mainFields: ['module', 'main'],
  // Runtime-provided modules; better-sqlite3's JavaScript is bundled, its addon is loaded by path.
  external: ['bun:sqlite', 'node:sqlite', './hook.mjs'],
  // Bundled CommonJS (better-sqlite3) calls require(); give the ES module output one.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __continuityCreateRequire } from 'node:module';\nconst require = __continuityCreateRequire(import.meta.url);" },
  define: { __CONTINUITY_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
  logLevel: 'warning',
};

// The plugin's CLI: no code splitting (the plugin directory is copied as it is
// and nothing is installed into it), no source map, minified (it is checked in).
// Paths in the output are relative to the repository, so every clone builds the
// same bytes: a stale checked-in bundle is a failing test, not a surprise.
function buildPluginBundle(outfile) {
  return build({
    ...common,
    absWorkingDir: repoRoot,
    entryPoints: ['src/cli/plugin-entry.ts'],
    outfile,
    splitting: false,
    minify: true,
    define: { ...common.define, __CONTINUITY_PLUGIN__: 'true' },
  });
}

const pluginOnly = process.argv.indexOf('--plugin-only');
if (pluginOnly !== -1) {
  const outfile = process.argv[pluginOnly + 1];
  if (!outfile) {
    process.stderr.write('usage: node scripts/build.mjs --plugin-only FILE\n');
    process.exit(2);
  }
  try {
    await buildPluginBundle(outfile);
  } catch {
    process.exit(1);
  }
  process.exit(0);
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
try {
  await Promise.all([
    build({
      ...common,
      entryPoints: { cli: 'src/cli/entry.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    // The hook path is split too, but from its own build: what every hook call
    // runs stays in hook.mjs, and what only some calls need (the plan parser,
    // markdown-it, a SQLite driver, the JSONC parser) sits in chunks of its own.
    build({
      ...common,
      entryPoints: { hook: 'src/cli/hook-main.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'hook-chunks/[name]-[hash]',
      // Parsing is a large part of a hook call's start-up on Node without a
      // compile cache; minified code parses faster. Source maps keep stacks
      // readable (node --enable-source-maps, CONTINUITY_DEBUG=1).
      minify: true,
      sourcemap: 'linked',
    }),
    buildPluginBundle(PLUGIN_BUNDLE),
  ]);
} catch {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
}
chmodSync(new URL('../dist/cli.mjs', import.meta.url), 0o755);
