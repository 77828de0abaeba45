// The real GitHub Copilot CLI (1.0.102) in a project wired by `continuity init
// --agent claude-code` only. Copilot CLI runs `.claude/settings.json`'s hooks
// without their `args`: `continuity` alone, the payload on stdin, which
// answers as Copilot CLI's own hook. No tool call is denied for a usage
// error, and the rules hold: the person's `approve`, the Stop gate, the
// guards and continuity's own wall.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { say, tool, type Item } from './chat-completions-server.js';
import { copilotProject, type CopilotProject, type CopilotRunResult } from './run-copilot.js';

const bash = (command: string): Item => tool('bash', { command, description: 'Run a command' });

/** A project as a person wired it for Claude Code alone (the harness wires Copilot CLI's hook file first: taken out again). */
function claudeOnlyProject(): CopilotProject {
  const p = copilotProject();
  p.continuity(['init', '--agent', 'copilot', '--uninstall']);
  p.continuity(['init', '--agent', 'claude-code']);
  assert.equal(existsSync(join(p.dir, '.github', 'hooks', 'continuity.json')), false);
  return p;
}

function timeline(r: CopilotRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''} in ${r.durationMs} ms; ${r.requests.length} requests`];
  for (const h of r.hooks) lines.push(`  hook ${h.kind} → ${JSON.stringify(h.decision?.output ?? null).slice(0, 200)}`);
  if (r.stdout.trim()) lines.push(`  stdout: ${r.stdout.trim().slice(-800)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-400)}`);
  return lines.join('\n');
}

function lastMessage(r: CopilotRunResult, index: number): string {
  const msgs = (r.conversation[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  const m = msgs[msgs.length - 1];
  return m ? (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)) : '';
}

test('Copilot CLI in a project wired for Claude Code only: no call denied for a usage error; the person\'s `approve` approves, writes to .continuity/ and the wiring are refused, work runs inside the wall, the Stop at the Task 1 boundary is held naming Task 2 and a closure line ends it', { timeout: 300_000 }, async () => {
  const p = claudeOnlyProject();
  const wiring = p.readFile('.claude/settings.json');
  const approve = await p.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assert.equal(approve.exitCode, 0, timeline(approve));
  assert.equal(approve.ledgerStatus.plan.state, 'approved', timeline(approve));
  assert.deepEqual([...new Set(approve.hooks.map((h) => h.kind))], ['SessionStart', 'UserPromptSubmit', 'Stop'], timeline(approve));

  const r = await p.run({
    prompt: 'Execute the approved plan.',
    turns: [
      [bash('echo x > .continuity/forged; echo FORGED')],
      [bash('echo \'{}\' > .claude/settings.json; echo WIRING')],
      [bash('echo WORK > work.txt && continuity task done 1')],
      [say('Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).')],
      [say('Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants')],
    ],
    afterLast: [say('This turn should never be requested.')],
  });
  assert.equal(r.exitCode, 0, timeline(r));
  assert.doesNotMatch(r.stdout, /hook exited with code/, timeline(r));
  assert.equal(existsSync(join(p.dir, '.continuity', 'forged')), false, timeline(r));
  assert.equal(p.readFile('.claude/settings.json'), wiring, timeline(r));
  assert.equal(r.files['work.txt'], 'WORK\n', timeline(r));
  const pre = r.hooks.filter((h) => h.kind === 'PreToolUse');
  assert.equal(pre.length, 3, timeline(r));
  assert.deepEqual(pre.slice(0, 2).map((h) => h.decision.output?.hookSpecificOutput?.permissionDecision), ['deny', 'deny'], timeline(r));
  assert.equal(pre[2]!.decision.wall, 'wrapped', timeline(r));
  assert.match(lastMessage(r, 4), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task of the same plan/, timeline(r));
  assert.deepEqual(r.hooks.filter((h) => h.kind === 'Stop').map((h) => h.decision.output?.decision ?? null), ['block', null], timeline(r));
  assert.deepEqual(r.conversation.map((q) => q.kind), ['scenario', 'scenario', 'scenario', 'scenario', 'scenario'], timeline(r));
  assert.deepEqual(r.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending']);
});

test("Copilot CLI in a project wired for Claude Code only: disableAllHooks written into Copilot CLI's repository settings while no hook could see it is put back by the session's first hook, and the person's `approve` approves", { timeout: 300_000 }, async () => {
  const p = claudeOnlyProject();
  // A script left behind between sessions, as a person's shell would run it: outside every hook.
  p.writeFile('.github/copilot/settings.json', '{ "model": "x", "disableAllHooks": true }\n');
  const r = await p.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assert.equal(r.exitCode, 0, timeline(r));
  assert.ok(r.hooks.length > 0, `no hook ran\n${timeline(r)}`);
  const after = JSON.parse(p.readFile('.github/copilot/settings.json')) as Record<string, unknown>;
  assert.equal(after.disableAllHooks, undefined, timeline(r));
  assert.equal(after.model, 'x');
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(r));
});
