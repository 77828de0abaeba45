import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Config } from '../config/schema.js';
import { CONFIG_PATH } from '../config/load.js';
import { approvedLinesOf, withApprovedLine } from '../formats/approved-line.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { LEDGER_DIR } from '../ledger/ledger.js';
import type { PlanRecord } from '../ledger/plans.js';
import { sha256 } from '../util/sha256.js';
import { sddLedgerPath } from './progress.js';
import { CLIENT_LOADED_GLOBS, clientCodePatterns, isWiringFile, userWiringEnvFiles, userWiringFiles, WIRING_ENV_FILES, WIRING_FILES, wiringKind, type WiringEnv } from './wiring-files.js';
import { settingsLines, withSettingsLines } from '../formats/env-file.js';
import { protectedFiles } from './protected-files.js';
import { pathMatcher, protectedPathMatcher } from '../shell/protected-model.js';
import { gitExecPatterns } from './git-exec-facts.js';
import { SIGNERS_FILE } from '../domain/approval-statement.js';
import { isPersonExecFile } from './git-global-facts.js';

/**
 * What the agent may not write:
 * - everything under `.continuity/` (the ledger, its config, its state);
 * - the progress tracker of a plan that is not approved: the `.tdd-progress.md`
 *   itself for the tdd dialect, the SDD ledger for superpowers plans;
 * - the agents' hook wiring files (WIRING_FILES, and the user's and the
 *   system's: userWiringFiles): a client that reloads its settings
 *   mid-session would otherwise run no hook after the write at all, and the
 *   next session none;
 * - the folders from which pi, OpenCode and Copilot CLI load code, or config
 *   that starts code, as the person (CLIENT_CODE_DIRS, and the home's:
 *   userClientCodePatterns): pi's extensions and packages, OpenCode's
 *   plugins and custom tools, Copilot CLI's hook files and extensions;
 * - the paths the config's `protect` list names (globs, relative to the root);
 * - the program the hooks run (`programs`, src/util/running-program.ts): a
 *   project's own `node_modules/continuity/dist`, or wherever it is installed;
 * - any `Approved:` line in the active plan's file (only continuity writes it);
 * - git's exec paths (`git`: gitExecPatterns, src/domain/git-exec-paths.ts):
 *   its hooks and the config files that name code it runs, which the
 *   person's next git command would run outside every hook;
 * - the repository's allowed signers (SIGNERS_FILE): an agent's own key
 *   added there would sign approvals for the person.
 */
export function guardedPatterns(plan: PlanRecord | null, config: Config, env: WiringEnv | undefined, programs: readonly string[] = [], git: readonly string[] = []): string[] {
  // The folders a client loads every file of, beside the whole folders: their globs in force decide what is a newcomer (newcomerTest).
  const patterns = [`${LEDGER_DIR}/**`, ...WIRING_FILES, ...clientCodePatterns(env), ...CLIENT_LOADED_GLOBS, SIGNERS_FILE, ...userWiringFiles(env), ...programs, ...git, ...config.protect];
  const tracker = trackerOf(plan);
  if (tracker) patterns.push(tracker);
  return patterns;
}

/**
 * The files whose last authorised content is kept, to put back what an
 * unauthorised write changes: the config, the tracker of a plan that is not
 * approved, the files of the protect list and the hook wiring. With the
 * ledger, files of a protect glob that have a snapshot but are gone now are
 * included, so that a deleted one is put back. The env files that can move
 * a client's settings are only compared after (WIRING_ENV_FILES).
 */
export function snapshotPaths(plan: PlanRecord | null, config: Config, root: string, env: WiringEnv | undefined, db?: SqlDatabase, gitPatterns: readonly string[] = gitExecPatterns(root)): string[] {
  const tracker = trackerOf(plan);
  const paths = new Set([CONFIG_PATH.split('\\').join('/'), ...(tracker ? [tracker] : []), ...WIRING_FILES, SIGNERS_FILE, ...WIRING_ENV_FILES, ...userWiringFiles(env), ...userWiringEnvFiles(env), ...protectedFiles(root, config.protect), ...protectedFiles(root, gitPatterns), ...protectedFiles(root, CLIENT_LOADED_GLOBS)]);
  if (!db) return [...paths];
  const snapshotted = db.all<{ path: string }>('SELECT path FROM guard_snapshots').map((r) => r.path);
  // A user's or the system's wiring file known from an earlier call is kept when this process's environment does not name it (another client's hook, without its CODEX_HOME): dropped, a change made meanwhile would be taken as authorised.
  for (const path of snapshotted) if (path.startsWith('/') && isWiringFile(path)) paths.add(path);
  // A file of git's guarded folders, or of a client's loaded ones, that is gone since its snapshot (a hook of the person's, deleted) is put back like a protected one.
  // git's paths and the clients' folders are plain files and folders: matched by lookup (pathMatcher answers as protectedPathMatcher).
  const gitPath = pathMatcher(root, [...gitPatterns, ...CLIENT_LOADED_GLOBS]);
  for (const path of snapshotted) if (gitPath(pathIn(root, path).split('\\').join('/')) || isPersonExecFile(path)) paths.add(path);
  if (config.protect.length) {
    const protectedPath = protectedPathMatcher(root, config.protect);
    for (const path of snapshotted) if (protectedPath(join(root, path).split('\\').join('/'))) paths.add(path);
  }
  return [...paths];
}

/**
 * A file that matches a protect glob which was already in force, and has no
 * snapshot: it appeared since the list was authorised, so its authorised
 * state is "absent" (a person's own new file is taken by `continuity config
 * accept`). Under a glob new to the list, the files found are authorised.
 */
export function newcomerTest(root: string, config: Config, globsInForce: readonly string[] | undefined, gitPatterns: readonly string[] = gitExecPatterns(root)): (path: string) => boolean {
  // git's hook folders and the folders a client loads every file of too: a file that appears in one after it was first guarded was not there when it was authorised.
  const globs = [...config.protect, ...gitPatterns, ...CLIENT_LOADED_GLOBS].filter((p) => /[*?[]/.test(p) && (globsInForce ?? []).includes(p));
  if (!globs.length) return () => false;
  const matches = protectedPathMatcher(root, globs);
  return (path) => matches(pathIn(root, path).split('\\').join('/'));
}

function trackerOf(plan: PlanRecord | null): string | null {
  if (!plan || plan.state === 'approved' || plan.state === 'complete') return null;
  return plan.dialect === 'tdd-progress' ? plan.path : sddLedgerPath(plan);
}

export interface Snapshot {
  path: string;
  content: string | null;
  hash: string | null;
}

/**
 * Keeps one snapshot per guarded file: taken when a file first becomes
 * guarded (or, with `adopt`, whenever a person changed it outside the
 * agent's tool calls), dropped when it stops being guarded. Files are read
 * and the ledger written only when something is to change, which on most
 * calls is nothing.
 */
export function syncSnapshots(
  ledger: { db: SqlDatabase; write<T>(fn: (db: SqlDatabase) => T): T },
  root: string,
  paths: readonly string[],
  /** `adopt`: take the files' present content as authorised (all, or the paths given); only a person's command sets it. */
  opts: { now: string; adopt: boolean | ReadonlySet<string>; newcomer?: (path: string) => boolean },
): Snapshot[] {
  const known = new Map(ledger.db.all<{ path: string; content: string | null; hash: string | null }>('SELECT path, content, hash FROM guard_snapshots').map((r) => [r.path, r]));
  const out: Snapshot[] = [];
  const take: Snapshot[] = [];
  for (const path of paths) {
    const seen = known.get(path);
    known.delete(path);
    const adopt = opts.adopt === true || (opts.adopt !== false && opts.adopt.has(path));
    if (seen && !adopt) {
      out.push({ path, content: seen.content, hash: seen.hash });
      continue;
    }
    const current = !seen && !adopt && opts.newcomer?.(path) ? null : readOrNull(pathIn(root, path));
    const hash = current === null ? null : sha256(current);
    const snap = seen && seen.hash === hash ? { path, content: seen.content, hash: seen.hash } : { path, content: keptContent(path, current), hash };
    if (!seen || seen.hash !== hash) take.push(snap);
    out.push(snap);
  }
  const drop = [...known.keys()];
  if (take.length || drop.length) {
    ledger.write((db) => {
      for (const t of take) {
        db.run(
          'INSERT INTO guard_snapshots (path, content, hash, taken_at) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET content = excluded.content, hash = excluded.hash, taken_at = excluded.taken_at',
          t.path,
          t.content,
          t.hash,
          opts.now,
        );
      }
      for (const path of drop) db.run('DELETE FROM guard_snapshots WHERE path = ?', path);
    });
  }
  return out;
}

export function snapshotOf(db: SqlDatabase, path: string): Snapshot | null {
  const r = db.get<{ content: string | null; hash: string | null }>('SELECT content, hash FROM guard_snapshots WHERE path = ?', path);
  return r ? { path, content: r.content, hash: r.hash } : null;
}

/** A snapshot's path on disk: relative to the project, or absolute (a file outside it). */
export function pathIn(root: string, path: string): string {
  return isAbsolute(path) ? path : join(root, path);
}

/** Puts a guarded file back as it was authorised: its content restored, or a created file removed. */
/**
 * What a snapshot keeps of a guarded file: all of it, except an env file
 * (`.env`, `.gemini/.env`: the person's secrets live there), of which only
 * the lines that move a client's settings are kept; the snapshot's hash is
 * still the whole file's, so any change is seen, and putting it back
 * touches only those lines (restoreSnapshot).
 */
export function keptContent(path: string, text: string | null): string | null {
  return text === null || wiringKind(path) !== 'env' ? text : settingsLines(text);
}

export function restoreSnapshot(root: string, s: Snapshot): void {
  const abs = pathIn(root, s.path);
  if (wiringKind(s.path) === 'env') {
    // The file as it is now, its settings-moving lines as they were: the person's (and the app's) other variables stay.
    const text = withSettingsLines(readOrNull(abs), s.content);
    if (text === null) rmSync(abs, { force: true });
    else writeFileSync(abs, text);
    return;
  }
  if (s.content === null) rmSync(abs, { force: true });
  else {
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, s.content);
  }
}

/**
 * The same, for a file that this process may not be allowed to write (a
 * system file changed by an administrator, or by an agent running as root
 * where continuity's hooks do not): the error's code when it could not be
 * put back, else null.
 */
export function tryRestoreSnapshot(root: string, s: Snapshot): string | null {
  try {
    restoreSnapshot(root, s);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'error';
  }
}

/**
 * Removes Approved lines continuity did not write from the plan file and
 * puts back the one it did (if any). Returns the forged lines it removed.
 */
export function restoreApprovedLine(absPlanPath: string, approvedLine: string | null): string[] {
  const text = readOrNull(absPlanPath);
  if (text === null) return [];
  const forged = approvedLinesOf(text).filter((l) => l !== approvedLine);
  if (!forged.length && (approvedLine === null || approvedLinesOf(text).includes(approvedLine))) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let cleaned = text
    .split(/\r?\n/)
    .filter((l) => !forged.includes(l.trim()))
    .join(eol);
  if (approvedLine) cleaned = withApprovedLine(cleaned, approvedLine.replace(/^\*\*Approved:\*\*\s*/, '')).text;
  writeFileSync(absPlanPath, cleaned);
  return forged;
}

export function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
