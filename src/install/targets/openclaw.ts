/**
 * `continuity init --agent openclaw`: what OpenClaw needs in the gateway's
 * config beyond `openclaw plugins install <clone>/openclaw`, which copies
 * (or, with `--link`, names) the plugin, records where it came from and
 * enables it. Two entries, both read in OpenClaw 2026.9.6's own code:
 *
 * - `plugins.entries.continuity.hooks.allowConversationAccess: true`: a
 *   plugin OpenClaw does not ship has `before_prompt_build`,
 *   `before_agent_run`, `before_agent_finalize` and `agent_end` blocked
 *   without it (`resolveConversationAccessAllowed`: only a bundled plugin is
 *   allowed by default);
 * - `"continuity"` in `plugins.allow`, only when the config already has that
 *   list: a restrictive list without the id keeps the plugin from loading,
 *   and creating one would keep every other plugin from loading.
 *
 * The config is JSON5; what OpenClaw writes (and what continuity edits) is
 * its JSON-with-comments subset. Edits only append members and replace one
 * value, and each is recorded, so uninstall takes out exactly them and gives
 * back the bytes that were there. Text in, text out; init does the I/O.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { InvalidSettingsError } from '../hook-target.js';
import { appendMember, removeMember } from '../jsonc-edit.js';

/** The plugin's id (openclaw/openclaw.plugin.json). */
export const OPENCLAW_PLUGIN_ID = 'continuity';

const ACCESS_PATH = ['plugins', 'entries', OPENCLAW_PLUGIN_ID, 'hooks', 'allowConversationAccess'] as const;

/** The command that sets the entry by hand, for a config continuity cannot edit. */
export const OPENCLAW_SET_BY_HAND = `openclaw config set ${ACCESS_PATH.join('.')} true --strict-json`;

/** One change init made to the gateway's config, to be undone exactly. */
export type GatewayEdit =
  /** A member init appended; `path` leads to it (its key last). */
  | { kind: 'member'; path: string[] }
  /** The value at `path` replaced; `before` is its text as it was. */
  | { kind: 'value'; path: string[]; before: string }
  /** `"continuity"` appended to `plugins.allow`. */
  | { kind: 'allow' };

export interface GatewayInstall {
  text: string;
  edits: GatewayEdit[];
}

/** What the gateway's config says about continuity, for `doctor` and init's notes. */
export interface GatewayWiring {
  conversationAccess: boolean;
  /** `plugins.allow`: null when there is none (no restriction), else whether it names continuity. */
  allowed: boolean | null;
  denied: boolean;
  pluginsDisabled: boolean;
  /** `plugins.entries.continuity.enabled` as written (undefined: not written). */
  entryEnabled: boolean | undefined;
  loadPaths: string[];
}

/** The config with continuity's entries in it, and the edits that put them there. */
export function installGatewayEntries(existing: string | null, file: string): GatewayInstall {
  if (existing === null || existing.trim() === '') {
    const value = nest(ACCESS_PATH, true);
    return { text: `${JSON.stringify(value, null, 2)}\n`, edits: [{ kind: 'member', path: [ACCESS_PATH[0]] }] };
  }
  let text = existing;
  const edits: GatewayEdit[] = [];
  let tree = read(text, file);
  // allowConversationAccess: appended under the deepest object that exists, or its value set.
  let node: Node = tree;
  for (let i = 0; i < ACCESS_PATH.length; i++) {
    const key = ACCESS_PATH[i]!;
    const child = propertyValue(node, key);
    if (!child) {
      const path = ACCESS_PATH.slice(0, i + 1) as string[];
      text = appendMember(text, node, nest(ACCESS_PATH.slice(i + 1), true), key);
      edits.push({ kind: 'member', path });
      break;
    }
    if (i === ACCESS_PATH.length - 1) {
      if (child.value !== true || child.type !== 'boolean') {
        edits.push({ kind: 'value', path: [...ACCESS_PATH], before: text.slice(child.offset, child.offset + child.length) });
        text = text.slice(0, child.offset) + 'true' + text.slice(child.offset + child.length);
      }
      break;
    }
    if (child.type !== 'object') throw new InvalidSettingsError(file, `"${ACCESS_PATH.slice(0, i + 1).join('.')}" is not an object`);
    node = child;
  }
  tree = read(text, file);
  const allow = findNodeAtLocation(tree, ['plugins', 'allow']);
  if (allow) {
    if (allow.type !== 'array') throw new InvalidSettingsError(file, '"plugins.allow" is not a list');
    if (!(allow.children ?? []).some((c) => c.value === OPENCLAW_PLUGIN_ID)) {
      text = appendMember(text, allow, OPENCLAW_PLUGIN_ID);
      edits.push({ kind: 'allow' });
    }
  }
  return { text, edits };
}

/**
 * The config with the recorded edits undone, last first: a member init
 * appended goes with what is in it when that is only what init put there
 * (otherwise only the entry itself goes, and what the person added in it
 * stays); a replaced value comes back when it is still init's; null when
 * nothing is left of a config init created.
 */
export function uninstallGatewayEntries(existing: string, edits: readonly GatewayEdit[], file: string, created = false): string | null {
  let text = existing;
  for (const edit of [...edits].reverse()) {
    const tree = read(text, file);
    if (edit.kind === 'allow') {
      const allow = findNodeAtLocation(tree, ['plugins', 'allow']);
      const mine = allow?.type === 'array' ? [...(allow.children ?? [])].reverse().find((c) => c.value === OPENCLAW_PLUGIN_ID) : undefined;
      if (mine) text = removeMember(text, mine);
      continue;
    }
    if (edit.kind === 'value') {
      const node = findNodeAtLocation(tree, edit.path);
      if (node && node.value === true) text = text.slice(0, node.offset) + edit.before + text.slice(node.offset + node.length);
      continue;
    }
    text = removeAppended(text, edit.path, file);
  }
  if (created) {
    const left = parseTree(text);
    if (left?.type === 'object' && (left.children ?? []).length === 0) return null;
  }
  return text;
}

/** Takes out the entry under an appended member, then each object of the appended chain left empty by that, up to the member itself. */
function removeAppended(existing: string, memberPath: readonly string[], file: string): string {
  let text = existing;
  const leaf = findNodeAtLocation(read(text, file), [...ACCESS_PATH]);
  if (leaf && leaf.value === true) text = removeMember(text, leaf.parent!);
  for (let depth = ACCESS_PATH.length - 1; depth >= memberPath.length; depth--) {
    const node = findNodeAtLocation(read(text, file), ACCESS_PATH.slice(0, depth) as string[]);
    if (!node || node.type !== 'object' || (node.children ?? []).length > 0) return text;
    text = removeMember(text, node.parent!);
  }
  return text;
}

/** What the config says about continuity; throws InvalidSettingsError when it cannot be read. */
export function gatewayWiring(existing: string, file: string): GatewayWiring {
  const tree = read(existing, file);
  const at = (...path: string[]) => findNodeAtLocation(tree, path);
  const ids = (node: Node | undefined) => (node?.type === 'array' ? (node.children ?? []).map((c) => c.value) : null);
  const allow = ids(at('plugins', 'allow'));
  const enabled = at('plugins', 'entries', OPENCLAW_PLUGIN_ID, 'enabled');
  return {
    conversationAccess: at(...ACCESS_PATH)?.value === true,
    allowed: allow === null ? null : allow.includes(OPENCLAW_PLUGIN_ID),
    denied: (ids(at('plugins', 'deny')) ?? []).includes(OPENCLAW_PLUGIN_ID),
    pluginsDisabled: at('plugins', 'enabled')?.value === false,
    entryEnabled: enabled?.type === 'boolean' ? (enabled.value as boolean) : undefined,
    loadPaths: (ids(at('plugins', 'load', 'paths')) ?? []).filter((p): p is string => typeof p === 'string'),
  };
}

function read(text: string, file: string): Node {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !tree) {
    const e = errors[0];
    const where = e ? `${printParseErrorCode(e.error)} at line ${text.slice(0, e.offset).split('\n').length}` : 'no JSON value';
    throw new InvalidSettingsError(file, `${where}; continuity edits the JSON-with-comments form OpenClaw writes, not JSON5's other syntax (unquoted keys, single quotes): set the entry by hand with \`${OPENCLAW_SET_BY_HAND}\``);
  }
  if (tree.type !== 'object') throw new InvalidSettingsError(file, 'the top level is not an object');
  return tree;
}

function propertyValue(object: Node, key: string): Node | undefined {
  return object.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

function nest(path: readonly string[], leaf: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf);
}

