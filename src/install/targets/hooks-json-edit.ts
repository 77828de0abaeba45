/**
 * Adding hook entries to, and taking them out of, an agent's JSON settings
 * text without touching anything else in it. Entries are inserted after the
 * last element of their event's list (or as the last property of `hooks`),
 * in the file's own indentation and line ends; removal takes out exactly
 * that text again, so install followed by uninstall gives back the original
 * bytes. Comments and trailing commas (JSONC) are kept. Pure.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { InvalidSettingsError } from '../hook-target.js';

export interface HookEntry {
  event: string;
  entry: Record<string, unknown>;
}

export interface HookSettingsFormat {
  /** The settings file, for messages. */
  file: string;
  /** Top-level properties a new file starts with besides `hooks` (e.g. Cursor's `version: 1`). */
  preamble: Record<string, unknown>;
  /** Is this element of an event's list one continuity added? */
  isOurs(entry: unknown): boolean;
  /** Extra checks of the parsed settings; a reason makes the file invalid. */
  check?(root: Record<string, unknown>): string | null;
}

/** Settings text with the entries in place; an entry of ours already in an event's list is replaced, never repeated. */
export function addHookEntries(existing: string | null, format: HookSettingsFormat, entries: readonly HookEntry[]): string {
  if (existing === null || existing.trim() === '') {
    const hooks: Record<string, unknown[]> = {};
    for (const { event, entry } of entries) (hooks[event] ??= []).push(entry);
    return `${JSON.stringify({ ...format.preamble, hooks }, null, 2)}\n`;
  }
  let text = existing;
  const missing = Object.keys(format.preamble).filter((k) => !(k in (read(text, format).value as Record<string, unknown>)));
  for (const key of missing) text = insertProperty(text, read(text, format).tree, key, format.preamble[key]);
  for (const { event, entry } of entries) {
    const { tree } = read(text, format);
    const hooks = propertyValue(tree, 'hooks');
    if (!hooks) {
      text = insertProperty(text, tree, 'hooks', { [event]: [entry] });
      continue;
    }
    const list = propertyValue(hooks, event);
    if (!list) {
      text = insertProperty(text, hooks, event, [entry]);
      continue;
    }
    if (list.type !== 'array') throw new InvalidSettingsError(format.file, `"hooks.${event}" is not a list`);
    const mine = (list.children ?? []).findIndex((c) => format.isOurs(valueOf(c)));
    if (mine < 0) text = insertElement(text, list, entry);
    else if (JSON.stringify(valueOf(list.children![mine]!)) !== JSON.stringify(entry)) text = replaceNode(text, list.children![mine]!, entry);
  }
  return text;
}

/**
 * Settings text without continuity's entries; an event list or `hooks`
 * left empty by that goes too. Null when nothing but `preamble` is left.
 * Unchanged when it holds none of ours.
 */
export function removeHookEntries(existing: string, format: HookSettingsFormat): string | null {
  let text = existing;
  let removed = false;
  for (;;) {
    const { tree } = read(text, format);
    const hooks = propertyValue(tree, 'hooks');
    if (!hooks || hooks.type !== 'object') break;
    const hit = findOurs(hooks, format);
    if (!hit) break;
    removed = true;
    const { property, list, index } = hit;
    text = list.children!.length === 1 ? removeChild(text, hooks, property) : removeChild(text, list, list.children![index]!);
    const after = read(text, format);
    const hooksAfter = propertyValue(after.tree, 'hooks')!;
    if ((hooksAfter.children ?? []).length === 0) text = removeChild(text, after.tree, hooksAfter.parent!);
  }
  if (!removed) return existing;
  const left = read(text, format).value as Record<string, unknown>;
  const onlyPreamble = Object.keys(left).every((k) => k in format.preamble && JSON.stringify(left[k]) === JSON.stringify(format.preamble[k]));
  return onlyPreamble ? null : text;
}

/** Continuity's entries, in file order. */
export function ourHookEntries(existing: string, format: HookSettingsFormat): HookEntry[] {
  const { value } = read(existing, format);
  const hooks = (value as Record<string, unknown>).hooks;
  if (!isRecord(hooks)) return [];
  const found: HookEntry[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) if (format.isOurs(entry) && isRecord(entry)) found.push({ event, entry });
  }
  return found;
}

function findOurs(hooks: Node, format: HookSettingsFormat): { property: Node; list: Node; index: number } | null {
  for (const property of hooks.children ?? []) {
    const list = property.children?.[1];
    if (!list || list.type !== 'array') continue;
    const index = (list.children ?? []).findIndex((c) => format.isOurs(valueOf(c)));
    if (index >= 0) return { property, list, index };
  }
  return null;
}

function read(text: string, format: HookSettingsFormat): { tree: Node; value: unknown } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !tree) {
    const e = errors[0];
    const why = e ? `${printParseErrorCode(e.error)} at line ${lineOf(text, e.offset)}` : 'no JSON value';
    throw new InvalidSettingsError(format.file, why);
  }
  if (tree.type !== 'object') throw new InvalidSettingsError(format.file, 'the top level is not an object');
  const value = valueOf(tree) as Record<string, unknown>;
  if ('hooks' in value && !isRecord(value.hooks)) throw new InvalidSettingsError(format.file, '"hooks" is not an object');
  const reason = format.check?.(value);
  if (reason) throw new InvalidSettingsError(format.file, reason);
  return { tree, value };
}

function propertyValue(object: Node, key: string): Node | undefined {
  if (object.type !== 'object') return undefined;
  return object.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries((node.children ?? []).map((p) => [p.children![0]!.value as string, p.children![1] ? valueOf(p.children![1]) : undefined]));
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

// --- text edits -------------------------------------------------------------

function insertElement(text: string, list: Node, value: unknown): string {
  return insertChild(text, list, (indent, unit, eol) => render(value, indent, unit, eol));
}

function insertProperty(text: string, object: Node, key: string, value: unknown): string {
  return insertChild(text, object, (indent, unit, eol) => `${JSON.stringify(key)}: ${render(value, indent, unit, eol)}`);
}

/** Inserts a child after the container's last child, or into an empty container. */
function insertChild(text: string, container: Node, child: (indent: string, unit: string, eol: string) => string): string {
  const { unit, eol } = layoutOf(text);
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last) {
    const indent = lineIndent(text, children[0]!.offset, lineIndent(text, container.offset) + unit);
    const end = last.offset + last.length;
    return `${text.slice(0, end)},${eol}${indent}${child(indent, unit, eol)}${text.slice(end)}`;
  }
  const outer = lineIndent(text, container.offset);
  const indent = outer + unit;
  const [open, close] = container.type === 'array' ? ['[', ']'] : ['{', '}'];
  const end = container.offset + container.length;
  return `${text.slice(0, container.offset)}${open}${eol}${indent}${child(indent, unit, eol)}${eol}${outer}${close}${text.slice(end)}`;
}

function replaceNode(text: string, node: Node, value: unknown): string {
  const { unit, eol } = layoutOf(text);
  const indent = lineIndent(text, node.offset);
  return `${text.slice(0, node.offset)}${render(value, indent, unit, eol)}${text.slice(node.offset + node.length)}`;
}

/** Removes one child (an element, or a property node) with the separator that joined it. */
function removeChild(text: string, container: Node, child: Node): string {
  const children = container.children ?? [];
  const i = children.indexOf(child);
  if (children.length === 1) {
    // The container is left empty, as `[]` / `{}`.
    const [open, close] = container.type === 'array' ? ['[', ']'] : ['{', '}'];
    return `${text.slice(0, container.offset)}${open}${close}${text.slice(container.offset + container.length)}`;
  }
  if (i === children.length - 1) {
    const prev = children[i - 1]!;
    return text.slice(0, prev.offset + prev.length) + text.slice(child.offset + child.length);
  }
  return text.slice(0, child.offset) + text.slice(children[i + 1]!.offset);
}

function render(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
}

/** The whitespace that starts the line `offset` is on, when nothing but whitespace precedes `offset` there. */
function lineIndent(text: string, offset: number, fallback = ''): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : fallback || (before.match(/^[ \t]*/)?.[0] ?? '');
}

function layoutOf(text: string): { unit: string; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /\n([ \t]+)\S/.exec(text);
  return { unit: indented ? (indented[1]!.startsWith('\t') ? '\t' : ' '.repeat(Math.min(indented[1]!.length, 8))) : '  ', eol };
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
