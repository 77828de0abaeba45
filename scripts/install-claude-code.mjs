// Installs the real Claude Code CLI for the real-client suite (test/real-client/):
// the pinned version, and the newest one this project has been checked with.
// Each goes into a cache directory of its own and is reused when it is there
// and answers `--version` with its version.
//   node scripts/install-claude-code.mjs                        install or reuse both; report on stderr
//   node scripts/install-claude-code.mjs --print-path           the pinned one, its binary's path on stdout
//   node scripts/install-claude-code.mjs --newest --print-path  the newest one
//   node scripts/install-claude-code.mjs --print-newest        the newest's version on stdout (and why, on stderr)
// The newest is the registry's latest when the suite runs (scripts/newest-version.mjs:
// `npm view`, a short timeout), else CLAUDE_CODE_NEWEST below; the answer is
// passed on in CONTINUITY_CLAUDE_CODE_NEWEST (which also picks one by hand).
// CONTINUITY_CLAUDE_CODE_DIR overrides the pinned version's cache directory
// (the newest goes beside it, in a directory named after its version).
// A failed install exits 1 with one clear line: the suite never skips for it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withInstallLock } from './install-lock.mjs';
import { newestVersion } from './newest-version.mjs';

export const CLAUDE_CODE_VERSION = '2.1.197';
/** The newest Claude Code checked here: the fallback when the registry cannot say which is newest (see claudeCodeNewest): the newest the suite has run on, so an offline run finds it in its cache. */
export const CLAUDE_CODE_NEWEST = '2.1.331';
const PACKAGE = '@anthropic-ai/claude-code';

/**
 * The newest Claude Code, which the scenarios that matter on every version
 * run on beside the pinned one: { version, source, why } (scripts/newest-version.mjs).
 */
export function claudeCodeNewest() {
  return newestVersion({ pkg: PACKAGE, fallback: CLAUDE_CODE_NEWEST, envVar: 'CONTINUITY_CLAUDE_CODE_NEWEST' });
}
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_STALE_MS = 15 * 60_000;
const LOCK_WAIT_MS = 15 * 60_000;

export function cacheDir(version = CLAUDE_CODE_VERSION) {
  const pinned = resolve(process.env.CONTINUITY_CLAUDE_CODE_DIR || join(REPO_ROOT, 'node_modules', '.cache', 'claude-code', CLAUDE_CODE_VERSION));
  return version === CLAUDE_CODE_VERSION ? pinned : join(dirname(pinned), version);
}

function platformPackage() {
  const report = process.report?.getReport?.();
  const musl = process.platform === 'linux' && report && report.header?.glibcVersionRuntime === undefined;
  return `${PACKAGE}-${process.platform}-${process.arch}${musl ? '-musl' : ''}`;
}

/** The native binary: the wrapper's bin/claude.exe (placed by its postinstall), else the platform package's own. */
function candidates(dir) {
  const modules = join(dir, 'node_modules');
  const exe = process.platform === 'win32' ? 'claude.exe' : 'claude';
  return [join(modules, PACKAGE, 'bin', 'claude.exe'), join(modules, platformPackage(), exe)];
}

function versionOf(bin) {
  if (!existsSync(bin) || statSync(bin).size < 1_000_000) return null; // the postinstall placeholder is a small stub
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '', HOME: versionCheckHome() } });
  return r.status === 0 ? r.stdout.trim() : null;
}

let scratchHome = null;
function versionCheckHome() {
  // `--version` must not touch the user's ~/.claude; give it an empty home of its own.
  scratchHome ??= join(cacheDir(), 'version-check-home');
  mkdirSync(scratchHome, { recursive: true });
  return scratchHome;
}

function usable(dir, version) {
  for (const bin of candidates(dir)) {
    const v = versionOf(bin);
    if (v && v.startsWith(version)) return bin;
  }
  return null;
}



class InstallError extends Error {}

/** One installer at a time (scripts/install-lock.mjs). */
function withLock(dir, fn) {
  return withInstallLock(dir, fn, { staleMs: LOCK_STALE_MS, waitMs: LOCK_WAIT_MS, timedOut: (m) => fail(m.replace('another install', 'another install of Claude Code')) });
}

function fail(message) {
  throw new InstallError(message);
}

export function ensureClaudeCode(version = CLAUDE_CODE_VERSION) {
  const dir = cacheDir(version);
  const found = usable(dir, version);
  if (found) return { bin: found, reused: true, dir };
  return withLock(dir, () => {
    const again = usable(dir, version);
    if (again) return { bin: again, reused: true, dir };
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`▶ installing ${PACKAGE}@${version} (~235 MB) into ${dir}\n`);
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `${PACKAGE}@${version}`], {
      stdio: ['ignore', 2, 2], // npm's output goes to stderr so --print-path keeps stdout clean
      timeout: 20 * 60_000,
    });
    if (r.error) fail(`could not run npm to install ${PACKAGE}@${version}: ${r.error.message}`);
    if (r.status !== 0) fail(`\`npm install --prefix ${dir} ${PACKAGE}@${version}\` failed (exit ${r.status ?? r.signal}); the real-client suite needs it (is the npm registry reachable?)`);
    const bin = usable(dir, version);
    if (!bin) fail(`${PACKAGE}@${version} installed into ${dir} but no native binary answers \`--version\` with ${version} (looked at ${candidates(dir).join(', ')}; was the optional platform package ${platformPackage()} omitted?)`);
    process.stderr.write(`✓ installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
    return { bin, reused: false, dir };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const printPath = process.argv.includes('--print-path');
    const newest = process.argv.includes('--newest');
    const latest = printPath && !newest ? null : claudeCodeNewest();
    if (latest && latest.source !== 'environment') process.stderr.write(`Claude Code newest: ${latest.version} (${latest.why})\n`);
    if (process.argv.includes('--print-newest')) {
      process.stdout.write(`${latest.version}\n`);
      process.exit(0);
    }
    // Without --print-path both are installed (the suite needs both); with it, the one asked for.
    const versions = printPath ? [newest ? latest.version : CLAUDE_CODE_VERSION] : [...new Set([CLAUDE_CODE_VERSION, latest.version])];
    for (const version of versions) {
      const { bin, reused } = ensureClaudeCode(version);
      process.stderr.write(`✓ Claude Code ${version}: ${bin}${reused ? ' (reused)' : ''}\n`);
      if (printPath) process.stdout.write(`${bin}\n`);
    }
  } catch (err) {
    process.stderr.write(`✗ install-claude-code: ${err instanceof InstallError ? err.message : err?.stack ?? err}\n`);
    process.exit(1);
  }
}
