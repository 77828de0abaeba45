import { basename, extname, join } from 'node:path';

/** `.superpowers/sdd/<plan file name without extension>/progress.md`: the SDD ledger of a superpowers plan. Its own file: the Bash guard's words need it on the hot path. */
export function sddLedgerPath(plan: { path: string }): string {
  const name = basename(plan.path);
  return join('.superpowers', 'sdd', name.slice(0, name.length - extname(name).length), 'progress.md').split('\\').join('/');
}
