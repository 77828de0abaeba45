// The real shell parser, loaded only when the cheap pre-check could not rule
// a command out. mvdan-sh is mvdan.cc/sh (the parser behind shfmt) compiled to
// JavaScript: a single dependency-free file that esbuild bundles into a chunk of
// its own, so nothing is looked up on disk at run time (Node, Bun, a compiled
// binary alike). Its import costs ~150–250 ms, which is why it stays lazy.
import type { ShNode, ShSyntax } from 'mvdan-sh';
import { NeedsFullParser, readPlainCommand, type PlainNode } from './plain-reader.js';

/** What the walker needs of a parser: mvdan-sh, or the plain reader giving the same tree for plain commands. */
export interface ShellParser {
  /** Parses bash; throws on a syntax error (the plain reader throws NeedsFullParser on what it does not read). */
  parse(source: string): ShNode;
  nodeType(node: ShNode): string;
  /** Spelling of a redirect operator token (`>`, `>>`, `&>`, `<<<`, …). */
  redirOp(op: unknown): string;
  /** Spelling of a binary command operator token (`&&`, `||`, `|`, `|&`). */
  binaryOp(op: unknown): string;
  /** The word with its brace expressions (`{a,b}`, `{1..3}`) split into BraceExp parts. */
  splitBraces(word: ShNode): ShNode;
  /** Visits the node and those below it; `visit` returns false to skip a node's children. */
  walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  /** Offsets of the node's first and past-last characters in the parsed text. */
  span(node: ShNode): [number, number];
}

/** The plain reader as a parser: nested code that is not plain throws NeedsFullParser. */
export const PLAIN_PARSER: ShellParser = {
  parse(source) {
    const file = readPlainCommand(source);
    if (!file) throw new NeedsFullParser();
    return file;
  },
  nodeType: (node: PlainNode) => node.type,
  redirOp: (op) => String(op),
  binaryOp: (op) => String(op),
  splitBraces: (word) => word,
  walk(node, visit) {
    const visitAll = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(visitAll);
      else if (n && typeof n === 'object' && typeof (n as PlainNode).type === 'string' && visit(n)) for (const v of Object.values(n)) visitAll(v);
    };
    visitAll(node);
  },
  span: (node: PlainNode) => [node.pos as number, node.end as number],
};

let loading: Promise<ShellParser> | null = null;
let loads = 0;

/** How many times the parser module has been loaded in this process (0 or 1): lets tests see that the cheap path stayed cheap. */
export function parserLoadCount(): number {
  return loads;
}

export function loadShellParser(): Promise<ShellParser> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function load(): Promise<ShellParser> {
  // GopherJS's runtime sets two process-wide globals on load; put them back.
  const stackTraceLimit = Error.stackTraceLimit;
  const hadRequire = 'require' in globalThis;
  const mod = await import('mvdan-sh');
  Error.stackTraceLimit = stackTraceLimit;
  if (!hadRequire) delete (globalThis as { require?: unknown }).require;
  loads++;

  const syntax = (mod.default ?? (mod as unknown as { syntax: ShSyntax })).syntax;
  const parser = syntax.NewParser();
  const parse = (source: string): ShNode => parser.Parse(source, '');

  // Token kinds are bare numbers in the GopherJS build; learn their spelling
  // from a probe instead of hard-coding one version's numbering.
  const redirSpellings = ['>', '>>', '<', '<>', '<&', '>&', '>|', '<<<', '&>', '&>>', '<<', '<<-'];
  const probe = parse('a >x >>x <x <>x <&x >&x >|x <<<x &>x &>>x <<A <<-B\nA\nB\n');
  const redirs = new Map<number, string>();
  const probeRedirs: ShNode[] = probe.Stmts[0].Redirs;
  probeRedirs.forEach((r, i) => redirs.set(r.Op as number, redirSpellings[i]!));
  const binaries = new Map<number, string>();
  for (const op of ['&&', '||', '|', '|&']) binaries.set(parse(`a ${op} b`).Stmts[0].Cmd.Op as number, op);

  return {
    parse,
    nodeType: (node) => syntax.NodeType(node),
    redirOp: (op) => redirs.get(op as number) ?? '?',
    binaryOp: (op) => binaries.get(op as number) ?? '?',
    splitBraces: (word) => syntax.SplitBraces(word),
    walk: (node, visit) => syntax.Walk(node, visit),
    span: (node) => [node.Pos().Offset(), node.End().Offset()],
  };
}
