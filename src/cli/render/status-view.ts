import { describeBoundary } from '../../domain/boundary-key.js';
import type { Snapshot } from '../../app/snapshot.js';
import type { StopBlockRecord } from '../../ledger/audit-query.js';
import type { RunView } from '../../app/watchdog-runs.js';
import { ago, clockParts, shortTime } from './clock.js';
import { describeDecision } from './decision-words.js';
import { renderLine, type Line, type Piece, type Style } from './style.js';
import { count, displayWidth, padEnd, padStart, plural } from './text.js';
import { describePlanState } from '../../domain/plan-state.js';

export interface StatusRenderOptions {
  /** Columns every line fits in. */
  width: number;
  /** ANSI colour; off: no escape sequence at all. */
  colour?: boolean;
  /** The instant ages are counted to (default: when the snapshot was taken). */
  now?: string;
  /** Time zone of the times shown (default UTC). */
  timeZone?: string;
  /** At most this many lines (a terminal's height): the recent decisions go first, then the end is cut. */
  height?: number;
  /** `status --watch`: the header says when the frame was drawn and how often it is. */
  watch?: { intervalSeconds: number };
}

const LABEL = 10;
const INDENT = ' '.repeat(LABEL);
const LIST = { pending: 3, runs: 5, stops: 3, violations: 3, recent: 5, done: 5 };

const PLAN_STATE_STYLE: Record<string, Style> = { draft: 'yellow', approved: 'green', stale: 'red', complete: 'green' };
const RUN_STATUS_STYLE: Record<string, Style> = {
  active: 'cyan',
  completed: 'green',
  recovered: 'green',
  suspect_delivery_failure: 'yellow',
  done_but_not_forwarded: 'yellow',
  blocked: 'red',
};

/**
 * The compact picture `continuity status` prints: a pure function of the
 * snapshot and the options, so every line is tested as it is shown.
 */
export function renderStatus(s: Snapshot, opts: StatusRenderOptions): string {
  const ctx: Ctx = { width: Math.max(1, Math.floor(opts.width)), now: opts.now ?? s.takenAt, tz: opts.timeZone ?? 'UTC' };
  const head = [header(s, ctx, opts.watch), ...planSection(s, ctx), ...doneBySection(s, ctx), ...sessionsSection(s, ctx), ...pendingSection(s, ctx), ...runsSection(s.runs), ...stopsSection(s, ctx), ...violationsSection(s, ctx), ...runsLaterSection(s, ctx), ...guardLines(s, ctx), ...sharedLines(s, ctx), ledgerLine(s)];
  const recent = recentSection(s, ctx);
  let lines = [...head, ...recent];
  if (opts.height !== undefined && lines.length > opts.height) {
    lines = head;
    if (lines.length > opts.height) {
      const keep = Math.max(0, opts.height - 1);
      lines = [...lines.slice(0, keep), [{ text: `… ${lines.length - keep} more lines (a taller terminal shows them)`, style: 'dim' }]];
    }
  }
  const colour = !!opts.colour;
  return `${lines.map((l) => renderLine(l, ctx.width, colour)).join('\n')}\n`;
}

interface Ctx {
  width: number;
  now: string;
  tz: string;
}

/** A label padded to the label column; a label as wide as the column gets one space after it. */
function label(name: string): Piece {
  return { text: displayWidth(name) >= LABEL ? `${name} ` : padEnd(name, LABEL), style: 'bold' };
}

/**
 * A label and parts joined with " · ", flowing onto indented lines when the
 * next part does not fit. A part wider than a whole line is left to fitting.
 */
function flow(name: string, parts: readonly Line[], width: number): Line[] {
  const lines: Line[] = [];
  const first = label(name);
  let current: (Piece | string)[] = [first];
  let used = displayWidth(first.text);
  let empty = true;
  for (const part of parts) {
    const w = part.reduce((n, p) => n + displayWidth(typeof p === 'string' ? p : p.text), 0);
    if (!empty && used + 3 + w > width) {
      lines.push(current);
      current = [INDENT];
      used = LABEL;
      empty = true;
    }
    if (!empty) {
      current.push(' · ');
      used += 3;
    }
    current.push(...part);
    used += w;
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** Words wrapped onto indented lines (the plan state's sentence). */
function wrapWords(first: Line, text: string, width: number): Line[] {
  const lines: Line[] = [];
  let current: (Piece | string)[] = [...first];
  let used = first.reduce((n, p) => n + displayWidth(typeof p === 'string' ? p : p.text), 0);
  let fresh = false;
  for (const word of text.split(' ').filter(Boolean)) {
    const w = displayWidth(word);
    if (!fresh && used + 1 + w > width && used > LABEL) {
      lines.push(current);
      current = [INDENT];
      used = LABEL;
      fresh = true;
    }
    current.push(fresh ? word : ` ${word}`);
    used += (fresh ? 0 : 1) + w;
    fresh = false;
  }
  lines.push(current);
  return lines;
}

function header(s: Snapshot, ctx: Ctx, watch: StatusRenderOptions['watch']): Line {
  const line: (Piece | string)[] = [{ text: 'continuity', style: 'bold' }, ' · ', { text: s.root, shrink: 'start', keep: 12 }];
  if (watch) {
    const at = clockParts(ctx.now, ctx.tz);
    line.push({ text: ` · ${at ? at.time : ctx.now} · every ${formatSeconds(watch.intervalSeconds)} (Ctrl-C stops)`, style: 'dim' });
  }
  return line;
}

function formatSeconds(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(1).replace(/\.0$/, '')} s`;
}

function planSection(s: Snapshot, ctx: Ctx): Line[] {
  if (!s.plan || !s.progress) return [[label('Plan'), 'none imported (continuity plan import FILE)']];
  const p = s.plan;
  const g = s.progress;
  const lines: Line[] = [[label('Plan'), { text: p.id, shrink: 'end', keep: 12, order: 1 }, { text: ` · ${p.dialect} · `, style: 'dim' }, { text: p.path, shrink: 'start', keep: 16 }]];

  const sentence = describePlanState(p.state);
  const colon = sentence.indexOf(':');
  const word = colon > 0 ? sentence.slice(0, colon) : p.state;
  const rest = colon > 0 ? sentence.slice(colon + 1) : sentence;
  lines.push(...wrapWords([label('State'), { text: `${word}:`, style: [PLAN_STATE_STYLE[p.state] ?? 'bold', 'bold'] }], rest, ctx.width));

  if (p.approval) {
    const at = clockParts(p.approval.at, ctx.tz);
    const parts: Line[] = [[at ? `${at.date} ${at.time.slice(0, 5)}` : p.approval.at, p.approval.via ? ` via ${p.approval.via}` : ''], [{ text: ago(p.approval.at, ctx.now), style: 'dim' }]];
    if (p.state === 'stale') parts.push([{ text: 'bound to an earlier structure', style: 'red' }]);
    lines.push(...flow('Approved', parts, ctx.width));
  }

  const counts: Line[] = [[`${count(g.complete)}/${count(g.total)} complete`]];
  if (g.inProgress) counts.push([{ text: `${count(g.inProgress)} in progress`, style: 'cyan' }]);
  if (g.blocked) counts.push([{ text: `${count(g.blocked)} blocked`, style: 'red' }]);
  if (g.pending) counts.push([`${count(g.pending)} pending`]);
  const barWidth = Math.max(10, Math.min(40, ctx.width - 56));
  const first = [...bar(g, barWidth), ' ', ...counts[0]!];
  lines.push(...flow('Tasks', [first, ...counts.slice(1)], ctx.width));

  if (g.lastCompleted) lines.push([label('Last done'), ...task(g.lastCompleted)]);
  const current = g.current;
  lines.push(current ? [label('Current'), ...task(current), { text: ` (${current.state.replace('_', ' ')})`, style: current.state === 'blocked' ? 'red' : 'cyan' }] : [label('Current'), '—']);
  if (g.next) lines.push([label('Next'), ...task(g.next), ...(g.next.highRiskStop ? [{ text: ' (high-risk stop)', style: 'yellow' as const }] : [])]);
  else lines.push([label('Next'), g.finished ? '— (every task is complete)' : '—']);
  return lines;
}

/** Who recorded each finished task (complete or blocked): the client and its session, newest first. */
function doneBySection(s: Snapshot, ctx: Ctx): Line[] {
  const done = (s.plan?.tasks ?? []).filter((t) => t.recordedBy).sort((a, b) => (a.recordedBy!.at < b.recordedBy!.at ? 1 : a.recordedBy!.at > b.recordedBy!.at ? -1 : 0));
  if (!done.length) return [];
  const byClient = new Map<string, number>();
  for (const t of done) byClient.set(t.recordedBy!.client, (byClient.get(t.recordedBy!.client) ?? 0) + 1);
  const lines = flow('Done by', [[plural(done.length, 'task')], ...[...byClient].map(([client, n]) => [`${client} ${count(n)}`])], ctx.width);
  for (const t of done.slice(0, LIST.done)) {
    const by = t.recordedBy!;
    lines.push([
      '  ',
      { text: padEnd(shortTime(by.at, ctx.now, ctx.tz), 5), style: 'dim' },
      '  ',
      ...task(t),
      ...(t.state === 'blocked' ? [{ text: ' (blocked)', style: 'red' as const }] : []),
      '  ',
      { text: by.client, style: by.client === 'unknown' ? 'yellow' : 'cyan' },
      // In a project that shares its ledger, the machine too: another's name, or this one's.
      ...(by.source.startsWith('shared:') ? [` on ${by.source.slice('shared:'.length)}`] : s.shared?.machine ? [{ text: ` on ${s.shared.machine} (here)`, style: 'dim' as const }] : []),
      { text: by.sessionId ? ` · ${shortSession(by.sessionId)}` : ' · no session', style: 'dim' },
    ]);
  }
  return lines;
}

/** The sessions the ledger has seen, by client: how many, and the latest. */
function sessionsSection(s: Snapshot, ctx: Ctx): Line[] {
  if (!s.sessions?.length) return [];
  const parts: Line[] = s.sessions.map((c) => {
    const latest = c.sessions[0]!;
    return [{ text: c.client, style: c.client === 'unknown' ? 'yellow' : 'cyan' }, ` ${count(c.count)}`, { text: ` (latest ${shortSession(latest.sessionId)}, ${ago(latest.lastAt, ctx.now)})`, style: 'dim' }];
  });
  return flow('Sessions', parts, ctx.width);
}

function task(t: { id: string; title: string }): Piece[] {
  return [{ text: `Task ${t.id}: `, shrink: 'end', keep: 6, order: 1 }, { text: t.title, shrink: 'end', keep: 4 }];
}

/** The tasks as a bar: complete █, in progress ▓, blocked ▒, pending ░; a state with any task gets at least one cell. */
export function barCells(counts: { complete: number; inProgress: number; blocked: number; pending: number }, width: number): { complete: number; inProgress: number; blocked: number; pending: number } {
  const keys = ['complete', 'inProgress', 'blocked', 'pending'] as const;
  const total = keys.reduce((n, k) => n + Math.max(0, counts[k]), 0);
  const cells = { complete: 0, inProgress: 0, blocked: 0, pending: 0 };
  if (total === 0) {
    cells.pending = width;
    return cells;
  }
  // Largest remainder, then every non-empty state made visible by taking a cell from the largest.
  const exact = keys.map((k) => (Math.max(0, counts[k]) / total) * width);
  keys.forEach((k, i) => (cells[k] = Math.floor(exact[i]!)));
  let left = width - keys.reduce((n, k) => n + cells[k], 0);
  const byRemainder = keys.map((k, i) => ({ k, r: exact[i]! - cells[k] })).sort((a, b) => b.r - a.r);
  for (const { k } of byRemainder) {
    if (left <= 0) break;
    cells[k]++;
    left--;
  }
  for (const k of keys) {
    if (counts[k] > 0 && cells[k] === 0) {
      const largest = keys.reduce((a, b) => (cells[b] > cells[a] ? b : a));
      if (cells[largest] > 1) {
        cells[largest]--;
        cells[k]++;
      }
    }
  }
  return cells;
}

function bar(g: NonNullable<Snapshot['progress']>, width: number): Piece[] {
  const c = barCells(g, width);
  return [
    { text: '█'.repeat(c.complete), style: 'green' },
    { text: '▓'.repeat(c.inProgress), style: 'cyan' },
    { text: '▒'.repeat(c.blocked), style: 'red' },
    { text: '░'.repeat(c.pending), style: 'dim' },
  ];
}

function pendingSection(s: Snapshot, ctx: Ctx): Line[] {
  const open = s.pendingActions.filter((a) => a.state === 'open');
  const parts: Line[] = [[open.length ? { text: plural(open.length, 'open action'), style: 'yellow' } : 'no open pending actions']];
  if (s.nextStep?.kind === 'replan') parts.push([{ text: `replan due after Task ${s.nextStep.fromTaskId}`, style: 'yellow' }]);
  const lines = flow('Pending', parts, ctx.width);
  for (const a of open.slice(0, LIST.pending)) lines.push(['  ', { text: a.id, style: 'dim' }, ` (Task ${a.taskId}) `, { text: a.text, shrink: 'end' }]);
  if (open.length > LIST.pending) lines.push([{ text: `  … ${count(open.length - LIST.pending)} more (status --json lists them)`, style: 'dim' }]);
  return lines;
}

const DELIVERED = new Set(['completed', 'recovered']);

function runsSection(runs: readonly RunView[]): Line[] {
  if (!runs.length) return [[label('Runs'), 'no subagent runs']];
  const open = runs.filter((r) => !DELIVERED.has(r.status)).length;
  const lines: Line[] = [[label('Runs'), `${count(runs.length)} subagent run(s)`, ...(open ? [' · ', { text: `${count(open)} not delivered`, style: 'yellow' as const }] : [])]];
  // Runs that still owe a result come first; then the newest.
  const shown = [...runs.filter((r) => !DELIVERED.has(r.status)), ...runs.filter((r) => DELIVERED.has(r.status))].slice(0, LIST.runs);
  for (const r of shown) {
    const what = `${r.agentType ?? ''}${r.description ? `${r.agentType ? ' · ' : ''}${r.description}` : ''}`;
    lines.push(['  ', padEnd(r.runId, 6), ' ', { text: r.status, style: RUN_STATUS_STYLE[r.status] }, padEnd('', 24 - displayWidth(r.status)), ' ', padStart(r.age, 8), '  ', { text: what, shrink: 'end' }]);
  }
  if (runs.length > shown.length) lines.push([{ text: `  … ${count(runs.length - shown.length)} more (status --json lists them)`, style: 'dim' }]);
  return lines;
}

const STOP_REASON: Record<string, string> = {
  missing_auto_next_dispatch: 'not dispatched',
  replan_due: 'replan due',
};

/** Why a Stop was blocked, without where: "not dispatched (block 1)", "let go after 3 blocks: replan due". */
export function describeStopWhy(b: Pick<StopBlockRecord, 'action' | 'obligation' | 'reason' | 'blocks' | 'watchdog'>): string {
  let what: string;
  if (b.obligation === 'watchdog_delivery') what = describeWatchdogStop(b.watchdog);
  else if (b.obligation === 'replan') what = 'replan due';
  else what = STOP_REASON[b.reason ?? ''] ?? b.reason ?? b.obligation ?? 'blocked';
  if (b.action === 'allow_after_limit') return `let go after ${b.blocks ?? '?'} blocks: ${what}`;
  return b.blocks !== null ? `${what} (block ${b.blocks})` : what;
}

function describeWatchdogStop(w: StopBlockRecord['watchdog']): string {
  const parts = [
    ...(w?.delivered ?? []).map((id) => `result of run ${id} delivered`),
    ...(w?.respawn ?? []).map((id) => `run ${id}: respawn stated`),
    ...(w?.escalated ?? []).map((id) => `run ${id} blocked`),
  ];
  return parts.length ? parts.join('; ') : 'a subagent result owed';
}

/** A Stop block in a few words: "Task 1 → 2: not dispatched (block 1)". */
export function describeStopBlock(b: StopBlockRecord): string {
  const where = describeBoundary(b.boundary);
  return where ? `${where}: ${describeStopWhy(b)}` : describeStopWhy(b);
}

function stopsSection(s: Snapshot, ctx: Ctx): Line[] {
  const total = s.totals.stopBlocks;
  if (!total) return [[label('Stops'), 'no stop blocked by the gate']];
  const latest = s.recentStopBlocks[0];
  const lines = flow('Stops', [[{ text: `${plural(total, 'stop')} blocked by the gate`, style: 'yellow' }], ...(latest ? [[{ text: `last ${ago(latest.at, ctx.now)}`, style: 'dim' as const }]] : [])], ctx.width);
  for (const b of s.recentStopBlocks.slice(0, LIST.stops)) {
    lines.push([
      '  ',
      { text: padEnd(shortTime(b.at, ctx.now, ctx.tz), 5), style: 'dim' },
      '  ',
      { text: describeStopBlock(b), style: b.action === 'allow_after_limit' ? 'red' : undefined, shrink: 'end' },
      ...(b.sessionId ? [{ text: `  ${shortSession(b.sessionId)}`, style: 'dim' as const }] : []),
    ]);
  }
  return lines;
}

/** The first 8 characters of a session id: what `log --session` accepts. */
export function shortSession(id: string): string {
  // OpenClaw's session keys all begin `agent:main:`: their last part is what tells them apart (`agent:main:telegram:42` → `telegram:42`).
  if (id.startsWith('agent:')) {
    const rest = id.split(':').slice(2).join(':');
    return rest.length > 16 ? `…${rest.slice(-15)}` : rest || id;
  }
  return id.length > 8 ? id.slice(0, 8) : id;
}

function violationsSection(s: Snapshot, ctx: Ctx): Line[] {
  const total = s.totals.violations;
  if (!total) return [[label('Violations'), 'none']];
  const latest = s.recentViolations[0];
  const lines = flow('Violations', [[{ text: count(total), style: 'red' }], ...(latest ? [[{ text: `last ${ago(latest.at, ctx.now)}`, style: 'dim' as const }]] : [])], ctx.width);
  for (const v of s.recentViolations.slice(0, LIST.violations)) {
    lines.push(['  ', { text: padEnd(shortTime(v.at, ctx.now, ctx.tz), 5), style: 'dim' }, '  ', { text: v.kind, style: 'red', shrink: 'end', keep: 10, order: 1 }, '  ', { text: v.summary, shrink: 'end' }]);
  }
  return lines;
}

const GUARD_STYLE: Record<string, Style> = { structural: 'green', 'hooks-only': 'yellow', refusing: 'red' };

/**
 * Which layer guards continuity for each client wired here (a wall, or the
 * hooks only and why), one line per client, and what a wall does not cover:
 * never one line for the project that a client's layer does not bear out.
 */
/**
 * What a session changed that runs at the person's next git or package
 * command (src/app/runs-later.ts): one line each, so it is seen before it runs.
 */
function runsLaterSection(s: Snapshot, ctx: Ctx): Line[] {
  if (!s.runsLater?.length) return [];
  const lines: Line[] = [];
  const sessions = [...new Set(s.runsLater.map((r) => r.sessionId))];
  for (const id of sessions) {
    const mine = s.runsLater.filter((r) => r.sessionId === id);
    const at = clockParts(mine[0]!.since, ctx.tz);
    lines.push([lines.length ? INDENT : label('Runs later'), { text: `changed in ${mine[0]!.latest ? 'the latest session' : 'session'} `, style: 'dim' }, { text: shortSession(id), shrink: 'end', keep: 8 }, { text: ` (started ${at ? at.time : mine[0]!.since}):`, style: 'dim' }]);
    for (const r of mine) lines.push([INDENT, { text: `runs ${r.when}: `, shrink: 'end', keep: 12 }, { text: `${r.part === null ? r.path : `${r.path} ${r.part}`}${r.new ? ' (new)' : ''}`, style: 'yellow', shrink: 'start', keep: 16 }]);
  }
  return lines;
}

function guardLines(s: Snapshot, ctx: Ctx): Line[] {
  if (s.guard && !s.guard.length) return [[label('Guard'), { text: "no client's settings here run continuity's hooks (continuity init --agent … wires them)", style: 'yellow', shrink: 'end' }]];
  const guards = s.guard ?? (s.wall ? [{ agent: 'claude-code', label: 'Claude Code', ...s.wall }] : []);
  const lines: Line[] = [];
  guards.forEach((g, i) => {
    const colon = g.summary.indexOf(': ');
    const word = colon > 0 ? g.summary.slice(0, colon) : g.level;
    const rest = colon > 0 ? g.summary.slice(colon + 2) : g.summary;
    lines.push(...wrapWords([i === 0 ? label('Guard') : INDENT, { text: g.label, style: 'bold' }, ' · ', { text: `${word}:`, style: GUARD_STYLE[g.level] ?? 'yellow' }], rest, ctx.width));
    for (const gap of g.gaps.slice(0, LIST.violations)) lines.push(['  ', { text: gap, shrink: 'end', style: 'dim' }]);
  });
  return lines;
}

/** `shared: last sync 2 s ago, backlog 0` or `offline since …`: the exchange with the team's shared ledger. */
function sharedLines(s: Snapshot, ctx: Ctx): Line[] {
  const x = s.shared;
  if (!x) return [];
  const state = x.offlineSince
    ? { text: `offline since ${shortTime(x.offlineSince, ctx.now, ctx.tz)} (${x.error ?? 'not reached'}); the hooks decide from this machine's ledger`, style: 'yellow' as const }
    : x.lastSyncAt
      ? { text: `last sync ${ago(x.lastSyncAt, ctx.now)}`, style: 'green' as const }
      : { text: 'not yet reached', style: 'yellow' as const };
  return wrapWords([label('Shared'), state, `, backlog ${count(x.backlog)} · `, { text: `${x.machine ?? 'this machine'} · ${x.address}`, style: 'dim' }], '', ctx.width);
}

function ledgerLine(s: Snapshot): Line {
  const spooled = s.ledger.spooled ? ` (+${count(s.ledger.spooled)} spooled)` : '';
  return [label('Ledger'), `${plural(s.ledger.events, 'event')}${spooled}`, { text: ` · ${s.ledger.driver}`, style: 'dim' }];
}

function recentSection(s: Snapshot, ctx: Ctx): Line[] {
  if (!s.recentEvents.length) return [];
  const shown = s.recentEvents.slice(0, LIST.recent);
  const lines: Line[] = [[label('Recent'), { text: `last ${count(shown.length)} of ${count(s.ledger.events)} · continuity log shows more`, style: 'dim' }]];
  for (const e of shown) {
    const said = describeDecision(e.kind, e.decision);
    const at = clockParts(e.at, ctx.tz);
    lines.push(['  ', { text: `#${e.id} `, style: 'dim' }, { text: at ? at.time : e.at, style: 'dim' }, ` ${e.kind}`, ...(said !== 'recorded' ? [' → ', { text: said, shrink: 'end' as const, style: verdictStyle(said) }] : [])]);
  }
  return lines;
}

function verdictStyle(said: string): Style | undefined {
  if (/^(BLOCKED|DENIED)/.test(said)) return 'red';
  if (said.startsWith('allowed after')) return 'red';
  return undefined;
}
