import { createRequire } from 'node:module';
import { isAbsolute, normalize, relative, sep } from 'node:path';
import { realRoot, realTarget } from '../../util/real-path.js';

// node:os is required when first needed (a file write outside the project's
// plan folders), not at start-up: it costs every hook call about half a
// millisecond under Bun, and most calls never ask.
let home: string | undefined;
const homeDir = () => (home ??= (createRequire(import.meta.url)('node:os') as typeof import('node:os')).homedir());

/**
 * Where agents write plans: superpowers plans under docs/plans/ or
 * docs/superpowers/plans/, the tdd-workflow `.tdd-progress.md`, and Claude
 * Code's plan-mode plans under ~/.claude/plans/. A markdown or JSON file
 * there is a plan candidate; it becomes a draft only if tasks are found in it.
 */
export function isPlanCandidate(absPath: string, root: string): boolean {
  if (!/\.(md|markdown|json)$/i.test(absPath)) return false;
  if (absPath.split(/[\\/]/).pop() === '.tdd-progress.md') return true;
  const rel = relative(root, absPath).split(sep).join('/');
  if (!rel.startsWith('..') && !isAbsolute(rel) && /^docs\/(superpowers\/)?plans\//.test(rel)) return true;
  const plans = relative(`${homeDir()}/.claude/plans`, absPath);
  return !plans.startsWith('..') && !isAbsolute(plans);
}

/** The file a Write/Edit/MultiEdit/NotebookEdit call writes, absolute. */
export function writtenPath(toolInput: Record<string, unknown>, cwd: string): string | null {
  const p = toolInput.file_path ?? toolInput.notebook_path ?? toolInput.path;
  if (typeof p !== 'string' || !p) return null;
  return isAbsolute(p) ? p : `${cwd}/${p}`;
}

/**
 * Is a file tool's write guarded? The path as written (`..` resolved) and
 * where it really lands (symbolic links followed, src/util/real-path.ts) are
 * both checked, so a link into `.continuity/` is no way round. Returns the
 * guarded path relative to the root, or null.
 */
export function guardedWriteTarget(abs: string, root: string, isGuarded: (p: string) => boolean, isGuardedReal: (p: string) => boolean): string | null {
  const lexical = normalize(abs);
  if (isGuarded(lexical)) return relativeTo(root, lexical);
  const real = realTarget(lexical);
  const rootReal = realRoot(root);
  return isGuardedReal(real) ? relativeTo(rootReal, real) : null;
}

function relativeTo(root: string, abs: string): string {
  const r = relative(root, abs);
  return r.startsWith('..') || isAbsolute(r) ? abs : r.split(sep).join('/');
}

export const FILE_WRITING_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
