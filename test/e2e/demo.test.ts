import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_STACK, runCli, tempProject } from '../helpers/cli.js';

test('continuity demo replays the recorded session through the real hooks and narrates the decisions', () => {
  const cwd = tempProject();
  const r = runCli(['demo'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, NO_STACK);
  // Join the timeline's wrapped detail lines so sentences can be matched whole.
  const out = r.stdout.replace(/\n {9}(│ )?/g, ' ');
  assert.match(out, /Stop +→ allowed: the plan is not approved/);
  assert.match(out, /PreToolUse Bash .* → DENIED: \.superpowers\/sdd\/2026-11-20-rate-limiting\/progress\.md is guarded \(Bash \(tee\)\)/);
  assert.match(out, /PostToolUse Bash .* → BLOCKED: guarded files put back \(\.superpowers\/sdd\/2026-11-20-rate-limiting\/progress\.md \(created; removed\)\)/);
  assert.match(out, /UserPromptSubmit "approve" +→ plan 2026-11-20-rate-limiting approved by the user/);
  assert.match(out, /Stop +→ BLOCKED \(block 1 at this boundary\)/);
  assert.match(out, /Task 2 "Redis bucket store"/);
  assert.match(out, /Stop +→ allowed: closure pending_verification \(closure-line\)/);
  assert.match(out, /Stop +→ BLOCKED: replan due \(block 1\)/);
  assert.match(out, /replan --from-task 3 --absorb pa-2ef84086ed=3a .* 1 action\(s\) absorbed, 1 dropped/);
  assert.match(out, /Task 3a "Burst test at the refill boundary" \([^)]*\) is the next task/);
  assert.match(out, /Stop +→ allowed: declared high-risk stop point/);
  assert.match(out, /Tasks +█+░+ 4\/5 complete/);
  assert.match(out, /Pending +no open pending actions/);
  // The delivery watchdog: a background subagent's result that never reached the conversation is delivered at the next stop.
  assert.match(out, /PostToolUse Agent Review the burst test +→ subagent a7c41f2 launched in the background \(run r-1\)/);
  assert.match(out, /SubagentStop +→ subagent a7c41f2 done; final message captured \(\d+ characters\)/);
  assert.match(out, /Stop +→ BLOCKED: result of run r-1 delivered \(recovered\)/);
  assert.match(out, /--- result of subagent run r-1 --- Review of Task 3a: the burst test covers the refill boundary/);
  assert.match(out, /Runs +1 subagent run\(s\)\n +r-1 +recovered +\d+ s +code-reviewer/);
});
