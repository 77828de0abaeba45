/**
 * The wall: what the agent's own OS sandbox must keep read-only to everything
 * the agent runs (its shell, every child and background process, nested
 * agent sessions), so that no command, script or pseudo-terminal can change
 * what continuity's hooks read. Hooks run outside the sandbox (the client
 * runs them), so continuity's own writes still happen. The inbox
 * (INBOX_DIR) is left writable: the agent's own commands leave their
 * requests there. Pure: the paths are
 * derived from the config alone; `continuity init` writes them into the
 * client's settings and `doctor`/`status` check them there.
 */
import { GIT_EXEC_PROJECT_DIRS, GIT_EXEC_PROJECT_FILES } from '../domain/git-exec-paths.js';
import type { Config } from '../config/schema.js';
import { LEDGER_DIR } from '../ledger/ledger-dir.js';

export type SandboxMode = Config['sandbox']['mode'];

export interface WallPaths {
  /** Paths relative to the project root (globs as in the config's `protect` list). */
  project: string[];
  /** Paths relative to the person's home directory. */
  home: string[];
  /** The project paths that are folders, whose permission rule covers what is inside them. */
  folders: string[];
}

/**
 * Claude Code's hook wiring: the project's shared and local settings (either
 * can add hooks or set `disableAllHooks`), the person's own settings, and
 * the installed plugins (the continuity plugin's hooks.json). The whole
 * `.claude/` folder is not listed: Claude Code 2.1.197 then fails every Bash
 * command, because it mounts placeholders for `.claude/commands` and
 * `.claude/agents` inside the folder it has just made read-only.
 */
const CLAUDE_CODE_WIRING = { project: ['.claude/settings.json', '.claude/settings.local.json'], home: ['.claude/settings.json', '.claude/plugins'] };

/**
 * The project folders whose read-only files the sandbox binds one by one,
 * listed in `sandbox.filesystem.allowWrite` so that the folder itself is
 * bound too (writable, as the rest of the project is) and becomes a mount
 * point of its own. A folder that is not one can be renamed away with its
 * read-only files in it and made again with files of the agent's choosing
 * (`mv .claude x && mkdir .claude && echo … > .claude/settings.local.json`:
 * Claude Code 2.1.197 lets that through); a mount point cannot be renamed
 * or removed (EBUSY). The person's `~/.claude` needs no entry: the sandbox
 * keeps the home read-only, so it cannot be renamed.
 */
export const CLAUDE_CODE_MOUNTED_FOLDERS: readonly string[] = ['.claude'];

/**
 * What the wall keeps read-only for Claude Code: continuity's state, the hook
 * wiring, the program the hooks run when it lies inside the project
 * (`programs`: a project's own `node_modules/continuity/dist`; removed or
 * changed, no hook would run after it), the config's `protect` list.
 */
export function claudeCodeWallPaths(protect: readonly string[], programs: readonly string[] = []): WallPaths {
  const own = protect.map((p) => p.replace(/^(\.\/)+/, '').replace(/^\/+/, '')).filter((p) => p.length > 0);
  return { project: unique([LEDGER_DIR, ...CLAUDE_CODE_WIRING.project, ...programs, ...own]), home: [...CLAUDE_CODE_WIRING.home], folders: [LEDGER_DIR, ...programs] };
}

/**
 * The settings Claude Code needs for the wall, as init merges them into
 * `.claude/settings.json`:
 * - `sandbox.enabled`, and `failIfUnavailable` when the mode is `required`
 *   (Claude Code then refuses to start without a working sandbox instead of
 *   running every command unconfined);
 * - `allowUnsandboxedCommands: false`, so the model's
 *   `dangerouslyDisableSandbox` is ignored;
 * - `filesystem.denyWrite` with the wall's paths (`./` is the directory
 *   Claude Code was started in, the project root; `~/` the home);
 * - `filesystem.allowWrite` with the folders that hold denied files
 *   (CLAUDE_CODE_MOUNTED_FOLDERS), so they cannot be renamed away;
 * - `permissions.deny` rules for the file tools (Write, Edit, … are not
 *   sandboxed: an `Edit(…)` rule covers all of them; `/path` is relative to
 *   the project whose settings hold the rule).
 * Nothing for `off`: the sandbox is left as the person has it, and only the
 * permission rules are added.
 */
export function claudeCodeWallSettings(paths: WallPaths, mode: SandboxMode): { sandbox: Record<string, unknown> | null; permissionsDeny: string[] } {
  const denyWrite = [...paths.project.map((p) => `./${p}`), ...paths.home.map((p) => `~/${p}`)];
  const permissionsDeny = [...paths.project.map((p) => `Edit(/${paths.folders.includes(p) ? `${p}/**` : p})`), ...paths.home.filter((p) => p.endsWith('.json')).map((p) => `Edit(~/${p})`)];
  if (mode === 'off') return { sandbox: null, permissionsDeny };
  return {
    sandbox: {
      enabled: true,
      ...(mode === 'required' ? { failIfUnavailable: true } : {}),
      allowUnsandboxedCommands: false,
      filesystem: { allowWrite: CLAUDE_CODE_MOUNTED_FOLDERS.map((p) => `./${p}`), denyWrite },
    },
    permissionsDeny,
  };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** The permission profile continuity's wall is in Codex's config (`default_permissions` names it). */
export const CODEX_WALL_PROFILE = 'continuity';

export interface CodexWallPaths {
  /** Read-only inside every workspace root (relative to it): what Codex's profile can say as a path or a `folder/**` subtree. */
  project: string[];
  /** Read-only under the person's home (`~/…`). */
  home: string[];
  /** `protect` entries Codex's sandbox cannot keep read-only (globs other than a trailing `/**`): the hooks alone guard them. */
  unexpressible: string[];
}

/**
 * What the wall keeps read-only for Codex: continuity's state, `.codex/`
 * (its hooks.json and config.toml: Codex 0.169 keeps it read-only in the
 * workspace itself; named here so the wall does not hang on that), the
 * program the hooks run when it lies inside the project, the `protect`
 * entries Codex can express, and the person's `~/.codex` (their config and
 * hooks; read-only already unless the home lies in a writable root such as
 * /tmp). Codex takes a `read` entry only as a path or a trailing `/**`
 * subtree; other globs it accepts only as `none` (unreadable too).
 */
export function codexWallPaths(protect: readonly string[], programs: readonly string[] = [], exists: (path: string) => boolean = () => false, personGit: readonly string[] = []): CodexWallPaths {
  const own = protect.map((p) => p.replace(/^(\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '')).filter((p) => p.length > 0);
  const glob = (p: string) => /[*?[\]{}]/.test(p.replace(/\/\*\*$/, ''));
  // git's hooks and exec config (src/domain/git-exec-paths.ts), those that exist: Codex 0.169 keeps `.git` read-only in a workspace root already, and a `read` entry for a missing file there makes its bubblewrap fail every command ("Can't create file at .git/config.worktree: Read-only file system"). Listed, they do not rest on that default.
  const git = [...GIT_EXEC_PROJECT_DIRS, ...GIT_EXEC_PROJECT_FILES].filter((p) => exists(p));
  return {
    project: unique([LEDGER_DIR, '.codex', ...programs, ...own.filter((p) => !glob(p)), ...git]),
    // The person's git files under their home that exist now (src/app/git-global-facts.ts personGitFiles): read-only already unless the home lies in a writable root.
    home: unique(['.codex', ...personGit]),
    unexpressible: own.filter(glob),
  };
}
