// Shell word expansion, as far as it can be done without running anything:
// quotes, escapes, ANSI-C strings, tilde, brace expansion, variables assigned
// earlier in the same command. Everything else (unknown variables, command
// substitution, arithmetic) becomes an unknown part; globs stay patterns.
import type { ShNode } from 'mvdan-sh';
import type { ShellParser } from './parser.js';
import { FRESH_NAME, type Cwd } from './targets.js';
import { dyn, lit, mergeLits, type Part, type Word } from './word.js';

export interface VarValue {
  word: Word;
  /** The value is the result of a glob (a `for f in *.md` item): its patterns stay active even inside quotes. */
  globbed: boolean;
}

export interface Scope {
  cwd: Cwd;
  /** Variables assigned in the command; null = assigned something unknown. */
  vars: Map<string, VarValue | null>;
  funcs: Map<string, ShNode>;
  /** `alias name=value` seen earlier in the command (applied conservatively, even on the same line). */
  aliases: Map<string, string>;
  dirStack: Cwd[];
}

export function cloneScope(scope: Scope): Scope {
  return { cwd: { ...scope.cwd }, vars: new Map(scope.vars), funcs: new Map(scope.funcs), aliases: new Map(scope.aliases), dirStack: [...scope.dirStack] };
}

export interface ExpandEnv {
  parser: ShellParser;
  home: string;
  root: string;
  /** Called for the statements of each `$(…)`, backtick and `<(…)`/`>(…)`: they run too. */
  onSubstitution(stmts: ShNode[], scope: Scope): void;
}

const MAX_BRACE_WORDS = 64;

export function decodeAnsiC(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (_m, e: string) => {
    const simple: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
    if (e in simple) return simple[e]!;
    if (/^[xuU]/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (e.startsWith('c')) return String.fromCharCode(e.charCodeAt(1) & 31);
    return `\\${e}`;
  });
}

/** An unquoted literal: backslash escapes, globs, and a leading tilde. */
/**
 * Where the shell's `dotglob` is on (`shopt -s dotglob`, a non-empty
 * GLOBIGNORE, `bash -O dotglob`), kept among the variables under a name no
 * variable can have: globs then match a leading dot too.
 */
export const DOTGLOB = '-dotglob';

function unquotedLit(text: string, first: boolean, env: ExpandEnv, scope: Scope): Word {
  const dot = scope.vars.has(DOTGLOB) || undefined;
  const out: Part[] = [];
  let buf = '';
  let i = 0;
  if (first && text.startsWith('~')) {
    const m = /^~([^/]*)/.exec(text)!;
    // `~` is $HOME as the command left it: reassigned (`HOME=$PWD; rm -rf ~/.continuity`), it is that value, or unknown.
    const home = scope.vars.get('HOME');
    if (m[1] === '' && home === undefined) buf = env.home;
    else if (m[1] === '' && home) out.push(...home.word);
    else {
      out.push(dyn(`~${m[1]}`));
    }
    i = m[0].length;
  }
  const flush = () => {
    if (buf) out.push(lit(buf));
    buf = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 < text.length && text[i + 1] !== '\n') buf += text[i + 1];
      i++;
    } else if (c === '*' || c === '?') {
      flush();
      out.push({ kind: 'glob', text: c, dot });
    } else if (c === '[') {
      const close = text.indexOf(']', i + 2);
      if (close === -1) buf += c;
      else {
        flush();
        out.push({ kind: 'glob', text: text.slice(i, close + 1), dot });
        i = close;
      }
    } else buf += c;
  }
  flush();
  return out;
}

function doubleQuotedLit(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

function varValue(value: VarValue, quoted: boolean): Word {
  if (!quoted || value.globbed) return value.word;
  return value.word.map((p) => (p.kind === 'glob' ? lit(p.text) : p));
}

export class Expander {
  constructor(
    private readonly env: ExpandEnv,
    private readonly scope: Scope,
  ) {}

  private type(node: ShNode): string {
    return this.env.parser.nodeType(node);
  }

  /** All the words a Word node expands to (several when it has braces). */
  words(node: ShNode): Word[] {
    const split = this.env.parser.splitBraces(node);
    let results: Word[] = [[]];
    (split.Parts as ShNode[]).forEach((part, index) => {
      if (this.type(part) === 'BraceExp') {
        const alternatives = this.braceAlternatives(part);
        const next: Word[] = [];
        for (const r of results) for (const a of alternatives) next.push([...r, ...a]);
        results = next.length > MAX_BRACE_WORDS ? results.map((r) => [...r, { kind: 'glob', text: '*' }]) : next;
      } else {
        const parts = this.part(part, index === 0, false);
        results = results.map((r) => [...r, ...parts]);
      }
    });
    return results.map(mergeLits);
  }

  /**
   * A here-document body: literal when its delimiter is quoted (`<<'EOF'`),
   * else with `$…` expansions and `\$`-style escapes, but never globs or tilde.
   */
  heredoc(body: ShNode, quotedDelimiter: boolean): Word {
    return mergeLits(
      (body.Parts as ShNode[]).flatMap((p) => {
        if (this.type(p) !== 'Lit') return this.part(p, false, true);
        const text = String(p.Value);
        return [lit(quotedDelimiter ? text : doubleQuotedLit(text))];
      }),
    );
  }

  /** The word joined into one (for assignments, here-strings, `bash -c` code). */
  joined(node: ShNode): Word {
    return mergeLits(this.words(node).flatMap((w, i) => (i ? [lit(' '), ...w] : w)));
  }

  private braceAlternatives(brace: ShNode): Word[] {
    const elems = brace.Elems as ShNode[];
    if (brace.Sequence) {
      const [from, to] = elems.map((e) => String(e.Lit()));
      const a = Number(from);
      const b = Number(to);
      if (Number.isInteger(a) && Number.isInteger(b) && Math.abs(b - a) < MAX_BRACE_WORDS) {
        const step = a <= b ? 1 : -1;
        const out: Word[] = [];
        for (let n = a; step > 0 ? n <= b : n >= b; n += step) out.push([lit(String(n))]);
        return out;
      }
      if (from?.length === 1 && to?.length === 1) {
        const out: Word[] = [];
        const x = from.charCodeAt(0);
        const y = to.charCodeAt(0);
        for (let c = Math.min(x, y); c <= Math.max(x, y); c++) out.push([lit(String.fromCharCode(c))]);
        return out;
      }
      return [[{ kind: 'glob', text: '*' }]];
    }
    return elems.flatMap((e) => this.words(e));
  }

  private part(node: ShNode, first: boolean, quoted: boolean): Word {
    switch (this.type(node)) {
      case 'Lit':
        return quoted ? [lit(doubleQuotedLit(String(node.Value)))] : unquotedLit(String(node.Value), first, this.env, this.scope);
      case 'SglQuoted':
        return [lit(node.Dollar ? decodeAnsiC(String(node.Value)) : String(node.Value))];
      case 'DblQuoted':
        return (node.Parts as ShNode[]).flatMap((p, i) => this.part(p, first && i === 0, true));
      case 'ParamExp':
        return this.param(node, quoted);
      case 'CmdSubst':
        return this.commandSubstitution(node);
      case 'ProcSubst':
        this.env.onSubstitution(node.Stmts as ShNode[], this.scope);
        return [lit('/dev/fd/63')];
      case 'ArithmExp':
        this.walkSubstitutions(node);
        return [dyn('$((…))')];
      case 'ExtGlob':
        return quoted ? [lit(`${String(node.Op)}(${String(node.Pattern?.Value ?? '')})`)] : [{ kind: 'glob', text: '@(…)' }];
      default:
        this.walkSubstitutions(node);
        return [dyn(this.type(node))];
    }
  }

  private param(node: ShNode, quoted: boolean): Word {
    const name = String(node.Param?.Value ?? '');
    const simple = !node.Excl && !node.Length && !node.Width && node.Index == null && node.Slice == null && node.Repl == null && !node.Names && node.Exp == null;
    if (!simple) {
      this.walkSubstitutions(node);
      return [dyn(name)];
    }
    const known = this.scope.vars.get(name);
    if (known) return varValue(known, quoted);
    if (known === null) return [dyn(name)];
    if (name === 'HOME') return [lit(this.env.home)];
    if (name === 'CLAUDE_PROJECT_DIR') return [lit(this.env.root)];
    if (name === 'PWD' && this.scope.cwd.known) return [lit(this.scope.cwd.path)];
    return [dyn(name)];
  }

  private commandSubstitution(node: ShNode): Word {
    const stmts = node.Stmts as ShNode[];
    this.env.onSubstitution(stmts, this.scope);
    // A few substitutions have a known shape: a fresh temporary file, the working directory, the repository root.
    if (stmts.length === 1 && this.type(stmts[0].Cmd) === 'CallExpr' && stmts[0].Redirs.length === 0) {
      const args = (stmts[0].Cmd.Args as ShNode[]).map((a) => (a.Lit ? String(a.Lit()) : ''));
      const [cmd, ...rest] = args;
      if (cmd === 'mktemp' && !rest.some((a) => a.startsWith('-p') || a.startsWith('--tmpdir') || a.includes('/') || (a && !a.startsWith('-')))) return [lit('/tmp/'), dyn(FRESH_NAME)];
      if (cmd === 'pwd' && this.scope.cwd.known) return [lit(this.scope.cwd.path)];
      if (cmd === 'git' && rest.join(' ') === 'rev-parse --show-toplevel') return [lit(this.env.root)];
    }
    return [dyn('$(…)')];
  }

  /** Statements inside a node that is not otherwise expanded (arithmetic, `${x:-$(…)}`) still run. */
  walkSubstitutions(node: ShNode): void {
    const { parser } = this.env;
    parser.walk(node, (n) => {
      if (n == null) return true;
      const t = parser.nodeType(n);
      if (t === 'CmdSubst' || t === 'ProcSubst') {
        this.env.onSubstitution(n.Stmts as ShNode[], this.scope);
        return false;
      }
      return true;
    });
  }
}
