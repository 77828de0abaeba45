// The real OpenClaw gateway with continuity's plugin loaded from this clone:
// approval only from the operator's own message, the Stop gate at a task
// boundary after real tool work (the session goes on by itself), a closure
// line, and the ground truth in front of the model.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addedUserText, exec, say, userTexts, type ChatRequest } from './chat-completions-server.js';
import { OpenClawProject, type OpenClawRunResult } from './run-openclaw.js';

/** Words that would read as an order to implement an unapproved plan. */
const IMPERATIVE = /\b(you must|you should|implement|proceed|continue with|start (on|with)|do not stop|keep going)\b/i;

export function timeline(p: OpenClawProject, r: OpenClawRunResult): string {
  const lines = [`openclaw agent exit ${r.turn.exitCode}${r.turn.timedOut ? ' (killed)' : ''} in ${r.turn.durationMs} ms; ${r.requests.length} requests`];
  r.requests.forEach((q: ChatRequest) => lines.push(`  #${q.seq} [${q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}] ${addedUserText(q).slice(0, 240).replace(/\n/g, ' ⏎ ')}`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind} ${h.sessionId ?? ''} → ${JSON.stringify(h.decision?.output ?? h.decision?.action ?? null).slice(0, 200)}`);
  if (r.turn.stderr.trim()) lines.push(`  stderr: ${r.turn.stderr.trim().slice(-600)}`);
  lines.push(`  gateway log tail: ${p.gatewayLog().split('\n').filter((l) => /continuity|plugin|error/i.test(l)).slice(-15).join('\n    ')}`);
  return lines.join('\n');
}

test('openclaw a: the operator prompt `approve` approves the draft; the first request carries the draft words in declarative form', { timeout: 240_000 }, async () => {
  const p = new OpenClawProject();
  const r = await p.run({ message: 'approve', turns: [[say('Noted.')]] });
  assert.equal(r.turn.exitCode, 0, timeline(p, r));
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(p, r));
  assert.equal(r.ledgerStatus.plan.approval.via, 'user-prompt');
  const first = userTexts(r.conversation[0]!).join('\n');
  assert.match(first, /plan payments-export \(docs\/plans\/payments-export\.md, 3 tasks\) is a draft: it is not approved and its execution has not been authorised/, timeline(p, r));
  const start = r.hooks.find((h) => h.kind === 'SessionStart')!.decision.output.hookSpecificOutput.additionalContext as string;
  assert.doesNotMatch(start, IMPERATIVE);
  await p.stop();
});
