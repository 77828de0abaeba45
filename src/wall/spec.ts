/**
 * What continuity's own wall keeps out of the agent's reach, from facts the
 * caller gathered (facts.ts reads them). Pure.
 *
 * - Writable: the project (its `.continuity-inbox/` included, where the
 *   agent's own continuity commands leave their requests), the temporary
 *   folders, and only those package caches whose content the tool checks
 *   before using it (npm's `_cacache`: every entry is read back against its
 *   integrity hash). The rest of the machine, the home folder included, is
 *   read-only: a file there (a shell start-up file, a program on PATH, a user
 *   service, an installed copy a cache runs such as `~/.npm/_npx` or
 *   `~/.cache/pre-commit`) could run code outside the wall later. The home
 *   stays so where a writable folder holds it (HOME=/tmp/…, a home inside
 *   the project): mounted read-only itself, its writable caches again after
 *   it (mount-order.ts). Not a home that is itself the temporary folder or
 *   the project (HOME=/tmp): those must stay writable.
 * - Writable but the wall's own: an empty folder over the caches that hold
 *   installed copies a tool runs and that a command in the wall needs to
 *   write (`~/.npm/_npx`, what `npx <pkg>` installs into): it goes with the
 *   call, the person's copy is not touched.
 * - Hidden: the client's own state and config folder (OpenClaw's
 *   `~/.openclaw` with the gateway's token, Gemini CLI's `~/.gemini` with its
 *   credentials), except the agent's workspace inside it.
 * - Read-only even inside what is writable: `.continuity/`, the hook wiring
 *   of every client, the program the hooks run, continuity's state home (the
 *   recovery copy), the config's `protect` list; git's exec paths (hooks,
 *   config, attributes: what the person's next `git status` or `commit`
 *   runs); the files and folders `@anthropic-ai/sandbox-runtime` denies to
 *   every command it walls (shell start-up files, `.gitmodules`, `.mcp.json`,
 *   editor folders, `.claude/commands`, `.claude/agents`).
 */
import { dirname, isAbsolute, join, normalize, relative, resolve } from 'node:path';
import type { WallSpec } from './bwrap.js';
import { governingMount, mountOrder } from './mount-order.js';

export type WalledClient = 'gemini' | 'openclaw' | 'pi' | 'copilot' | 'opencode';

export interface WallFacts {
  client: WalledClient;
  /** The project root. */
  root: string;
  /** The client's home folder (its HOME). */
  home: string | null;
  /** Temporary folders (/tmp, TMPDIR), existing ones; /dev/shm is writable with /dev. */
  temp: readonly string[];
  /** Caches whose content the tool checks before use, existing ones (~/.npm/_cacache, …): writable. */
  caches: readonly string[];
  /** Caches of installed copies a tool runs (~/.npm/_npx), existing ones: an empty writable folder of the call's own over each. */
  ephemeral: readonly string[];
  /** git's exec paths (src/domain/git-exec-paths.ts), absolute, existing ones (a missing hooks folder is a placeholder). */
  gitExec: { files: readonly string[]; dirs: readonly string[] };
  /** The paths the engine's own deny list names in the project (absolute, existing ones). */
  mandatory: readonly string[];
  /** Guarded paths, absolute: the ledger folder, every client's hook wiring, the program the hooks run, the state home. */
  guarded: readonly string[];
  /** The config's `protect` entries and the guard's patterns (relative to the root, globs allowed). */
  protect: readonly string[];
  /** Folders that must stand read-only even where missing (the client's own project settings folder, `.gemini`; a git folder's missing `hooks`). */
  placeholders: readonly string[];
  /** The client's own state and config: folders and files to hide, and the workspaces inside them to keep writable. */
  clientState: { dirs: readonly string[]; files: readonly string[]; keep: readonly string[] };
  /** The client's credentials in the environment, by name. */
  credentials: readonly string[];
  bwrap: string;
  shell: { path: string; args: readonly string[] };
}

export function wallSpec(f: WallFacts): WallSpec {
  const root = resolve(f.root);
  const hiddenDirs = unique(f.clientState.dirs.map((d) => resolve(d)));
  const hiddenFiles = unique(f.clientState.files.map((d) => resolve(d))).filter((p) => !hiddenDirs.some((d) => within(p, d)));
  const hidden = (p: string) => hiddenDirs.some((d) => within(p, d)) || hiddenFiles.includes(p);
  const writable = unique([...f.temp, ...f.caches, root].map((p) => resolve(p)));
  // Writable paths inside a hidden folder are mounted again after it (the project in OpenClaw's workspace).
  // Strictly inside: a workspace that is the hidden folder itself would bring all of it back.
  const reopened = unique([...f.clientState.keep.map((p) => resolve(p)), ...writable.filter(hidden)]).filter((p) => hiddenDirs.some((d) => within(p, d) && p !== d));
  const reachable = (p: string) => !hidden(p) || reopened.some((r) => within(p, r));
  const protect = f.protect.map((p) => literalPrefix(p)).filter((p): p is string => p !== null).map((p) => join(root, p));
  const readOnly = unique([...f.guarded.map((p) => resolve(p)), ...protect, ...f.mandatory.map((p) => resolve(p)), ...f.gitExec.files.map((p) => resolve(p)), ...f.gitExec.dirs.map((p) => resolve(p))])
    // A guarded path the wall hides stays hidden; one outside what is writable is read-only already, but is
    // listed all the same (cheap, and it stays read-only if a writable folder is ever added above it).
    .filter(reachable)
    .filter((p) => p !== '/' && p !== root);
  const open = [...writable.filter((p) => !hidden(p)), ...reopened];
  // The home read-only whole where a writable folder holds it (HOME=/tmp/…, a home inside the project): its start-up files, git
  // config and the installed copies its caches run stay out of reach whatever folder contains it. The home that IS a writable
  // folder (HOME=/tmp, the project) stays writable: the temporary folder and the project must be.
  const home = f.home === null ? null : resolve(f.home);
  const readOnlyHome = home !== null && home !== '/' && reachable(home) && !open.includes(home) && open.some((w) => within(home, w)) ? home : null;
  const ephemeral = unique(f.ephemeral.map((p) => resolve(p))).filter((p) => !hidden(p));
  const hiddenSpec = { dirs: hiddenDirs, files: hiddenFiles };
  const layout = (placeholders: readonly string[]) =>
    mountOrder({ bwrap: f.bwrap, shell: f.shell, writable: writable.filter((p) => !hidden(p)), ephemeral, hidden: hiddenSpec, reopened, anchors: [], readOnlyHome, readOnly, placeholders, unsetEnv: [] });
  // A placeholder's folder is made by bubblewrap: only where what holds it inside the wall is writable (not in the read-only home).
  const placeholders = unique(f.placeholders.map((p) => resolve(p))).filter((p) => reachable(p) && governingMount(layout([]), p, true)?.kind === 'writable');
  const laid = layout(placeholders);
  // The folders between a read-only path and the writable folder that holds it inside the wall (none where a read-only one,
  // the home, holds it). They are laid in depth order (mount-order.ts): one above a hidden folder comes before it.
  const anchors = unique(
    [...(readOnlyHome ? [readOnlyHome] : []), ...readOnly, ...placeholders].flatMap((p) => {
      const base = governingMount(laid, p, true);
      if (base?.kind !== 'writable') return [];
      const out: string[] = [];
      for (let a = dirname(p); a !== base.path && within(a, base.path); a = dirname(a)) out.unshift(a);
      return out;
    }),
  ).sort((a, b) => a.length - b.length);
  return {
    bwrap: f.bwrap,
    shell: f.shell,
    writable: writable.filter((p) => !hidden(p)),
    ephemeral,
    hidden: hiddenSpec,
    reopened,
    anchors,
    readOnlyHome,
    readOnly,
    placeholders,
    unsetEnv: unique(f.credentials),
    client: f.client,
  };
}

/**
 * The part of a `protect` pattern before its first glob character, as a
 * path inside the project: `config/**` keeps `config` read-only (more than
 * the pattern, never less); a pattern with no literal folder (`**\/*.pem`)
 * has none, and only the hooks guard it.
 */
export function literalPrefix(pattern: string): string | null {
  const p = pattern.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  const glob = p.search(/[*?[{]/);
  const literal = glob < 0 ? p : p.slice(0, p.lastIndexOf('/', glob) + 1);
  const clean = normalize(literal.replace(/\/+$/, '') || '.');
  if (clean === '.' || clean.startsWith('..') || isAbsolute(clean)) return null;
  return clean;
}

function within(path: string, dir: string): boolean {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
