/**
 * Epoch milliseconds of an ISO 8601 instant with a timezone, or null: the same
 * answer as parseIsoInstant (receipts.ts), faster. The watchdog reads several
 * times per run and assesses whole ledgers of runs inside a hook call, and a
 * regular expression plus Date.parse per time was most of its cost.
 *
 * The fast path takes only what it can compute without doubt —
 * `YYYY-MM-DDTHH:MM[:SS[.mmm]]` then `Z` or `±HH:MM`, with the year ≥ 1000,
 * the day ≤ 28 and the hour ≤ 23 — and hands everything else (other fraction
 * lengths, day 29–31, hour 24, malformed text) to parseIsoInstant, which stays
 * the reference. Days 29–31 and hour 24 are where engines' Date.parse differ
 * (V8 reads 02-30 as 03-02; others may refuse it), so those stay with the
 * runtime's own answer.
 */
import { parseIsoInstant } from './receipts.js';

export function instantMs(text: string): number | null {
  const fast = fastInstant(text);
  return fast === null ? parseIsoInstant(text) : fast;
}

function fastInstant(t: string): number | null {
  const n = t.length;
  if (n < 17 || t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(10) !== 84 || t.charCodeAt(13) !== 58) return null;
  const year = digits(t, 0, 4);
  const month = digits(t, 5, 2);
  const day = digits(t, 8, 2);
  const hour = digits(t, 11, 2);
  const minute = digits(t, 14, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 28 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (t.charCodeAt(i) === 58) {
    second = digits(t, i + 1, 2);
    if (second < 0 || second > 59) return null;
    i += 3;
    if (t.charCodeAt(i) === 46) {
      ms = digits(t, i + 1, 3); // exactly three digits: a fourth fails the zone check below
      if (ms < 0) return null;
      i += 4;
    }
  }
  let offsetMinutes = 0;
  const c = t.charCodeAt(i);
  if (c === 90) {
    if (i + 1 !== n) return null;
  } else if (c === 43 || c === 45) {
    if (i + 6 !== n || t.charCodeAt(i + 3) !== 58) return null;
    const oh = digits(t, i + 1, 2);
    const om = digits(t, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return null;
    offsetMinutes = (c === 43 ? 1 : -1) * (oh * 60 + om);
  } else {
    return null;
  }
  const minutes = (daysFromCivil(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes;
  return minutes * 60_000 + second * 1000 + ms;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil); cheaper than Date.UTC. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The decimal value of `count` ASCII digits at `from`, or -1. */
function digits(t: string, from: number, count: number): number {
  let v = 0;
  for (let k = from; k < from + count; k++) {
    const d = t.charCodeAt(k) - 48;
    if (!(d >= 0 && d <= 9)) return -1; // NaN past the end of the text fails too
    v = v * 10 + d;
  }
  return v;
}
