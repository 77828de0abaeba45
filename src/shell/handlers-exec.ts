// Commands that run other commands or code: shells (`bash -c`, `sh <<EOF`),
// `eval`, interpreters with inline code (`python -c`, `node -e`, …), wrappers
// (`sudo`, `env`, `timeout`, `nice`, …), `xargs`, `find -exec/-delete`, and
// the builtins that change what later commands see (`cd`, `pushd`, `read`).
import { posix } from 'node:path';
import { hasOption, optionValues, parseArgs, type ArgSpec } from './args.js';
import { cloneScope, DOTGLOB } from './expand.js';
import type { Handler, HandlerTable, Invocation, Stdin } from './handlers.js';
import type { Cwd } from './targets.js';
import { containsProtected } from './protected-model.js';
import { bunPackages } from './handlers-packages.js';
import { asCode, dyn, globWord, lit, staticText, wordFromCode, type Part, type Word } from './word.js';

// ── Shells ──────────────────────────────────────────────────────────────────

/** bash/sh/zsh…: `-c CODE [NAME ARGS…]` (also `-lc`, `-ec`, `-o pipefail -c`), or code on stdin (`-s`, no script). */
const shell: Handler = (inv) => {
  const args = inv.args;
  let code: Word | null = null;
  let wantsCode = false;
  let dotglob = false;
  let i = 0;
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === '--') {
      i++;
      break;
    }
    if (t === null || !/^[-+]/.test(t) || t === '-') break;
    if (t.startsWith('--')) {
      if (['--rcfile', '--init-file'].includes(t)) i++;
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (c === 'c') wantsCode = true;
      if (c === 'o' || c === 'O') {
        // `bash -O dotglob -c …`; an option that cannot be read may be it.
        const opt = args[i + 1] ? staticText(args[i + 1]!) : '';
        if (c === 'O' && (opt === null || opt === 'dotglob')) dotglob = true;
        i++;
        break;
      }
    }
  }
  const operands = args.slice(i);
  if (wantsCode) {
    code = operands[0] ?? null;
    if (!code) return;
    const scope = cloneScope(inv.scope);
    if (dotglob) scope.vars.set(DOTGLOB, { word: [], globbed: false });
    operands.slice(1).forEach((w, n) => scope.vars.set(String(n), { word: w, globbed: false }));
    scope.vars.set('@', operands.length === 2 ? { word: operands[1]!, globbed: false } : null);
    scope.vars.set('*', scope.vars.get('@') ?? null);
    inv.shell(code, `${inv.name} -c`, { scope, stdin: inv.stdin });
    return;
  }
  // A script file is not read (out of scope); code on stdin is, and code from a pipe whose text is unknown is unknown code.
  const script = operands.length ? staticText(operands[0]!) : '-';
  if (script === '-' || script === '/dev/stdin') {
    if (inv.stdin.text !== null) inv.shell(inv.stdin.text, `${inv.name} stdin`);
    else inv.unknownCode(`${inv.name} stdin`);
  } else if (script === null || isPipePath(script)) inv.unknownCode(`${inv.name} ${script === null ? '$script' : '<(…)'}`);
};

/** A script "file" that is a pipe: a process substitution (`<(…)`), standard input. */
function isPipePath(path: string): boolean {
  return /^\/dev\/(fd\/\d+|stdin)$/.test(path) || /^\/proc\/(self|\d+)\/fd\/\d+$/.test(path);
}

/** `source FILE` / `. FILE`: a file on disk is out of scope, like any script; code from a pipe is unknown code. */
const sourceFile: Handler = (inv) => {
  const file = inv.args[0];
  if (!file) return;
  const t = staticText(file);
  if (t === '/dev/stdin' && inv.stdin.text !== null) inv.shell(inv.stdin.text, `${inv.name} stdin`);
  else if (t === null || isPipePath(t)) inv.unknownCode(`${inv.name} ${t === null ? '$file' : '<(…)'}`);
};

/** `shopt -s dotglob` (and GLOBIGNORE, see walker.ts): from then on a glob may match a leading dot. */
const shopt: Handler = (inv) => {
  const p = parseArgs(inv.args, {});
  const names = p.operands.map((w) => staticText(w));
  if (!names.some((n) => n === null || n === 'dotglob')) return;
  if (hasOption(p, '-s')) inv.scope.vars.set(DOTGLOB, { word: [], globbed: false });
  else if (hasOption(p, '-u') && names.every((n) => n !== null)) inv.scope.vars.delete(DOTGLOB);
};

const evalCode: Handler = (inv) => {
  if (inv.args.length === 0) return;
  const code = inv.args.flatMap((w, n) => (n ? [lit(' '), ...w] : w));
  inv.shell(code, 'eval', { scope: inv.scope, stdin: inv.stdin });
};

// ── Interpreters with inline code ────────────────────────────────────────────

interface InterpreterSpec {
  /** Options whose value is the code (`-c`, `-e`, `--eval`, `-r`). */
  code: string[];
  /** Other options that take a value. */
  withValue: string[];
  /** With no script operand the interpreter reads code from stdin. */
  readsStdin: boolean;
  /** Flag spelling for `via` (`python3 -c`). */
  label: string;
}

function interpreter(spec: InterpreterSpec): Handler {
  return (inv) => {
    const args = inv.args;
    const codes: Word[] = [];
    let i = 0;
    for (; i < args.length; i++) {
      const t = staticText(args[i]!);
      if (t === null || !t.startsWith('-') || t === '-' || t === '--') break;
      const eq = t.indexOf('=');
      const name = eq > 0 && t.startsWith('--') ? t.slice(0, eq) : t;
      if (spec.code.includes(name)) {
        const value = eq > 0 && t.startsWith('--') ? [lit(t.slice(eq + 1))] : args[++i];
        if (value) codes.push(value);
        continue;
      }
      // attached code: `-cCODE`, clusters ending in the code flag (`-Bc CODE`)
      const attached = spec.code.find((c) => c.length === 2 && t.startsWith(c) && t.length > 2 && !t.startsWith('--'));
      if (attached) {
        codes.push([lit(t.slice(2))]);
        continue;
      }
      if (/^-[A-Za-z]+$/.test(t) && spec.code.some((c) => c.length === 2 && t.endsWith(c[1]!))) {
        const value = args[++i];
        if (value) codes.push(value);
        continue;
      }
      if (spec.withValue.includes(name) && eq < 0) i++;
      if (name === '-m' || name === '--module') return; // a module is a program on disk: out of scope
    }
    for (const c of codes) inv.inline(c, `${inv.name} ${spec.label}`);
    if (codes.length) return;
    const script = args[i] && staticText(args[i]!) === '--' ? args[i + 1] : args[i];
    if (spec.readsStdin && (!script || staticText(script) === '-') && inv.stdin.text !== null) inv.inline(inv.stdin.text, `${inv.name} stdin`);
  };
}

const python = interpreter({ code: ['-c'], withValue: ['-W', '-X', '--check-hash-based-pycs'], readsStdin: true, label: '-c' });
const node = interpreter({ code: ['-e', '--eval', '-p', '--print'], withValue: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '-C', '--conditions', '--env-file', '--title', '--stack-size'], readsStdin: true, label: '-e' });
const php = interpreter({ code: ['-r'], withValue: ['-c', '-d', '-z'], readsStdin: true, label: '-r' });
const dashE = (readsStdin: boolean, withValue: string[] = []) => interpreter({ code: ['-e'], withValue, readsStdin, label: '-e' });

const deno: Handler = (inv) => {
  if (staticText(inv.args[0] ?? []) !== 'eval') return;
  const p = parseArgs(inv.args.slice(1), { stopAtOperand: true });
  if (p.operands[0]) inv.inline(p.operands[0], 'deno eval');
};

const BUN_PACKAGE_COMMANDS = new Set(['install', 'i', 'add', 'a', 'remove', 'rm', 'update', 'upgrade', 'link', 'unlink']);

const bun: Handler = (inv) => {
  const first = staticText(inv.args[0] ?? []);
  if (first === 'x') return inv.run(inv.args.slice(1), { via: 'bunx' });
  if (first !== null && BUN_PACKAGE_COMMANDS.has(first)) return bunPackages(inv);
  if (first === '-e' || first === '--eval' || first === '-p' || first === '--print') {
    if (inv.args[1]) inv.inline(inv.args[1], 'bun -e');
  }
};

const osascript: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'els', long: [] });
  const codes = optionValues(p, '-e');
  for (const c of codes) inv.inline(c, 'osascript -e');
  if (codes.length === 0 && p.operands.length === 0 && inv.stdin.text !== null) inv.inline(inv.stdin.text, 'osascript stdin');
};

const pwsh: Handler = (inv) => {
  for (let i = 0; i < inv.args.length; i++) {
    const t = staticText(inv.args[i]!)?.toLowerCase();
    if ((t === '-c' || t === '-command') && inv.args[i + 1]) return inv.inline(inv.args.slice(i + 1).flatMap((w, n) => (n ? [lit(' '), ...w] : w)), `${inv.name} -Command`);
  }
};

// ── Wrappers: run the rest of the words as a command ─────────────────────────

function wrapper(spec: ArgSpec & { skipOperands?: number; outputs?: string[] }): Handler {
  return (inv) => {
    const p = parseArgs(inv.args, { ...spec, stopAtOperand: true });
    for (const o of spec.outputs ?? []) for (const f of optionValues(p, o)) inv.write(f, `${inv.name} ${o}`);
    inv.run(p.operands.slice(spec.skipOperands ?? 0));
  };
}

const env: Handler = (inv) => {
  const args = inv.args;
  let cwd = inv.scope.cwd;
  let i = 0;
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === null) break;
    if (t === '-u' || t === '--unset') i++;
    else if (t === '-C' || t === '--chdir' || t.startsWith('--chdir=')) {
      const dir = t.startsWith('--chdir=') ? t.slice(8) : staticText(args[++i] ?? []);
      cwd = dir === null ? { path: cwd.path, known: false } : { path: posix.resolve(cwd.path, dir), known: cwd.known || dir.startsWith('/') };
    } else if (t === '-S' || t === '--split-string' || t.startsWith('--split-string=') || (t.startsWith('-S') && t.length > 2)) {
      const value = t.startsWith('--split-string=') ? [lit(t.slice(15))] : t.length > 2 && t.startsWith('-S') ? [lit(t.slice(2))] : (args[++i] ?? []);
      inv.shell([...value, ...args.slice(i + 1).flatMap((w) => [lit(' '), ...w])], 'env -S', { scope: { ...inv.scope, cwd }, stdin: inv.stdin });
      return;
    } else if (t.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(t)) continue;
    else break;
  }
  inv.run(args.slice(i), { cwd });
};

const timeout: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'sk', long: ['signal', 'kill-after'], stopAtOperand: true });
  inv.run(p.operands.slice(1));
};

const command: Handler = (inv) => {
  const p = parseArgs(inv.args, { stopAtOperand: true });
  if (hasOption(p, '-v', '-V')) return;
  inv.run(p.operands);
};

const sudo: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'ughpCDrtUTR', long: ['user', 'group', 'host', 'prompt', 'close-from', 'chdir', 'role', 'type', 'other-user', 'command-timeout', 'chroot'], stopAtOperand: true });
  if (hasOption(p, '-e', '--edit')) {
    for (const f of p.operands) inv.write(f, 'sudoedit');
    return;
  }
  if (hasOption(p, '-s', '--shell', '-i', '--login') && p.operands.length) {
    inv.shell(p.operands.flatMap((w, n) => (n ? [lit(' '), ...w] : w)), 'sudo -s', { scope: inv.scope, stdin: inv.stdin });
    return;
  }
  inv.run(p.operands);
};

const sudoedit: Handler = (inv) => {
  for (const f of parseArgs(inv.args, { short: 'ughpCDrtUT' }).operands) inv.write(f, 'sudoedit');
};

const codeOption = (flag: string, via: string): Handler => (inv) => {
  const i = inv.args.findIndex((w) => staticText(w) === flag);
  if (i >= 0 && inv.args[i + 1]) inv.shell(inv.args[i + 1]!, via);
};

const script: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'cEIOBTm', long: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format'] });
  for (const c of optionValues(p, '-c', '--command')) inv.shell(c, 'script -c');
  for (const f of p.operands) inv.write(f, 'script');
};

const watch: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'nqd', long: ['interval', 'differences'], stopAtOperand: true });
  if (p.operands.length) inv.shell(p.operands.flatMap((w, n) => (n ? [lit(' '), ...w] : w)), 'watch');
};

const flock: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'wEc', long: ['timeout', 'conflict-exit-code', 'command'], stopAtOperand: true });
  const [file, ...rest] = p.operands;
  if (file && !/^\d+$/.test(staticText(file) ?? '')) inv.write(file, 'flock');
  for (const c of optionValues(p, '-c', '--command')) inv.shell(c, 'flock -c');
  if (rest.length) inv.run(rest);
};

const npx: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'pc', long: ['package', 'call', 'cache', 'userconfig', 'registry'], stopAtOperand: true });
  for (const c of optionValues(p, '-c', '--call')) inv.shell(c, `${inv.name} -c`);
  inv.run(p.operands);
};

// ── xargs and find ───────────────────────────────────────────────────────────

function replaceIn(words: Word[], token: string, value: Word): Word[] {
  return words.map((w) =>
    w.flatMap((part): Part[] => {
      if (part.kind !== 'lit' || !part.text.includes(token)) return [part];
      const pieces = part.text.split(token);
      return pieces.flatMap((piece, n) => [...(n ? value : []), ...(piece ? [lit(piece)] : [])]);
    }),
  );
}

/** The words xargs reads: known when stdin is known text, else one unknown word. */
function inputWords(stdin: Stdin): Word[] {
  if (stdin.text === null) return [[dyn('xargs input')]];
  const tokens = stdin.text.split(/\s+/).filter(Boolean);
  return tokens.length ? tokens.map(wordFromCode) : [];
}

const xargs: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'adEILlnPsS', long: ['arg-file', 'delimiter', 'eof', 'replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'], stopAtOperand: true });
  const cmd = p.operands.length ? p.operands : [[lit('echo')]];
  const input = optionValues(p, '-a', '--arg-file').length ? [[dyn('xargs input')]] : inputWords(inv.stdin);
  const replace = optionValues(p, '-I', '--replace').map(staticText)[0] ?? (hasOption(p, '-i') ? '{}' : null);
  const stdin: Stdin = { text: null, source: '' };
  if (replace) for (const w of input) inv.run(replaceIn(cmd, replace, w), { via: 'xargs', stdin });
  else inv.run([...cmd, ...input], { via: 'xargs', stdin });
};

const FIND_TESTS_WITH_VALUE = new Set(
  '-type -xtype -maxdepth -mindepth -newer -anewer -cnewer -perm -size -mtime -atime -ctime -mmin -amin -cmin -user -group -uid -gid -links -inum -samefile -used -context -fstype -regextype -printf -fprint -fprint0 -fls -iname -name -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -newerXY -files0-from'.split(' '),
);

/**
 * find: `-delete` removes what matches below each start path (filtered by
 * `-name`), `-exec/-execdir/-ok CMD {}` runs CMD on each match, `-fprint FILE`
 * writes FILE. A match is "any name at any depth" below the start path,
 * narrowed by its `-name` patterns; `-path`/`-regex` filters are ignored
 * (conservative).
 */
const find: Handler = (inv) => {
  const args = inv.args;
  let i = 0;
  const starts: Word[] = [];
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t !== null && (t.startsWith('-') || t === '(' || t === '!' || t === ')' || t === ',')) break;
    starts.push(args[i]!);
  }
  if (starts.length === 0) starts.push([lit('.')]);
  const namePatterns: string[] = [];
  const execs: { cmd: Word[]; flag: string }[] = [];
  let del = false;
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === null) continue;
    if (t === '-name' || t === '-iname') {
      const v = args[i + 1] ? asCode(args[i + 1]!) : '*';
      namePatterns.push(v);
      i++;
    } else if (t === '-delete') del = true;
    else if (['-exec', '-execdir', '-ok', '-okdir'].includes(t)) {
      const cmd: Word[] = [];
      for (i++; i < args.length; i++) {
        const e = staticText(args[i]!);
        if (e === ';' || e === '+') break;
        cmd.push(args[i]!);
      }
      execs.push({ cmd, flag: t });
    } else if (['-fprint', '-fprint0', '-fls', '-fprintf'].includes(t)) {
      if (args[i + 1]) inv.write(args[i + 1]!, `find ${t}`);
      i += t === '-fprintf' ? 2 : 1;
    } else if (FIND_TESTS_WITH_VALUE.has(t) || /^-newer..$/.test(t)) i++;
  }
  const matches = (start: Word): Word[] => {
    const below = [...start, lit('/'), dyn('find match', true)];
    if (namePatterns.length === 0) return [below];
    return namePatterns.map((pat) => [...below, lit('/'), ...globWord(pat, true)]);
  };
  for (const start of starts) {
    if (del) for (const m of matches(start)) inv.write(m, 'find -delete');
    for (const { cmd, flag } of execs) {
      for (const m of matches(start)) inv.run(replaceIn(cmd, '{}', m), { via: `find ${flag}`, stdin: { text: null, source: '' } });
    }
  }
};

// ── Builtins that change the shell's state ───────────────────────────────────

function changeDir(inv: Invocation, dir: Word | undefined): Cwd {
  const to = changeDirFrom(inv.scope.cwd, dir, inv.model.home);
  const t = dir ? staticText(dir) : null;
  // With CDPATH set, `cd name` may land in any of its folders: the one that holds a protected path is the worse branch.
  const cdpath = inv.scope.vars.get('CDPATH');
  if (t === null || cdpath === undefined || /^\.{0,2}(\/|$)/.test(t) || t.startsWith('/')) return to;
  const list = cdpath ? staticText(cdpath.word) : null;
  if (list === null) return { path: to.path, known: false };
  for (const entry of list.split(':').filter(Boolean)) {
    const path = posix.resolve(inv.scope.cwd.path, entry, t);
    if (inv.model.isProtected(path) || containsProtected(inv.model, path)) return { path, known: true, alt: to };
  }
  return to;
}

/** A relative change from a directory that may be another (`cwd.alt`, after a change that may have failed) is followed from both. */
function changeDirFrom(cwd: Cwd, dir: Word | undefined, home: string): Cwd {
  if (!dir) return { path: home, known: true };
  const t = staticText(dir);
  if (t === null || t === '-') return { path: cwd.path, known: false };
  const alt = cwd.alt && !t.startsWith('/') ? changeDirFrom(cwd.alt, dir, home) : undefined;
  return { path: posix.resolve(cwd.path, t), known: cwd.known || t.startsWith('/'), ...(alt ? { alt } : {}) };
}

const cd: Handler = (inv) => {
  const p = parseArgs(inv.args, {});
  inv.setCwd(changeDir(inv, p.operands[0]));
};

const pushd: Handler = (inv) => {
  const p = parseArgs(inv.args, {});
  const dir = p.operands[0];
  inv.pushDir(dir && !/^[+-]\d+$/.test(staticText(dir) ?? '') ? changeDir(inv, dir) : { path: inv.scope.cwd.path, known: false });
};

const popd: Handler = (inv) => inv.popDir();

const read: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'adinNptu' });
  for (const w of p.operands) {
    const name = staticText(w);
    if (name) inv.scope.vars.set(name, null);
  }
  for (const w of optionValues(p, '-a')) {
    const name = staticText(w);
    if (name) inv.scope.vars.set(name, null);
  }
};

const printfBuiltin: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'v' });
  for (const w of optionValues(p, '-v')) {
    const name = staticText(w);
    if (name) inv.scope.vars.set(name, null);
  }
};

const alias: Handler = (inv) => {
  for (const w of inv.args) {
    const t = staticText(w);
    const m = t === null ? null : /^([^=\s]+)=(.*)$/s.exec(t);
    if (m) inv.scope.aliases.set(m[1]!, m[2]!);
  }
};

export const execHandlers: HandlerTable = {
  alias,
  bash: shell,
  sh: shell,
  zsh: shell,
  dash: shell,
  ksh: shell,
  mksh: shell,
  ash: shell,
  fish: shell,
  eval: evalCode,
  python,
  python2: python,
  python3: python,
  pypy: python,
  pypy3: python,
  node,
  nodejs: node,
  deno,
  bun,
  php,
  perl6: dashE(true),
  lua: dashE(true),
  luajit: dashE(true),
  Rscript: dashE(false, ['--default-packages']),
  osascript,
  pwsh,
  powershell: pwsh,
  tclsh: interpreter({ code: [], withValue: [], readsStdin: true, label: '' }),
  exec: wrapper({ short: 'a' }),
  command,
  builtin: wrapper({}),
  nice: wrapper({ short: 'n', long: ['adjustment'] }),
  nohup: wrapper({}),
  setsid: wrapper({}),
  unbuffer: wrapper({}),
  stdbuf: wrapper({ short: 'ioe', long: ['input', 'output', 'error'] }),
  ionice: wrapper({ short: 'cnpPtu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'] }),
  taskset: wrapper({ skipOperands: 1 }),
  chrt: wrapper({ skipOperands: 1 }),
  caffeinate: wrapper({ short: 'tw' }),
  time: wrapper({ short: 'fo', long: ['format', 'output'], outputs: ['-o', '--output'] }),
  strace: wrapper({ short: 'eopsuEabIOSXP', long: ['output'], outputs: ['-o', '--output'] }),
  ltrace: wrapper({ short: 'eopsuEaAbDFlnSTwx', long: ['output'], outputs: ['-o', '--output'] }),
  'xvfb-run': wrapper({ short: 'nsfe', long: ['server-num', 'server-args', 'auth-file', 'error-file'] }),
  timeout,
  gtimeout: timeout,
  env,
  sudo,
  doas: wrapper({ short: 'uC' }),
  sudoedit,
  su: codeOption('-c', 'su -c'),
  runuser: codeOption('-c', 'runuser -c'),
  script,
  watch,
  flock,
  npx,
  bunx: npx,
  pnpx: npx,
  uvx: wrapper({ long: ['from', 'with', 'python'] }),
  busybox: (inv) => inv.run(inv.args),
  xargs,
  find,
  cd,
  shopt,
  source: sourceFile,
  '.': sourceFile,
  pushd,
  popd,
  read,
  mapfile: read,
  readarray: read,
  printf: printfBuiltin,
};
