// Builds dist/: the entry cli.mjs and the command chunks it loads on demand,
// hook.mjs with its own chunks, so a hook call resolves no code that is
// shared with the other commands, and agent-hook.mjs (Codex, Gemini CLI,
// Cursor hooks) with its own, so the Claude Code hook path loads none of it.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Prefer ES module builds (jsonc-parser's main entry is UMD, which does not bundle cleanly).
  mainFields: ['module', 'main'],
  // Runtime-provided modules; better-sqlite3's JavaScript is bundled, its addon is loaded by path.
  external: ['bun:sqlite', 'node:sqlite', './hook.mjs', './agent-hook.mjs'],
  // Bundled CommonJS (better-sqlite3) calls require(); give the ES module output one.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __continuityCreateRequire } from 'node:module';\nconst require = __continuityCreateRequire(import.meta.url);" },
  define: { __CONTINUITY_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
  logLevel: 'warning',
};

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
    // Codex, Gemini CLI and Cursor hooks: a bundle of their own, loaded by the
    // hook command only for those agents, so nothing of theirs is shared with
    // (and split out of) the Claude Code hook bundle.
    build({
      ...common,
      entryPoints: { 'agent-hook': 'src/cli/agent-hook-main.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'agent-hook-chunks/[name]-[hash]',
      minify: true,
      sourcemap: 'linked',
    }),
  ]);
} catch {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
}
chmodSync(new URL('../dist/cli.mjs', import.meta.url), 0o755);
