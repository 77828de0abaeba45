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
import { isTable, parseToml, tomlError } from '../../formats/toml.js';
import { CODEX_WALL_PROFILE, type CodexWallPaths } from '../wall-spec.js';

export const CODEX_CONFIG_FILE = '.codex/config.toml';

export const CODEX_WALL_BEGIN = '# continuity: the wall begins here (written by `continuity init --agent codex`, taken out by `--uninstall`)';
export const CODEX_WALL_END = '# continuity: the wall ends here';

const q = (s: string) => JSON.stringify(s);

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
 * sets (a duplicate key is invalid TOML), a profile of the same name, the
 * `permissions` table defined whole. Read with a TOML parser; the line
 * numbers only say where it is written.
 */
function clashes(own: string, block: string): string[] {
  const doc = parseToml(own);
  if (doc === null) return [`it is not valid TOML (${tomlError(own)}), and Codex refuses such a file`];
  const out: string[] = [];
  const lines = own.split(/\r?\n/);
  const firstTable = lines.findIndex((l) => /^\s*\[/.test(l));
  const topLevel = (pattern: RegExp) => lineOf(firstTable < 0 ? lines : lines.slice(0, firstTable), pattern);
  const key = (name: string) => new RegExp(`^\\s*(${name}|"${name}"|'${name}')\\s*[.=]`);
  if (Object.prototype.hasOwnProperty.call(doc, 'sandbox_mode')) out.push(`it sets sandbox_mode${at(topLevel(key('sandbox_mode')))}, which makes Codex ignore the permission profile the wall is`);
  for (const name of ['default_permissions', 'approvals_reviewer']) if (Object.prototype.hasOwnProperty.call(doc, name)) out.push(`it already sets ${name}${at(topLevel(key(name)))}`);
  // The block's profile is dotted keys under `permissions`: TOML then allows `[permissions.<other>]` tables, not `[permissions]` itself.
  const whole = [lineOf(lines, /^\s*\[\s*("permissions"|'permissions'|permissions)\s*\]/), topLevel(/^\s*("permissions"|'permissions'|permissions)\s*=/)].filter((n) => n > 0);
  if (whole.length) out.push(`it defines the permissions table whole${at(Math.min(...whole))}, which TOML does not allow beside the wall's profile; write each profile as [permissions.<name>]`);
  if (isTable(doc.permissions) && Object.prototype.hasOwnProperty.call(doc.permissions, CODEX_WALL_PROFILE)) {
    const profile = new RegExp(`^\\s*\\[?\\s*["']?permissions["']?\\s*\\.\\s*["']?${CODEX_WALL_PROFILE}["']?\\s*[.\\]=]`);
    out.push(`it already has a permission profile named ${CODEX_WALL_PROFILE}${at(lineOf(lines, profile))}`);
  }
  if (!out.length && parseToml(block + own) === null) out.push(`with the wall's block it is not valid TOML (${tomlError(block + own)})`);
  return out;
}

/** The 1-based number of the first line matching, or 0. */
function lineOf(lines: readonly string[], pattern: RegExp): number {
  return lines.findIndex((l) => pattern.test(l)) + 1;
}

const at = (line: number) => (line > 0 ? ` (line ${line})` : '');

/**
 * The config text with continuity's block in it (replacing an earlier one);
 * `block` null takes the block out (`sandbox.mode` off). `existing` null: no
 * file yet. Throws CodexWallClashError when the person's own config clashes
 * with the wall.
 */
export function installCodexWall(existing: string | null, block: string | null): string | null {
  const own = existing === null ? '' : withoutCodexWall(existing);
  if (block === null) return existing === null ? null : own;
  const problems = clashes(own, block);
  if (problems.length) throw new CodexWallClashError(problems);
  const eol = own.includes('\r\n') ? '\r\n' : '\n';
  return (eol === '\n' ? block : block.replace(/\n/g, '\r\n')) + own;
}

/** The config text with continuity's block taken out; null when nothing else is left (init then deletes the file). */
export function uninstallCodexWall(existing: string): string | null {
  const own = withoutCodexWall(existing);
  return own === '' ? null : own;
}
