// The plain reader: an exact reader for the part of bash whose tokens need no
// context — words of plain characters and quotes without expansions, joined by
// pipes, lists and file redirections — which is most of what agents run
// (`cat .continuity/state.json`, `echo '{}' | tee out.json 2>&1`). Loading
// mvdan-sh costs 40–60 ms even from bytecode; reading these commands costs
// microseconds. It gives the tree mvdan-sh would give (the same node types
// and fields the walker reads), and it refuses — returns null — anything
// outside that part: `$`, backquotes, backslashes, comments, braces,
// parentheses, `!`, here-documents and here-strings, assignments, and
// reserved words or declaration builtins in command position. The refused
// commands go to mvdan-sh. test/unit/shell-plain-reader.test.ts holds the
// two trees equal on the corpus and on generated commands.

/** A node of the plain reader's tree; `type` is the mvdan-sh type name. */
export interface PlainNode {
  type: 'File' | 'Stmt' | 'CallExpr' | 'BinaryCmd' | 'Redirect' | 'Word' | 'Lit' | 'SglQuoted' | 'DblQuoted';
  [field: string]: unknown;
}

/** Thrown where nested code (`bash -c '…'`) is not plain: the whole command is then read by mvdan-sh. */
export class NeedsFullParser extends Error {
  constructor() {
    super('the command needs the full shell parser');
  }
}

// Unquoted, these start something the plain reader does not read.
const REFUSED = new Set(['$', '`', '\\', '#', '{', '}', '(', ')', '!']);
const BLANK = new Set([' ', '\t', '\n']);
const OPERATOR = new Set(['|', '&', ';', '<', '>']);

// In command position these are syntax (or declarations, which mvdan-sh reads as DeclClause).
const RESERVED = new Set([
  'if', 'then', 'elif', 'else', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in',
  'function', 'time', 'coproc', '{', '}', '!', '[[', ']]',
  'declare', 'local', 'export', 'readonly', 'typeset', 'nameref', 'let',
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\+?=|\[)/;

interface Token {
  kind: 'word' | 'op';
  /** The operator's spelling, for `op`; a newline is `nl`. */
  op?: string;
  word?: PlainNode;
  /** A word's first part when it is unquoted text (for reserved words, assignments, descriptors). */
  lead?: string | null;
  start: number;
  end: number;
}

class Refused extends Error {}

/** The mvdan-sh-shaped tree of a plain command, or null when the command is not plain (or not valid bash). */
export function readPlainCommand(source: string): PlainNode | null {
  try {
    return parseTokens(tokenize(source));
  } catch (err) {
    if (err instanceof Refused) return null;
    throw err;
  }
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (BLANK.has(c)) {
      if (c === '\n') tokens.push({ kind: 'op', op: 'nl', start: i, end: i + 1 });
      i++;
    } else if (OPERATOR.has(c)) {
      const op = operatorAt(src, i);
      tokens.push({ kind: 'op', op, start: i, end: i + op.length });
      i += op.length;
    } else {
      const start = i;
      const parts: PlainNode[] = [];
      let lit = '';
      const flush = () => {
        if (lit) parts.push({ type: 'Lit', Value: lit });
        lit = '';
      };
      while (i < src.length && !BLANK.has(src[i]!) && !OPERATOR.has(src[i]!)) {
        const d = src[i]!;
        if (REFUSED.has(d)) throw new Refused();
        if (d === "'") {
          flush();
          const close = src.indexOf("'", i + 1);
          if (close === -1) throw new Refused();
          parts.push({ type: 'SglQuoted', Value: src.slice(i + 1, close), Dollar: false });
          i = close + 1;
        } else if (d === '"') {
          flush();
          let j = i + 1;
          while (j < src.length && src[j] !== '"') {
            if (src[j] === '$' || src[j] === '`' || src[j] === '\\') throw new Refused();
            j++;
          }
          if (j >= src.length) throw new Refused();
          const text = src.slice(i + 1, j);
          parts.push({ type: 'DblQuoted', Parts: text ? [{ type: 'Lit', Value: text }] : [], Dollar: false });
          i = j + 1;
        } else {
          // mvdan-sh splits a word's text where a `[` starts after other text.
          if (d === '[' && i > start) throw new Refused();
          lit += d;
          i++;
        }
      }
      flush();
      const lead = parts[0]?.type === 'Lit' ? (parts[0].Value as string) : null;
      tokens.push({ kind: 'word', word: { type: 'Word', Parts: parts }, lead, start, end: i });
    }
  }
  return tokens;
}

function operatorAt(src: string, i: number): string {
  const rest = src.slice(i, i + 3);
  for (const op of ['&>>', '&&', '&>', '||', '|&', '>>', '>|', '>&', '<>', '<&', '<<', '|', '&', ';', '<', '>']) {
    if (rest.startsWith(op)) {
      // Here-documents, here-strings and `;;`/`;&` (case syntax) are not plain.
      if (op === '<<' || (op === ';' && (rest[1] === ';' || rest[1] === '&'))) throw new Refused();
      return op;
    }
  }
  throw new Refused();
}

const REDIRECT = new Set(['>', '>>', '>|', '>&', '<', '<>', '<&', '&>', '&>>']);
const PIPE = new Set(['|', '|&']);
const AND_OR = new Set(['&&', '||']);

function parseTokens(tokens: Token[]): PlainNode {
  let k = 0;
  const peekOp = () => (tokens[k]?.kind === 'op' ? tokens[k]!.op! : null);

  // A simple command: words and redirections, at least one of them.
  const simple = (): PlainNode => {
    const args: PlainNode[] = [];
    const redirs: PlainNode[] = [];
    const start = tokens[k]?.start ?? 0;
    let end = start;
    for (;;) {
      const t = tokens[k];
      if (!t) break;
      if (t.kind === 'word') {
        const next = tokens[k + 1];
        const single = (t.word!.Parts as PlainNode[]).length === 1 ? (t.lead ?? null) : null;
        // mvdan-sh reads digits after a quote (`a'b'2>f`) as a descriptor; bash does not. Left to mvdan-sh.
        if (single === null && descriptorLike(t, next)) throw new Refused();
        if (single !== null && /^\d+$/.test(single) && descriptorLike(t, next)) {
          // `2>f`: digits written against a redirection are its file descriptor.
          k++;
          const r = redirect({ type: 'Lit', Value: single });
          redirs.push(r.node);
          end = r.end;
          continue;
        }
        if (args.length === 0 && ((single != null && RESERVED.has(single)) || ASSIGNMENT.test(t.lead ?? ''))) throw new Refused();
        args.push(t.word!);
        end = t.end;
        k++;
      } else if (REDIRECT.has(t.op!)) {
        const r = redirect(null);
        redirs.push(r.node);
        end = r.end;
      } else break;
    }
    if (args.length === 0 && redirs.length === 0) throw new Refused();
    return { type: 'Stmt', Cmd: args.length ? { type: 'CallExpr', Assigns: [], Args: args } : null, Redirs: redirs, pos: start, end };
  };

  const redirect = (n: PlainNode | null): { node: PlainNode; end: number } => {
    const op = tokens[k]!.op!;
    const target = tokens[k + 1];
    if (target?.kind !== 'word' || descriptorLike(target, tokens[k + 2])) throw new Refused();
    k += 2;
    return { node: { type: 'Redirect', Op: op, N: n, Word: target.word, Hdoc: null }, end: target.end };
  };

  // Left-associative, as bash (and mvdan-sh) read them: pipes bind tighter than && and ||.
  const binary = (operand: () => PlainNode, ops: Set<string>): PlainNode => {
    let left = operand();
    for (let op = peekOp(); op !== null && ops.has(op); op = peekOp()) {
      k++;
      while (peekOp() === 'nl') k++;
      const right = operand();
      left = { type: 'Stmt', Cmd: { type: 'BinaryCmd', Op: op, X: left, Y: right }, Redirs: [], pos: left.pos, end: right.end };
    }
    return left;
  };
  const pipeline = () => binary(simple, PIPE);
  const andOr = () => binary(pipeline, AND_OR);

  const stmts: PlainNode[] = [];
  while (k < tokens.length) {
    if (peekOp() === 'nl') {
      k++;
      continue;
    }
    const st = andOr();
    const sep = peekOp();
    // mvdan-sh counts a statement's `&` or `;` as part of it (not a newline).
    if (sep === '&' || sep === ';') {
      st.end = tokens[k]!.end;
      if (sep === '&') st.Background = true;
      k++;
    } else if (sep === 'nl') k++;
    else if (sep !== null) throw new Refused();
    stmts.push(st);
  }
  return { type: 'File', Stmts: stmts };
}

/** A word ending in digits written against a redirection (`2>`), which mvdan-sh may read as its descriptor. */
function descriptorLike(word: Token, next: Token | undefined): boolean {
  const parts = word.word!.Parts as PlainNode[];
  const last = parts[parts.length - 1]!;
  return next?.kind === 'op' && REDIRECT.has(next.op!) && !next.op!.startsWith('&') && next.start === word.end && last.type === 'Lit' && /\d$/.test(last.Value as string);
}
