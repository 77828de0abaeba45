/**
 * `--since`: an ISO 8601 date or time, or a duration back from now.
 * A time without a zone is local time, and so is a date alone (its midnight);
 * a duration is whole units, largest first or in any order: 90s, 15m, 2h, 1h30m, 7d, 2w.
 */
const DURATION = /^(?:\d+[smhdw])+$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

export type SinceResult = { ok: true; iso: string } | { ok: false; message: string };

/** The instant `text` names, as an ISO string in UTC (how the ledger stores times). */
export function parseSince(text: string, nowMs: number): SinceResult {
  const t = text.trim();
  if (DURATION.test(t)) {
    let seconds = 0;
    for (const [, n, unit] of t.matchAll(/(\d+)([smhdw])/g)) seconds += Number(n) * UNIT_SECONDS[unit!]!;
    const ms = nowMs - seconds * 1000;
    if (Number.isFinite(ms) && ms >= -8.64e15) return { ok: true, iso: new Date(ms).toISOString() };
  } else if (ISO.test(t)) {
    // Date.parse reads a date alone as UTC and a date-time without a zone as local time; both are local here.
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00` : t.replace(' ', 'T'));
    if (!Number.isNaN(ms)) return { ok: true, iso: new Date(ms).toISOString() };
  }
  return { ok: false, message: `--since must be an ISO 8601 date or time (2026-11-22, 2026-11-22T09:30Z) or a duration back from now (90s, 15m, 2h, 1h30m, 7d), not "${text}"` };
}
