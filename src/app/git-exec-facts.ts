/**
 * Reads what gitExecPaths() needs from one work tree: whether `.git` is a
 * folder or a file (and where it points), a worktree's `commondir`, the
 * submodules' git folders, `core.hooksPath`. Reads files only, never starts
 * git: it runs on the hook path for every walled shell call.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GitDirFacts } from '../domain/git-exec-paths.js';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The submodules' git folders under `<common>/modules`, at any depth (a submodule of a submodule). */
function modulesUnder(common: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 8) return;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const sub = join(dir, name);
      try {
        if (!lstatSync(sub).isDirectory()) continue;
      } catch {
        continue;
      }
      // A git folder holds HEAD; a folder without one is a level of a nested module name (`modules/a/b`).
      if (read(join(sub, 'HEAD')) !== null) {
        out.push(sub);
        walk(join(sub, 'modules'), depth + 1);
      } else walk(sub, depth + 1);
    }
  };
  walk(join(common, 'modules'), 0);
  return out;
}

/** `core.hooksPath` from one config file: a plain reader of the one key (no includes, no conditions). */
function hooksPathIn(config: string | null): string | undefined {
  if (!config) return undefined;
  let section = '';
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      continue;
    }
    const kv = /^([A-Za-z0-9-]+)\s*=\s*(.*)$/.exec(line);
    if (section === 'core' && kv && kv[1]!.toLowerCase() === 'hookspath') return kv[2]!.replace(/^"(.*)"$/, '$1').trim() || undefined;
  }
  return undefined;
}

export function readGitDirFacts(root: string): GitDirFacts {
  const dotGit = join(root, '.git');
  let kind: GitDirFacts['dotGit'];
  try {
    const s = lstatSync(dotGit);
    kind = s.isDirectory() ? 'dir' : 'file';
  } catch {
    return { dotGit: 'absent' };
  }
  let gitdir = dotGit;
  if (kind === 'file') {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(read(dotGit) ?? '');
    if (!m) return { dotGit: 'file' };
    gitdir = resolve(root, m[1]!);
  }
  const commonRel = read(join(gitdir, 'commondir'))?.trim();
  const commondir = commonRel ? resolve(gitdir, commonRel) : undefined;
  const common = commondir ?? gitdir;
  const hooksPath = hooksPathIn(read(join(gitdir, 'config.worktree'))) ?? hooksPathIn(read(join(common, 'config')));
  const modules = modulesUnder(common);
  return {
    dotGit: kind,
    ...(kind === 'file' ? { gitdir } : {}),
    ...(commondir ? { commondir } : {}),
    ...(hooksPath ? { hooksPath } : {}),
    ...(modules.length ? { modules } : {}),
  };
}
