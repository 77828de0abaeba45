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

/**
 * git configuration whose value is code git runs: an alias (`!…` is shell
 * code, anything else more git arguments), an editor, a pager, a filter, a
 * diff or merge driver, a helper. Given on the command line (`git -c`) or
 * set with `git config`, the value is judged as code: the worse branch is
 * that git runs it.
 */
const CODE_KEYS = /^(?:core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\..+|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver|filter\..+\.(?:clean|smudge|process)|credential\.helper|credential\..+\.helper|gpg\.program|gpg\..+\.program|uploadpack\.packobjectshook|ssh\.variant|core\.gitproxy)$/;

function gitConfigCode(inv: Invocation, key: string, value: Word | null, cwd: Cwd, sub: string | null, rest: Word[]): void {
  const k = key.toLowerCase();
  const isAlias = k.startsWith('alias.');
  if (!isAlias && !CODE_KEYS.test(k)) return;
  const text = value ? staticText(value) : null;
  const via = `git config ${key}`;
  if (text === null) return inv.unknownCode(via);
  const scope = { ...inv.scope, cwd };
  if (isAlias && !text.startsWith('!')) {
    // `alias.tidy = clean -fdX`: `git tidy ARGS` is `git clean -fdX ARGS`; set with `git config`, judged as if run with no arguments.
    const args = sub !== null && sub.toLowerCase() === k.slice('alias.'.length) ? rest.map(asCode) : [];
    inv.shell(['git', text, ...args].join(' '), `git alias ${key.slice('alias.'.length)}`, { scope });
    return;
  }
  inv.shell(isAlias ? text.slice(1) : text, via, { scope });
}

/** Does this `git config` call write a config file? Any call that is not one of the reading forms does (`KEY VALUE`, `--add`, `--unset`, `set`, `unset`, `--edit`, …). */
function configWrites(p: ReturnType<typeof parseArgs>, ops: (string | null)[]): boolean {
  if (hasOption(p, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l', '--show-origin', '--show-scope', '--name-only')) {
    return hasOption(p, '--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit');
  }
  if (hasOption(p, '--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit')) return true;
  const verb = ops[0];
  if (verb === 'get' || verb === 'list') return false;
  if (verb === 'set' || verb === 'unset' || verb === 'rename-section' || verb === 'remove-section' || verb === 'edit') return true;
  // `git config KEY` reads; `git config KEY VALUE` (or a key git cannot know statically) writes.
  return ops.length > 1 || ops.some((o) => o === null);
}

/**
 * The repository's own git files at the project root: the config and the
 * hooks git runs (src/domain/git-exec-paths.ts guards them). Written at the
 * root's `.git` whatever the command's folder: git finds its repository
 * upwards, and a `.git` that is a file leads to paths guarded as well.
 */
function repoFile(inv: Invocation, name: 'config' | 'config.worktree' | 'hooks', cwd: Cwd, inPlace = false): string {
  const root = inv.model.root;
  const inside = cwd.path === root || cwd.path.startsWith(`${root}/`);
  // `git -C /elsewhere …` is another repository's; `git init` makes one where it runs.
  const at = (cwd.known && !inside) || inPlace ? cwd.path : root;
  return `${at}/.git/${name}`;
}

/**
 * git subcommands that write the repository's config or hooks as a side
 * effect (a remote, an upstream, a submodule, a new repository). Judged as a
 * write of `.git/config` (or `.git/hooks`); what they otherwise write is
 * git's own bookkeeping.
 */
function repoConfigWrite(sub: string | null, rest: Word[]): { file: 'config' | 'hooks'; via: string } | null {
  const words = rest.map((w) => staticText(w));
  const has = (...opts: string[]) => words.some((w) => w !== null && opts.some((o) => w === o || w.startsWith(`${o}=`)));
  const first = words.find((w) => w === null || !w.startsWith('-'));
  switch (sub) {
    case 'remote':
      return first === null || ['add', 'set-url', 'rename', 'remove', 'rm', 'set-branches'].includes(first ?? '') ? { file: 'config', via: `git remote ${first ?? ''}`.trim() } : null;
    case 'branch':
      return has('-u', '--set-upstream-to', '--unset-upstream', '--edit-description', '-t', '--track') || words.some((w) => w !== null && /^-u./.test(w)) ? { file: 'config', via: 'git branch --set-upstream-to' } : null;
    case 'push':
      return has('-u', '--set-upstream') ? { file: 'config', via: 'git push --set-upstream' } : null;
    case 'submodule':
      return first === undefined || first === 'status' || first === 'summary' || first === 'foreach' ? null : { file: 'config', via: `git submodule ${first ?? ''}`.trim() };
    case 'init':
      // A repository made in another folder is that folder's (`git init sub`); in place, it writes the project's own config and hooks.
      return words.some((w) => w === null || !w.startsWith('-')) ? null : { file: 'config', via: 'git init' };
    case 'lfs':
      return first === 'install' || first === 'update' ? { file: 'hooks', via: `git lfs ${first}` } : null;
    default:
      return null;
  }
}

const git: Handler = (inv) => {
  let cwd = inv.scope.cwd;
  const args = inv.args;
  const config: { key: string; value: Word | null }[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === null || !t.startsWith('-')) break;
    if (t === '-C' && args[i + 1]) {
      const dir = staticText(args[++i]!);
      cwd = dir === null ? { path: cwd.path, known: false } : { path: posix.resolve(cwd.path, dir), known: cwd.known || dir.startsWith('/') };
    } else if (t === '-c' || (t.startsWith('-c') && t.length > 2)) {
      const pair = t === '-c' ? args[++i] : [lit(t.slice(2))];
      const text = pair ? staticText(pair) : null;
      if (text === null) config.push({ key: 'alias.?', value: null });
      else {
        const eq = text.indexOf('=');
        config.push({ key: eq === -1 ? text : text.slice(0, eq), value: eq === -1 ? [lit('true')] : [lit(text.slice(eq + 1))] });
      }
    } else if (t.startsWith('--config-env')) {
      // The value comes from an environment variable: unknown.
      const spec = t.includes('=') ? t.slice(t.indexOf('=') + 1) : staticText(args[++i] ?? []) ?? '';
      config.push({ key: spec.split('=')[0] ?? '', value: null });
    } else if (['--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix'].includes(t)) i++;
  }
  const sub = staticText(args[i] ?? []);
  const rest = args.slice(i + 1);
  // `git -c KEY=VALUE` sets a key for this one call and writes no file: judged as the code it runs now, nothing is left
  // for the person's later git (unlike `git config --global`, below).
  for (const c of config) {
    if (c.key === 'alias.?') inv.unknownCode('git -c');
    else gitConfigCode(inv, c.key, c.value, cwd, sub, rest);
  }
  if (sub === 'config') {
    // `git config [--global|--local|--file F|…] KEY VALUE`, `git config set KEY VALUE`, `git config --add KEY VALUE`.
    const p = parseArgs(rest, { short: 'f', long: ['file', 'blob', 'type', 'default', 'comment', 'value'] });
    const ops = p.operands.map((w) => staticText(w));
    const start = ops[0] === 'set' ? 1 : 0;
    const key = ops[start];
    if (key && p.operands.length > start + 1 && !hasOption(p, '--get', '--get-all', '--get-regexp', '--unset', '--unset-all', '--list', '-l', '--remove-section', '--rename-section')) {
      gitConfigCode(inv, key, p.operands[start + 1]!, cwd, null, []);
    }
    if (configWrites(p, ops)) {
      const file = optionValues(p, '-f', '--file')[0];
      if (file) inv.write(file, 'git config --file', 'file', cwd);
      // The person's own config, read by their git in every repository (src/domain/git-global-paths.ts guards each place it may lie):
      // judged as a write of `~/.gitconfig`, whichever of them this git would pick. Any key: a plain one today, an include or a hooks path tomorrow.
      else if (hasOption(p, '--global')) inv.write([lit(posix.join(inv.model.home, '.gitconfig'))], 'git config --global', 'file', cwd);
      else if (hasOption(p, '--system')) inv.write([lit('/etc/gitconfig')], 'git config --system', 'file', cwd);
      else if (!hasOption(p, '--blob')) inv.write([lit(repoFile(inv, hasOption(p, '--worktree') ? 'config.worktree' : 'config', cwd))], 'git config', 'file', cwd);
    }
    return;
  }
  const configWrite = repoConfigWrite(sub, rest);
  if (configWrite) inv.write([lit(repoFile(inv, configWrite.file, cwd, sub === 'init'))], configWrite.via, configWrite.file === 'hooks' ? 'tree' : 'file', cwd);
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
