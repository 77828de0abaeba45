// The cheap pre-check that runs on every hook call: could this command write a
// protected path at all? No parser, only text. It must never say false where
// the full analysis could deny, so it is built from the same facts the
// analysis keys on:
//  - a protected name is mentioned (through quotes, backslashes and
//    concatenation) — covers static targets, unparseable commands, inline code;
//  - a command that always might (archive extraction and `find -delete/-exec`
//    default to the working directory; `xargs` reads names from its input;
//    `git clean`, `flock`, a package manager rewriting node_modules);
//  - otherwise a writer is present (a writing command, a redirect into a file,
//    an `-o FILE` option, a command whose name is computed) AND something that
//    can reach a protected path without naming it: a glob, brace, variable,
//    substitution, `eval`, encoded text or name-building code; a directory of
//    a protected name (`rm -rf docs`); or an ancestor (`.`, `..`, `/`, an
//    absolute path, `~`, a bare `cd`, git's `:/`).
import { BUILDS_NAMES, OBFUSCATION, nameFragments, squash, type NameFragments } from './mentions.js';
import { COMMAND_PREFIXES } from './writer-names.js';
import { namesAWriter } from './writer-scan.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GIT_WRITES = /\bgit\b(?:\s+(?:-c\s+\S+|-C\s+\S+|--?[\w-]+(?:=\S+)?))*\s+(?:checkout|restore|rm|mv|clean|apply|am|archive)\b/;
const OUTPUT_OPTION = /(?:^|\s)(?:-o|-O|--output(?:-file|-document)?|--outfile|--out|-out|--log-file)(?=[\s=]|$)/;
const DYNAMIC_COMMAND = new RegExp(`(?:^|[;&|({\\n]|\\b(?:${COMMAND_PREFIXES.filter((p) => p !== '!').join('|')})\\s+(?:-\\S+\\s+)*|!\\s*)\\s*[^\\s;&|()<>]*[$\`]`);
const SAFE_REDIRECTS = /\d*[<>]&(?:\d+-?|-)(?![\w./])|[&\d]*>>?\s*\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)\b|[=-]>|>=/g;
// A shell reading a pipe or a process substitution runs text built by the command itself (`printf 'rm -rf .%s' continuity | bash`).
// git configuration that is code git runs (an alias, an editor, a pager, a driver…), given with -c or set with `git config`.
const GIT_CODE = /\bgit\b[^;&|]*(?:\s-c\s*|\bconfig\b[^;&|]*)(?:alias\.|core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\.|diff\.|merge\.|filter\.|credential\.|gpg\.)|\bgit\b[^;&|]*\s--config-env\b/;
// One expression once (kept in test/unit/shell-precheck.test.ts, which holds these equal to it); each alternative now runs
// only on a command holding a word it cannot match without, so a harmless command compiles one small expression, not all.
// ssh-keygen may sign in continuity's namespace (handlers-sign.ts), which no protected name betrays.
// Each alternative's words: it cannot match a command holding none of them (`gtar` and `bsdtar` hold `tar`, `7za` holds `7z`).
const ALWAYS: readonly (readonly [needles: readonly string[], re: RegExp])[] = [
  [['ssh-keygen'], /\bssh-keygen\b/],
  [['|'], /\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b/],
  [['<('], /(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(/],
  [['tar', 'unzip', '7z', 'xargs', 'parallel', 'flock'], /\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b/],
  [['find'], /\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b/],
  [['git'], /\bgit\b[^;&|]*\bclean\b/],
];

/** A command that always might write a protected path (see the head of this file). */
export function alwaysMight(lower: string): boolean {
  for (const [needles, re] of ALWAYS) if (holdsOne(lower, needles) && re.test(lower)) return true;
  return false;
}

function holdsOne(text: string, needles: readonly string[]): boolean {
  for (const n of needles) if (text.includes(n)) return true;
  return false;
}
const DYNAMIC = /[$`*?[\]{}~]|\beval\b/;
// git subcommands that write the repository's config or hooks without naming them (`git config`, a remote, an upstream, a submodule, a repository made in place).
const GIT_REPO_CONFIG = /\bgit\b[^;&|]*\s(?:config|remote\s+(?:add|set-url|rename|remove|rm|set-branches)|branch\b[^;&|]*\s(?:-u|--set-upstream-to|--unset-upstream|-t|--track|--edit-description)|push\b[^;&|]*\s(?:-u|--set-upstream)|submodule|init|lfs\s+(?:install|update))(?=[\s=;&|)]|$)/;
// A package manager changing node_modules need not name what it changes (`npm ci`, `pnpm prune`, `npm i --omit=dev`, a package installed from a folder or a URL whose name is in its own package.json).
const PACKAGE_TREE = /\b(?:npm|pnpm|yarn|bun)\b[^;&|]*\s(?:ci|clean-install|ic|install-clean|isntall-clean|prune|dedupe|ddp|autoclean|rebuild|update|up|upgrade|udpate|install|i|in|add|a|link|ln|remove|rm|r|un|uninstall|unlink)(?=[\s=;&|)]|$)|\byarn\s*(?=$|[;&|)])/;
const ANCESTOR = /(?:^|[\s=:;&|(])(?:\.\.?\/?|\/)(?=$|[\s;&|)])|\.\.|(?:^|[\s=;&|(])\/(?!dev\/|tmp\/|var\/tmp\/|private\/tmp\/|proc\/)|(?:^|[;&|(]\s*|\s)cd\s*(?=$|[;&|)])|(?:^|\s):(?:\/|\()/;

// Each expression below is run only on a command holding a word it cannot match without (`git`, `$` or a backtick, `-o`,
// a package manager's name): the answer is the same, and a harmless command does not pay for compiling expressions it
// cannot match (each costs a tenth of a millisecond or so, at each start of a hook process).
const mayGit = (lower: string) => lower.includes('git');
const mayPackage = (lower: string) => lower.includes('npm') || lower.includes('yarn') || lower.includes('bun');

function writes(lower: string): boolean {
  if (namesAWriter(lower) || (mayGit(lower) && GIT_WRITES.test(lower)) || ((lower.includes('$') || lower.includes('`')) && DYNAMIC_COMMAND.test(lower))) return true;
  // `set -o NAME` is no output option; without `set` there is none to take out (and taking one out could join `-` and `-log-file`).
  const options = lower.includes('set') ? lower.replace(/\bset\s+[-+]o\s+\w+/g, '') : lower;
  if ((options.includes('-o') || options.includes('--log-file')) && OUTPUT_OPTION.test(options)) return true;
  // Taking out the harmless redirects leaves a `>` only where there was one.
  return lower.includes('>') && lower.replace(SAFE_REDIRECTS, '').includes('>');
}

/**
 * True when `command` could write a protected path; false only when the full
 * analysis (analyzeCommand) would certainly allow it. Synchronous, loads no
 * parser. With no protected names it cannot rule anything out. `fragments`,
 * when the caller has them already (the hot state keeps its names'), must be
 * nameFragments(protectedNames): computing them is most of this check's
 * time on a harmless command.
 */
export function mightTouchProtected(command: string, protectedNames: readonly string[], fragments?: NameFragments): boolean {
  if (!command.trim()) return false;
  if (protectedNames.length === 0) return true;
  const squashed = squash(command);
  const lower = squashed.toLowerCase();
  const { names, dirSegments } = fragments ?? nameFragments(protectedNames);
  if (holdsOne(lower, names)) return true;
  if (alwaysMight(lower) || (mayGit(lower) && (GIT_CODE.test(lower) || GIT_REPO_CONFIG.test(lower))) || (mayPackage(lower) && PACKAGE_TREE.test(lower))) return true;
  if (!writes(lower)) return false;
  if (DYNAMIC.test(command) || OBFUSCATION.test(command) || BUILDS_NAMES.test(command)) return true;
  if (dirSegments.some((s) => new RegExp(`(?:^|[^\\w.-])${escape(s)}(?:$|[^\\w.-])`).test(lower))) return true;
  return ANCESTOR.test(squashed);
}
