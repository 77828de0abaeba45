// Installs the real Codex CLI and Gemini CLI for the real-client suite
// (test/real-client/codex*.scenario.ts, gemini*.scenario.ts), each at its
// pinned version, into a cache directory of its own, reused when it is there
// and answers `--version` with that version.
//   node scripts/install-agent-clients.mjs                      install or reuse both; report on stderr
//   node scripts/install-agent-clients.mjs --print-path codex   the binary's path on stdout (gemini likewise)
// CONTINUITY_AGENT_CLIENTS_DIR moves the caches (default node_modules/.cache).
// A failed install exits 1 with one clear line: the suite never skips for it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withInstallLock } from './install-lock.mjs';

/** The Codex CLI the suite runs (a native binary in a platform package). */
export const CODEX_VERSION = '0.169.0';
/** The Gemini CLI the suite runs (Node, bundled). */
export const GEMINI_CLI_VERSION = '0.61.0';
/** The GitHub Copilot CLI the suite runs (Node, bundled). */
export const COPILOT_VERSION = '1.0.102';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_STALE_MS = 15 * 60_000;

export const CLIENTS = {
  codex: { package: '@openai/codex', version: CODEX_VERSION, dirName: 'codex', bin: 'codex' },
  gemini: { package: '@google/gemini-cli', version: GEMINI_CLI_VERSION, dirName: 'gemini-cli', bin: 'gemini' },
  copilot: { package: '@github/copilot', version: COPILOT_VERSION, dirName: 'copilot', bin: 'copilot' },
};

export function cacheDir(name) {
  const c = CLIENTS[name];
  return join(resolve(process.env.CONTINUITY_AGENT_CLIENTS_DIR || join(REPO_ROOT, 'node_modules', '.cache')), c.dirName, c.version);
}

function binOf(name) {
  return join(cacheDir(name), 'node_modules', '.bin', CLIENTS[name].bin);
}

function versionOf(name) {
  const bin = binOf(name);
  if (!existsSync(bin)) return null;
  const home = join(cacheDir(name), 'version-check-home');
  mkdirSync(home, { recursive: true });
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: home, CODEX_HOME: home, GEMINI_CLI_HOME: home } });
  if (r.status !== 0) return null;
  const m = /(\d+\.\d+\.\d+)/.exec(r.stdout);
  return m ? m[1] : null;
}


class InstallError extends Error {}

/** One installer at a time (scripts/install-lock.mjs). */
function withLock(dir, fn) {
  return withInstallLock(dir, fn, { staleMs: LOCK_STALE_MS, timedOut: (m) => { throw new InstallError(m); } });
}


export function ensureClient(name) {
  const c = CLIENTS[name];
  if (!c) throw new InstallError(`unknown client ${name} (known: ${Object.keys(CLIENTS).join(', ')})`);
  const dir = cacheDir(name);
  if (versionOf(name) === c.version) return { bin: binOf(name), reused: true };
  return withLock(dir, () => {
    if (versionOf(name) === c.version) return { bin: binOf(name), reused: true };
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`▶ installing ${c.package}@${c.version} into ${dir}\n`);
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `${c.package}@${c.version}`], { stdio: ['ignore', 2, 2], timeout: 20 * 60_000 });
    if (r.error) throw new InstallError(`could not run npm to install ${c.package}@${c.version}: ${r.error.message}`);
    if (r.status !== 0) throw new InstallError(`\`npm install --prefix ${dir} ${c.package}@${c.version}\` failed (exit ${r.status ?? r.signal}); the real-client suite needs it (is the npm registry reachable?)`);
    const v = versionOf(name);
    if (v !== c.version) throw new InstallError(`${c.package}@${c.version} installed into ${dir} but ${binOf(name)} answers \`--version\` with ${v ?? 'nothing'}`);
    process.stderr.write(`✓ installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
    return { bin: binOf(name), reused: false };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--print-path');
    const names = at >= 0 ? [process.argv[at + 1]] : Object.keys(CLIENTS);
    for (const name of names) {
      const { bin, reused } = ensureClient(name);
      process.stderr.write(`✓ ${CLIENTS[name].package} ${CLIENTS[name].version}: ${bin}${reused ? ' (reused)' : ''}\n`);
      if (at >= 0) process.stdout.write(`${bin}\n`);
    }
  } catch (err) {
    process.stderr.write(`✗ install-agent-clients: ${err instanceof InstallError ? err.message : (err?.stack ?? err)}\n`);
    process.exit(1);
  }
}
