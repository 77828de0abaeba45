import type { AuditEntry, Verdict } from '../../app/audit-log.js';
import { clockParts } from './clock.js';
import { describeDecision, describeRunsLater } from './decision-words.js';
import { stopBlockOf } from '../../ledger/audit-query.js';
import { digestsIn, isDigest } from '../../ledger/audit-input.js';
import { describeStopWhy, shortSession } from './status-view.js';
import { renderLine, type Line, type Style } from './style.js';
import { displayWidth, padEnd, plural } from './text.js';

export interface LogRenderOptions {
  width: number;
  colour?: boolean;
  /** Time zone of the times shown (default UTC). */
  timeZone?: string;
}

const VERDICT_STYLE: Record<Verdict, Style> = {
  block: 'red',
  deny: 'red',
  ask: 'yellow',
  allow: 'green',
  context: 'cyan',
  none: 'dim',
  refused: 'red',
  recorded: 'blue',
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** Why, in a few words; the verdict itself is in its own column, so words that repeat it are left out. */
export function describeEntry(e: AuditEntry): string {
  const d = obj(e.decision);
  const input = obj(e.input);
  // Taken in from the shared ledger (src/app/shared-sync.ts): the machine it was recorded on, and for a record not taken in, why.
  const from = e.source.startsWith('shared:') ? e.source.slice('shared:'.length) : null;
  if (from) {
    switch (e.kind) {
      case 'task.done':
        return `complete (recorded on ${from})`;
      case 'task.blocked':
        return `blocked (recorded on ${from})`;
      case 'task.done.repeated':
        return `already complete here; ${from} recorded it complete too`;
      case 'approve':
      case 'revoke':
        return `${e.kind === 'approve' ? 'approved' : 'approval revoked'} on ${from}, signed by ${String(d.signer ?? 'unknown')}`;
      case 'shared.refused':
        return `${String(input.kind ?? 'a record')} from ${from} not taken in: ${String(d.why ?? '')}`;
      case 'pending.raised':
        return `${plural(Array.isArray(d.raised) ? d.raised.length : 0, 'pending action')} raised on ${from}`;
      case 'replan': {
        const conflicts = Array.isArray(d.conflicts) ? d.conflicts.filter((c): c is string => typeof c === 'string') : [];
        return `replanned on ${from}: ${plural(Object.keys(obj(input.absorb)).length, 'action')} absorbed, ${Object.keys(obj(input.drop)).length} dropped here${conflicts.length ? `; ${conflicts.join('; ')}` : ''}`;
      }
      default:
        break;
    }
  }
  switch (e.kind) {
    case 'plan.import':
    case 'plan.refresh':
    case 'plan.register': {
      if (typeof d.state !== 'string') break;
      const was = typeof d.previousState === 'string' && d.previousState !== d.state ? ` (was ${d.previousState})` : '';
      // The subject names the plan's file; its id is usually that file's name.
      return `${d.state}${was}${typeof d.taskCount === 'number' ? `, ${plural(d.taskCount, 'task')}` : ''}`;
    }
    case 'task.done':
      return 'complete';
    case 'task.done.repeated':
      return `already complete (recorded by ${typeof d.recordedBy === 'string' ? d.recordedBy : 'unknown'}); nothing new recorded`;
    case 'task.blocked': {
      const evidence = typeof input.evidence === 'string' ? input.evidence : '';
      const colon = evidence.indexOf(': ');
      return `blocked${colon >= 0 ? `: ${evidence.slice(colon + 2)}` : ''}`;
    }
    case 'replan':
      return `${plural(Object.keys(obj(input.absorb)).length, 'action')} absorbed, ${Object.keys(obj(input.drop)).length} dropped`;
    case 'closure':
      return typeof input.reason === 'string' ? input.reason : '';
    case 'approve':
      return `plan ${String(input.planId ?? '')} approved (${String(d.channel ?? 'cli')})`;
    case 'approve.refused':
      return typeof input.refusal === 'string' ? input.refusal : 'approval refused';
    case 'sdd-ledger.read':
      return Array.isArray(d.changes) ? `${plural(d.changes.length, 'task state')} read from the SDD ledger` : '';
    case 'summary.read':
      return Array.isArray(input.files) ? `${plural(input.files.length, 'task summary', 'task summaries')} read` : '';
    case 'Stop': {
      // What runs later as the person comes first: the line is cut to the width, and this is what they must see before it runs.
      const later = describeRunsLater(d);
      if (d.action === 'block' || d.action === 'allow_after_limit') return [later, describeStopWhy(stopBlockOf(e.id, e.at, e.sessionId, d))].filter(Boolean).join(' · ');
      if (later) return [later, describeDecision(e.kind, { ...d, runsLater: undefined }).replace(/^(DENIED|BLOCKED|allowed): /, '')].join(' · ');
      break;
    }
    default:
      break;
  }
  const said = describeDecision(e.kind, e.decision);
  if (said === 'recorded' || said === 'none') return '';
  return said.replace(/^(DENIED|BLOCKED|allowed): /, '');
}

/**
 * `continuity log`: one line per event, oldest first, fitted to the width.
 * A line names the time, the session (left out when there is only one:
 * the heading names it), the client (when the events come from more than
 * one), the event, its verdict, what it was about and
 * why. A heading opens each day.
 */
export function renderLog(entries: readonly AuditEntry[], opts: LogRenderOptions): string {
  const tz = opts.timeZone ?? 'UTC';
  const width = Math.max(1, Math.floor(opts.width));
  const colour = !!opts.colour;
  if (!entries.length) return `${renderLine(['no recorded events match'], width, colour)}\n`;
  // Commands run outside a session record none; a column is worth its width only when sessions differ.
  const sessions = new Set(entries.map((e) => e.sessionId).filter((id): id is string => id !== null));
  const common = sessions.size === 1 ? [...sessions][0]! : null;
  const showSession = sessions.size > 1;
  // Likewise the client: a column when events came from more than one agent client (a person's commands, `unknown`, do not count: `-`).
  const clients = new Set(entries.map((e) => e.client).filter((c) => c !== 'unknown'));
  const showClient = clients.size > 1;
  const clientWidth = Math.max(...entries.map((e) => displayWidth(e.client)));
  const kindWidth = Math.min(18, Math.max(...entries.map((e) => displayWidth(e.kind))));
  const verdictWidth = Math.max(...entries.map((e) => e.verdict.length));
  // What is left after the fixed columns is shared: the subject gives way first, down to half of it.
  const fixed = 8 + (showSession ? 10 : 0) + (showClient ? clientWidth + 2 : 0) + 2 + kindWidth + 2 + verdictWidth + 2;
  const subjectKeep = Math.max(12, Math.floor((width - fixed - 3) / 2));
  const out: string[] = [];
  let day: string | null = null;
  for (const e of entries) {
    const at = clockParts(e.at, tz);
    const date = at?.date ?? e.at.slice(0, 10);
    if (date !== day) {
      const heading = [date, ...(day === null ? [tz] : []), ...(day === null && common ? [`session ${common}`] : [])].join(' · ');
      out.push(renderLine([{ text: `── ${heading} ──`, style: 'dim', shrink: 'end' }], width, colour));
      day = date;
    }
    const what = e.subject ?? '';
    const why = [describeEntry(e), keptWords(e.input)].filter(Boolean).join(' · ');
    const line: Line = [
      { text: at ? at.time : e.at.slice(11, 19), style: 'dim' },
      ...(showSession ? ['  ', { text: padEnd(e.sessionId ? shortSession(e.sessionId) : '-', 8), style: 'dim' as const }] : []),
      ...(showClient ? ['  ', { text: padEnd(e.client === 'unknown' ? '-' : e.client, clientWidth), style: 'dim' as const }] : []),
      '  ',
      padEnd(e.kind, kindWidth),
      '  ',
      { text: e.verdict, style: VERDICT_STYLE[e.verdict] },
      ' '.repeat(verdictWidth - e.verdict.length + 2),
      { text: what, shrink: 'end', keep: subjectKeep },
      ...(what && why ? [{ text: ' · ', style: 'dim' as const }] : []),
      { text: why, shrink: 'end', keep: 12, order: 1 },
    ];
    out.push(renderLine(line, width, colour));
  }
  return `${out.join('\n')}\n`;
}

/**
 * What of the input the audit trail kept as a digest (src/ledger/audit-input.ts),
 * in a few words: `content: sha256 5000d692…, 4096 B`. The rest of the
 * digest is in `log --json`.
 */
export function keptWords(input: unknown): string {
  return digestsIn(input)
    .filter((d) => isDigest(d.digest))
    .map((d) => {
      const digest = d.digest as { $sha256: string; bytes: number };
      return `${d.path.split('.').pop()}: sha256 ${digest.$sha256.slice(0, 8)}…, ${digest.bytes} B`;
    })
    .join(' · ');
}
