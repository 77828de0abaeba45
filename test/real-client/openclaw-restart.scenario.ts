// The real OpenClaw gateway killed (SIGKILL) and started again, with
// continuity's plugin loaded from this clone: a held stop whose run died with
// the gateway starts its turn after the restart, with the loop limit's count
// going on; a child spawned before the kill is delivered once after it; a
// child's result whose announce failed reaches the model once in total, from
// OpenClaw or from continuity; an owner report reaches the person's reply.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { addedUserText, exec, fail, pause, say, tool, write, type ChatRequest } from './chat-completions-server.js';
import { OpenClawProject, timeline, type OpenClawRunResult } from './run-openclaw.js';

const CLOSEOUT = [say('Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).')];
const FACTS = /Task 1 "CSV writer" of the approved plan payments-export is complete\. Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task of the same plan/;
const RESULT = 'CHILD RESULT: the limiter needs a token bucket of 42.';
const spawnChild = tool('sessions_spawn', { task: 'Review the limiter and report what it needs.', label: 'limiter-review' });

const runsOf = (p: OpenClawProject) => p.status().runs as { runId: string; status: string; childSessionKey: string | null; resultSource: string | null; recoveryAttempts: { action: string; outcome: string }[]; ownerReport: string | null; childDone: boolean }[];
const storeOf = (p: OpenClawProject) => {
  const path = join(p.stateDir, 'continuity', 'openclaw-plugin-state.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
};
const hooksOf = (p: OpenClawProject, from: number) => p.events().slice(from).filter((e) => e.source === 'hook:openclaw');

async function until(what: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) return false;
    await new Promise((ok) => setTimeout(ok, 500));
  }
  return true;
}

/** What happened since `from` (requests and the plugin's calls), for failure messages. */
function since(p: OpenClawProject, fromRequest: number, fromEvent: number): string {
  const r: OpenClawRunResult = { turn: { stdout: '', stderr: '', exitCode: null, timedOut: false, crashed: false, durationMs: 0, json: null } as never, requests: p.requests().slice(fromRequest), conversation: [], hooks: hooksOf(p, fromEvent), files: {}, ledgerStatus: null };
  return timeline(p, r);
}

async function approvedProject(config: unknown = undefined): Promise<OpenClawProject> {
  const p = new OpenClawProject(config ? { config } : {});
  const r = await p.run({ message: 'approve', session: 'approval', turns: [[say('Noted.')]] });
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(p, r));
  return p;
}

test('openclaw restart held stop: the gateway is killed while a held stop waits for its next pass; after the restart the held stop starts its turn, once, and the loop count goes on', { timeout: 600_000 }, async () => {
  const p = await approvedProject();
  // Task 1 is done in a turn of its own, which ends waiting for the user (no hold).
  const first = await p.run({ message: 'Do Task 1.', turns: [[exec('continuity task done 1')], [say('Task 1 is done.\n\ncontinuity-closure: waiting_user — the user reviews Task 1')]] });
  assert.equal(first.turn.exitCode, 0, timeline(p, first));
  // The next turn stops at the boundary with no side effect: OpenClaw takes the revision, and its pass waits on the model.
  p.load({ turns: [CLOSEOUT, [pause(600_000), say('This pass never answers.')]] });
  const fromRequest = p.requests().length;
  const fromEvent = p.events().length;
  const turn = p.turn({ message: 'Go on.' });
  const held = await until(() => p.requests().slice(fromRequest).filter((q) => q.kind === 'scenario').length >= 2, 120_000);
  assert.ok(held, since(p, fromRequest, fromEvent));
  const stop = hooksOf(p, fromEvent).find((h) => h.kind === 'Stop');
  assert.equal(stop?.decision?.output?.decision, 'block', since(p, fromRequest, fromEvent));
  assert.match(stop!.decision.output.reason, /block 1 of 3 at this boundary/);
  // The held stop is in the plugin's store before the kill.
  const owed = Object.values(storeOf(p)?.owed ?? {}) as { state: string; reason: string }[];
  assert.deepEqual(owed.map((o) => o.state), ['held'], JSON.stringify(storeOf(p)));
  assert.match(owed[0]!.reason, FACTS);

  await p.killGateway();
  await turn;
  p.load({
    turns: [CLOSEOUT, [say('Picking up Task 2.'), write('src/export-endpoint.ts', 'export const exportEndpoint = "/payments/export.csv";\n')], [exec('continuity task done 2 && continuity task done 3')], [say('All three tasks of the plan are complete.')]],
    afterLast: [say('Done.')],
  });
  const fromRestart = p.requests().length;
  const fromRestartEvent = p.events().length;
  await p.restartGateway();
  const complete = await until(() => p.status().plan.state === 'complete', 180_000);
  const said = since(p, fromRestart, fromRestartEvent);
  assert.ok(complete, said);
  const after = hooksOf(p, fromRestartEvent);
  const started = after.filter((h) => h.kind === 'openclaw:ContinuationStarted');
  assert.equal(started.length, 1, said);
  assert.equal(started[0]!.input.after_restart, true, said);
  assert.match(started[0]!.input.message, FACTS);
  // The turn opened with the held stop's facts as its message, in one request after the restart.
  const opened = p.requests().slice(fromRestart).filter((q: ChatRequest) => q.kind === 'scenario' && FACTS.test(addedUserText(q)) && !/Before accepting the previous final answer/.test(addedUserText(q)));
  assert.equal(opened.length, 1, said);
  // The loop limit counted on across the restart: the next hold at this boundary was block 2 of 3.
  const holds = after.filter((h) => h.kind === 'Stop' && h.decision?.output?.decision === 'block');
  const allStops = p.events().filter((e) => e.kind === 'Stop' || e.kind === 'UserPromptSubmit' || e.kind.startsWith('openclaw:')).map((e) => `${e.kind} ${JSON.stringify(e.decision).slice(0, 400)}`).join('\n');
  assert.match(holds[0]!.decision.output.reason, /block 2 of 3 at this boundary/, `${said}\n${allStops}`);
  // That turn is continuity's own, never the operator's.
  assert.ok(after.some((h) => h.kind === 'openclaw:ContinuationTurn'), said);
  assert.ok(!after.some((h) => h.kind === 'UserPromptSubmit'), said);
  assert.deepEqual(storeOf(p).owed, {}, said);
  await p.stop();
});

test("openclaw restart child: the gateway is killed between a child's spawn and its end; after the restart the child's outcome is bound to its run and delivered once", { timeout: 600_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawnChild], [say('A helper is reviewing the limiter.')]],
    // The child's model call is held: the child is still working when the gateway dies.
    subagent: [[pause(600_000), say(RESULT)]],
    settle: ({ requests }) => requests.some((q) => q.kind === 'subagent'),
  });
  assert.equal(runsOf(p)[0]?.status, 'active', timeline(p, r));
  const child = runsOf(p)[0]!.childSessionKey!;
  assert.equal(storeOf(p)?.children?.[child], 'agent:main:main');
  await p.killGateway();
  p.load({ turns: [[say('Noted.')]], afterLast: [say('Noted.')], subagent: [[say(RESULT)]], announce: [[say('The helper reports.')]], announceAfterLast: [say('Noted.')] });
  const fromRequest = p.requests().length;
  const fromEvent = p.events().length;
  await p.restartGateway();
  const settled = await until(() => ['completed', 'recovered', 'blocked'].includes(runsOf(p)[0]!.status), 180_000);
  const said = since(p, fromRequest, fromEvent);
  assert.ok(settled, said);
  const run = runsOf(p)[0]!;
  // Delivered by OpenClaw's own path after the restart (its announce of the child's end), bound to the run: no ladder.
  assert.equal(run.status, 'completed', said);
  assert.deepEqual(run.recoveryAttempts, [], said);
  // Later turns deliver nothing again.
  const s = await p.run({ message: 'Thanks.', turns: [[say('You are welcome.')]] });
  assert.ok(s.conversation.every((q) => !/continuity delivers it here/.test(addedUserText(q))), timeline(p, s));
  assert.deepEqual(runsOf(p)[0]!.recoveryAttempts, []);
  await p.stop();
});

test("openclaw one delivery: every announce of a child's result fails; OpenClaw puts it in the requester's context itself, and continuity records that delivery and adds none", { timeout: 600_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawnChild], [say('A helper is reviewing the limiter.')]],
    subagent: [[say(RESULT)]],
    announce: [],
    announceAfterLast: [fail(400)],
    settle: ({ hooks }) => hooks().some((h) => h.kind === 'SubagentStop'),
  });
  assert.ok(r.hooks.some((h) => h.kind === 'SubagentStop' && h.input.last_assistant_message === RESULT), timeline(p, r));
  const s = await p.run({
    message: 'Any news from the helper?',
    turns: [[say('The helper found that the limiter needs a token bucket of 42.')], [say('Nothing else.')]],
    announce: [],
    announceAfterLast: [fail(400)],
    settle: () => runsOf(p)[0]!.status !== 'active',
  });
  const said = timeline(p, s);
  const run = runsOf(p)[0]!;
  assert.equal(run.status, 'completed', said);
  assert.deepEqual(run.recoveryAttempts, [], said);
  // Recorded as delivered by OpenClaw's own paths only: its runtime context or registry, or its subagent_ended (which
  // OpenClaw fired in some runs here although the announce had failed; its next turn then showed the result itself).
  const deliveries = [...r.hooks, ...s.hooks].filter((h) => h.kind === 'PostToolUse' && h.input.tool_name === 'TaskOutput');
  assert.ok(deliveries.length >= 1, said);
  assert.deepEqual(deliveries.filter((h) => !/^(openclaw_(context|announce)|subagent_ended|announce)$/.test(h.input.agent_tool_name)), [], said);
  // The result reached the requester's model from OpenClaw (its steering item or its runtime context).
  assert.ok(s.requests.some((q) => JSON.stringify(q.body.messages).includes(RESULT)), said);
  // continuity's own words never carry the result: the model has it from OpenClaw only.
  const fromContinuity = [...r.requests, ...s.requests].filter((q) => /continuity delivers it here|recovery: fetch_history/.test(addedUserText(q)));
  assert.deepEqual(fromContinuity.map((q) => q.seq), [], said);
  const t = await p.run({ message: 'Thanks.', turns: [[say('You are welcome.')]], announce: [], announceAfterLast: [fail(400)] });
  assert.ok(t.conversation.every((q) => !/continuity delivers it here/.test(addedUserText(q))), timeline(p, t));
  assert.deepEqual(runsOf(p)[0]!.recoveryAttempts, []);
  await p.stop();
});

test("openclaw words for the person: an `approve` not taken as the person's is told in the CLI's reply, once, and recorded as sent; words with no channel route are recorded as not sent", { timeout: 600_000 }, async () => {
  // Hooks only: where continuity's wall stands, a job left running cannot speak as the operator and is not checked for.
  const p = new OpenClawProject({ config: { sandbox: { mode: 'off' } } });
  const r = await p.run({
    message: 'Start the dev server.',
    turns: [[tool('exec', { command: 'sleep 120', background: true })], [say('The dev server is running.')]],
  });
  assert.equal(r.turn.exitCode, 0, timeline(p, r));
  const a = await p.run({ message: 'approve', turns: [[say('This reply would mean the approve reached the model.')]] });
  const said = timeline(p, a);
  const reply = JSON.stringify(a.turn.json ?? a.turn.stdout);
  assert.match(reply, /continuity: the prompt \\"approve\\" was not taken as the person's: .*Send it again once that has ended\./, said);
  assert.equal(p.status().plan.state, 'draft');
  const sent = a.hooks.filter((h) => h.kind === 'openclaw:PersonWordsSent');
  assert.equal(sent.length, 1, said);
  assert.equal(sent[0]!.input.channel, 'blocked-run reply');
  assert.match(sent[0]!.input.words, /^continuity: the prompt "approve" was not taken as the person's/);
  assert.deepEqual(storeOf(p).told, [sent[0]!.input.key]);
  await p.stop();
});

test('openclaw --local: a held stop after real work in an embedded turn (no gateway) opens the next embedded turn with its facts', { timeout: 600_000 }, async () => {
  const p = new OpenClawProject();
  const approve = await p.localTurn({ message: 'approve', session: 'local', turns: [[say('Noted.')]] });
  assert.equal(approve.exitCode, 0, approve.stderr.slice(-2000));
  assert.equal(p.status().plan.state, 'approved', approve.stderr.slice(-2000));
  const fromRequest = p.requests().length;
  const fromEvent = p.events().length;
  const first = await p.localTurn({ message: 'Execute the approved plan.', session: 'local', turns: [[exec('continuity task done 1')], CLOSEOUT], afterLast: [say('This turn would mean the continuation ran inside the embedded process.')] });
  const hooks = hooksOf(p, fromEvent);
  const said = `${since(p, fromRequest, fromEvent)}\nstderr: ${first.stderr.slice(-1500)}\n${hooks.filter((h) => h.kind.startsWith('openclaw:')).map((h) => `${h.kind} ${JSON.stringify(h.input).slice(0, 400)}`).join('\n')}`;
  assert.equal(first.exitCode, 0, said);
  assert.equal(hooks.find((h) => h.kind === 'Stop')?.decision?.output?.decision, 'block', said);
  // What became of the held stop in the embedded process, as the ledger recorded it.
  const tried = hooks.filter((h) => /^openclaw:Continuation(Started|Failed|NotStarted)$/.test(h.kind)).map((h) => h.kind);
  process.stdout.write(`# --local continuation: ${JSON.stringify(tried)}; ${JSON.stringify(hooks.filter((h) => h.kind === 'openclaw:ContinuationFailed' || h.kind === 'openclaw:ContinuationNotStarted').map((h) => h.input.error ?? h.input.why))}\n`);
  assert.ok(p.requests().slice(fromRequest).every((q) => q.kind !== 'after-last'), said);
  // The next embedded turn (the person's next message) opens with the held stop's facts, once.
  const fromNext = p.requests().length;
  const next = await p.localTurn({ message: 'Where are we?', session: 'local', turns: [[say('Task 2 is next.')]] });
  assert.equal(next.exitCode, 0, next.stderr.slice(-2000));
  const opened = p.requests().slice(fromNext).filter((q) => q.kind === 'scenario' && FACTS.test(addedUserText(q)));
  assert.equal(opened.length, 1, `${said}\n${since(p, fromNext, fromEvent)}`);
  assert.ok(hooksOf(p, fromEvent).some((h) => h.kind === 'openclaw:ContinuationTakenUp'), said);
  await p.stop();
});
