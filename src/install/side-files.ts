/**
 * The files init touches besides the agent's settings, as text in, text out:
 * the settings file's backups and the project's .gitignore.
 */

/** What `.gitignore` gets: the ledger, its spool and the hot state are this machine's, not the repository's. */
export const GITIGNORE_ENTRY = '.continuity/';

const IGNORES_CONTINUITY = /^\/?\.continuity(\/|\/\*|\/\*\*)?$/;

/** Does this .gitignore already ignore `.continuity/` (in any of the usual spellings)? */
export function ignoresContinuity(gitignore: string | null): boolean {
  return (gitignore ?? '').split(/\r?\n/).some((line) => IGNORES_CONTINUITY.test(line.trim()));
}

/** The .gitignore with `.continuity/` added on a line of its own, or the same text when it already ignores it. */
export function withContinuityIgnored(gitignore: string | null): string {
  if (gitignore !== null && ignoresContinuity(gitignore)) return gitignore;
  const text = gitignore ?? '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = text === '' || text.endsWith('\n') ? '' : eol;
  return `${text}${separator}${GITIGNORE_ENTRY}${eol}`;
}

export const BACKUP_SUFFIX = '.continuity-backup';

/** Backups of `fileName` among a directory's entries, oldest first (`.continuity-backup`, then `-2`, `-3`, …). */
export function backupsOf(fileName: string, entries: readonly string[]): string[] {
  const base = fileName + BACKUP_SUFFIX;
  const number = (name: string) => (name === base ? 1 : Number(name.slice(base.length + 1)));
  return entries
    .filter((name) => name === base || (name.startsWith(`${base}-`) && /^\d+$/.test(name.slice(base.length + 1))))
    .sort((a, b) => number(a) - number(b));
}

/**
 * Where to keep a copy of `current` before it is changed: an existing
 * backup that already holds exactly this text is reused (nothing to write);
 * otherwise the next free name, so an older backup is never overwritten.
 */
export function backupFor(fileName: string, current: string, backups: ReadonlyMap<string, string>): { name: string; write: boolean } {
  const names = backupsOf(fileName, [...backups.keys()]);
  const same = names.find((name) => backups.get(name) === current);
  if (same) return { name: same, write: false };
  const base = fileName + BACKUP_SUFFIX;
  if (names.length === 0) return { name: base, write: true };
  const last = names[names.length - 1]!;
  const n = last === base ? 1 : Number(last.slice(base.length + 1));
  return { name: `${base}-${n + 1}`, write: true };
}
