// Walks a parsed command the way bash would run it, keeping track of the
// working directory (`cd`, `pushd`, subshells), variables and functions, and
// what each command reads on stdin, and hands every simple command to its
// handler (handlers.ts). Writes that can reach a protected path are collected.
import { posix } from 'node:path';
import type { ShNode } from 'mvdan-sh';
import { cloneScope, decodeAnsiC, DOTGLOB, Expander, type Scope } from './expand.js';
import { handlerFor, type Invocation, type Stdin } from './handlers.js';
import { SQLITE_FILE_WRITES } from './handlers-edit.js';
import { BUILDS_NAMES, findMentions, type Mention } from './mentions.js';
import type { ShellParser } from './parser.js';
import { NeedsFullParser } from './plain-reader.js';
import { containsProtected, PROBE, type ProtectedModel } from './protected-model.js';
import { protectedHit, type Cwd, type WriteKind } from './targets.js';
import type { ProtectedWrite } from './types.js';
import { asCode, DYN_VAR, isStatic, staticText, type Word } from './word.js';
import { detachingCommand, INLINE_DETACH } from './detaching-commands.js';

/** Nested shells, evals and function calls deeper than this are denied outright. */
const MAX_DEPTH = 12;
/** Items of a `for` loop walked one by one; beyond that the loop variable is unknown. */
const MAX_LOOP_ITEMS = 16;

export const NO_STDIN: Stdin = { text: null, source: '' };

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

export interface WalkContext {
  parser: ShellParser;
  model: ProtectedModel;
  protectedNames: readonly string[];
  /** The whole command text mentions a protected name, or encodes text: unknowable code is then denied. */
  suspicious: boolean;
  mentions: Mention[];
  /**
   * Set for the detach analysis (detach.ts): called with each construct that
   * starts a process meant to outlive the command (`&` not waited for,
   * `nohup`, `setsid`, `at`, …), prefixed by the layers it ran through.
   */
  detach?: (via: string) => void;
}

/** The walk ran out of its budget (steps or time): the command is denied, never let through (analyze.ts). */
export class AnalysisBudgetExceeded extends Error {}

/** Statements walked before the walk gives up: a few lines can fan out exponentially (nested loops, functions calling each other). */
export const MAX_STEPS = 50_000;

export class Walker {
  readonly writes: ProtectedWrite[] = [];
  private readonly seen = new Set<string>();
  private depth = 0;
  private prefix = '';
  private steps = 0;

  constructor(
    private readonly ctx: WalkContext,
    /** Wall-clock deadline (ms since the epoch) of the whole analysis. */
    private readonly deadline = Number.POSITIVE_INFINITY,
  ) {}

  private type(node: ShNode): string {
    return this.ctx.parser.nodeType(node);
  }

  report(path: string, via: string): void {
    const v = this.prefix + via;
    const key = `${path}\0${v}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.writes.push({ path, via: v });
  }

  /** Reports `word` if, written by `via`, it could be a protected path. */
  target(word: Word, cwd: Cwd, kind: WriteKind, via: string): void {
    const hit = protectedHit(this.ctx.model, word, cwd, kind);
    if (hit) this.report(hit, via);
  }

  /** Code whose text cannot be known (`eval "$CMD"`, `$TOOL args`): denied when the command mentions protected names or encodes text. */
  unknownCode(via: string, cwd: Cwd): void {
    if (!this.ctx.suspicious) return;
    const m = this.ctx.mentions[0];
    this.report(m ? posix.resolve(cwd.path, m.token) : `${cwd.path}/\${dynamic}`, via);
  }

  // ── Shell code ────────────────────────────────────────────────────────────

  /** Parses and walks nested shell code (`bash -c`, `eval`, `sh <<EOF`). */
  shellCode(code: string, scope: Scope, stdin: Stdin, via: string): void {
    if (this.depth >= MAX_DEPTH) {
      this.report(`${scope.cwd.path}/\${nested}`, `${via} (nested too deep)`);
      return;
    }
    const trimmed = code.trim();
    if (trimmed === '' ) return;
    if (trimmed === `\${${DYN_VAR}}` || trimmed === `$${DYN_VAR}`) {
      this.unknownCode(via, scope.cwd);
      return;
    }
    let file: ShNode;
    try {
      file = this.ctx.parser.parse(code);
    } catch (err) {
      if (err instanceof NeedsFullParser) throw err;
      // Unparseable nested code: deny if it names a protected path.
      const m = findMentions(code, this.ctx.protectedNames)[0];
      if (m) this.report(posix.resolve(scope.cwd.path, m.token), `${via} (unparseable)`);
      return;
    }
    const savedSource = this.source;
    this.source = code;
    try {
      this.nested(`${via}: `, () => this.inShell(() => this.stmts(file.Stmts as ShNode[], scope, stdin)));
    } finally {
      this.source = savedSource;
    }
  }

  private nested(prefix: string, fn: () => void): void {
    const saved = this.prefix;
    this.prefix = saved + prefix;
    this.depth++;
    try {
      fn();
    } finally {
      this.depth--;
      this.prefix = saved;
    }
  }

  stmts(list: ShNode[], scope: Scope, stdin: Stdin): void {
    for (let i = 0; i < list.length; i++) {
      const st = list[i]!;
      // A background job: detached unless a bare `wait` of the same shell comes after it (inShell).
      if (st.Background && this.ctx.detach) this.jobs[this.jobs.length - 1]!.push(`${this.prefix}&`);
      const before = scope.cwd;
      this.stmt(st, scope, stdin);
      mayHaveFailed(scope, before);
    }
  }

  /** Background jobs of each shell being walked (the command's, a subshell's, a `bash -c`'s), not yet waited for. */
  private jobs: string[][] = [[]];

  /**
   * Walks `fn` as a shell of its own: its background jobs that no bare
   * `wait` of that shell waits for are reported as detached when it ends
   * (a `wait` outside it does not wait for them).
   */
  inShell(fn: () => void): void {
    this.jobs.push([]);
    try {
      fn();
    } finally {
      for (const job of this.jobs.pop()!) this.ctx.detach?.(job);
    }
  }

  private expander(scope: Scope): Expander {
    return new Expander(
      {
        parser: this.ctx.parser,
        home: this.ctx.model.home,
        root: this.ctx.model.root,
        onSubstitution: (stmts, s) => this.stmts(stmts, cloneScope(s), NO_STDIN),
      },
      scope,
    );
  }

  stmt(st: ShNode, scope: Scope, stdin: Stdin): void {
    if (++this.steps > MAX_STEPS || ((this.steps & 255) === 0 && Date.now() > this.deadline)) throw new AnalysisBudgetExceeded(`${this.steps} statements walked`);
    let input = stdin;
    const ex = this.expander(scope);
    for (const r of st.Redirs as ShNode[]) {
      const op = this.ctx.parser.redirOp(r.Op as number);
      const fd = r.N ? String(r.N.Value) : '';
      if (op === '<<' || op === '<<-') {
        const quoted = (r.Word.Parts as ShNode[]).some((p) => this.type(p) !== 'Lit' || String(p.Value).includes('\\'));
        const body = r.Hdoc ? ex.heredoc(r.Hdoc, quoted) : [];
        input = { text: asCode(body), source: asCode(body) };
        continue;
      }
      const words = ex.words(r.Word);
      if (op === '<<<') {
        const text = words.map(asCode).join(' ');
        input = { text: `${text}\n`, source: text };
      } else if (op === '<') {
        input = { text: null, source: words.map(asCode).join(' ') };
      } else if (WRITE_REDIRECTS.has(op) || (op === '>&' && !words.every((w) => /^(\d+|-)$/.test(staticText(w) ?? '')))) {
        for (const w of words) this.target(w, scope.cwd, 'file', `redirect ${fd}${op}`);
      }
    }
    this.command(st.Cmd, scope, input);
  }

  private command(cmd: ShNode, scope: Scope, stdin: Stdin): void {
    if (cmd == null) return;
    switch (this.type(cmd)) {
      case 'CallExpr':
        this.call(cmd, scope, stdin);
        return;
      case 'BinaryCmd': {
        const op = this.ctx.parser.binaryOp(cmd.Op as number);
        if (op === '|' || op === '|&') this.pipeline(cmd, scope, stdin);
        else {
          const before = scope.cwd;
          this.stmt(cmd.X, scope, stdin);
          // After `&&` the left side succeeded; after `||` it may have half run (`cd a && cd b || …`).
          if (op === '||') mayHaveFailed(scope, before);
          this.stmt(cmd.Y, scope, stdin);
        }
        return;
      }
      case 'Subshell':
        this.inShell(() => this.stmts(cmd.Stmts, cloneScope(scope), stdin));
        return;
      case 'Block':
        this.stmts(cmd.Stmts, scope, stdin);
        return;
      case 'IfClause':
        for (let c: ShNode = cmd; c != null; c = c.Else) {
          this.stmts(c.Cond ?? [], scope, stdin);
          this.stmts(c.Then ?? [], scope, stdin);
        }
        return;
      case 'WhileClause':
        this.stmts(cmd.Cond, scope, stdin);
        this.stmts(cmd.Do, scope, stdin);
        return;
      case 'ForClause':
        this.forClause(cmd, scope, stdin);
        return;
      case 'CaseClause':
        this.expander(scope).words(cmd.Word);
        for (const item of cmd.Items as ShNode[]) this.stmts(item.Stmts, scope, stdin);
        return;
      case 'FuncDecl':
        scope.funcs.set(String(cmd.Name.Value), cmd.Body);
        return;
      case 'TimeClause':
      case 'CoprocClause':
        if (this.type(cmd) === 'CoprocClause') this.ctx.detach?.(`${this.prefix}coproc`);
        if (cmd.Stmt) this.stmt(cmd.Stmt, scope, stdin);
        return;
      case 'DeclClause':
        this.declare(cmd, scope);
        return;
      default:
        // Arithmetic, [[ ]], let: no file writes, but substitutions inside still run.
        this.expander(scope).walkSubstitutions(cmd);
    }
  }

  private forClause(cmd: ShNode, scope: Scope, stdin: Stdin): void {
    const loop = cmd.Loop;
    if (this.type(loop) !== 'WordIter') {
      this.expander(scope).walkSubstitutions(loop);
      this.stmts(cmd.Do, scope, stdin);
      return;
    }
    const name = String(loop.Name.Value);
    const ex = this.expander(scope);
    const items = (loop.Items as ShNode[]).flatMap((w) => ex.words(w));
    if (items.length === 0 || items.length > MAX_LOOP_ITEMS) {
      scope.vars.set(name, null);
      this.stmts(cmd.Do, scope, stdin);
      return;
    }
    for (const item of items) {
      scope.vars.set(name, { word: item, globbed: true });
      this.stmts(cmd.Do, scope, stdin);
    }
  }

  private declare(cmd: ShNode, scope: Scope): void {
    const ex = this.expander(scope);
    for (const a of cmd.Args as ShNode[]) {
      if (a.Naked) {
        if (a.Value) ex.words(a.Value);
        continue;
      }
      this.assign(a, scope, ex);
    }
  }

  private assign(a: ShNode, scope: Scope, ex: Expander): void {
    const name = a.Name ? String(a.Name.Value) : '';
    if (!name) return;
    if (a.Array || a.Index) {
      if (a.Array) this.expander(scope).walkSubstitutions(a.Array);
      scope.vars.set(name, null);
      return;
    }
    const value = a.Value ? ex.joined(a.Value) : [];
    // A GLOBIGNORE that may be non-empty turns dotglob on (bash's rule).
    if (name === 'GLOBIGNORE') {
      if (staticText(value) === '') scope.vars.delete(DOTGLOB);
      else scope.vars.set(DOTGLOB, { word: [], globbed: false });
    }
    const prev = scope.vars.get(name);
    if (a.Append) scope.vars.set(name, prev ? { word: [...prev.word, ...value], globbed: false } : null);
    else scope.vars.set(name, { word: value, globbed: false });
  }

  private pipeline(cmd: ShNode, scope: Scope, stdin: Stdin): void {
    const stages: ShNode[] = [];
    const flatten = (n: ShNode) => {
      const c = n.Cmd;
      if (c && this.type(c) === 'BinaryCmd' && ['|', '|&'].includes(this.ctx.parser.binaryOp(c.Op as number)) && n.Redirs.length === 0) {
        flatten(c.X);
        flatten(c.Y);
      } else stages.push(n);
    };
    flatten(cmd.X);
    flatten(cmd.Y);
    let input = stdin;
    for (const stage of stages) {
      const s = cloneScope(scope);
      // Each stage of a pipeline runs in a subshell of its own.
      this.inShell(() => this.stmt(stage, s, input));
      input = this.stageOutput(stage, s, input);
    }
  }

  /** What a pipeline stage writes to stdout, when it is plain text: `echo`, `printf`, `cat` of a here-doc. */
  private stageOutput(stage: ShNode, scope: Scope, stdin: Stdin): Stdin {
    const source = this.sourceOf(stage);
    const cmd = stage.Cmd;
    if (!cmd || this.type(cmd) !== 'CallExpr' || (cmd.Args as ShNode[]).length === 0) return { text: null, source };
    const ex = this.expander(scope);
    const words = (cmd.Args as ShNode[]).flatMap((w) => ex.words(w));
    const name = staticText(words[0]!);
    const rest = words.slice(1);
    let heredoc: string | null = null;
    for (const r of stage.Redirs as ShNode[]) {
      const op = this.ctx.parser.redirOp(r.Op as number);
      if ((op === '<<' || op === '<<-') && r.Hdoc) heredoc = asCode(ex.heredoc(r.Hdoc, (r.Word.Parts as ShNode[]).some((p) => this.type(p) !== 'Lit')));
      if (op === '<<<') heredoc = ex.words(r.Word).map(asCode).join(' ');
    }
    if (name === 'echo') {
      const flags = rest.filter((w) => /^-[neE]+$/.test(staticText(w) ?? '')).map((w) => staticText(w)!).join('');
      const text = rest.slice(flags ? rest.findIndex((w) => !/^-[neE]+$/.test(staticText(w) ?? '')) : 0).map(asCode).join(' ');
      return { text: (flags.includes('e') ? decodeAnsiC(text) : text) + '\n', source };
    }
    if (name === 'printf') {
      const [fmt = '', ...args] = rest.map(asCode);
      // printf decodes escapes in its format; %s and friends take the arguments (an approximation that keeps every word).
      const decoded = decodeAnsiC(fmt);
      const text = args.length ? args.map((a) => decoded.replace(/%[-+ #0-9.]*[a-zA-Z]/, a)).join('') : decoded.replace(/%%/g, '%');
      return { text, source };
    }
    if (name === 'cat' && rest.length === 0) return { text: heredoc ?? stdin.text, source: heredoc ?? stdin.source };
    return { text: null, source: `${stdin.source}\n${source}` };
  }

  private sourceOf(st: ShNode): string {
    try {
      return this.source.slice(...this.ctx.parser.span(st));
    } catch {
      return '';
    }
  }

  /** The text being walked (for pipeline sources); set by the caller per parse. */
  source = '';

  private call(cmd: ShNode, scope: Scope, stdin: Stdin): void {
    const ex = this.expander(scope);
    const args = cmd.Args as ShNode[];
    if (args.length === 0) {
      for (const a of cmd.Assigns as ShNode[]) this.assign(a, scope, ex);
      return;
    }
    // Prefix assignments (`F=x cmd`) do not change the command's own words, but
    // the command's environment — what `eval`, `bash -c`, `xargs sh -c` see — has them.
    const words = args.flatMap((w) => ex.words(w));
    if ((cmd.Assigns as ShNode[]).length === 0) {
      this.run(words, scope, stdin);
      return;
    }
    const envScope: Scope = { ...scope, vars: new Map(scope.vars) };
    for (const a of cmd.Assigns as ShNode[]) this.assign(a, envScope, ex);
    this.run(words, envScope, stdin);
    scope.cwd = envScope.cwd;
  }

  /** Runs one simple command (already expanded). */
  run(words: Word[], scope: Scope, stdin: Stdin): void {
    if (words.length === 0) return;
    const head = words[0]!;
    const rawName = staticText(head);
    if (rawName === null) {
      // `$CMD file`, `$(which rm) file`: any operand may be written.
      for (const w of words.slice(1)) this.target(w, scope.cwd, 'tree', 'dynamic command');
      this.unknownCode('dynamic command', scope.cwd);
      return;
    }
    const name = commandName(rawName);
    // A bare `wait` waits for every job this shell left running.
    if (rawName === 'wait' && words.length === 1 && this.jobs.length) this.jobs[this.jobs.length - 1] = [];
    const alias = scope.aliases.get(rawName);
    // Past the nesting limit nothing more is read: what is left unread is denied, never let through.
    if ((alias !== undefined || scope.funcs.has(rawName)) && this.depth >= MAX_DEPTH) {
      this.report(`${scope.cwd.path}/\${nested}`, `${rawName} (nested too deep)`);
      return;
    }
    if (alias !== undefined) {
      const quote = (w: Word) => (isStatic(w) ? `'${staticText(w)!.replace(/'/g, `'\\''`)}'` : asCode(w));
      const code = [alias, ...words.slice(1).map(quote)].join(' ');
      this.shellCode(code, scope, stdin, `alias ${rawName}`);
      return;
    }
    const body = scope.funcs.get(rawName);
    if (body) {
      // The function sees its arguments as $1…; the rest of its state is the caller's.
      const args = words.slice(1);
      const saved = ['@', '*', ...args.map((_, n) => String(n + 1))].map((k) => [k, scope.vars.get(k)] as const);
      args.forEach((w, n) => scope.vars.set(String(n + 1), { word: w, globbed: false }));
      scope.vars.set('@', args.length === 1 ? { word: args[0]!, globbed: false } : null);
      scope.vars.set('*', scope.vars.get('@') ?? null);
      try {
        this.nested(`${rawName}(): `, () => this.stmt(body, scope, stdin));
      } finally {
        for (const [k, v] of saved) if (v === undefined) scope.vars.delete(k);
        else scope.vars.set(k, v);
      }
      return;
    }
    if (this.ctx.detach) {
      const detaching = detachingCommand(name, words.slice(1));
      if (detaching) this.ctx.detach(this.prefix + detaching);
    }
    const handler = handlerFor(name);
    if (!handler) return;
    handler(this.invocation(name, rawName, words.slice(1), scope, stdin));
  }

  private invocation(name: string, argv0: string, args: Word[], scope: Scope, stdin: Stdin): Invocation {
    return {
      name,
      argv0,
      args,
      scope,
      stdin,
      model: this.ctx.model,
      write: (word, via, kind = 'file', cwd = scope.cwd) => this.target(word, cwd, kind, via),
      run: (words, opts = {}) => {
        const s = opts.cwd ? { ...scope, cwd: opts.cwd } : scope;
        if (opts.via) this.nested(`${opts.via}: `, () => this.run(words, s, opts.stdin ?? stdin));
        else this.run(words, s, opts.stdin ?? stdin);
      },
      shell: (code, via, opts = {}) => {
        const text = typeof code === 'string' ? code : asCode(code);
        this.shellCode(text, opts.scope ?? cloneScope(scope), opts.stdin ?? NO_STDIN, via);
      },
      inline: (code, via) => this.inlineCode(code, via, scope.cwd),
      unknownCode: (via) => this.unknownCode(via, scope.cwd),
      setCwd: (cwd) => {
        scope.cwd = cwd;
      },
      pushDir: (cwd) => {
        scope.dirStack.push({ ...scope.cwd });
        scope.cwd = cwd;
      },
      popDir: () => {
        scope.cwd = scope.dirStack.pop() ?? { path: scope.cwd.path, known: false };
      },
      report: (path, via) => this.report(path, via),
    };
  }

  /**
   * Inline code of another language (`python -c`, `node -e`, a here-doc fed
   * to `python3 -`): denied when it can write files and either names a
   * protected path or builds names the reader cannot see (character codes,
   * joins, listings, the environment, shell variables spliced in). Code that
   * only reads — `python -c "print(open('.tdd-progress.md').read())"` — is
   * allowed: reading is not the risk this guard exists for.
   */
  private inlineCode(code: Word | string | null, via: string, cwd: Cwd): void {
    if (code === null) {
      this.unknownCode(via, cwd);
      return;
    }
    const text = typeof code === 'string' ? code : asCode(code);
    if (this.ctx.detach && INLINE_DETACH.test(text)) this.ctx.detach(`${this.prefix}${via} (starts a detached process)`);
    if (!canWrite(text)) return;
    const mentions = findMentions(text, this.ctx.protectedNames);
    for (const m of mentions) this.report(posix.resolve(cwd.path, m.token), via);
    // Code that removes or moves a whole folder, naming one a guarded path sits in (`shutil.rmtree('node_modules/continuity')`).
    if (TREE_APIS.test(text)) {
      const folders = this.ctx.model.dirRuns.filter((r) => !r.split('/').includes(PROBE));
      for (const m of findMentions(text, folders)) {
        const abs = posix.resolve(cwd.path, m.token);
        if (containsProtected(this.ctx.model, abs)) this.report(abs, via);
      }
    }
    if (mentions.length === 0 && (BUILDS_NAMES.test(text) || text.includes(DYN_VAR) || (typeof code !== 'string' && !isStatic(code)))) {
      this.report(`${cwd.path}/\${computed name}`, via);
    }
  }
}

/** `/usr/bin/rm` → `rm`, `\rm` → `rm`, `node@24` → `node`, `python3.12` → `python3`. */
export function commandName(raw: string): string {
  let n = posix.basename(raw.replace(/\\/g, ''));
  n = n.replace(/@[\w.^~-]*$/, '');
  n = n.replace(/^(python\d?|pypy\d?|ruby|perl|php|node|lua)\d*(?:\.\d+)*$/, '$1');
  return n;
}

/**
 * Can this inline code change a file? File-writing APIs, open modes that
 * write, deleting and renaming, running other programs, shell-outs.
 */
export function canWrite(code: string): boolean {
  return WRITE_APIS.some((re) => re.test(code));
}

/** The calls of inline code that remove, move or copy over a whole folder. */
const TREE_APIS = /\b(?:rmtree|rmSync|rmdir|rmdirSync|removedirs|rename|renameSync|replace|move|copytree|cpSync|rm_rf|rm_r|remove_dir|remove_dir_all|remove_entry_secure)\b|\brm\s+-\w*[rR]/;

const WRITE_APIS: RegExp[] = [
  // open/fopen with a writing mode or flag
  /\b(?:open|fopen|io\.open|File\.open|openSync|sysopen)\b[^\n;]*?(?:['"][rbtU]*[wax+][bt+]*['"]|\bmode\s*=|O_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)|['"]\s*\+?[>|]|[>|]\s*['"$&])/,
  /\b(?:write|writelines|write_text|write_bytes|writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|file_put_contents|fwrite|fputs|syswrite|spurt|puts)\b/,
  /\b(?:unlink|unlinkSync|rmdir|rmdirSync|rmtree|rmSync|removedirs|rename|renameSync|truncate|truncateSync|ftruncate|chmod|chmodSync|chown|chownSync|symlink|symlinkSync|link|linkSync|copyfile|copy2|copytree|copyFile|copyFileSync|cpSync|mkdir|mkdirSync|makedirs|utime|utimes|utimesSync|touch|delete|remove)\b/,
  /\b(?:os\.replace|shutil|FileUtils|Files\.(?:write|delete|move|copy)|Path\([^)]*\)\.(?:replace|rename|unlink|write))/,
  /\b(?:system|exec|execSync|execFile|execFileSync|spawn|spawnSync|popen|subprocess|child_process|shell_exec|passthru|proc_open|Open3|qx|Deno\.run|Deno\.Command|Bun\.spawn|Bun\.write|\$\.spawn)\b|`/,
  /\bdo shell script\b|\bset eof\b/,
  // the sqlite3 shell: its SQL functions and dot-commands that write files or run commands
  SQLITE_FILE_WRITES,
  // awk / perl print into a file or pipe
  /\bprint[f]?\b[^\n;]*?(?:>|\|)\s*["'$\w]/,
  /\bsqlite3?\b|\bINSERT\b|\bUPDATE\b|\bDELETE\b|\bDROP\b/i,
];

/**
 * The worse branch of a directory change that may have failed (`cd dir; rm
 * -rf .continuity` with no `dir`): what follows a `;`, a newline or `||`
 * runs in the new directory or the old one, and a relative path is judged
 * from both.
 */
function mayHaveFailed(scope: Scope, before: Scope['cwd']): void {
  if (scope.cwd !== before && scope.cwd.path !== before.path) scope.cwd = { ...scope.cwd, alt: before };
}
