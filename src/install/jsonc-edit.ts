/**
 * Text edits of a JSON-with-comments document that touch nothing but what is
 * added or removed. jsonc-parser's `modify` re-formats the lines around an
 * edit, which would change a person's own bytes; these edits only insert a
 * new member after the last one (or into an empty container) and remove
 * exactly such a member, so removing what was appended gives back the
 * original text byte for byte. The one normalisation: an empty container
 * whose inside was whitespace other than nothing (`{ }`) comes back as `{}`.
 */
import { applyEdits, type Edit, type Node } from 'jsonc-parser';

export interface Layout {
  /** Line ending of the document. */
  eol: string;
  /** One level of indentation. */
  unit: string;
}

/** The document's line ending and indentation unit (two spaces when it has no indented line). */
export function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text);
  const unit = indented ? (indented[1]!.startsWith('\t') ? '\t' : indented[1]!) : '  ';
  return { eol, unit };
}

/**
 * A JSON value printed with the document's layout, its lines indented by
 * `indent`; a list of plain values (a command's arguments) stays on one line.
 */
export function printValue(value: unknown, layout: Layout, indent: string): string {
  const inner = indent + layout.unit;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((x) => x === null || typeof x !== 'object')) return `[${value.map((x) => JSON.stringify(x)).join(', ')}]`;
    return `[${value.map((x) => `${layout.eol}${inner}${printValue(x, layout, inner)}`).join(',')}${layout.eol}${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{${entries.map(([k, x]) => `${layout.eol}${inner}${JSON.stringify(k)}: ${printValue(x, layout, inner)}`).join(',')}${layout.eol}${indent}}`;
  }
  return JSON.stringify(value);
}

/**
 * Appends a member to an object (`key` given) or an array, after its last
 * member, indented like that member.
 */
export function appendMember(text: string, container: Node, value: unknown, key?: string): string {
  const layout = layoutOf(text);
  const member = (indent: string) => `${key === undefined ? '' : `${JSON.stringify(key)}: `}${printValue(value, layout, indent)}`;
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last) {
    const indent = startsLine(text, last.offset) ? lineIndent(text, last.offset) : lineIndent(text, container.offset) + layout.unit;
    return applyEdits(text, [{ offset: last.offset + last.length, length: 0, content: `,${layout.eol}${indent}${member(indent)}` }]);
  }
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const outer = lineIndent(text, container.offset);
  const indent = outer + layout.unit;
  const inside = text.slice(open, close);
  if (inside.trim() === '') {
    return applyEdits(text, [{ offset: open, length: inside.length, content: `${layout.eol}${indent}${member(indent)}${layout.eol}${outer}` }]);
  }
  // Only comments inside: the member goes after them, on a line of its own.
  const trailing = /(\r?\n)([ \t]*)$/.exec(inside);
  const edit: Edit = trailing
    ? { offset: close - trailing[2]!.length, length: 0, content: `${indent}${member(indent)}${layout.eol}` }
    : { offset: close, length: 0, content: `${layout.eol}${indent}${member(indent)}${layout.eol}${outer}` };
  return applyEdits(text, [edit]);
}

/**
 * Removes one member (a property node of an object, or an element of an
 * array) with the comma and line break that appendMember put before it.
 */
export function removeMember(text: string, member: Node): string {
  const container = member.parent!;
  const siblings = container.children ?? [];
  const i = siblings.indexOf(member);
  const previous = siblings[i - 1];
  const next = siblings[i + 1];
  if (previous) return cut(text, previous.offset + previous.length, member.offset + member.length);
  if (next) return cut(text, member.offset, next.offset);
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const rest = text.slice(open, member.offset) + text.slice(member.offset + member.length, close);
  if (!/[/*]/.test(rest)) return cut(text, open, close);
  // Comments stay; the member's own line goes.
  const before = /(\r?\n)[ \t]*$/.exec(text.slice(open, member.offset));
  const start = before ? member.offset - before[0].length : member.offset;
  return cut(text, start, member.offset + member.length);
}

function cut(text: string, from: number, to: number): string {
  return applyEdits(text, [{ offset: from, length: to - from, content: '' }]);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === '';
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];
}
