/**
 * The wall in Codex's project config (`.codex/config.toml`): a permission
 * profile that confines everything the agent's commands do to Codex's own
 * sandbox (bubblewrap and seccomp on Linux, Seatbelt on macOS) with
 * continuity's state and the hook wiring read-only, selected with
 * `default_permissions`, and `approvals_reviewer = "user"` so that a request
 * to run a command outside the sandbox is decided by the person, never by
 * Codex's reviewer agent. Hooks run outside the sandbox (Codex runs them),
 * so they still write the ledger.
 *
 * One block between marker lines at the top of the file (top-level keys must
 * come before any table, so the profile is written as dotted keys): taking
 * the block out gives the person's bytes back. Pure: text in, text out.
 */
import { keyPath, tomlLines } from '../toml-lines.js';
import { CODEX_WALL_PROFILE, type CodexWallPaths } from '../wall-spec.js';

export const CODEX_CONFIG_FILE = '.codex/config.toml';

export const CODEX_WALL_BEGIN = '# continuity: the wall begins here (written by `continuity init --agent codex`, taken out by `--uninstall`)';
export const CODEX_WALL_END = '# continuity: the wall ends here';

const q = (s: string) => JSON.stringify(s);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The block init writes, newline-terminated. */
export function codexWallBlock(paths: CodexWallPaths): string {
  const roots = paths.project.map((p) => `${q(p)} = "read"`).join(', ');
  const profile = `permissions.${CODEX_WALL_PROFILE}`;
  return [
    CODEX_WALL_BEGIN,
    "# Codex's sandbox keeps these read-only to every command the agent runs; continuity's hooks run outside it.",
    `default_permissions = ${q(CODEX_WALL_PROFILE)}`,
    'approvals_reviewer = "user"',
    `${profile}.extends = ":workspace"`,
    ...paths.home.map((h) => `${profile}.filesystem.${q(`~/${h}`)} = "read"`),
    `${profile}.filesystem.":workspace_roots" = { ${roots} }`,
    CODEX_WALL_END,
    '',
  ].join('\n');
}

/** Where continuity's block is in the text: [start, end) offsets, end past its last line break; null when there is none. */
function blockSpan(text: string): [number, number] | null {
  for (let start = text.indexOf(CODEX_WALL_BEGIN); start >= 0; start = text.indexOf(CODEX_WALL_BEGIN, start + 1)) {
    if (start > 0 && text[start - 1] !== '\n') continue;
    const last = text.indexOf(CODEX_WALL_END, start);
    if (last < 0 || text[last - 1] !== '\n') return null;
    let end = last + CODEX_WALL_END.length;
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
    return [start, end];
  }
  return null;
}

/** The text without continuity's block. */
export function withoutCodexWall(text: string): string {
  const span = blockSpan(text);
  return span ? text.slice(0, span[0]) + text.slice(span[1]) : text;
}

export function hasCodexWall(text: string): boolean {
  return blockSpan(text) !== null;
}

/** The person's own Codex config clashes with the wall; nothing is written. */
export class CodexWallClashError extends Error {
  constructor(reasons: string[]) {
    super(`${CODEX_CONFIG_FILE}: ${reasons.join('; ')}; remove that, or set sandbox.mode to "off" in .continuity/config.json`);
    this.name = 'CodexWallClashError';
  }
}

/**
 * What in the person's own config would undo the wall or clash with it:
 * `sandbox_mode` (Codex then ignores `default_permissions`), keys the block
 * sets (a duplicate key is invalid TOML), a profile of the same name.
 */
function clashes(own: string): string[] {
  const out: string[] = [];
  const mine = new Set(['default_permissions', 'approvals_reviewer']);
  const profileAt: number[] = [];
  const wholeAt: number[] = [];
  for (const l of tomlLines(own)) {
    const path = [...(l.table ? keyPath(l.table) : []), ...keyPath(l.key)];
    if (l.table === '' && path[0] === 'sandbox_mode') out.push(`it sets sandbox_mode (line ${l.line + 1}), which makes Codex ignore the permission profile the wall is`);
    else if (l.table === '' && path.length === 1 && mine.has(path[0]!)) out.push(`it already sets ${path[0]} (line ${l.line + 1})`);
    if (path[0] === 'permissions' && path[1] === CODEX_WALL_PROFILE) profileAt.push(l.line + 1);
    if (l.table === '' && same(path, ['permissions'])) wholeAt.push(l.line + 1);
  }
  // A table header with no keys under it is not among the lines.
  own.split(/\r?\n/).forEach((l, i) => {
    const header = /^\s*\[\s*([^\]]*?)\s*\]/.exec(l);
    const path = header ? keyPath(header[1]!) : [];
    if (path[0] === 'permissions' && path[1] === CODEX_WALL_PROFILE) profileAt.push(i + 1);
    if (header && same(path, ['permissions'])) wholeAt.push(i + 1);
  });
  // The block's profile is dotted keys under `permissions`: TOML then allows `[permissions.<other>]` tables, not `[permissions]` itself.
  if (wholeAt.length) out.push(`it defines the permissions table whole (line ${Math.min(...wholeAt)}), which TOML does not allow beside the wall's profile; write each profile as [permissions.<name>]`);
  if (profileAt.length) out.push(`it already has a permission profile named ${CODEX_WALL_PROFILE} (line ${Math.min(...profileAt)})`);
  return out;
}

/**
 * The config text with continuity's block in it (replacing an earlier one);
 * `block` null takes the block out (`sandbox.mode` off). `existing` null: no
 * file yet. Throws CodexWallClashError when the person's own config clashes
 * with the wall.
 */
export function installCodexWall(existing: string | null, block: string | null): string | null {
  const own = existing === null ? '' : withoutCodexWall(existing);
  if (block === null) return existing === null ? null : own;
  const problems = clashes(own);
  if (problems.length) throw new CodexWallClashError(problems);
  const eol = own.includes('\r\n') ? '\r\n' : '\n';
  return (eol === '\n' ? block : block.replace(/\n/g, '\r\n')) + own;
}

/** The config text with continuity's block taken out; null when nothing else is left (init then deletes the file). */
export function uninstallCodexWall(existing: string): string | null {
  const own = withoutCodexWall(existing);
  return own === '' ? null : own;
}
