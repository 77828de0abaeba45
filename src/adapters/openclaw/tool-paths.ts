/**
 * A file tool's path as OpenClaw 2026.9.6 resolves it before it reads or
 * writes, so that the guards judge the file that is really written, not the
 * text the model sent. Ported from OpenClaw's own code:
 *
 * - the model's `path` parameter repaired (agent-tools.params.ts): a trailing
 *   `</arg_value>>` stripped, a hallucinated Office extension (`.docodex`)
 *   made `.docx`;
 * - a leading `@` is a file reference (path-policy.ts
 *   `preserveAtPrefixedRelativePath`): kept as the literal name `./@…` only
 *   when that file, or its top folder, exists; otherwise dropped (`@@x` is
 *   `./@x`);
 * - `read`, `write`, `edit` (sessions/tools/path-utils.ts `resolveToCwd`):
 *   `file://` URLs as paths, `~` and `~/…` in the home of the gateway's
 *   process (`HOME`, else `USERPROFILE`, else the OS's), then relative to
 *   the workspace;
 * - `apply_patch` (sandbox-paths.ts `resolveSandboxInputPath`): `@` and `~` as
 *   above, but a `file://` URL is not a URL there (a relative name).
 *
 * `$HOME` and other variables are not expanded by OpenClaw: such a path is a
 * relative name. Pure: whether a file exists is asked of `exists`.
 */
import { homedir } from 'node:os';
import { isAbsolute, normalize, posix, resolve, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PathWorld {
  /** The workspace: relative paths are its. */
  cwd: string;
  /** The gateway process's home, as OpenClaw finds it. */
  home: string | undefined;
  exists(path: string): boolean;
}

/** The gateway process's home as OpenClaw's `resolveOsHomeDir` finds it. */
export function openClawHome(env: NodeJS.ProcessEnv): string | undefined {
  const value = (v: string | undefined) => {
    const t = v?.trim();
    return t && t !== 'undefined' && t !== 'null' ? t : undefined;
  };
  const raw = value(env.HOME) ?? value(env.USERPROFILE) ?? value(safeHomedir());
  return raw ? resolve(raw) : undefined;
}

function safeHomedir(): string | undefined {
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

const XML_ARG_VALUE_SUFFIX = /<\/arg_value>>+$/;
const OFFICE_EXTENSION = /\.(doc|ppt|xls)(?:odex|codex|xodex|xcodex)$/i;

/** The `path` parameter as OpenClaw repairs it before the tool runs. */
export function repairedPathParam(raw: string): string {
  const stripped = raw.includes('</arg_value>') ? raw.replace(XML_ARG_VALUE_SUFFIX, '') : raw;
  return stripped.replace(OFFICE_EXTENSION, (_m, family: string) => `.${family.toLowerCase()}x`);
}

/** OpenClaw's `preserveAtPrefixedRelativePath`: `@name` is the literal `./@name` only when it (or its top folder) exists. */
export function preserveAtPrefixed(raw: string, w: PathWorld): string {
  if (!raw.startsWith('@')) return raw;
  const stripped = raw.slice(1);
  if (!stripped || stripped === '~' || stripped.startsWith('~/') || stripped.startsWith('~\\') || /^file:\/\//i.test(stripped) || posix.isAbsolute(stripped) || win32.isAbsolute(stripped)) return raw;
  const literal = `./${raw}`;
  let top = raw;
  for (;;) {
    const parent = posix.dirname(top);
    if (parent === '.' || parent === top) break;
    top = parent;
  }
  const ancestor = top === raw ? undefined : `./${top}`;
  return w.exists(resolve(w.cwd, literal)) || (ancestor !== undefined && w.exists(resolve(w.cwd, ancestor))) ? literal : raw;
}

/** One `@` consumed as a file reference; a second one stays, as a literal name. */
function fileReference(path: string): string {
  const referenced = path.startsWith('@') ? path.slice(1) : path;
  return referenced.startsWith('@') ? `./${referenced}` : referenced;
}

function expandHome(path: string, home: string | undefined): string {
  if (!home || !(path === '~' || path.startsWith('~/'))) return path;
  return home + path.slice(1);
}

/** Where OpenClaw's `read`, `write` and `edit` open their `path`. */
export function fileToolPath(raw: string, w: PathWorld): string {
  const path = fileReference(preserveAtPrefixed(preserveAtPrefixed(repairedPathParam(raw), w), w));
  let expanded = path;
  if (path.startsWith('file://')) {
    try {
      expanded = fileURLToPath(path);
    } catch {
      expanded = path;
    }
  } else expanded = expandHome(path, w.home);
  return isAbsolute(expanded) ? expanded : resolve(w.cwd, expanded);
}

/** Where OpenClaw's `apply_patch` writes a file its envelope names. */
export function patchToolPath(raw: string, w: PathWorld): string {
  const path = expandHome(fileReference(preserveAtPrefixed(raw, w)), w.home);
  return normalize(isAbsolute(path) ? path : resolve(w.cwd, path));
}
