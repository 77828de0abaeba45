/**
 * What to do with a hook wiring file found changed since its last authorised
 * version: keep the change, or put back only what of it weakens enforcement.
 * Pure: texts in, a verdict out; the caller reads, keeps the replaced
 * version, writes and records (src/hooks/wiring-repair.ts).
 *
 * A change that keeps or adds continuity's hooks is the person's (a
 * teammate's settings arriving with `git pull`, hooks wired by hand, another
 * clone's `init`) and is adopted. What removes, disables or redirects
 * continuity's hooks, loosens the sandbox continuity configured or takes
 * trust back is put back by editing only that part, with init's own text
 * edits (src/install/jsonc-edit.ts), so the person's other settings in the
 * new version stay. A file that does not parse, or was deleted, comes back
 * whole.
 *
 * It lives in src/hooks/ rather than src/domain/: it reads hook entries with
 * the install targets' own recognisers and merges with their edits, and the
 * layers below the install code may not import it.
 */
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type ParseError } from 'jsonc-parser';
import { onlyGrantsTrust, OPENCODE_PROCESS_KEYS, wiringProjection } from '../../app/hook-wiring.js';
import { wiringKind } from '../../app/wiring-files.js';
import { withSettingsLines, WIRING_ENV_VARS } from '../../formats/env-file.js';
import { tomlKeys } from '../../formats/toml.js';
import { isContinuityCommand, splitShellCommand } from '../../install/hook-command.js';
import type { AgentName, HookCommand } from '../../install/hook-target.js';
import { appendMember, layoutOf, printValue, removeMember } from '../../install/jsonc-edit.js';
import { continuityHookOf } from '../../install/targets/command-line.js';
import { pluginHookCommand } from '../../install/targets/opencode-plugin.js';

export type WiringChange =
  | { kind: 'unchanged' }
  /** Kept as the new authorised version; `runsContinuity`: the new version runs continuity's hooks (said to the person). */
  | { kind: 'adopt'; runsContinuity: boolean }
  /** `text`: what the file is to hold (null: removed); `weakened`: what of the change was put back, in words; `whole`: the last authorised version as it was. */
  | { kind: 'repair'; text: string | null; weakened: string[]; whole: boolean };

export interface WiringChangeInput {
  /** The wiring file, relative to the project or absolute (a user's or the system's). */
  path: string;
  root: string;
  /** The last authorised version (for an env file, its settings-moving lines only: src/app/guard.ts keptContent). */
  before: string | null;
  after: string | null;
  /** The change was made during an agent's tool call: a hook, a plugin or env it adds would run outside the wall. */
  byAgent: boolean;
  /** The person listed the file in `protect`: compared whole. */
  whole?: boolean;
}

export function judgeWiringChange(c: WiringChangeInput): WiringChange {
  if (c.before === c.after) return { kind: 'unchanged' };
  const kind = wiringKind(c.path);
  if (kind === null) return { kind: 'unchanged' };
  if (c.whole) return { kind: 'repair', text: c.before, weakened: ['the file (in the protect list)'], whole: true };
  if (kind === 'env') {
    if (wiringProjection(c.path, c.after) === wiringProjection(c.path, c.before)) return { kind: 'adopt', runsContinuity: false };
    const was = envValues(c.before);
    const now = envValues(c.after);
    const moved = WIRING_ENV_VARS.filter((k) => was.get(k) !== now.get(k));
    return { kind: 'repair', text: withSettingsLines(c.after, c.before), weakened: moved, whole: false };
  }
  if (kind === 'codex-toml') return judgeToml(c);
  // pi's extension is continuity's whole file: any change of it (its hook command redirected, an event left out) comes back whole.
  if (kind === 'pi-extension') return c.before === null ? { kind: 'adopt', runsContinuity: true } : { kind: 'repair', text: c.before, weakened: [`${c.path} (continuity's pi extension)`], whole: true };
  if (kind === 'plugin-file') return judgePluginFile(c);
  // An MCP config: each server a process the client starts as the person. Made or changed in an agent's call, it comes back whole; a person's change is theirs.
  if (kind === 'process-config') return c.byAgent ? { kind: 'repair', text: c.before, weakened: [c.before === null ? `${c.path} (created)` : `${c.path} (changed)`], whole: true } : { kind: 'adopt', runsContinuity: false };
  return judgeJson(c);
}

type Obj = Record<string, unknown>;

/**
 * A plugin file of continuity's (OpenCode's): continuity's whole. Changed or
 * removed when it was continuity's, it comes back as it was; one that becomes
 * continuity's (init run again, another clone's) is adopted.
 */
function judgePluginFile(c: WiringChangeInput): WiringChange {
  const was = c.before !== null && pluginHookCommand(c.before) !== null;
  const now = c.after !== null && pluginHookCommand(c.after) !== null;
  if (was && (!now || c.byAgent)) return { kind: 'repair', text: c.before, weakened: [c.after === null ? `${c.path} (deleted)` : `${c.path} (changed)`], whole: true };
  return { kind: 'adopt', runsContinuity: now };
}

/** The last value an env file gives each variable. */
function envValues(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of (text ?? '').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (m) out.set(m[1]!, m[2]!.trim());
  }
  return out;
}

function jsonObject(text: string | null): Obj | null | 'invalid' {
  if (text === null) return null;
  const errors: ParseError[] = [];
  const v = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (text.trim() === '') return {};
  return errors.length || typeof v !== 'object' || v === null || Array.isArray(v) ? 'invalid' : (v as Obj);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The agent whose hooks a wiring file holds, from its path. */
export function agentOf(path: string): AgentName {
  if (/(^|\/)\.?gemini(-cli)?\//.test(path)) return 'gemini';
  if (/(^|\/)\.?codex\//.test(path)) return 'codex';
  if (/(^|\/)\.?cursor\//.test(path)) return 'cursor';
  if (/(^|\/)\.pi\//.test(path)) return 'pi';
  if (/(^|\/)\.github\/(hooks|copilot)\/|(^|\/)\.copilot\//.test(path)) return 'copilot';
  if (/(^|\/)\.?opencode(\/|\.jsonc?$)/.test(path)) return 'opencode';
  return 'claude-code';
}

/** One hook entry of a settings file: its event, its matcher, and whether it runs continuity's `hook <agent>`. */
interface Entry {
  event: string;
  matcher: string;
  ours: boolean;
  value: unknown;
}

function entriesOf(o: Obj | null, agent: AgentName): Entry[] {
  const hooks = o?.hooks;
  if (!isObj(hooks)) return [];
  const out: Entry[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    for (const group of list) {
      // Gemini CLI's `hooks.disabled` is a list of names, not of groups.
      if (!isObj(group)) continue;
      const matcher = isObj(group) && typeof group.matcher === 'string' ? group.matcher : '';
      const handlers = isObj(group) && Array.isArray(group.hooks) ? group.hooks : [group];
      for (const h of handlers) out.push({ event, matcher, ours: runsContinuity(h, agent), value: h });
    }
  }
  return out;
}

/** A handler running continuity: exec form (`command` + `args`, Claude Code), or one command line (`npx continuity hook …`, a clone's `node …/dist/cli.cjs hook …`, an executable, the launcher). */
function runsContinuity(handler: unknown, agent: AgentName): boolean {
  if (!isObj(handler)) return false;
  // Copilot CLI's command hooks keep their command line in `bash`.
  const line = typeof handler.command === 'string' ? handler.command : typeof handler.bash === 'string' ? handler.bash : null;
  if (line === null) return false;
  const args = handler.args;
  if (typeof handler.command === 'string' && Array.isArray(args) && args.every((a) => typeof a === 'string')) return isContinuityCommand({ command: handler.command, args: args as string[] }, agent);
  if (continuityHookOf(line, agent)) return true;
  const split: HookCommand | null = splitShellCommand(line);
  return !!split && isContinuityCommand(split, agent);
}

/** Where continuity's hooks run: `event|matcher` of every handler of its own. */
const coverage = (entries: Entry[]) => new Set(entries.filter((e) => e.ours).map((e) => `${e.event}|${e.matcher}`));
const foreign = (entries: Entry[]) => new Set(entries.filter((e) => !e.ours).map((e) => `${e.event}|${canonical(e.value)}`));

const continuityPlugins = (o: Obj | null) => Object.entries(isObj(o?.enabledPlugins) ? (o!.enabledPlugins as Obj) : {}).filter(([name, on]) => name.startsWith('continuity@') && on === true);

/** Does this settings text run continuity's hooks (its entries in any form, or the plugin turned on)? */
export function settingsRunContinuity(path: string, text: string | null): boolean {
  const o = jsonObject(text);
  if (!isObj(o)) return false;
  return coverage(entriesOf(o, agentOf(path))).size > 0 || continuityPlugins(o).length > 0;
}

/** Variables that move a client's own settings or home: set in a settings file's `env`, they take its hooks elsewhere. */
const MOVING_ENV = new Set<string>(['CLAUDE_CONFIG_DIR', 'CODEX_HOME', ...WIRING_ENV_VARS]);

/**
 * One thing of a settings file that bears on enforcement, at a JSON path:
 * weakened when the change from `was` to `now` switches something of
 * continuity's off. Put back by setting the path to `was` (absent: removed).
 */
interface Aspect {
  path: string[];
  label: string;
  weakened(was: unknown, now: unknown): boolean;
}

function aspectsOf(path: string, was: Obj | null, now: Obj | null, byAgent: boolean, root: string): Aspect[] {
  const kind = wiringKind(path);
  const user = path.startsWith('/');
  const agentAdds = byAgent && !user;
  if (kind === 'gemini-trust') {
    const about = (folder: string) => root === folder || root.startsWith(`${folder.replace(/\/+$/, '')}/`);
    const folders = new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})].filter(about));
    return [...folders].map((f) => ({ path: [f], label: `the trust of ${f}`, weakened: (a, b) => a !== b && b !== 'TRUST_FOLDER' && b !== 'TRUST_PARENT' }));
  }
  const out: Aspect[] = [
    { path: ['disableAllHooks'], label: 'disableAllHooks', weakened: (a, b) => b === true && a !== true },
    { path: ['allowManagedHooksOnly'], label: 'allowManagedHooksOnly', weakened: (a, b) => b === true && a !== true },
    // A sandbox continuity configured, loosened in any way; a new one that is off.
    { path: ['sandbox'], label: 'sandbox', weakened: (a, b) => (a === undefined ? isObj(b) && b.enabled === false : !same(a, b)) },
    { path: ['hooksConfig', 'enabled'], label: 'hooksConfig.enabled', weakened: (a, b) => b === false && a !== false },
    { path: ['hooksConfig', 'disabled'], label: 'hooksConfig.disabled', weakened: (a, b) => addsEntries(a, b) },
    { path: ['security', 'folderTrust'], label: 'security.folderTrust', weakened: (a, b) => !same(a, b) && (byAgent || (isObj(b) && b.enabled === true && !(isObj(a) && a.enabled === true))) },
  ];
  if (agentOf(path) === 'pi') {
    // pi's `extensions` and `packages` (globs, `!`/`-` exclusions) decide which extensions load, continuity's among them.
    out.push({ path: ['extensions'], label: 'extensions', weakened: (a, b) => !same(a, b) });
    out.push({ path: ['packages'], label: 'packages', weakened: (a, b) => !same(a, b) && (byAgent || user) });
  }
  if (agentOf(path) === 'opencode') {
    // OpenCode's config: a plugin it loads runs in its process, outside the wall; its `permission` rules decide what runs unasked.
    out.push({ path: ['plugin'], label: 'plugin', weakened: (a, b) => byAgent && addsEntries(a, b) });
    out.push({ path: ['permission'], label: 'permission', weakened: (a, b) => byAgent && !same(a, b) });
    // Its MCP servers, formatters, language servers and `experimental.hook` commands start as the person, outside the wall.
    for (const k of OPENCODE_PROCESS_KEYS) out.push({ path: [k], label: k, weakened: (a, b) => byAgent && !same(a, b) });
  }
  if (agentOf(path) === 'gemini') {
    // Gemini CLI's own switches inside `hooks`, beside its events.
    out.push({ path: ['hooks', 'enabled'], label: 'hooks.enabled', weakened: (a, b) => b === false && a !== false });
    out.push({ path: ['hooks', 'disabled'], label: 'hooks.disabled', weakened: (a, b) => addsEntries(a, b) });
  }
  if (agentOf(path) === 'copilot') {
    // Copilot CLI's settings name hooks it skips, and its config the folders whose repository hooks it loads.
    out.push({ path: ['disabledHooks'], label: 'disabledHooks', weakened: (a, b) => addsEntries(a, b) });
    out.push({ path: ['trustedFolders'], label: 'trustedFolders', weakened: (a, b) => dropsEntries(a, b) && !(Array.isArray(b) && b.some((f) => typeof f === 'string' && (root === f || root.startsWith(`${f.replace(/\/+$/, '')}/`)))) });
  }
  for (const name of new Set([...Object.keys(isObj(was?.enabledPlugins) ? was!.enabledPlugins as Obj : {}), ...Object.keys(isObj(now?.enabledPlugins) ? now!.enabledPlugins as Obj : {})])) {
    if (name.startsWith('continuity@')) out.push({ path: ['enabledPlugins', name], label: `enabledPlugins.${name}`, weakened: (a, b) => a === true && b !== true });
    // Another plugin's hooks run outside the wall: turned on by the agent, it is put back.
    else if (agentAdds) out.push({ path: ['enabledPlugins', name], label: `enabledPlugins.${name}`, weakened: (a, b) => b === true && a !== true });
  }
  if (user) return out;
  const pluginOn = continuityPlugins(was).length > 0;
  out.push({ path: ['extraKnownMarketplaces'], label: 'extraKnownMarketplaces', weakened: (a, b) => !same(a, b) && (byAgent || pluginOn) });
  for (const name of new Set([...Object.keys(isObj(was?.env) ? (was!.env as Obj) : {}), ...Object.keys(isObj(now?.env) ? (now!.env as Obj) : {})])) {
    // The hooks run with this env, outside the wall: the agent's additions are put back, and anyone's that moves a client's settings.
    out.push({ path: ['env', name], label: `env.${name}`, weakened: (a, b) => !same(a, b) && (byAgent || MOVING_ENV.has(name)) });
  }
  out.push({ path: ['tools'], label: 'tools', weakened: (a, b) => !same(a, b) && (byAgent || !same(isObj(a) ? a.sandbox : undefined, isObj(b) ? b.sandbox : undefined) || (isObj(b) && b.enableHooks === false)) });
  out.push({ path: ['permissions', 'deny'], label: 'permissions.deny', weakened: (a, b) => dropsEntries(a, b) });
  out.push({ path: ['permissions', 'defaultMode'], label: 'permissions.defaultMode', weakened: (a, b) => !same(a, b) && (byAgent || b === 'bypassPermissions') });
  return out;
}

function addsEntries(a: unknown, b: unknown): boolean {
  const had = new Set((Array.isArray(a) ? a : []).map((x) => canonical(x)));
  return (Array.isArray(b) ? b : b === undefined ? [] : [b]).some((x) => !had.has(canonical(x)));
}

function dropsEntries(a: unknown, b: unknown): boolean {
  const has = new Set((Array.isArray(b) ? b : []).map((x) => canonical(x)));
  return (Array.isArray(a) ? a : a === undefined ? [] : [a]).some((x) => !has.has(canonical(x)));
}

const at = (o: Obj | null, path: readonly string[]): unknown => path.reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), o);

/** What of the change from `was` to `now` weakens enforcement, in words (empty: nothing). */
function weakenings(path: string, root: string, was: Obj | null, now: Obj | null, byAgent: boolean): { aspects: Aspect[]; hooks: string | null } {
  const aspects = aspectsOf(path, was, now, byAgent, root).filter((a) => a.weakened(at(was, a.path), at(now, a.path)));
  const kind = wiringKind(path);
  if (kind === 'gemini-trust') return { aspects, hooks: null };
  const agent = agentOf(path);
  const before = entriesOf(was, agent);
  const after = entriesOf(now, agent);
  const kept = coverage(after);
  const lost = [...coverage(before)].filter((k) => !kept.has(k));
  let hooks: string | null = lost.length ? `continuity's hooks (${[...new Set(lost.map((k) => k.slice(0, k.indexOf('|'))))].join(', ')})` : null;
  if (!hooks && byAgent && !path.startsWith('/')) {
    const had = foreign(before);
    const added = [...foreign(after)].filter((k) => !had.has(k));
    if (added.length) hooks = `hooks that run outside the wall (${[...new Set(added.map((k) => k.slice(0, k.indexOf('|'))))].join(', ')})`;
  }
  return { aspects, hooks };
}

function judgeJson(c: WiringChangeInput): WiringChange {
  const was = jsonObject(c.before);
  const now = jsonObject(c.after);
  const whole = (weakened: string[]): WiringChange => ({ kind: 'repair', text: c.before, weakened, whole: true });
  if (now === 'invalid') return whole([`${c.path} (does not parse: a client that cannot read its settings may run no hooks)`]);
  const wasObj = was === 'invalid' ? null : was;
  const found = weakenings(c.path, c.root, wasObj, now, c.byAgent);
  const labels = [...(found.hooks ? [found.hooks] : []), ...found.aspects.map((a) => a.label)];
  if (!labels.length) {
    // A deleted file whose last version held continuity's part (its hooks, its sandbox) is put back; one that held only the person's settings is gone as they left it.
    if (now === null && wasObj && heldContinuity(c, wasObj)) return whole([`${c.path} (deleted)`]);
    return { kind: 'adopt', runsContinuity: settingsRunContinuity(c.path, c.after) };
  }
  if (now === null || was === 'invalid') return whole(labels);
  let text = c.after!;
  try {
    if (found.hooks) text = putBackHooks(c, text, wasObj, found.hooks.startsWith('hooks that run'));
    for (const a of found.aspects) {
      text = setAt(text, a.path, at(wasObj, a.path));
      // A member removed may leave its object empty where the last authorised version had none (`enabledPlugins: {}`).
      for (let i = a.path.length - 1; i > 0; i--) {
        const parent = a.path.slice(0, i);
        const left = at(jsonObject(text) as Obj, parent);
        if (isObj(left) && !Object.keys(left).length && at(wasObj, parent) === undefined) text = setAt(text, parent, undefined);
      }
    }
  } catch {
    return whole(labels);
  }
  const repaired = jsonObject(text);
  if (!isObj(repaired) || (() => { const left = weakenings(c.path, c.root, wasObj, repaired, c.byAgent); return left.hooks !== null || left.aspects.length > 0; })()) return whole(labels);
  // Nothing of the new version that the last authorised one did not hold: its bytes, formatting and comments included.
  if (wasObj && within(repaired, wasObj)) return { kind: 'repair', text: c.before, weakened: labels, whole: false };
  // A file created only to switch something off: nothing of it is left.
  if (c.before === null && Object.keys(repaired).length === 0) return { kind: 'repair', text: null, weakened: labels, whole: false };
  return { kind: 'repair', text, weakened: labels, whole: false };
}

function heldContinuity(c: WiringChangeInput, was: Obj): boolean {
  if (wiringKind(c.path) === 'gemini-trust') return wiringProjection(c.path, c.before, c.root) !== null;
  if (settingsRunContinuity(c.path, c.before)) return true;
  return ['sandbox', 'hooksConfig', 'security'].some((k) => k in was) || at(was, ['permissions', 'deny']) !== undefined;
}

/**
 * The settings text with `path` set to `value` (undefined: the member
 * removed), with init's own text edits (src/install/jsonc-edit.ts): a member
 * added after the last one of its object, one removed with its comma, one
 * replaced in place; no other byte of the person's moves. jsonc-parser's
 * `modify` is only the fallback (it re-formats the lines around an edit).
 */
function setAt(text: string, path: string[], value: unknown): string {
  const root = parseTree(text);
  const node = root ? findNodeAtLocation(root, path) : undefined;
  if (root && value === undefined) return node?.parent?.type === 'property' ? removeMember(text, node.parent) : text;
  if (root && node) {
    const start = text.lastIndexOf('\n', node.parent!.offset - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(start))![0];
    return applyEdits(text, [{ offset: node.offset, length: node.length, content: printValue(value, layoutOf(text), indent) }]);
  }
  if (root) {
    for (let i = path.length - 1; i >= 0; i--) {
      const parent = i === 0 ? root : findNodeAtLocation(root, path.slice(0, i));
      if (!parent) continue;
      if (parent.type !== 'object') break;
      const whole = path.slice(i + 1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      return appendMember(text, parent, whole, path[i]);
    }
  }
  const { eol, unit } = layoutOf(text);
  const formattingOptions = { insertSpaces: !unit.startsWith('\t'), tabSize: unit.startsWith('\t') ? 1 : unit.length, eol };
  return applyEdits(text, modify(text, path, value, { formattingOptions }));
}

/**
 * continuity's hook entries put back into the new text, event by event: an
 * event whose list in the new text holds nothing the last authorised one did
 * not gets that list back as it was; otherwise continuity's groups of the
 * last authorised version are appended after the person's, with init's own
 * text edit (src/install/jsonc-edit.ts), which touches no other byte. A hook
 * the agent added is taken out with it (the `hooks` of the last authorised
 * version).
 */
function putBackHooks(c: WiringChangeInput, text: string, was: Obj | null, agentAddedHooks: boolean): string {
  if (agentAddedHooks) return setAt(text, ['hooks'], at(was, ['hooks']));
  const agent = agentOf(c.path);
  const lost = () => {
    const kept = coverage(entriesOf(jsonObject(text) as Obj, agent));
    return [...new Set([...coverage(entriesOf(was, agent))].filter((k) => !kept.has(k)).map((k) => k.slice(0, k.indexOf('|'))))];
  };
  for (const event of lost()) {
    const wasList = at(was, ['hooks', event]) as unknown[];
    const nowList = at(jsonObject(text) as Obj, ['hooks', event]);
    if (!Array.isArray(nowList) || nowList.every((g) => wasList.some((w) => same(w, g)))) {
      text = setAt(text, ['hooks', event], wasList);
      continue;
    }
    const ours = wasList.filter((g) => entriesOf({ hooks: { [event]: [g] } }, agent).some((e) => e.ours));
    for (const group of ours) text = appendMember(text, findNodeAtLocation(parseTree(text)!, ['hooks', event])!, group);
  }
  return text;
}

/** Is `a` contained in `b`: every member of every object of `a` in `b` with the same value? */
function within(a: unknown, b: unknown): boolean {
  if (isObj(a) && isObj(b)) return Object.entries(a).every(([k, v]) => k in b && within(v, b[k]));
  return same(a, b);
}

/**
 * Codex's config.toml: a change that leaves its hook keys as they were, or
 * only grants trust (src/app/hook-wiring.ts), is kept; so is a file created
 * that switches nothing off. Anything else of its hook keys is put back
 * whole: continuity has no editor of TOML that keeps a person's bytes.
 */
function judgeToml(c: WiringChangeInput): WiringChange {
  if (wiringProjection(c.path, c.after, c.root) === wiringProjection(c.path, c.before, c.root) || onlyGrantsTrust(c.path, c.before, c.after, c.root)) return { kind: 'adopt', runsContinuity: false };
  if (c.before === null && c.after !== null && !tomlSwitchesOff(c.after)) return { kind: 'adopt', runsContinuity: /continuity[^\n]*\bhook\b/.test(c.after) };
  if (c.after === null && c.before !== null && !tomlSwitchesOff(c.before) && !/continuity/.test(c.before) && wiringProjection(c.path, c.before, c.root) === null) return { kind: 'adopt', runsContinuity: false };
  return { kind: 'repair', text: c.before, weakened: [`the hook settings of ${c.path}`], whole: true };
}

/** A config.toml that turns hooks off, allows only managed ones, picks a profile, or distrusts a project. */
function tomlSwitchesOff(text: string): boolean {
  const keys = tomlKeys(text);
  if (!keys) return true;
  return keys.some(({ path: parts, value }) => {
    const last = parts[parts.length - 1]!;
    if (parts.includes('features') && /hooks/.test(last)) return value !== 'true';
    if (parts.join('.') === 'allow_managed_hooks_only') return value !== 'false';
    if (parts.join('.') === 'profile') return true;
    if (parts[0] === 'projects' && last === 'trust_level') return value !== '"trusted"';
    return false;
  });
}
