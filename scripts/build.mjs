// Builds dist/: the entry cli.mjs and the command chunks it loads on demand,
// and hook.mjs with its own chunks, so a hook call resolves no code that is
// shared with the other commands.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

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

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
// The compiled executable (Bun) builds from the sources alongside the bundles.
const compiled = compileExecutable();
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
  ]);
} catch {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
}
chmodSync(new URL('../dist/cli.mjs', import.meta.url), 0o755);
if (!(await compiled)) process.exit(1);

/**
 * dist/bin/continuity: the CLI compiled by Bun into one executable for this
 * platform, or for CONTINUITY_COMPILE_TARGET (a Bun target such as
 * bun-darwin-arm64). Bun comes from the project's own devDependencies; where
 * it is not installed the executable is skipped with a line saying so, and
 * everything runs on Node.
 *   --splitting  the chunks, embedded in the executable, load only when a
 *                command needs them (one bundle is read in full at each start)
 *   --bytecode   no parsing of the JavaScript at each start
 *   --external better-sqlite3  the executable uses bun:sqlite; the Node
 *                driver's chunk is never loaded there
 */
function compileExecutable() {
  const bun = fileURLToPath(new URL('../node_modules/bun/bin/bun.exe', import.meta.url));
  if (process.env.CONTINUITY_SKIP_COMPILE) return Promise.resolve(true);
  if (!existsSync(bun)) {
    process.stdout.write('dist/bin/continuity not built: Bun is not installed (it is a devDependency: npm install)\n');
    return Promise.resolve(true);
  }
  const target = process.env.CONTINUITY_COMPILE_TARGET;
  const args = [
    'build', 'src/cli/compiled-entry.ts', '--compile', '--outfile', 'dist/bin/continuity',
    '--format=esm', '--splitting', '--bytecode', '--minify', '--external', 'better-sqlite3',
    '--define', `__CONTINUITY_VERSION__=${JSON.stringify(pkg.version)}`,
    ...(target ? [`--target=${target}`] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn(bun, args, { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', (err) => {
      process.stderr.write(`dist/bin/continuity: could not run Bun: ${err.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`dist/bin/continuity: compiling failed (bun exit ${code})\n`);
      resolve(code === 0);
    });
  });
}
