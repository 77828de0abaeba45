// The Bun platform package the plugin's launcher compiles its executable
// with (plugin/lib/build-executable.sh), fetched once with `npm pack` into
// node_modules/.cache/bun-packages/ and reused: the tests, the benchmark and
// the real-client suite hand that folder to the launcher as
// CONTINUITY_BUN_PACKAGE_DIR, so they never download it themselves. npm
// checks the package against the registry's integrity; the launcher checks it
// again against the sha512 pinned in plugin/lib/executable.sh.
//   node scripts/fetch-bun-package.mjs   fetch if needed; prints the folder
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUN_PACKAGE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'bun-packages');

/** Bun's npm name for this machine's platform (as the launcher's `uname` reading names it). */
export function bunPlatform() {
  const os = { linux: 'linux', darwin: 'darwin', freebsd: 'freebsd' }[process.platform];
  const arch = { x64: 'x64', arm64: 'aarch64' }[process.arch];
  if (!os || !arch) throw new Error(`Bun is not published for ${process.platform}-${process.arch}`);
  const musl = os === 'linux' && readdirSync('/lib', { withFileTypes: true }).some((e) => /^ld-musl-.*\.so\.1$/.test(e.name));
  return `${os}-${arch}${musl ? '-musl' : ''}`;
}

export function bunVersion() {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')).packages['node_modules/bun'].version;
}

/** The folder holding oven-bun-PLATFORM-VERSION.tgz, fetched when absent. Throws with npm's reason when it cannot be. */
export function ensureBunPackage() {
  const file = join(BUN_PACKAGE_DIR, `oven-bun-${bunPlatform()}-${bunVersion()}.tgz`);
  if (existsSync(file)) return BUN_PACKAGE_DIR;
  mkdirSync(BUN_PACKAGE_DIR, { recursive: true });
  // Packed into a folder of its own, then renamed: two fetches at once never leave half a file.
  const tmp = mkdtempSync(join(BUN_PACKAGE_DIR, '.pack-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['pack', `@oven/bun-${bunPlatform()}@${bunVersion()}`, '--pack-destination', tmp, '--silent'], { encoding: 'utf8', timeout: 10 * 60_000 });
    const packed = join(tmp, `oven-bun-${bunPlatform()}-${bunVersion()}.tgz`);
    if (r.status !== 0 || !existsSync(packed)) throw new Error(`npm pack @oven/bun-${bunPlatform()}@${bunVersion()} failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}`);
    renameSync(packed, file);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return BUN_PACKAGE_DIR;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${ensureBunPackage()}\n`);
  } catch (err) {
    process.stderr.write(`✗ fetch-bun-package: ${err.message}\n`);
    process.exit(1);
  }
}
