// The real Claude Code CLI and continuity's delivery watchdog: a background
// subagent finishes, its result never reaches the main conversation, and
// continuity recovers it at the main conversation's next hook point.
//
// In one living `claude -p` process Claude Code always forwards a background
// result itself (a `<task-notification>` put into the conversation, mid-turn or
// as a turn of its own after the Stop). The result is lost when the process
// ends between the subagent's end (SubagentStop) and that notification: the
// run here is killed at that moment, and the session is resumed. Claude Code
// (2.1.197) then tells the model that the agent "was running when the previous
// Claude Code process exited and did not complete" (status `failed`), although
// it had finished: its result is nowhere in the conversation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agent, bash, pause, requestText, say, write } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookRuns, project, shownSystemMessages, timeline } from './observe.js';

const BRIEF = 'Review docs/plans/payments-export.md and report any task without a test step.';
const RESULT = 'Review of payments-export: Task 3 "Document the export" has no test step; Tasks 1 and 2 start with a failing test.';
const DISPATCH = agent({ description: 'Review the plan', prompt: BRIEF, subagent_type: 'general-purpose', run_in_background: true });

test('a finished background subagent whose result never reached the conversation is delivered by continuity at the next prompt, and reported', { timeout: 150_000 }, async () => {
  // Recovery starts at the first hook point after the child's end (the default grace of 30 s would wait that long).
  const p = project({ config: { watchdog: { forwardGraceSeconds: 0 } } });

  // 1. The model dispatches the review in the background and goes on thinking (a slow answer);
  //    the subagent answers at once. Claude Code dies right after the subagent's SubagentStop hook.
  const first = await p.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [[say('Sending the plan review to a background subagent.'), DISPATCH], [pause(45_000), say('This answer is never sent: the process is gone.')]],
    subagent: [[say(RESULT)]],
    crashWhen: (e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === 'SubagentStop',
  });
  assert.equal(first.crashed, true, timeline(first));
  assert.equal(first.subagentRequests.length, 1, 'the subagent had its own conversation');
  assert.match(requestText(first.subagentRequests[0]!), new RegExp(BRIEF.replace(/[.]/g, '\\.')));
  assert.equal(first.conversation.length, 2, 'the main conversation never saw the result');
  const lost = first.ledgerStatus.runs[0];
  assert.equal(lost.runId, 'r-1');
  assert.equal(lost.childDone, true);
  assert.equal(lost.capturedResultChars, RESULT.length, 'SubagentStop carried the final message');
  assert.equal(lost.status, 'done_but_not_forwarded');

  // 2. The session is resumed.
  const second = await p.run({
    prompt: 'Is the plan review back?',
    args: ['--resume', first.sessionId!],
    turns: [[say('The review is back: Task 3 has no test step.')]],
    afterLast: [say('This turn should never be requested.')],
  });
  assertFinished(second);
  assert.equal(second.sessionId, first.sessionId, 'a resumed session keeps its id');
  assert.deepEqual(second.conversation.map((q) => q.turn), [0], timeline(second));
  const opening = second.conversation[0]!;
  const said = requestText(opening);

  // What Claude Code told the model on its own: the agent failed, with no result. On a busy machine
  // the kill can come before Claude Code recorded the background launch, and then it says nothing of
  // the agent at all; continuity's delivery below must hold either way.
  // 2.1.197 says failed; 2.1.331 says stopped ("didn't finish before the previous session ended").
  const notified = new RegExp(`<task-id>${lost.childSessionKey}</task-id>[\\s\\S]*<status>(failed|stopped)</status>`).exec(said);
  if (notified?.[1] === 'failed') assert.match(said, /was running when the previous Claude Code process exited and did not complete/);
  else if (notified?.[1] === 'stopped') assert.match(said, /didn't finish before the previous session ended/);
  else assert.doesNotMatch(said, new RegExp(`<task-id>${lost.childSessionKey}</task-id>`), 'a notification, if any, says failed or stopped');
  assert.equal(said.split(RESULT).length - 1, 1, 'the result reaches the model once, from continuity');

  // SessionStart (resume) states the run's state in the ground truth.
  const start = hookRuns(second, 'SessionStart')[0]?.output?.hookSpecificOutput?.additionalContext as string | undefined;
  assert.ok(start, timeline(second));
  assert.match(start, /\n\ncontinuity watchdog: Subagent run r-1 \(general-purpose, "Review the plan", dispatched \d+ s ago\) finished, but its result has not reached this conversation\.$/);
  assert.ok(said.includes(`SessionStart hook additional context: ${start}`));

  // Recovery at the first hook point that can deliver, the prompt: the captured result as additional context.
  const prompt = hookRuns(second, 'UserPromptSubmit');
  assert.equal(prompt.length, 1, timeline(second));
  const delivered = String(prompt[0]!.output?.hookSpecificOutput?.additionalContext);
  assert.match(delivered, /\n\nSubagent run r-1 \(general-purpose, "Review the plan", dispatched \d+ s ago\) finished \d+ s ago; its result did not reach this conversation\. continuity delivers it here \(recovery: fetch_history\)\. Its final message follows\.\n\n/);
  assert.ok(delivered.endsWith(`--- result of subagent run r-1 ---\n${RESULT}\n--- end of result of subagent run r-1 ---`), delivered);
  // Claude Code puts it in front of the model after its own failed notification, in the same request.
  assert.ok(said.includes(`UserPromptSubmit hook additional context: ${delivered}`), timeline(second));
  if (notified) assert.ok(said.indexOf(`<status>${notified[1]}</status>`) < said.indexOf(RESULT));

  // Reported to the person: Claude Code keeps the systemMessage for its UI; the model does not get it.
  const report = `continuity: Subagent run r-1 (general-purpose, "Review the plan", dispatched`;
  const shown = shownSystemMessages(second, 'UserPromptSubmit');
  assert.equal(shown.length, 1, timeline(second));
  assert.ok(shown[0]!.startsWith(report), shown[0]);
  assert.match(shown[0]!, new RegExp(`finished but its result did not reach this conversation; continuity delivered its captured final message \\(${RESULT.length} characters\\) at this prompt \\(recovered\\)\\.$`));
  assert.ok(!said.includes(report));

  // Delivered once: the stop that follows goes through without a word, and the session ends.
  assert.deepEqual(hookRuns(second, 'Stop').map((h) => h.output), [null], timeline(second));

  // The ledger: recovered through fetch_history, once.
  const run = second.ledgerStatus.runs[0];
  assert.equal(run.status, 'recovered');
  assert.equal(run.resultSource, 'fetch_history');
  assert.deepEqual(run.recoveryAttempts.map((a: { action: string; outcome: string }) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
  assert.equal(second.ledgerStatus.runs.length, 1, 'nothing was dispatched again');
});

test('a background result Claude Code forwards itself (mid-turn) is recorded as delivered and never delivered again', { timeout: 150_000 }, async () => {
  const p = project({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [
      [say('Sending the plan review to a background subagent.'), DISPATCH],
      // The model works on while the subagent finishes: this command ends a moment after the ledger has the child's end (SubagentStop).
      [bash(`until continuity status --json | grep -q '"childDone": true'; do sleep 0.2; done; sleep 1`, 'Wait for the review')],
      [say('The review is back.'), write('docs/plan-review.md', '# Plan review\n\nTask 3 has no test step.\n')],
      [say('The review is in docs/plan-review.md.')],
    ],
    subagent: [[say(RESULT)]],
    afterLast: [say('This turn should never be requested.')],
  });
  assertFinished(r);
  assert.deepEqual(r.conversation.map((q) => q.turn), [0, 1, 2, 3], timeline(r));

  // Claude Code's own notification carried the result into the conversation, mid-turn (with the wait's
  // tool result), once. PostToolUse of the wait found it queued or already there, and said nothing.
  const agentId = r.ledgerStatus.runs[0].childSessionKey;
  assert.match(requestText(r.conversation[2]!), new RegExp(`<task-notification>\\n<task-id>${agentId}</task-id>[\\s\\S]*<status>completed</status>`));
  assert.equal(requestText(r.conversation[3]!).split(RESULT).length - 1, 1, 'the result reached the model once');
  for (const q of r.conversation) assert.doesNotMatch(requestText(q), /continuity delivers it here/);
  for (const h of hookRuns(r)) assert.doesNotMatch(JSON.stringify(h.output ?? {}), /Subagent run r-1/, `${h.name} said nothing about the run`);

  // The next hook point (PostToolUse of the Write) found the notification in the conversation.
  const run = r.ledgerStatus.runs[0];
  assert.equal(run.status, 'completed', timeline(r));
  assert.equal(run.resultSource, 'task-notification');
  assert.deepEqual(run.recoveryAttempts, []);
});

test('no silent waiting: a background subagent past its SLA that Claude Code lists as running is reported to the person at the stop, and not recovered', { timeout: 150_000 }, async () => {
  const p = project({ config: { watchdog: { slaSecondsByAgentType: { 'general-purpose': 1 } } } });
  const r = await p.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [
      [say('Sending the plan review to a background subagent.'), DISPATCH],
      [bash('sleep 2', 'Let the SLA pass')],
      [say('Waiting for the review.')],
      // Claude Code's own turn for the notification, once the subagent is done.
      [say('The review is back: Task 3 has no test step.')],
    ],
    // A slow subagent: still working when the main conversation stops, with room to spare on a busy machine.
    subagent: [[pause(15_000), say(RESULT)]],
    afterLast: [say('This turn should never be requested.')],
  });
  assertFinished(r);

  // The first stop: Claude Code's payload lists the subagent as running; continuity tells the person, blocks nothing.
  const stops = hookRuns(r, 'Stop');
  assert.equal(stops.length, 2, timeline(r));
  assert.equal(stops[0]!.output?.decision, undefined);
  const notice = String(stops[0]!.output?.systemMessage);
  assert.match(notice, /^continuity: Subagent run r-1 \(general-purpose, "Review the plan", dispatched \d+ s ago\) is past its SLA of 1 s \(\d+ s overdue\); no result has reached this conversation and Claude Code reports the subagent as still running\. continuity has taken no recovery step: a running subagent is slow, not lost\.$/);
  assert.deepEqual(shownSystemMessages(r, 'Stop'), [notice]);
  for (const q of r.conversation) assert.ok(!requestText(q).includes('is past its SLA'), 'the notice is for the person, not the model');

  // Claude Code waited for the subagent and gave the model its result in a turn of its own; continuity recorded that.
  assert.deepEqual(r.conversation.map((q) => q.turn), [0, 1, 2, 3], timeline(r));
  assert.match(requestText(r.conversation[3]!), /<status>completed<\/status>/);
  assert.ok(requestText(r.conversation[3]!).includes(RESULT));
  assert.equal(stops[1]!.output, null);
  const run = r.ledgerStatus.runs[0];
  assert.equal(run.status, 'completed', timeline(r));
  assert.equal(run.resultSource, 'task-notification');
  assert.deepEqual(run.recoveryAttempts, []);
});
