// In-place editors and their kin: sed -i, perl -i, ruby -i, awk -i inplace,
// batch-mode editors, formatters that rewrite files, patch, sqlite3.
import { hasOption, optionValues, parseArgs, type ArgSpec } from './args.js';
import type { Handler, HandlerTable, Invocation } from './handlers.js';
import { findMentions } from './mentions.js';
import { patchTargets } from './patch-files.js';
import type { WriteKind } from './targets.js';
import { asCode, lit, staticText, type Word } from './word.js';

/** sed: `-i[SUFFIX]`, `--in-place[=SUFFIX]` (also inside clusters like `-ni`, `-Ei`, `-ie`), and the `w FILE` command. */
const sed: Handler = (inv) => {
  let inPlace = false;
  const scripts: Word[] = [];
  const operands: Word[] = [];
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = staticText(w);
    if (t === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (t === null || !t.startsWith('-') || t === '-') {
      operands.push(w);
      continue;
    }
    if (t.startsWith('--')) {
      if (t === '--in-place' || t.startsWith('--in-place=')) inPlace = true;
      else if (t.startsWith('--expression=')) scripts.push([lit(t.slice(13))]);
      else if (t === '--expression' || t === '--file' || t === '--line-length') {
        if (t === '--expression' && args[i + 1]) scripts.push(args[i + 1]!);
        if (t === '--file') scripts.push([lit('')]);
        i++;
      } else if (t.startsWith('--file=')) scripts.push([lit('')]);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (c === 'i') {
        inPlace = true;
        break;
      }
      if (c === 'e' || c === 'f' || c === 'l') {
        const rest = t.slice(j + 1);
        const value = rest ? [lit(rest)] : (args[++i] ?? []);
        scripts.push(c === 'e' ? value : [lit('')]);
        break;
      }
    }
  }
  const files = scripts.length ? operands : operands.slice(1);
  if (scripts.length === 0 && operands[0]) scripts.push(operands[0]);
  if (inPlace) for (const f of files) inv.write(f, 'sed -i');
  // GNU sed's `w FILE` / `s///w FILE` commands write a file named in the script.
  for (const s of scripts) {
    const code = asCode(s);
    if (/(^|[;\n{}\/]|\d)\s*[wW]\s*\S/.test(code) || /(^|[;\n{}])\s*e\b/.test(code)) {
      for (const m of findMentions(code, inv.model.names.map((n) => n.join('/')).concat(inv.model.segments))) {
        inv.report(resolveIn(inv, m.token), 'sed w');
      }
    }
  }
};

function resolveIn(inv: Invocation, token: string): string {
  const base = inv.scope.cwd.path;
  return token.startsWith('/') ? token : `${base}/${token}`.replace(/\/\.\//g, '/');
}

/** perl and ruby: `-i[EXT]` (also `-pi`, `-pie`), `-e CODE`. */
function scriptingWithInPlace(valueLetters: string): Handler {
  return (inv) => {
    let inPlace = false;
    const codes: Word[] = [];
    const operands: Word[] = [];
    const args = inv.args;
    let i = 0;
    for (; i < args.length; i++) {
      const w = args[i]!;
      const t = staticText(w);
      if (t === '--') {
        i++;
        break;
      }
      if (t === null || !t.startsWith('-') || t === '-') break;
      for (let j = 1; j < t.length; j++) {
        const c = t[j]!;
        if (c === 'i') {
          inPlace = true;
          break;
        }
        if (c === 'e' || c === 'E') {
          const rest = t.slice(j + 1);
          codes.push(rest ? [lit(rest)] : (args[++i] ?? []));
          break;
        }
        if (valueLetters.includes(c)) {
          if (!t.slice(j + 1)) i++;
          break;
        }
      }
    }
    operands.push(...args.slice(i));
    // With -i every operand may be an edited file (in `perl -pie 's/a/b/' f` the code is read from a file named 's/a/b/').
    if (inPlace) for (const f of operands) inv.write(f, `${inv.name} -i`);
    for (const c of codes) inv.inline(c, `${inv.name} -e`);
    if (codes.length === 0 && operands.length === 0 && inv.stdin.text !== null) inv.inline(inv.stdin.text, `${inv.name} stdin`);
  };
}

/** awk, gawk: `-i inplace` rewrites the input files; the program may print into files or call system(). */
const awk: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'fvFieElL', long: ['file', 'assign', 'field-separator', 'include', 'source', 'load', 'exec'] });
  const inPlace = optionValues(p, '-i', '--include').some((w) => /^inplace(\.awk)?$/.test(staticText(w) ?? ''));
  const sources = optionValues(p, '-e', '--source');
  const operands = [...p.operands];
  let program: Word | null = sources.length ? sources.flat() : null;
  if (!program && optionValues(p, '-f', '--file', '-E', '--exec').length === 0) program = operands.shift() ?? null;
  if (inPlace) for (const f of operands) if (!/^\w+=/.test(staticText(f) ?? '')) inv.write(f, `${inv.name} -i inplace`);
  if (program) inv.inline(program, inv.name);
};

const VIM_SPEC: ArgSpec = { short: 'cSuUiTwWstq', long: ['cmd', 'servername', 'remote', 'remote-send', 'remote-expr', 'startuptime', 'listen'] };
const EDITOR_SPECS: Record<string, ArgSpec> = {
  ed: { short: 'p' },
  red: { short: 'p' },
  emacs: { short: 'lfL', long: ['eval', 'load', 'funcall', 'script', 'directory', 'file', 'insert', 'visit', 'find-file', 'chdir', 'init-directory'] },
  nano: { short: 'oYTrJQsC', long: ['operatingdir', 'syntax', 'tabsize', 'fill', 'guidestripe', 'quotestr', 'speller', 'backupdir', 'rcfile'] },
  pico: { short: 'onrQ' },
  kak: { short: 'ecsp' },
  micro: { long: ['config-dir', 'options'] },
};

/** Editors run in batch mode (`ex -sc 'wq'`, `vim -c`, `ed FILE <<EOF`) write the files they open. */
const editor: Handler = (inv) => {
  const p = parseArgs(inv.args, EDITOR_SPECS[inv.name] ?? VIM_SPEC);
  if (inv.name === 'view' || hasOption(p, '-M')) return;
  for (const f of p.operands) {
    const t = staticText(f);
    if (t !== null && t.startsWith('+')) continue;
    inv.write(f, inv.name);
  }
};

/** Formatters and fixers that rewrite the files (or directory trees) they are given, under the flag that makes them write. */
function formatter(opts: { writeFlags?: string[]; readFlags?: string[]; kind: WriteKind; spec?: ArgSpec; subcommands?: string[] }): Handler {
  return (inv) => {
    let args = inv.args;
    if (opts.subcommands) {
      const sub = staticText(args[0] ?? []);
      if (!sub || !opts.subcommands.includes(sub)) return;
      args = args.slice(1);
    }
    const p = parseArgs(args, opts.spec ?? {});
    if (opts.writeFlags && !hasOption(p, ...opts.writeFlags)) return;
    if (opts.readFlags && hasOption(p, ...opts.readFlags)) return;
    for (const f of p.operands) inv.write(f, inv.name, opts.kind);
  };
}

const PRETTIER_SPEC: ArgSpec = { long: ['config', 'parser', 'plugin', 'ignore-path', 'log-level', 'cache-location', 'cache-strategy', 'stdin-filepath', 'end-of-line', 'print-width', 'tab-width', 'trailing-comma', 'prose-wrap', 'arrow-parens', 'quote-props', 'html-whitespace-sensitivity', 'embedded-language-formatting', 'object-wrap', 'experimental-operator-position'] };

/** patch: the original file named on the command line, `-o FILE`, else the files named inside a patch given on stdin. */
const patch: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'ioDdprBFVYzgM', long: ['input', 'output', 'directory', 'strip', 'reject-file', 'prefix', 'ifdef', 'fuzz', 'version-control', 'basename-prefix', 'suffix', 'get', 'quoting-style', 'merge'] });
  if (hasOption(p, '--dry-run', '-C', '--check')) return;
  const dir = optionValues(p, '-d', '--directory')[0];
  const cwd = dir ? { path: resolveIn(inv, staticText(dir) ?? '.'), known: staticText(dir) !== null && inv.scope.cwd.known } : inv.scope.cwd;
  const outputs = optionValues(p, '-o', '--output');
  for (const o of outputs) inv.write(o, 'patch -o', 'file', cwd);
  if (outputs.length) return;
  if (p.operands[0]) {
    inv.write(p.operands[0], 'patch', 'file', cwd);
    return;
  }
  if (optionValues(p, '-i', '--input').length === 0 && inv.stdin.text !== null) {
    for (const name of patchTargets(inv.stdin.text)) inv.write([lit(name)], 'patch', 'file', cwd);
  }
};

/** sqlite3 on a protected database: allowed read-only (`-readonly`, or only SELECT and dot-commands that read); anything else may write. */
const sqlite3: Handler = (inv) => {
  const args = inv.args;
  const withValue = new Set(['-cmd', '-init', '-separator', '-newline', '-nullvalue', '-vfs', '-mmap', '-heap', '-lookaside', '-pagecache', '-maxsize', '-escape']);
  const operands: Word[] = [];
  const commands: string[] = [];
  let readonly = false;
  for (let i = 0; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t !== null && t.startsWith('-') && t.length > 1) {
      const o = t.replace(/^--/, '-');
      if (o === '-readonly' || o === '-safe') readonly = true;
      if (withValue.has(o)) {
        if (o === '-cmd' && args[i + 1]) commands.push(asCode(args[i + 1]!));
        i++;
      }
      continue;
    }
    operands.push(args[i]!);
  }
  const db = operands[0];
  const sqlArgs = operands.slice(1).map(asCode);
  const sql = [...commands, ...sqlArgs, ...(inv.stdin.text !== null ? [inv.stdin.text] : [])].join('\n');
  // The shell's own file writing (writefile(), .output, .shell, …) writes wherever its SQL says, whatever the database and -readonly: judged as inline code.
  if (SQLITE_FILE_WRITES.test(sql)) inv.inline(sql, 'sqlite3 (writes files)');
  if (!db || readonly) return;
  const known = sqlArgs.length > 0 || inv.stdin.text !== null;
  if (known && readsOnly(sql)) return;
  inv.write(db, 'sqlite3');
};

/** What the sqlite3 shell writes files or runs commands with: its SQL functions and dot-commands. */
export const SQLITE_FILE_WRITES = /\b(?:writefile|edit|load_extension)\s*\(|(?:^|\n|;)\s*\.(?:output|once|save|backup|clone|import|load|shell|system|excel|log|cd)\b/i;

function readsOnly(sql: string): boolean {
  const statements = sql
    .split(/;|\n(?=\s*\.)|\n(?=\s*$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  return statements.every((s) => /^(select|with|explain|values)\b/i.test(s) && !/\b(insert|update|delete|replace|drop|create|alter|attach|vacuum|reindex)\b/i.test(s) || /^pragma\s+\w+\s*(\(\s*\w*\s*\))?$/i.test(s) || /^\.(tables|schema|indexes|indices|headers|header|mode|dump|help|databases|show|width|nullvalue|separator|quit|exit|print|timer|eqp|stats|fullschema|dbinfo|lint|changes|echo|bail|count)\b/i.test(s));
}

const yq: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'pofI', long: ['input-format', 'output-format', 'from-file', 'indent', 'expression'] });
  if (!hasOption(p, '-i', '--inplace')) return;
  for (const f of p.operands.slice(1)) inv.write(f, 'yq -i');
};

export const editingHandlers: HandlerTable = {
  sed,
  gsed: sed,
  perl: scriptingWithInPlace('MmIFlC0dDx'),
  ruby: scriptingWithInPlace('rICEFlWx0'),
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  ex: editor,
  vi: editor,
  vim: editor,
  nvim: editor,
  gvim: editor,
  view: editor,
  ed: editor,
  red: editor,
  emacs: editor,
  nano: editor,
  pico: editor,
  micro: editor,
  kak: editor,
  hx: editor,
  helix: editor,
  joe: editor,
  vis: editor,
  prettier: formatter({ writeFlags: ['--write', '-w'], kind: 'tree', spec: PRETTIER_SPEC }),
  mdformat: formatter({ readFlags: ['--check'], kind: 'tree', spec: { long: ['wrap', 'end-of-line', 'extensions', 'codeformatters'] } }),
  markdownlint: formatter({ writeFlags: ['--fix', '-f'], kind: 'tree', spec: { short: 'cipr', long: ['config', 'ignore', 'ignore-path', 'rules', 'output'] } }),
  'markdownlint-cli2': formatter({ writeFlags: ['--fix'], kind: 'tree', spec: { long: ['config'] } }),
  dprint: formatter({ subcommands: ['fmt'], kind: 'tree', spec: { short: 'c', long: ['config', 'excludes', 'plugins'] } }),
  dos2unix: formatter({ readFlags: ['-n', '--newfile', '-i', '--info'], kind: 'file' }),
  unix2dos: formatter({ readFlags: ['-n', '--newfile', '-i', '--info'], kind: 'file' }),
  eslint: formatter({ writeFlags: ['--fix'], kind: 'file', spec: { short: 'cfo', long: ['config', 'ext', 'rule', 'format', 'output-file', 'parser', 'plugin', 'resolve-plugins-relative-to', 'rulesdir', 'ignore-path', 'ignore-pattern', 'max-warnings', 'cache-location', 'env', 'global'] } }),
  black: formatter({ readFlags: ['--check', '--diff'], kind: 'file', spec: { short: 'lSt', long: ['line-length', 'target-version', 'config', 'include', 'exclude', 'extend-exclude', 'force-exclude'] } }),
  ruff: formatter({ subcommands: ['format', 'check'], readFlags: ['--check', '--diff'], kind: 'file', spec: { long: ['config', 'select', 'ignore', 'extend-select', 'line-length', 'target-version', 'exclude'] } }),
  gofmt: formatter({ writeFlags: ['-w'], kind: 'file', spec: { short: 'r' } }),
  goimports: formatter({ writeFlags: ['-w'], kind: 'file', spec: { long: ['local'] } }),
  rustfmt: formatter({ readFlags: ['--check'], kind: 'file', spec: { long: ['edition', 'config-path', 'config', 'emit'] } }),
  'clang-format': formatter({ writeFlags: ['-i'], kind: 'file', spec: { long: ['style', 'assume-filename', 'lines', 'offset', 'length'] } }),
  shfmt: formatter({ writeFlags: ['-w', '--write'], kind: 'file', spec: { short: 'il', long: ['indent', 'language-dialect'] } }),
  biome: formatter({ subcommands: ['format', 'check', 'lint'], writeFlags: ['--write', '--apply', '--fix', '--apply-unsafe'], kind: 'file', spec: { long: ['config-path'] } }),
  yq,
  patch,
  sqlite3,
  sqlite: sqlite3,
};
