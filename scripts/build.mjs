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
//                    The npm package leaves it out (it is platform-specific):
//   compiled.mjs     what an installed package compiles into bin/continuity
//                    on first use (src/install/build-executable.ts), sharing
//                    main.mjs's chunks
//   executable.json  the Bun it is compiled with, each platform package's
//                    sha512 and the compile flags (as the plugin's, below)
//   launcher/continuity  the hook launcher of an installed package (sh):
//                    bin/continuity when built, else Node with cli.cjs
// It also builds what the Claude Code plugin runs, plugin/lib/ (checked in;
// plugin/bin/continuity, the launcher, picks one):
//   cli/             the same split CLI as dist/ (cli.cjs, hook.cjs,
//                    hook-lazy/, main.mjs, chunks/) for Node, and
//                    compiled.mjs, what the launcher compiles with Bun into
//                    the plugin's executable on first use
//   executable.sh    the executable's id, the Bun it is compiled with (and
//                    each platform package's sha512) and the compile flags
// And the OpenClaw plugin's entry, openclaw/lib/index.js (checked in): one
// ES module with every rule in it, run in the OpenClaw gateway's process
// (src/adapters/openclaw/entry.ts; the ledger uses Node's node:sqlite there).
//   node scripts/build.mjs                     dist/, plugin/lib/ and openclaw/dist/
//   node scripts/build.mjs --plugin-only DIR   only plugin/lib/'s content, into DIR
//   node scripts/build.mjs --openclaw-only DIR only openclaw/lib/'s content, into DIR
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PLUGIN_LIB = 'plugin/lib';
/** JavaScriptCore's tier-up thresholds are multiplied by this in the executables (see compileExecutable). */
const JIT_POLICY = 1000;
/**
 * Bun's compile flags, shared by dist/bin/continuity and the plugin's
 * executable (what each means: see compileExecutable).
 */
const COMPILE_FLAGS = [
  '--format=esm', '--splitting', '--bytecode', '--minify', '--external', 'better-sqlite3',
  '--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig', `--compile-jit-policy=${JIT_POLICY}`,
];
/** The Bun platform packages the plugin's launcher knows (npm's names, less the scope), by `uname` platform. */
const BUN_PLATFORMS = ['linux-x64', 'linux-x64-musl', 'linux-aarch64', 'linux-aarch64-musl', 'darwin-x64', 'darwin-aarch64', 'freebsd-x64', 'freebsd-aarch64'];

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

/**
 * plugin/lib/ (or DIR): the plugin directory is copied as it is by Claude
 * Code and nothing is installed into it, so everything it runs is bundled,
 * minified, without source maps. Paths in the output are relative to the
 * repository, so every clone builds the same bytes: a stale checked-in
 * plugin/lib/ is a failing test, not a surprise.
 */
async function buildPlugin(libDir) {
  const lib = isAbsolute(libDir) ? libDir : join(repoRoot, libDir);
  const out = join(lib, 'cli');
  for (const part of ['cli', 'executable.sh']) rmSync(join(lib, part), { recursive: true, force: true });
  const plugin = { absWorkingDir: repoRoot, minify: true };
  const flag = { __CONTINUITY_PLUGIN__: 'true' };
  await Promise.all([
    // dist's Node CLI: cli.cjs, the hook path (hook.cjs + hook-lazy/), main.mjs + chunks/.
    build({ ...cjs, ...plugin, entryPoints: { cli: 'src/cli/entry.ts' }, outdir: out, outExtension: { '.js': '.cjs' }, banner: {}, define: { ...common.define, ...flag } }),
    buildHook({ outdir: out, ...plugin, sourcemap: false, define: { ...cjs.define, ...flag } }),
    // compiled.mjs, the executable's entry, shares main.mjs's chunks; Bun compiles it and splits again where the sources import().
    build({ ...esm, ...plugin, entryPoints: { main: 'src/cli/main.ts', compiled: 'src/cli/compiled-entry.ts' }, outdir: out, outExtension: { '.js': '.mjs' }, splitting: true, chunkNames: 'chunks/[name]-[hash]', define: { ...esm.define, ...flag } }),
  ]);
  writeFileSync(join(lib, 'executable.sh'), executableFacts(out));
}

/**
 * openclaw/lib/index.js: the OpenClaw plugin's entry, everything bundled
 * (OpenClaw installs nothing into a plugin loaded from a path). Paths are
 * relative to the repository, so every clone builds the same bytes.
 */
async function buildOpenClawPlugin(outDir = join(repoRoot, 'openclaw', 'lib')) {
  const out = isAbsolute(outDir) ? outDir : join(repoRoot, outDir);
  rmSync(out, { recursive: true, force: true });
  await build({
    ...esm,
    absWorkingDir: repoRoot,
    entryPoints: { index: 'src/adapters/openclaw/entry.ts' },
    outdir: out,
    outExtension: { '.js': '.js' },
    minify: true,
    // better-sqlite3's JavaScript is bundled as elsewhere, and never run: Node >= 22.13 has node:sqlite (OpenClaw needs Node 24).
    target: 'node22',
    plugins: [nodePrefixedBuiltins],
  });
}

/**
 * A dependency's `import 'os'` kept as `node:os`: the OpenClaw plugin's
 * bundle imports nothing but Node's own modules, and says so by their
 * prefix (a bare name could be a package of the gateway's).
 */
const nodePrefixedBuiltins = {
  name: 'node-prefixed-builtins',
  setup(b) {
    const names = new Set(builtinModules.filter((m) => !m.startsWith('_')));
    b.onResolve({ filter: /^[a-z_/]+$/ }, (args) => (names.has(args.path) ? { path: `node:${args.path}`, external: true } : undefined));
  },
};

/**
 * lib/executable.sh, read by the launcher on every call: the executable's
 * id (a hash of the CLI's files, the Bun version and the flags: a plugin
 * update that changes any of them builds a new one), the pinned Bun and each
 * platform package's sha512 (npm's integrity, from package-lock.json: the Bun
 * this repository builds dist/bin/continuity with).
 */
function executableFacts(cliDir) {
  const { bunVersion, sha512 } = bunPins();
  const pins = Object.entries(sha512).map(([platform, hex]) => `BUN_SHA512_${platform.replaceAll('-', '_')}=${hex}`);
  const hash = createHash('sha256').update(`${bunVersion}\n${COMPILE_FLAGS.join(' ')}\n`);
  for (const file of listFiles(cliDir)) hash.update(`${file}\n`).update(readFileSync(join(cliDir, file)));
  return [
    '# Generated by scripts/build.mjs. The plugin\'s executable: its id, and the Bun that',
    '# compiles cli/compiled.mjs into it (bin/continuity, lib/build-executable.sh).',
    `CONTINUITY_VERSION=${pkg.version}`,
    `CONTINUITY_EXE_ID=${hash.digest('hex').slice(0, 16)}`,
    `BUN_VERSION=${bunVersion}`,
    `BUN_COMPILE_FLAGS='${COMPILE_FLAGS.join(' ')}'`,
    ...pins,
    '',
  ].join('\n');
}

/** The pinned Bun (the one this repository builds with) and each platform package's sha512, hex, from package-lock.json. */
function bunPins() {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')).packages;
  const bunVersion = lock['node_modules/bun']?.version;
  if (!bunVersion) throw new Error('package-lock.json has no bun: the compiled executable needs its version');
  const sha512 = {};
  for (const platform of BUN_PLATFORMS) {
    const entry = lock[`node_modules/@oven/bun-${platform}`];
    if (!entry?.integrity?.startsWith('sha512-') || entry.version !== bunVersion) throw new Error(`package-lock.json has no sha512 for @oven/bun-${platform}@${bunVersion}`);
    sha512[platform] = Buffer.from(entry.integrity.slice('sha512-'.length), 'base64').toString('hex');
  }
  return { bunVersion, sha512 };
}

/**
 * What an installed package needs to compile its own executable on first
 * use: dist/executable.json (read by src/install/build-executable.ts) and
 * the hook launcher dist/launcher/continuity (src/install/launcher.sh).
 */
function writeFirstUseFiles() {
  const { bunVersion, sha512 } = bunPins();
  writeFileSync(join(repoRoot, 'dist', 'executable.json'), `${JSON.stringify({ version: pkg.version, bunVersion, compileFlags: COMPILE_FLAGS, sha512 }, null, 2)}\n`);
  mkdirSync(join(repoRoot, 'dist', 'launcher'), { recursive: true });
  writeFileSync(join(repoRoot, 'dist', 'launcher', 'continuity'), readFileSync(join(repoRoot, 'src', 'install', 'launcher.sh')), { mode: 0o755 });
}

function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)]));
}

const openclawOnly = process.argv.indexOf('--openclaw-only');
if (openclawOnly !== -1) {
  const outdir = process.argv[openclawOnly + 1];
  if (!outdir) {
    process.stderr.write('usage: node scripts/build.mjs --openclaw-only DIR\n');
    process.exit(2);
  }
  try {
    await buildOpenClawPlugin(outdir);
  } catch (err) {
    if (!err?.errors) process.stderr.write(`${err?.message ?? err}\n`);
    process.exit(1);
  }
  process.exit(0);
}

const pluginOnly = process.argv.indexOf('--plugin-only');
if (pluginOnly !== -1) {
  const outdir = process.argv[pluginOnly + 1];
  if (!outdir) {
    process.stderr.write('usage: node scripts/build.mjs --plugin-only DIR\n');
    process.exit(2);
  }
  try {
    mkdirSync(outdir, { recursive: true });
    await buildPlugin(outdir);
  } catch (err) {
    if (!err?.errors) process.stderr.write(`${err?.message ?? err}\n`);
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
      entryPoints: { main: 'src/cli/main.ts', compiled: 'src/cli/compiled-entry.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    buildHook({ outdir: 'dist', minify: true, sourcemap: 'linked' }),
    buildPlugin(PLUGIN_LIB),
    buildOpenClawPlugin(),
  ]);
} catch (err) {
  // esbuild has already printed its errors with their locations.
  if (!err?.errors) process.stderr.write(`${err?.message ?? err}\n`);
  process.exit(1);
}
chmodSync(new URL('../dist/cli.cjs', import.meta.url), 0o755);
writeFirstUseFiles();
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
async function buildHook({ outdir: base, sourcemap, ...options }) {
  const files = new Map(); // source path -> output name
  const lazyDir = join(base, 'hook-lazy');
  const queue = [{ name: 'hook', entry: 'src/cli/hook-main.ts', outdir: base }];
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
          queue.push({ name, entry: r.path, outdir: lazyDir });
        }
        const fromLazy = b.initialOptions.outdir === lazyDir;
        return { path: fromLazy ? `./${name}.cjs` : `./hook-lazy/${name}.cjs`, external: true };
      });
    },
  };
  while (queue.length > 0) {
    const { name, entry, outdir } = queue.shift();
    await build({
      ...cjs,
      ...options,
      entryPoints: { [name]: entry },
      outdir,
      outExtension: { '.js': '.cjs' },
      define: options.define ?? cjs.define,
      // import() of a lazy file becomes require(): through import(), Node would
      // start its ES module loader and scan each file for its exports.
      supported: { 'dynamic-import': false },
      plugins: [lazyFiles],
      // Parsing is a large part of a hook call's start-up on Node without a
      // compile cache; minified code parses faster. Source maps keep stacks
      // readable (node --enable-source-maps, CONTINUITY_DEBUG=1).
      sourcemap,
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
  const bun = fileURLToPath(new URL('../node_modules/bun/bin/bun.exe', import.meta.url));
  if (process.env.CONTINUITY_SKIP_COMPILE) return Promise.resolve(true);
  if (!existsSync(bun)) {
    process.stdout.write('dist/bin/continuity not built: Bun is not installed (it is a devDependency: npm install)\n');
    return Promise.resolve(true);
  }
  const target = process.env.CONTINUITY_COMPILE_TARGET;
  const args = [
    'build', 'src/cli/compiled-entry.ts', '--compile', '--outfile', 'dist/bin/continuity', ...COMPILE_FLAGS,
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
