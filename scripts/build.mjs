// Builds dist/:
//   cli.cjs          the one entry (the package's bin). A hook call loads
//                    hook.cjs; every other command loads main.mjs.
//                    (cli.mjs, its former name, only loads it.)
//   hook.cjs         the hook path, CommonJS: a hook call that decides nothing
//                    never starts Node's ES module loader, which costs more
//                    than the call's own work.
//   hook-lazy/*.cjs  what only some hook calls need (the deciding code, a
//                    SQLite driver, the shell parser, markdown-it, the JSONC
//                    parser), one file per dynamic import() in the sources,
//                    each required when first needed.
//   main.mjs, chunks/  the other commands, ES modules split per command.
//   bin/continuity   the compiled executable (Bun), see compileExecutable.
// It also builds the Claude Code plugin's CLI, plugin/lib/continuity.mjs: one
// self-contained file, checked in.
//   node scripts/build.mjs                      dist/ and the plugin's CLI
//   node scripts/build.mjs --plugin-only FILE   only the plugin's CLI, into FILE
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PLUGIN_BUNDLE = 'plugin/lib/continuity.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Prefer ES module builds (jsonc-parser's main entry is UMD, which does not bundle cleanly).
  mainFields: ['module', 'main'],
  // Runtime-provided modules; better-sqlite3's JavaScript is bundled, its addon is loaded by path.
  external: ['bun:sqlite', 'node:sqlite'],
  define: { __CONTINUITY_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
  logLevel: 'warning',
};

const esm = {
  ...common,
  format: 'esm',
  // Bundled CommonJS (better-sqlite3) calls require(); give the ES module output one.
  banner: { js: "import { createRequire as __continuityCreateRequire } from 'node:module';\nconst require = __continuityCreateRequire(import.meta.url);" },
};

const cjs = {
  ...common,
  format: 'cjs',
  define: { ...common.define, 'import.meta.url': '__continuityModuleUrl' },
  banner: { js: 'const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
};

// The plugin's CLI: no code splitting (the plugin directory is copied as it is
// and nothing is installed into it), no source map, minified (it is checked in).
// Paths in the output are relative to the repository, so every clone builds the
// same bytes: a stale checked-in bundle is a failing test, not a surprise.
function buildPluginBundle(outfile) {
  return build({
    ...esm,
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
// The compiled executable (Bun) builds from the sources alongside the bundles.
const compiled = compileExecutable();
try {
  await Promise.all([
    build({
      ...cjs,
      entryPoints: { cli: 'src/cli/entry.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.cjs' },
      banner: { js: '#!/usr/bin/env node' },
      define: common.define,
    }),
    build({
      ...esm,
      entryPoints: { main: 'src/cli/main.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    buildHook(),
    buildPluginBundle(PLUGIN_BUNDLE),
  ]);
} catch {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
}
chmodSync(new URL('../dist/cli.cjs', import.meta.url), 0o755);
// The entry's former name: hooks wired to dist/cli.mjs and npx's cached bin
// links made before the rename keep working, at the cost of an ES module start.
writeFileSync(
  new URL('../dist/cli.mjs', import.meta.url),
  "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('./cli.cjs');\n",
  { mode: 0o755 },
);
if (!(await compiled)) process.exit(1);

/**
 * hook.cjs and hook-lazy/: each dynamic import() the hook path reaches becomes
 * a CommonJS file of its own, built in turn, and the import() a require() of
 * it. Modules both sides use are copied into each file; CliError keeps
 * `instanceof` true across the copies (see src/util/errors.ts).
 */
async function buildHook() {
  const files = new Map(); // source path -> output name
  const queue = [{ name: 'hook', entry: 'src/cli/hook-main.ts', outdir: 'dist' }];
  const lazyFiles = {
    name: 'lazy-files',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.resolving) return undefined;
        const r = await b.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: { resolving: true } });
        if (r.errors.length > 0 || r.external) return undefined;
        let name = files.get(r.path);
        if (!name) {
          name = lazyName(r.path, files);
          files.set(r.path, name);
          queue.push({ name, entry: r.path, outdir: 'dist/hook-lazy' });
        }
        const fromLazy = b.initialOptions.outdir.endsWith('hook-lazy');
        return { path: fromLazy ? `./${name}.cjs` : `./hook-lazy/${name}.cjs`, external: true };
      });
    },
  };
  while (queue.length > 0) {
    const { name, entry, outdir } = queue.shift();
    await build({
      ...cjs,
      entryPoints: { [name]: entry },
      outdir,
      outExtension: { '.js': '.cjs' },
      // import() of a lazy file becomes require(): through import(), Node would
      // start its ES module loader and scan each file for its exports.
      supported: { 'dynamic-import': false },
      plugins: [lazyFiles],
      // Parsing is a large part of a hook call's start-up on Node without a
      // compile cache; minified code parses faster. Source maps keep stacks
      // readable (node --enable-source-maps, CONTINUITY_DEBUG=1).
      minify: true,
      sourcemap: 'linked',
    });
  }
}

// A readable, unique name: the module's file name, or its package's for an index file.
function lazyName(path, taken) {
  const parts = path.split(/[\\/]/);
  const file = basename(path).replace(/\.[cm]?[jt]s$/, '');
  const pkgIndex = parts.lastIndexOf('node_modules');
  let name = file === 'index' || file === 'main' ? (pkgIndex >= 0 ? parts[pkgIndex + 1] : parts.at(-2)) : file;
  name = name.replace(/^@/, '').replace(/[^\w.-]/g, '-');
  const used = new Set(taken.values());
  let unique = name;
  for (let i = 2; used.has(unique); i++) unique = `${name}-${i}`;
  return unique;
}

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
 *   --no-compile-autoload-*  a project's .env or bunfig.toml must not change
 *                what the hooks do (nor cost a lookup per call)
 *   --compile-jit-policy  a hook lives for a few milliseconds: compiling its
 *                code to machine code costs more than it saves. JIT_POLICY
 *                multiplies JavaScriptCore's tier-up thresholds, so a hook's
 *                code stays in the interpreter (about 2-4 ms less per call,
 *                measured by npm run bench; a rare heavy call, such as
 *                parsing a 2,000-task plan again, takes ~15% longer). The
 *                other commands set the normal policy back when they start
 *                (src/cli/compiled-entry.ts).
 */
function compileExecutable() {
  const JIT_POLICY = 1000;
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
    '--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig', `--compile-jit-policy=${JIT_POLICY}`,
    '--define', `__CONTINUITY_VERSION__=${JSON.stringify(pkg.version)}`,
    ...(target ? [`--target=${target}`] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn(bun, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
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
