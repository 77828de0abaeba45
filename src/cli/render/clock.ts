/**
 * Times as a person reads them at a terminal: the date and the wall-clock
 * time in a given time zone (an argument, so rendering stays a pure
 * function), and how long ago something happened.
 */
import { describeDuration } from '../../domain/watchdog-report.js';

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATS.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    } catch {
      // An unknown zone name: UTC rather than a failure.
      f = formatFor('UTC');
    }
    FORMATS.set(timeZone, f);
  }
  return f;
}

export interface ClockParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS */
  time: string;
}

/** The date and time of an ISO instant in `timeZone`; null for a text that is not a time. */
export function clockParts(iso: string, timeZone: string): ClockParts | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const parts = Object.fromEntries(formatFor(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** "05:54" for today (in `timeZone`), "11-20 05:54" for another day. */
export function shortTime(iso: string, nowIso: string, timeZone: string): string {
  const at = clockParts(iso, timeZone);
  if (!at) return '?';
  const now = clockParts(nowIso, timeZone);
  return now && now.date === at.date ? at.time.slice(0, 5) : `${at.date.slice(5)} ${at.time.slice(0, 5)}`;
}

/** "12 s ago", "3 min ago"; "just now" for the future (clock skew between processes). */
export function ago(iso: string, nowIso: string): string {
  const seconds = (Date.parse(nowIso) - Date.parse(iso)) / 1000;
  if (Number.isNaN(seconds)) return '';
  return seconds < 1 ? 'just now' : `${describeDuration(seconds)} ago`;
}
