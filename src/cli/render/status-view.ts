import type { Snapshot } from '../../app/snapshot.js';
import { describeDecision } from './decision-words.js';
import { describePlanState } from './words.js';

/** A compact picture of the project, at most `width` columns, no colour. */
export function renderStatus(s: Snapshot, opts: { width: number }): string {
  const lines: string[] = [];
  const w = opts.width;
  lines.push(fit(`continuity · ${s.root}`, w));
  if (!s.plan || !s.progress) {
    lines.push('Plan      none imported (continuity plan import FILE)');
  } else {
    const p = s.plan;
    const g = s.progress;
    lines.push(fit(`Plan      ${p.id} · ${p.dialect} · ${p.path}`, w));
    lines.push(...wrap(`State     ${describePlanState(p.state)}`, w, '          '));
    if (p.approval) lines.push(fit(`Approved  ${p.approval.at}${p.approval.via ? ` via ${p.approval.via}` : ''}`, w));
    lines.push(`Tasks     ${bar(g.complete, g.total, 24)} ${g.complete}/${g.total} complete${g.blocked ? ` · ${g.blocked} blocked` : ''}`);
    if (g.lastCompleted) lines.push(fit(`Last done Task ${g.lastCompleted.id}: ${g.lastCompleted.title}`, w));
    lines.push(fit(`Current   ${g.current ? `Task ${g.current.id}: ${g.current.title} (${g.current.state.replace('_', ' ')})` : '—'}`, w));
    lines.push(fit(`Next      ${g.next ? `Task ${g.next.id}: ${g.next.title}${g.next.highRiskStop ? ' (high-risk stop)' : ''}` : g.finished ? '— (every task is complete)' : '—'}`, w));
  }
  const open = s.pendingActions.filter((a) => a.state === 'open');
  lines.push(`Pending   ${open.length ? `${open.length} open action(s)` : 'no open pending actions'}${s.nextStep?.kind === 'replan' ? ` · replan due after Task ${s.nextStep.fromTaskId}` : ''}`);
  for (const a of open.slice(0, 5)) lines.push(fit(`  ${a.id} (Task ${a.taskId}) ${a.text}`, w));
  lines.push(`Runs      ${s.runs.length ? `${s.runs.length} subagent run(s)${describeOpenRuns(s.runs)}` : 'no subagent runs'}`);
  for (const r of s.runs.slice(0, 5)) lines.push(fit(`  ${r.runId.padEnd(6)} ${r.status.padEnd(24)} ${r.age.padStart(8)}  ${r.agentType ?? ''}${r.description ? ` · ${r.description}` : ''}`, w));
  lines.push(`Ledger    ${s.ledger.events} events · ${s.ledger.driver}`);
  if (s.recentViolations.length) {
    lines.push('Violations');
    for (const v of s.recentViolations.slice(0, 3)) lines.push(fit(`  ${v.at.slice(0, 16).replace('T', ' ')} ${v.summary}`, w));
  }
  if (s.recentEvents.length) {
    lines.push('Recent');
    for (const e of s.recentEvents.slice(0, 5)) {
      const said = describeDecision(e.kind, e.decision);
      lines.push(fit(`  #${e.id} ${e.at.slice(11, 19)} ${e.kind}${said !== 'recorded' ? ` → ${said}` : ''}`, w));
    }
  }
  return `${lines.join('\n')}\n`;
}

function describeOpenRuns(runs: Snapshot['runs']): string {
  const open = runs.filter((r) => r.status !== 'completed' && r.status !== 'recovered').length;
  return open ? ` · ${open} not delivered` : '';
}

export function bar(done: number, total: number, width: number): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function wrap(text: string, width: number, indent: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = indent + word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}
