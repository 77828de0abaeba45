// A hand-over from Claude Code to GitHub Copilot CLI on one plan: the plan is
// approved and Task 1 done under Claude Code's hook payloads (played through
// `continuity hook claude-code`, as Claude Code sends them), its stop held at
// the boundary; then the real Copilot CLI in the same project. Nothing of
// Claude Code's session crosses over: what Copilot CLI's first request
// carries about the plan comes from continuity's ledger.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { CLI, NODE } from './agent-project.js';
import { say } from './chat-completions-server.js';
import { copilotProject } from './run-copilot.js';

test('hand-over: Claude Code approves and does Task 1, its stop held; Copilot CLI\'s first request carries the ledger\'s truth (Task 2 next), and its closure line ends its turn', { timeout: 300_000 }, async () => {
  const p = copilotProject();
  const claude = (payload: Record<string, unknown>) => {
    const r = spawnSync(NODE, [CLI, 'hook', 'claude-code'], {
      cwd: p.dir,
      input: JSON.stringify({ session_id: 'claude-session-1', transcript_path: join(p.home, 'claude-transcript.jsonl'), cwd: p.dir, ...payload }),
      encoding: 'utf8',
      env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: p.home, CLAUDE_PROJECT_DIR: p.dir },
    });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : null;
  };
  claude({ hook_event_name: 'SessionStart', source: 'startup' });
  claude({ hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(p.status().plan.state, 'approved');
  claude({ hook_event_name: 'UserPromptSubmit', prompt: 'Execute the approved plan.' });
  p.continuity(['task', 'done', '1']);
  const held = claude({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done. I can continue with Task 2 next time.' });
  assert.equal(held?.decision, 'block');

  const r = await p.run({
    prompt: 'Go on with the plan.',
    turns: [[say('Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants')]],
  });
  assert.equal(r.exitCode, 0, r.stderr);
  const first = ((r.conversation[0]?.body?.messages ?? []) as { role: string; content: unknown }[]).filter((m) => m.role === 'user').map((m) => String(m.content)).join('\n');
  assert.match(first, /plan payments-export \(docs\/plans\/payments-export\.md, 3 tasks\) is approved/);
  assert.match(first, /next: Task 2 "Export endpoint"|Task 2 "Export endpoint"[^\n]*next/);
  const stops = r.hooks.filter((h) => h.kind === 'Stop');
  assert.deepEqual(stops.map((h) => h.decision.output ?? null), [null]);
  const s = p.status();
  assert.deepEqual(s.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending']);
});
