// A real compaction in GitHub Copilot CLI (1.0.102), offline: `/compact` as
// the prompt of `copilot -p` on a resumed session compacts its history (the
// scripted model writes the summary; its BYOK model limit,
// COPILOT_PROVIDER_MAX_PROMPT_TOKENS, did not make it compact on its own:
// it keeps the tools and the system prompt out of what it may reclaim, and
// large tool outputs are saved to files). PreCompact is recorded, and the
// next model request, from the summary on, carries the ledger's truth.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { say, tool } from './chat-completions-server.js';
import { copilotHooks, copilotProject, type CopilotRunResult } from './run-copilot.js';

function timeline(r: CopilotRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''}; ${r.requests.length} requests`];
  for (const h of r.hooks) lines.push(`  hook ${h.kind} → ${JSON.stringify(h.decision?.output ?? null).slice(0, 200)}`);
  if (r.stdout.trim()) lines.push(`  stdout: ${r.stdout.trim().slice(-600)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-400)}`);
  return lines.join('\n');
}

function messages(r: CopilotRunResult, index: number): string {
  const msgs = (r.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  return msgs.filter((m) => m.role !== 'system').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
}

const SUMMARY = 'Summary for the compaction: the user asked to execute a plan; a command ran.';

test('copilot compaction: `/compact` on a resumed session is recorded (PreCompact); the next request, the history replaced by the summary, carries the ledger\'s next task', { timeout: 300_000 }, async () => {
  const p = copilotProject();
  assert.equal((await p.run({ prompt: 'approve', turns: [[say('Noted.')]] })).ledgerStatus.plan.state, 'approved');
  const work = await p.run({
    prompt: 'Execute the approved plan.',
    turns: [[tool('bash', { command: 'continuity task done 1', description: 'Record Task 1' })], [say('Task 1 is done. Task 2 needs a decision.\n\ncontinuity-closure: waiting_user — which export format the user wants')]],
  });
  assert.equal(work.exitCode, 0, timeline(work));
  const session = /--resume=([\w-]+)/.exec(work.stderr)?.[1];
  assert.ok(session, timeline(work));

  const compact = await p.run({ prompt: '/compact', resume: session, turns: [[say(SUMMARY)]], timeoutMs: 120_000 });
  assert.equal(compact.exitCode, 0, timeline(compact));
  assert.match(compact.stdout, /Compacted conversation history/, timeline(compact));
  assert.match(messages(compact, 0), /create a detailed summary of the conversation so far/, timeline(compact));
  const pre = copilotHooks(compact, 'PreCompact');
  assert.equal(pre.length, 1, timeline(compact));
  assert.equal(pre[0]!.sessionId, session);

  const next = await p.run({
    prompt: 'Go on.',
    resume: session,
    turns: [[say('Task 2 needs a decision.\n\ncontinuity-closure: waiting_user — which export format the user wants')]],
  });
  assert.equal(next.exitCode, 0, timeline(next));
  const first = messages(next, 0);
  assert.ok(first.includes(SUMMARY), `the history was compacted into the summary\n${first.slice(0, 3000)}`);
  assert.match(first, /Some of the conversation history has been summarized/);
  // The tool call and its result are gone from the history: the summary stands for them.
  const roles = ((next.requests[0]?.body?.messages ?? []) as { role: string }[]).map((m) => m.role);
  assert.ok(!roles.includes('tool'), `no tool result left in the history: ${roles.join(' ')}`);
  assert.match(first, /next: Task 2 "Export endpoint"/, timeline(next));
  assert.deepEqual(next.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending']);
});
