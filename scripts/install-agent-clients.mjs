// Installs the real Codex CLI, Gemini CLI and OpenCode for the real-client suite
// (test/real-client/codex*.scenario.ts, gemini*.scenario.ts, opencode*.scenario.ts), each at its
// pinned version, into a cache directory of its own, reused when it is there
// and answers `--version` with that version.
//   node scripts/install-agent-clients.mjs                      install or reuse both; report on stderr
//   node scripts/install-agent-clients.mjs --print-path codex   the binary's path on stdout (gemini likewise)
//   node scripts/install-agent-clients.mjs --print-path pi --version 0.74.0   another version than the pinned one (the newest)
// CONTINUITY_AGENT_CLIENTS_DIR moves the caches (default node_modules/.cache).
// A failed install exits 1 with one clear line: the suite never skips for it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withInstallLock } from './install-lock.mjs';
import { newestVersion } from './newest-version.mjs';

/** The Codex CLI the suite runs (a native binary in a platform package). */
export const CODEX_VERSION = '0.169.0';
/** The Gemini CLI the suite runs (Node, bundled). */
export const GEMINI_CLI_VERSION = '0.61.0';
/** pi, the coding agent (Node); its extensions run in its process. */
export const PI_VERSION = '0.73.1';
/** The GitHub Copilot CLI the suite runs (Node, bundled). */
export const COPILOT_VERSION = '1.0.102';
/** The OpenCode the suite runs (a native binary in a platform package); the newest is asked of the registry (openCodeNewest). */
export const OPENCODE_VERSION = '1.18.33';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_STALE_MS = 15 * 60_000;

export const CLIENTS = {
  codex: { package: '@openai/codex', version: CODEX_VERSION, dirName: 'codex', bin: 'codex' },
  gemini: { package: '@google/gemini-cli', version: GEMINI_CLI_VERSION, dirName: 'gemini-cli', bin: 'gemini' },
  pi: { package: '@mariozechner/pi-coding-agent', version: PI_VERSION, dirName: 'pi', bin: 'pi' },
  copilot: { package: '@github/copilot', version: COPILOT_VERSION, dirName: 'copilot', bin: 'copilot' },
  opencode: { package: 'opencode-ai', version: OPENCODE_VERSION, dirName: 'opencode', bin: 'opencode' },
};

/** OpenCode's newest on the registry (scripts/newest-version.mjs), else the pinned one; CONTINUITY_OPENCODE_NEWEST picks one by hand. */
export function openCodeNewest() {
  return newestVersion({ pkg: 'opencode-ai', fallback: OPENCODE_VERSION, envVar: 'CONTINUITY_OPENCODE_NEWEST' });
}

export function cacheDir(name, version = CLIENTS[name].version) {
  const c = CLIENTS[name];
  return join(resolve(process.env.CONTINUITY_AGENT_CLIENTS_DIR || join(REPO_ROOT, 'node_modules', '.cache')), c.dirName, version);
}

function binOf(name, version) {
  return join(cacheDir(name, version), 'node_modules', '.bin', CLIENTS[name].bin);
}

function versionOf(name, version) {
  const bin = binOf(name, version);
  if (!existsSync(bin)) return null;
  const home = join(cacheDir(name, version), 'version-check-home');
  mkdirSync(home, { recursive: true });
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: home, CODEX_HOME: home, GEMINI_CLI_HOME: home, TMPDIR: home } });
  if (r.status !== 0) return null;
  // pi prints its version on stderr.
  const m = /(\d+\.\d+\.\d+)/.exec(r.stdout) ?? /(\d+\.\d+\.\d+)/.exec(r.stderr);
  return m ? m[1] : null;
}


class InstallError extends Error {}

/** One installer at a time (scripts/install-lock.mjs). */
function withLock(dir, fn) {
  return withInstallLock(dir, fn, { staleMs: LOCK_STALE_MS, timedOut: (m) => { throw new InstallError(m); } });
}


/** `version`: another than the pinned one (the registry's newest), in a cache folder of its own. */
export function ensureClient(name, version) {
  const pinned = CLIENTS[name];
  if (!pinned) throw new InstallError(`unknown client ${name} (known: ${Object.keys(CLIENTS).join(', ')})`);
  const c = { ...pinned, version: version ?? pinned.version };
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(c.version)) throw new InstallError(`${c.version} is no version of ${c.package}`);
  const dir = cacheDir(name, c.version);
  if (versionOf(name, c.version) === c.version) return { bin: binOf(name, c.version), reused: true };
  return withLock(dir, () => {
    if (versionOf(name, c.version) === c.version) return { bin: binOf(name, c.version), reused: true };
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`▶ installing ${c.package}@${version} into ${dir}\n`);
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `${c.package}@${c.version}`], { stdio: ['ignore', 2, 2], timeout: 20 * 60_000 });
    if (r.error) throw new InstallError(`could not run npm to install ${c.package}@${c.version}: ${r.error.message}`);
    if (r.status !== 0) throw new InstallError(`\`npm install --prefix ${dir} ${c.package}@${c.version}\` failed (exit ${r.status ?? r.signal}); the real-client suite needs it (is the npm registry reachable?)`);
    const v = versionOf(name, c.version);
    if (v !== c.version) throw new InstallError(`${c.package}@${c.version} installed into ${dir} but ${binOf(name, c.version)} answers \`--version\` with ${v ?? 'nothing'}`);
    process.stderr.write(`✓ installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
    return { bin: binOf(name, c.version), reused: false };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--print-path');
    const v = process.argv.indexOf('--version');
    const version = v >= 0 ? process.argv[v + 1] : undefined;
    const names = at >= 0 ? [process.argv[at + 1]] : Object.keys(CLIENTS);
    for (const name of names) {
      const { bin, reused } = ensureClient(name, version);
      process.stderr.write(`✓ ${CLIENTS[name].package} ${version ?? CLIENTS[name].version}: ${bin}${reused ? ' (reused)' : ''}\n`);
      if (at >= 0) process.stdout.write(`${bin}\n`);
    }
    // OpenCode's newest as well, when it is not the pinned one.
    if (at < 0 && names.includes('opencode')) {
      const newest = openCodeNewest();
      process.stderr.write(`OpenCode: pinned ${OPENCODE_VERSION}; newest ${newest.version} (${newest.why})\n`);
      if (newest.version !== OPENCODE_VERSION) ensureClient('opencode', newest.version);
    }
  } catch (err) {
    process.stderr.write(`✗ install-agent-clients: ${err instanceof InstallError ? err.message : (err?.stack ?? err)}\n`);
    process.exit(1);
  }
}
