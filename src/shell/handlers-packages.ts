// Package managers (npm, pnpm, yarn, bun): what they put in or take out of
// `node_modules`. A project may run continuity from its own node_modules, so
// removing, replacing or reinstalling a package there is a write to it:
// - a named package (`npm uninstall continuity`, `pnpm add continuity@2`):
//   `node_modules/<name>`;
// - the whole tree (`npm ci`, `prune`, `dedupe`, an update of everything,
//   an install that leaves the dev dependencies out, a package whose folder
//   name cannot be read from its spec): `node_modules`;
// - `-g`/`--global`: the global prefix is not known here, so the name under
//   any `node_modules` (a protected folder outside the project included).
// The project folder is the one the command names (`--prefix`, `-C`,
// `--dir`, `--cwd`), else the working directory, and the project root as
// well: the manager looks for package.json upwards.
// Scripts a package manager runs (`npm run`, install scripts) are code the
// analysis does not read.
import { hasOption, optionValues, parseArgs } from './args.js';
import type { Handler, HandlerTable, Invocation } from './handlers.js';
import { dyn, lit, staticText, type Word } from './word.js';

type Manager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The subcommands that take packages out. */
const REMOVE: Record<Manager, readonly string[]> = {
  npm: ['uninstall', 'remove', 'rm', 'r', 'un', 'unlink'],
  pnpm: ['remove', 'rm', 'uninstall', 'un', 'unlink'],
  yarn: ['remove', 'unlink'],
  bun: ['remove', 'rm', 'unlink'],
};
/** The subcommands that put packages in (named ones replace them; with none, the dependencies of package.json). */
const ADD: Record<Manager, readonly string[]> = {
  npm: ['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'link', 'ln'],
  pnpm: ['install', 'i', 'add', 'link', 'ln'],
  yarn: ['install', 'add', 'link'],
  bun: ['install', 'i', 'add', 'a', 'link'],
};
/** Named packages are replaced; with none, every dependency may be. */
const UPDATE: Record<Manager, readonly string[]> = {
  npm: ['update', 'up', 'upgrade', 'udpate'],
  pnpm: ['update', 'up', 'upgrade'],
  yarn: ['upgrade', 'up'],
  bun: ['update', 'upgrade'],
};
/** The subcommands that rebuild or trim the whole tree. */
const WHOLE_TREE: Record<Manager, readonly string[]> = {
  npm: ['ci', 'clean-install', 'ic', 'install-clean', 'isntall-clean', 'prune', 'dedupe', 'ddp'],
  pnpm: ['prune', 'dedupe', 'rebuild'],
  yarn: ['autoclean'],
  bun: [],
};
/** An install with one of these leaves the dev dependencies out: it removes them. */
function omitsDev(o: { name: string; value: Word | null }): boolean {
  if (o.name === '--omit' || o.name === '--only') return /^(?:dev|prod|production)$/.test(staticText(o.value ?? []) ?? 'dev');
  return o.name === '--production' || o.name === '--prod' || o.name === '-P';
}
/** Options whose value is the next word (so that it is not read as a package). */
const VALUE_OPTIONS: Record<Manager, { short: string; long: string[] }> = {
  npm: { short: 'wC', long: ['prefix', 'workspace', 'omit', 'include', 'registry', 'cache', 'userconfig', 'tag', 'location', 'before', 'install-strategy'] },
  pnpm: { short: 'C', long: ['dir', 'filter', 'reporter', 'store-dir', 'registry', 'config'] },
  yarn: { short: '', long: ['cwd', 'modules-folder', 'registry', 'cache-folder', 'mutex'] },
  bun: { short: 'c', long: ['cwd', 'config', 'registry', 'cache-dir', 'backend', 'concurrent-scripts', 'network-concurrency'] },
};
const PROJECT_OPTIONS = ['--prefix', '-C', '--dir', '--cwd'];

/**
 * The folder a package spec installs into: its name (`@scope/name` kept,
 * a version or tag dropped, `alias@npm:real` is `alias`), or null when the
 * spec is a path, a URL or a repository, whose name only its package.json says.
 */
export function installedFolderOf(spec: string): string | null {
  if (/^(?:\.{0,2}\/|~|[a-z][\w+.-]*:|git@)/i.test(spec) || /^[\w.-]+\/[\w.-]+(?:#.*)?$/.test(spec)) return null;
  const m = /^((?:@[\w.-]+\/)?[\w.-]+)(?:@.*)?$/.exec(spec);
  return m ? m[1]! : null;
}

function managerHandler(manager: Manager): Handler {
  return (inv) => {
    const p = parseArgs(inv.args, VALUE_OPTIONS[manager]);
    const projects = optionValues(p, ...PROJECT_OPTIONS);
    const [sub, ...rest] = p.operands;
    const subcommand = sub ? staticText(sub) : manager === 'yarn' ? 'install' : null;
    // A subcommand computed at run time may be any of them.
    if (sub && subcommand === null) return treeWrite(inv, projects, manager);
    if (subcommand === null) return;
    if (manager === 'npm' && (subcommand === 'exec' || subcommand === 'x')) return inv.run(rest, { via: 'npm exec' });
    if ((manager === 'pnpm' || manager === 'yarn') && (subcommand === 'dlx' || subcommand === 'exec')) return inv.run(rest, { via: `${manager} ${subcommand}` });
    const via = `${manager} ${subcommand}`;
    if (WHOLE_TREE[manager].includes(subcommand)) return treeWrite(inv, projects, via);
    const updates = UPDATE[manager].includes(subcommand);
    if (!updates && !REMOVE[manager].includes(subcommand) && !ADD[manager].includes(subcommand)) return;
    const names = rest.map((w) => staticText(w));
    const folders = names.map((n) => (n === null ? null : installedFolderOf(n)));
    if ((!names.length && (updates || p.options.some(omitsDev))) || folders.includes(null)) return treeWrite(inv, projects, via);
    const global = hasOption(p, '-g', '--global') || p.options.some((o) => o.name === '--location' && staticText(o.value ?? []) === 'global');
    for (const folder of folders as string[]) {
      if (global) {
        // The global prefix is not known here; a protected folder outside the project under that package's name is taken to be it.
        for (const o of inv.model.outside) {
          const at = o.indexOf(`/node_modules/${folder}`);
          const end = at + `/node_modules/${folder}`.length;
          if (at >= 0 && (o.length === end || o[end] === '/')) inv.write([lit(o.slice(0, end))], via, 'tree');
        }
        inv.write([dyn(`${manager}'s global prefix`), lit(`/node_modules/${folder}`)], via, 'tree');
      }
      else for (const dir of projectDirs(inv, projects)) inv.write(under(dir, `node_modules/${folder}`), via, 'tree');
    }
  };
}

/** The project folders the command may act in: the ones it names, else the working directory (and the project root, from inside it or from an unknown one). */
function projectDirs(inv: Invocation, projects: Word[]): (Word | null)[] {
  if (projects.length) return projects;
  const { cwd } = inv.scope;
  const root = inv.model.root;
  const inProject = !cwd.known || cwd.path === root || cwd.path.startsWith(`${root}/`) || (cwd.alt !== undefined && (!cwd.alt.known || cwd.alt.path.startsWith(`${root}/`) || cwd.alt.path === root));
  return inProject ? [null, [lit(root)]] : [null];
}

function under(dir: Word | null, rel: string): Word {
  return dir ? [...dir, lit(`/${rel}`)] : [lit(rel)];
}

function treeWrite(inv: Invocation, projects: Word[], via: string): void {
  for (const dir of projectDirs(inv, projects)) inv.write(under(dir, 'node_modules'), via, 'tree');
}

export const packageManagerHandlers: HandlerTable = {
  npm: managerHandler('npm'),
  pnpm: managerHandler('pnpm'),
  yarn: managerHandler('yarn'),
};

/** `bun`'s package subcommands; its other uses (`bun -e`, `bun x`, running a file) are judged with the interpreters. */
export const bunPackages = managerHandler('bun');
