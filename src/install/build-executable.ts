/**
 * The compiled executable of an installed package, built on first use:
 * `dist/bin/continuity`, compiled from dist/compiled.mjs with the Bun pinned
 * in dist/executable.json, as the Claude Code plugin builds its own
 * (plugin/lib/build-executable.sh). Bun's platform package comes through npm's
 * own client (`npm pack`, so the person's registry, mirror, proxy and cache
 * apply) or from CONTINUITY_BUN_PACKAGE_DIR (a folder holding the
 * oven-bun-PLATFORM-VERSION.tgz that `npm pack` writes); nothing is run from
 * it unless its sha512 is the pinned one. One build at a time (a lock folder;
 * one left by a dead process is taken over), in a temporary folder beside the
 * result, renamed into place whole: a hook never sees half an executable. A
 * failure leaves one line saying why in dist/bin/build-failed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILED_PATH, FIRST_USE_MARK } from './hook-command.js';
import { bunPlatform, EXECUTABLE_FACTS_PATH, parseExecutableFacts } from './executable-pins.js';

export const BUILD_LOCK = join('dist', 'bin', 'build.lock');
export const BUILD_FAILED = join('dist', 'bin', 'build-failed');
const ENTRY = join('dist', 'compiled.mjs');

export type BuildResult = { state: 'built' | 'present'; path: string } | { state: 'busy'; pid: string } | { state: 'failed'; reason: string };

/** Builds `<root>/dist/bin/continuity` unless it is there; `say` gets one line per step. */
export function buildExecutable(root: string, say: (line: string) => void = () => {}): BuildResult {
  const exe = join(root, COMPILED_PATH);
  if (existsSync(exe)) return { state: 'present', path: exe };
  const bin = join(root, 'dist', 'bin');
  try {
    mkdirSync(bin, { recursive: true });
  } catch (err) {
    return { state: 'failed', reason: `cannot create ${bin}: ${(err as Error).message}` };
  }
  const lock = join(root, BUILD_LOCK);
  const holder = takeLock(lock);
  if (holder !== null) return { state: 'busy', pid: holder };
  const tmp = join(bin, `.build-${process.pid}`);
  try {
    if (existsSync(exe)) return { state: 'present', path: exe };
    const reason = compile(root, tmp, exe, say);
    if (reason) {
      writeFileSync(join(root, BUILD_FAILED), `${reason}\n`);
      return { state: 'failed', reason };
    }
    rmSync(join(root, BUILD_FAILED), { force: true });
    return { state: 'built', path: exe };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The lock folder taken (null), or the pid of the live build that holds it. */
function takeLock(lock: string): string | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return null;
    } catch {
      let pid = '';
      try {
        pid = readFileSync(join(lock, 'pid'), 'utf8').trim();
      } catch {
        // a build that has not written its pid yet, or one that died before it
      }
      if (pid && alive(Number(pid))) return pid;
      // Left by a process that is gone: take it over.
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return 'unknown';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The build itself: null when `exe` is in place, else why not, in one line. */
function compile(root: string, tmp: string, exe: string, say: (line: string) => void): string | null {
  let text: string;
  try {
    text = readFileSync(join(root, EXECUTABLE_FACTS_PATH), 'utf8');
  } catch {
    return `${EXECUTABLE_FACTS_PATH} is missing: this continuity cannot compile its executable`;
  }
  const facts = parseExecutableFacts(text);
  if ('error' in facts) return facts.error;
  const platform = bunPlatform({ platform: process.platform, arch: process.arch, musl: isMusl() });
  if ('error' in platform) return platform.error;
  const pkg = `bun-${platform.name}`;
  const want = facts.sha512[platform.name];
  if (!want) return `no pinned sha512 for @oven/${pkg}@${facts.bunVersion}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const file = `oven-${pkg}-${facts.bunVersion}.tgz`;
  const tarball = join(tmp, file);
  const localDir = process.env.CONTINUITY_BUN_PACKAGE_DIR;
  if (localDir && existsSync(join(localDir, file))) {
    say(`Bun ${facts.bunVersion} for ${platform.name} from ${join(localDir, file)}`);
    writeFileSync(tarball, readFileSync(join(localDir, file)));
  } else {
    say(`fetching Bun ${facts.bunVersion} for ${platform.name} (npm pack @oven/${pkg}@${facts.bunVersion})`);
    const r = spawnSync('npm', ['pack', `@oven/${pkg}@${facts.bunVersion}`, '--pack-destination', tmp, '--silent'], { cwd: tmp, encoding: 'utf8', timeout: 600_000 });
    if (r.status !== 0 || !existsSync(tarball)) return `fetching @oven/${pkg}@${facts.bunVersion} with npm pack failed: ${firstLine(r.error?.message ?? r.stderr) || `exit ${r.status ?? r.signal}`}`;
  }
  // Nothing from the package runs before its checksum is the pinned one.
  const got = createHash('sha512').update(readFileSync(tarball)).digest('hex');
  if (got !== want) return `the Bun package's sha512 is not the pinned one (got ${got.slice(0, 16)}…): it was not used`;
  const untar = spawnSync('tar', ['-xzf', file, 'package/bin/bun'], { cwd: tmp, encoding: 'utf8' });
  if (untar.status !== 0) return `cannot unpack ${file}: ${firstLine(untar.error?.message ?? untar.stderr) || `tar exit ${untar.status}`}`;
  const bun = join(tmp, 'package', 'bin', 'bun');
  chmodSync(bun, 0o755);
  say('compiling the executable');
  // In the temporary folder, so that no bunfig.toml of the current folder applies.
  const out = join(tmp, 'continuity');
  const c = spawnSync(bun, ['build', join(root, ENTRY), '--compile', '--outfile', out, ...facts.compileFlags], { cwd: tmp, encoding: 'utf8', timeout: 600_000 });
  if (c.status !== 0) return `Bun ${facts.bunVersion} could not compile the executable: ${firstLine(c.error?.message ?? c.stderr) || `exit ${c.status ?? c.signal}`}`;
  const v = spawnSync(out, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const version = (v.stdout ?? '').trim();
  if (v.status !== 0) return `the compiled executable does not run here: ${firstLine(v.error?.message ?? v.stderr) || `exit ${v.status ?? v.signal}`}`;
  if (version !== facts.version) return `the compiled executable answers --version with ${version}, not ${facts.version}`;
  // The mark first: the executable without it would read as the package build's own (hookEntryOf).
  writeFileSync(join(root, FIRST_USE_MARK), `Bun ${facts.bunVersion}, ${platform.name}\n`);
  renameSync(out, exe);
  say(`built ${exe}`);
  return null;
}

function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return readdirSync('/lib').some((f) => /^ld-musl-.*\.so\.1$/.test(f));
  } catch {
    return false;
  }
}

function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0] ?? '';
}
