// The real shell parser, loaded only when the cheap pre-check could not rule
// a command out. mvdan-sh is mvdan.cc/sh (the parser behind shfmt) compiled to
// JavaScript: a single dependency-free file that esbuild bundles into a chunk of
// its own, so nothing is looked up on disk at run time (Node, Bun, a compiled
// binary alike). Its import costs ~150–250 ms, which is why it stays lazy.
import type { ShNode, ShSyntax } from 'mvdan-sh';

export interface ShellParser {
  syntax: ShSyntax;
  /** Parses bash; throws on a syntax error. */
  parse(source: string): ShNode;
  nodeType(node: ShNode): string;
  /** Spelling of a redirect operator token (`>`, `>>`, `&>`, `<<<`, …). */
  redirOp(op: number): string;
  /** Spelling of a binary command operator token (`&&`, `||`, `|`, `|&`). */
  binaryOp(op: number): string;
}

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
    syntax,
    parse,
    nodeType: (node) => syntax.NodeType(node),
    redirOp: (op) => redirs.get(op) ?? '?',
    binaryOp: (op) => binaries.get(op) ?? '?',
  };
}
