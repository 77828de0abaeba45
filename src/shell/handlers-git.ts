// git: the subcommands that write the working tree at paths named on the
// command line or inside a patch. Whole-tree operations that name no path
// (`git reset --hard`, `git stash`, `git switch`, `git merge`, `git pull`,
// `git rebase`) are not judged here: the after-the-fact revert restores
// protected files they touch.
import { posix } from 'node:path';
import { hasOption, optionValues, parseArgs } from './args.js';
import type { Handler, HandlerTable, Invocation } from './handlers.js';
import { findMentions } from './mentions.js';
import { patchTargets } from './patch-files.js';
import type { Cwd } from './targets.js';
import { asCode, basenameWord, joinWord, lit, staticText, type Word } from './word.js';

function pathsAfterDoubleDash(args: Word[]): Word[] | null {
  const i = args.findIndex((w) => staticText(w) === '--');
  return i === -1 ? null : args.slice(i + 1);
}

function applyPatch(inv: Invocation, args: Word[], cwd: Cwd, via: string): void {
  const p = parseArgs(args, { short: 'pC', long: ['directory', 'include', 'exclude', 'whitespace', 'build-fake-ancestor', 'exclude', 'patch-format', 'quoting', 'resolvemsg'] });
  if (hasOption(p, '--check', '--stat', '--numstat', '--summary', '--cached') && !hasOption(p, '--apply', '--index')) return;
  const dir = optionValues(p, '--directory')[0];
  const base = dir && staticText(dir) ? { ...cwd, path: posix.resolve(cwd.path, staticText(dir)!) } : cwd;
  // Patch files on disk are not read (the analysis is pure); a patch given on stdin is.
  if (p.operands.length === 0 && inv.stdin.text !== null) for (const name of patchTargets(inv.stdin.text)) inv.write([lit(name)], via, 'file', base);
  for (const inc of optionValues(p, '--include')) inv.write(inc, via, 'file', base);
  // A protected name spelled on the command line (e.g. in the patch file's name) is enough.
  for (const m of findMentions(args.map(asCode).join(' '), inv.model.names.map((n) => n.join('/')))) {
    if (!m.token.startsWith('--')) inv.write([lit(m.token)], via, 'file', base);
  }
}

const git: Handler = (inv) => {
  let cwd = inv.scope.cwd;
  const args = inv.args;
  let i = 0;
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === null || !t.startsWith('-')) break;
    if (t === '-C' && args[i + 1]) {
      const dir = staticText(args[++i]!);
      cwd = dir === null ? { path: cwd.path, known: false } : { path: posix.resolve(cwd.path, dir), known: cwd.known || dir.startsWith('/') };
    } else if (['-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix'].includes(t)) i++;
  }
  const sub = staticText(args[i] ?? []);
  const rest = args.slice(i + 1);
  // Pathspec magic (`:/`, `:(top)…`) is relative to the repository top: treat it as the whole project.
  const write = (w: Word, via: string, kind: 'file' | 'tree' = 'file') => inv.write(staticText(w)?.startsWith(':') ? [lit(inv.model.root)] : w, via, staticText(w)?.startsWith(':') ? 'tree' : kind, cwd);
  switch (sub) {
    case 'checkout': {
      const after = pathsAfterDoubleDash(rest);
      const p = parseArgs(after ? rest.slice(0, rest.findIndex((w) => staticText(w) === '--')) : rest, { short: 'bB', long: ['orphan', 'conflict', 'pathspec-from-file', 'track'] });
      // Without `--`, any operand may be a path (`git checkout .`, `git checkout FILE`).
      for (const w of after ?? p.operands) write(w, 'git checkout', 'tree');
      if (optionValues(p, '--pathspec-from-file').length) write([lit('.')], 'git checkout --pathspec-from-file', 'tree');
      return;
    }
    case 'restore': {
      const p = parseArgs(rest, { short: 's', long: ['source', 'conflict', 'pathspec-from-file'] });
      if (hasOption(p, '-S', '--staged') && !hasOption(p, '-W', '--worktree')) return;
      for (const w of p.operands) write(w, 'git restore', 'tree');
      return;
    }
    case 'rm': {
      const p = parseArgs(rest, { long: ['pathspec-from-file'] });
      if (hasOption(p, '--cached', '-n', '--dry-run')) return;
      for (const w of p.operands) write(w, 'git rm', hasOption(p, '-r') ? 'tree' : 'file');
      return;
    }
    case 'mv': {
      const p = parseArgs(rest, {});
      if (hasOption(p, '-n', '--dry-run') || p.operands.length < 2) return;
      const dest = p.operands[p.operands.length - 1]!;
      const sources = p.operands.slice(0, -1);
      write(dest, 'git mv');
      for (const s of sources) {
        write(s, 'git mv', 'tree');
        write(joinWord(dest, basenameWord(s)), 'git mv');
      }
      return;
    }
    case 'clean': {
      const p = parseArgs(rest, { short: 'e', long: ['exclude'] });
      if (hasOption(p, '-n', '--dry-run')) return;
      for (const w of p.operands.length ? p.operands : [[lit('.')]]) write(w, 'git clean', 'tree');
      return;
    }
    case 'apply':
    case 'am':
      applyPatch(inv, rest, cwd, `git ${sub}`);
      return;
    case 'archive': {
      const p = parseArgs(rest, { short: 'o', long: ['output', 'format', 'prefix', 'remote', 'exec'] });
      for (const w of optionValues(p, '-o', '--output')) write(w, 'git archive -o');
      return;
    }
    default:
      return;
  }
};

export const gitHandlers: HandlerTable = { git };
