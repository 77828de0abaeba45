import type { SyncReport } from '../../app/shared-sync.js';

/** What one exchange moved, a line each: what went out, what came in and what the intake rule made of it. */
export function renderSyncReport(r: SyncReport): string[] {
  const lines: string[] = [];
  if (r.offline) lines.push(`shared: offline (${r.offline}); ${r.backlog} event(s) waiting to be sent; the hooks decide from this machine's ledger`);
  else lines.push(`shared: ${r.machine} sent ${r.pushed} event(s)${r.alreadyThere ? ` (${r.alreadyThere} already there)` : ''}, read ${r.pulled} from other machines; backlog ${r.backlog}`);
  for (const t of r.taken) lines.push(`  ${t.outcome === 'refused' ? 'not taken' : 'taken'}: ${t.kind} from ${t.machine} — ${t.detail}`);
  return lines;
}
