/**
 * The wall in Claude Code's settings (src/install/wall-spec.ts says what it
 * is): `sandbox` keys and `permissions.deny` rules merged into the settings
 * text, touching nothing but what is added, changed or removed, so that
 * taking them out gives the person's bytes back. What was added and what a
 * person's own value was before a change are kept in a record (init keeps it
 * in `.continuity/`), so uninstall takes out exactly that, and a later init
 * can drop what an earlier one added and the config no longer asks for.
 */
import { applyEdits, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import * as v from 'valibot';
import { InvalidSettingsError } from '../hook-target.js';
import { appendMember, removeMember } from '../jsonc-edit.js';
import type { claudeCodeWallSettings } from '../wall-spec.js';
import { GIT_EXEC_MODULE_GLOBS, GIT_EXEC_PROJECT_DIRS, GIT_EXEC_PROJECT_FILES } from '../../domain/git-exec-paths.js';

const SETTINGS_FILE = '.claude/settings.json';

/**
 * git's hooks and exec config (src/domain/git-exec-paths.ts): Claude Code
 * 2.1.197's sandbox already keeps `.git/hooks` and `.git/config` read-only
 * on its own; listed all the same, so the wall does not rest on a default
 * a later version may change, with the two files it does not name. The
 * file tools are not sandboxed: their `Edit(…)` rules.
 */
const GIT_EXEC_DENY_WRITE = [...GIT_EXEC_PROJECT_DIRS, ...GIT_EXEC_PROJECT_FILES].map((p) => `./${p}`);
const GIT_EXEC_EDIT_DENY = [...GIT_EXEC_PROJECT_DIRS.map((d) => `${d}/**`), ...GIT_EXEC_PROJECT_FILES, ...GIT_EXEC_MODULE_GLOBS].map((p) => `Edit(/${p})`);

/**
 * The wall's settings with git's exec paths added: to the sandbox's
 * denyWrite when there is a sandbox, to the file tools' rules always. With
 * them the person's own git files that exist when init runs (`person`:
 * `~/.gitconfig`, `~/.config/git/config`, a GIT_CONFIG_GLOBAL file…, under
 * the home as `~/…`, elsewhere absolute, `//…` in Claude Code's syntax):
 * the sandbox keeps the home read-only already, not a file that
 * GIT_CONFIG_GLOBAL or XDG_CONFIG_HOME puts in a writable folder, and the
 * file tools are not sandboxed.
 */
export function withGitExecPaths(wall: WallSettings, person: { home: readonly string[]; outside: readonly string[] } = { home: [], outside: [] }): WallSettings {
  const add = (list: readonly string[], more: readonly string[]) => [...list, ...more.filter((m) => !list.includes(m))];
  const fs = wall.sandbox?.filesystem as { allowWrite: string[]; denyWrite: string[] } | undefined;
  const own = [...person.home.map((h) => `~/${h}`), ...person.outside.map((p) => `/${p}`)];
  return {
    sandbox: wall.sandbox && fs ? { ...wall.sandbox, filesystem: { ...fs, denyWrite: add(fs.denyWrite, [...GIT_EXEC_DENY_WRITE, ...own]) } } : wall.sandbox,
    permissionsDeny: add(wall.permissionsDeny, [...GIT_EXEC_EDIT_DENY, ...own.map((p) => `Edit(${p})`)]),
  };
}

export type WallSettings = ReturnType<typeof claudeCodeWallSettings>;

type Path = string[];
const Path = v.array(v.string());
const Json = v.union([v.string(), v.number(), v.boolean(), v.null()]);

/** What init did to the settings, to undo exactly that. */
export const WallRecordSchema = v.strictObject({
  /** Members init added whole (a key with its value, or a container). */
  added: v.array(Path),
  /** Scalars that had the person's own value before init changed it. */
  changed: v.array(v.strictObject({ path: Path, from: Json })),
  /** Entries init appended to a list (`allowWrite`, `denyWrite`, `permissions.deny`). */
  entries: v.array(v.strictObject({ list: Path, value: v.string() })),
});
export type WallRecord = v.InferOutput<typeof WallRecordSchema>;

export const EMPTY_RECORD: WallRecord = { added: [], changed: [], entries: [] };

interface Desired {
  scalars: { path: Path; value: boolean }[];
  lists: { path: Path; values: string[] }[];
}

function desiredOf(wall: WallSettings): Desired {
  const scalars: Desired['scalars'] = [];
  const lists: Desired['lists'] = [];
  if (wall.sandbox) {
    for (const [key, value] of Object.entries(wall.sandbox)) if (typeof value === 'boolean') scalars.push({ path: ['sandbox', key], value });
    const { allowWrite, denyWrite } = wall.sandbox.filesystem as { allowWrite: string[]; denyWrite: string[] };
    lists.push({ path: ['sandbox', 'filesystem', 'allowWrite'], values: allowWrite });
    lists.push({ path: ['sandbox', 'filesystem', 'denyWrite'], values: denyWrite });
  }
  lists.push({ path: ['permissions', 'deny'], values: wall.permissionsDeny });
  return { scalars, lists };
}

function parse(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !root) throw new InvalidSettingsError(SETTINGS_FILE, errors[0] ? `${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}` : 'empty document');
  if (root.type !== 'object') throw new InvalidSettingsError(SETTINGS_FILE, 'the top level is not an object');
  return root;
}

const same = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => x === b[i]);
const describe = (p: Path) => p.join('.');

/** Records a value init put in whole: every member and list entry in it is init's. */
function recordValue(record: WallRecord, path: Path, value: unknown): void {
  record.added.push(path);
  if (Array.isArray(value)) for (const x of value) if (typeof x === 'string') record.entries.push({ list: path, value: x });
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, x] of Object.entries(value)) recordValue(record, [...path, k], x);
}

/** Puts `value` at `path`, adding the outermost missing object on the way (recorded); the text unchanged when `path` exists. */
function putMissing(text: string, path: Path, value: unknown, record: WallRecord): string {
  for (let i = 1; i <= path.length; i++) {
    const node = findNodeAtLocation(parse(text), path.slice(0, i));
    if (node && i < path.length && node.type !== 'object') throw new InvalidSettingsError(SETTINGS_FILE, `${describe(path.slice(0, i))} is not an object`);
    if (node) continue;
    const parent = i === 1 ? parse(text) : findNodeAtLocation(parse(text), path.slice(0, i - 1))!;
    const whole = path.slice(i).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    recordValue(record, path.slice(0, i), whole);
    return appendMember(text, parent, whole, path[i - 1]);
  }
  return text;
}

export interface WallInstall {
  text: string;
  record: WallRecord;
  /** One line per change, for init's report: `sandbox.enabled: false → true`. */
  changes: string[];
}

/**
 * The settings text with the wall in it. `previous` is the record of an
 * earlier install (its additions are kept, or dropped when no longer asked
 * for); the returned record covers both. Running it on its own output, with
 * its record, changes nothing.
 */
export function installWall(existing: string, wall: WallSettings, previous: WallRecord | null): WallInstall {
  let text = existing.trim() === '' ? '{}\n' : existing;
  const record: WallRecord = structuredClone(previous ?? EMPTY_RECORD);
  const changes: string[] = [];
  const want = desiredOf(wall);

  // What an earlier init added and the config no longer asks for.
  for (const e of [...record.entries]) {
    const list = want.lists.find((l) => same(l.path, e.list));
    if (list?.values.includes(e.value)) continue;
    text = removeEntry(text, e.list, e.value);
    record.entries.splice(record.entries.indexOf(e), 1);
    changes.push(`${describe(e.list)}: ${JSON.stringify(e.value)} taken out`);
  }
  if (!wall.sandbox) ({ text } = takeOutSandbox(text, record, changes));

  for (const s of want.scalars) {
    const node = findNodeAtLocation(parse(text), s.path);
    if (!node) {
      text = putMissing(text, s.path, s.value, record);
      continue;
    }
    const current = getNodeValue(node) as unknown;
    if (current === s.value) continue;
    if (!record.changed.some((c) => same(c.path, s.path)) && !record.added.some((a) => same(a, s.path))) record.changed.push({ path: s.path, from: v.is(Json, current) ? current : null });
    text = applyEdits(text, [{ offset: node.offset, length: node.length, content: JSON.stringify(s.value) }]);
    changes.push(`${describe(s.path)}: ${JSON.stringify(current)} → ${JSON.stringify(s.value)}`);
  }

  for (const l of want.lists) {
    let node = findNodeAtLocation(parse(text), l.path);
    if (node && node.type !== 'array') throw new InvalidSettingsError(SETTINGS_FILE, `${describe(l.path)} is not a list`);
    if (!node) {
      text = putMissing(text, l.path, l.values, record);
      continue;
    }
    const present = new Set((getNodeValue(node) as unknown[]).filter((x): x is string => typeof x === 'string'));
    for (const value of l.values) {
      if (present.has(value)) continue;
      node = findNodeAtLocation(parse(text), l.path)!;
      text = appendMember(text, node, value);
      record.entries.push({ list: l.path, value });
    }
  }
  return { text, record, changes };
}

/** `sandbox.mode: off`: the sandbox keys an earlier init added or changed go back to what the person had. */
function takeOutSandbox(text: string, record: WallRecord, changes: string[]): { text: string } {
  const inSandbox = (p: Path) => p[0] === 'sandbox';
  const partial: WallRecord = { added: record.added.filter(inSandbox), changed: record.changed.filter((c) => inSandbox(c.path)), entries: [] };
  if (!partial.added.length && !partial.changed.length) return { text };
  text = undo(text, partial);
  record.added = record.added.filter((p) => !inSandbox(p));
  record.changed = record.changed.filter((c) => !inSandbox(c.path));
  changes.push("the sandbox settings init had added taken out (sandbox.mode is off)");
  return { text };
}

function removeEntry(text: string, list: Path, value: string): string {
  const node = findNodeAtLocation(parse(text), list);
  const element = node?.type === 'array' ? [...(node.children ?? [])].reverse().find((c) => c.type === 'string' && c.value === value) : undefined;
  return element ? removeMember(text, element) : text;
}

/**
 * Undoes what the record says. Containers init added and that hold only
 * what it put there go whole, outermost first; then the entries it appended
 * to the person's lists, the person's own values back where it changed them,
 * and the members it added to the person's objects, last added first. What a
 * person added or changed since is left as it is.
 */
function undo(text: string, record: WallRecord): string {
  const isAdded = (p: Path) => record.added.some((a) => same(a, p));
  const isOurs = (node: Node, path: Path): boolean => {
    if (!isAdded(path)) return false;
    if (node.type === 'object') return (node.children ?? []).every((prop) => isOurs(prop.children![1]!, [...path, String(prop.children![0]!.value)]));
    if (node.type === 'array') return (node.children ?? []).every((el) => el.type === 'string' && record.entries.some((e) => same(e.list, path) && e.value === el.value));
    return true;
  };
  const gone: Path[] = [];
  const outermostLastFirst = record.added.map((path, i) => ({ path, i })).sort((a, b) => a.path.length - b.path.length || b.i - a.i);
  for (const { path } of outermostLastFirst) {
    if (gone.some((g) => path.length >= g.length && same(path.slice(0, g.length), g))) continue;
    const node = findNodeAtLocation(parse(text), path);
    if (!node || !isOurs(node, path)) continue;
    text = removeMember(text, node.parent!);
    gone.push(path);
  }
  const within = (p: Path) => gone.some((g) => p.length >= g.length && same(p.slice(0, g.length), g));
  for (const e of [...record.entries].reverse()) if (!within(e.list)) text = removeEntry(text, e.list, e.value);
  for (const c of [...record.changed].reverse()) {
    const node = findNodeAtLocation(parse(text), c.path);
    if (node && node.type !== 'object' && node.type !== 'array') text = applyEdits(text, [{ offset: node.offset, length: node.length, content: JSON.stringify(c.from) }]);
  }
  for (const path of [...record.added].reverse()) {
    if (within(path)) continue;
    const node = findNodeAtLocation(parse(text), path);
    if (!node) continue;
    // An added list or object the person has since put something in stays.
    if ((node.type === 'object' || node.type === 'array') && (node.children ?? []).length > 0) continue;
    text = removeMember(text, node.parent!);
  }
  return text;
}

/** The settings text with the wall taken out as the record says; the text unchanged without one. */
export function uninstallWall(existing: string, record: WallRecord | null): string {
  if (!record || existing.trim() === '') return existing;
  parse(existing);
  return undo(existing, record);
}

