// Two agents on one plan, for real: Claude Code and Codex in the same
// throwaway project (`init`, `init --agent codex`), offline against their
// scripted models.
//
// 1. At the same time: both client processes alive, each making its hook
//    calls in the same window. No fixed delay decides who goes when: each
//    model's answer is held until the other client has reached the same step
//    (its request for that step is in, so every hook call before it was made).
//    Both mark Task 1 done; the ledger records it once. Both stops are held
//    naming the same next task. No hook call is lost.
// 2. One after the other: a background subagent dispatched in Claude Code is
//    lost (the session ends before it reports), and Codex, which starts next,
//    is told of it, reports it past its deadline and dispatches it again.
// 3. At the same time with pi, GitHub Copilot CLI or OpenCode instead of
//    Codex (`init --agent pi|copilot|opencode`): the same go-signals in the
//    scripted chat-completions server each talks to, the same checks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { agent, bash, hold, say } from '../../src/demo/real-client/model-server.js';
import { CLI, NODE, type LoggedEvent } from './agent-project.js';
import { assertFinished, hookRuns, project, stopFeedback, timeline } from './observe.js';
import { hold as codexHold, inputText, say as codexSay, shell, spawnAgent, waitAgents } from '../../src/demo/real-client/responses-server.js';
import { type Project, type RunResult } from './run-claude.js';
import { codexHooks, CodexProject, type CodexRunResult } from './run-codex.js';
import { addedUserText as chatAddedText, hold as chatHold, say as chatSay, tool, type ChatRequest, type ChatScenario } from './chat-completions-server.js';
import { PiProject, piHooks } from './run-pi.js';
import { copilotHooks, CopilotProject } from './run-copilot.js';
import { OpenCodeProject, openCodeHooks } from './run-opencode.js';

/** `continuity doctor` as the person runs it in the project. */
function assertDoctor(p: { dir: string; home: string }, when: string): void {
  const r = spawnSync(NODE, [CLI, 'doctor'], { cwd: p.dir, encoding: 'utf8', env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: p.home } });
  assert.equal(r.status, 0, `doctor ${when}:\n${r.stdout}${r.stderr}`);
}

/** A project wired for Claude Code by `init` (its wall up), the plan approved by the person's prompt, then wired for Codex too. */
async function sharedProject(config?: unknown): Promise<{ claude: Project; codex: CodexProject }> {
  const claude = project({ settings: {}, ...(config ? { config } : {}) });
  claude.continuity(['init', '--no-gitignore']);
  const approval = await claude.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assertFinished(approval);
  assert.equal(approval.ledgerStatus.plan.state, 'approved', timeline(approval));
  const codex = new CodexProject({ join: claude });
  await codex.trustHooks();
  assertDoctor(claude, 'with both clients wired');
  return { claude, codex };
}

/**
 * Go-signals between two scripted models: `meet(who, step)` settles once both
 * parties have reached `step`, and fails as soon as the other party's client
 * has ended without reaching it (a stuck client fails the test at once).
 */
function rendezvous(parties: readonly string[]) {
  const arrived = new Map<string, Set<string>>();
  const waiting: { step: number; ok: () => void; fail: (e: Error) => void }[] = [];
  const gone = new Set<string>();
  const met = (step: number) => parties.every((p) => arrived.get(p)?.has(String(step)));
  const settle = () => {
    for (const w of [...waiting]) {
      if (met(w.step)) w.ok();
      else if (parties.some((p) => gone.has(p) && !arrived.get(p)?.has(String(w.step)))) w.fail(new Error(`step ${w.step}: ${[...gone].join(', ')} ended before reaching it`));
      else continue;
      waiting.splice(waiting.indexOf(w), 1);
    }
  };
  return {
    meet: (who: string, step: number) => () =>
      new Promise<void>((ok, fail) => {
        if (!arrived.has(who)) arrived.set(who, new Set());
        arrived.get(who)!.add(String(step));
        waiting.push({ step, ok, fail });
        settle();
      }),
    ended: (who: string) => {
      gone.add(who);
      settle();
    },
    steps: () => [...new Set(parties.flatMap((p) => [...(arrived.get(p) ?? [])]))].filter((s) => met(Number(s))).map(Number).sort(),
  };
}

const HOOK_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStart', 'SubagentStop', 'PreCompact']);

/** The ledger's records of one session's hook calls, by event (the commands they took in, `task.done` and the like, left out). */
function recorded(events: LoggedEvent[], source: string, sessionId: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) if (e.source === source && e.sessionId === sessionId && HOOK_EVENTS.has(e.kind)) out[e.kind] = (out[e.kind] ?? 0) + 1;
  return out;
}

/** Every PreToolUse of a session has its PostToolUse (same tool_use_id) in the ledger. */
function assertPaired(events: LoggedEvent[], source: string, sessionId: string | null, who: string): void {
  const ids = (kind: string) => events.filter((e) => e.source === source && e.sessionId === sessionId && e.kind === kind).map((e) => String(e.input?.tool_use_id)).sort();
  assert.ok(ids('PreToolUse').length > 0, `${who}: no tool call recorded`);
  assert.deepEqual(ids('PostToolUse'), ids('PreToolUse'), `${who}: every PreToolUse has its PostToolUse`);
}

function codexTimeline(r: CodexRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''}${r.crashed ? ' (crashed)' : ''} in ${r.durationMs} ms; ${r.requests.length} requests`];
  r.requests.forEach((q) => lines.push(`  #${q.seq} [${q.kind}${q.threadId ? ` ${q.threadId.slice(0, 8)}` : ''}${q.turn !== undefined ? ` turn ${q.turn}` : ''}]`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind}${h.input?.agent_id ? ' (child)' : ''} → ${JSON.stringify(h.decision).slice(0, 300)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-600)}`);
  return lines.join('\n');
}

const CLOSURE = 'continuity-closure: waiting_user — two agents share this plan; the person says which one takes Task 2';
const NEXT = /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/;

test('Claude Code and Codex at the same time on one plan: Task 1 done in both is recorded once, both stops name Task 2, no hook call is lost, doctor passes, status names who completed it', { timeout: 300_000 }, async () => {
  const { claude, codex } = await sharedProject();
  const go = rendezvous(['claude', 'codex']);

  // Step 0: both sessions started (SessionStart, UserPromptSubmit made) before either model asks for the command.
  // Step 1: both commands ended (PostToolUse made) before either model stops. Step 2: both stops were held.
  const claudeRun = claude
    .run({
      prompt: 'Execute the approved plan.',
      turns: [
        [hold(go.meet('claude', 0)), bash('continuity task done 1')],
        [hold(go.meet('claude', 1)), say('Task 1 is done. I can continue with Task 2 next time.')],
        [hold(go.meet('claude', 2)), say(`Task 2 is next.\n\n${CLOSURE}`)],
      ],
      afterLast: [say('This turn should never be requested.')],
      timeoutMs: 120_000,
    })
    .finally(() => go.ended('claude'));
  const codexRun = codex
    .run({
      prompt: 'Execute the approved plan.',
      turns: [
        [codexHold(go.meet('codex', 0)), shell('continuity task done 1')],
        [codexHold(go.meet('codex', 1)), codexSay('Task 1 is done. I can continue with Task 2 next time.')],
        [codexHold(go.meet('codex', 2)), codexSay(`Task 2 is next.\n\n${CLOSURE}`)],
      ],
      afterLast: [codexSay('This turn should never be requested.')],
      timeoutMs: 120_000,
    })
    .finally(() => go.ended('codex'));
  const [c, x] = await Promise.all([claudeRun, codexRun]);
  assertFinished(c);
  assert.equal(x.exitCode, 0, codexTimeline(x));
  assert.deepEqual(go.steps(), [0, 1, 2], 'both clients reached every step together');
  assert.deepEqual(c.conversation.map((q) => q.turn), [0, 1, 2], timeline(c));
  assert.deepEqual(x.conversation.map((q) => q.turn), [0, 1, 2], codexTimeline(x));

  // Recorded once: one completion, the other client's attempt kept as a repeat, each under its own client and session.
  const events = codex.events();
  const done = events.filter((e) => e.kind === 'task.done');
  const repeated = events.filter((e) => e.kind === 'task.done.repeated');
  assert.equal(done.length, 1, JSON.stringify(done));
  assert.equal(repeated.length, 1, JSON.stringify(repeated));
  const clientOf = (e: LoggedEvent) => (e as LoggedEvent & { client: string }).client;
  const sessionOf = (client: string) => (client === 'codex' ? x.sessionId : c.sessionId);
  assert.deepEqual([clientOf(done[0]!), clientOf(repeated[0]!)].sort(), ['claude-code', 'codex']);
  assert.equal(done[0]!.sessionId, sessionOf(clientOf(done[0]!)));
  assert.equal(repeated[0]!.sessionId, sessionOf(clientOf(repeated[0]!)));
  assert.equal(repeated[0]!.decision.recordedBy, clientOf(done[0]!));

  // Both stops were held naming the same next task, and each model got those words.
  const claudeStops = hookRuns(c, 'Stop');
  assert.equal(claudeStops[0]?.output?.decision, 'block', timeline(c));
  assert.match(String(claudeStops[0]!.output!.reason), NEXT);
  assert.ok(stopFeedback(c).some((f) => NEXT.test(f)), timeline(c));
  const codexStops = codexHooks(x, 'Stop');
  assert.equal(codexStops[0]?.decision.output?.decision, 'block', codexTimeline(x));
  assert.match(String(codexStops[0]!.decision.output.reason), NEXT);
  assert.match(inputText(x.conversation[2]!), NEXT, 'Codex handed the held stop back to its model');
  const boundary = (s: unknown) => String(s).match(NEXT)?.[0];
  assert.equal(boundary(claudeStops[0]!.output!.reason), boundary(codexStops[0]!.decision.output.reason));
  // The closure line let both go.
  assert.deepEqual(claudeStops.slice(1).map((h) => h.output), [null], timeline(c));
  assert.deepEqual(codexStops.slice(1).map((h) => h.decision.output ?? null), [null], codexTimeline(x));

  // No hook call lost: what each client ran is what the ledger holds, under its own session.
  const claudeCalls = new Map<string, number>();
  for (const h of hookRuns(c)) claudeCalls.set(h.event, (claudeCalls.get(h.event) ?? 0) + 1);
  assert.deepEqual(recorded(events, 'hook:claude-code', c.sessionId), Object.fromEntries(claudeCalls), timeline(c));
  assertPaired(events, 'hook:claude-code', c.sessionId, 'Claude Code');
  // Codex reports its commands (`--json` items) and asked its model once per step: one PreToolUse and
  // PostToolUse per command, one Stop per answer without a tool call, one start, one prompt.
  const commands = x.events.filter((e) => e.type === 'item.completed' && e.item?.type === 'command_execution').length;
  assert.equal(commands, 1, JSON.stringify(x.events).slice(0, 2000));
  assert.deepEqual(recorded(events, 'hook:codex', x.sessionId), { SessionStart: 1, UserPromptSubmit: 1, PreToolUse: commands, PostToolUse: commands, Stop: 2 }, codexTimeline(x));
  assertPaired(events, 'hook:codex', x.sessionId, 'Codex');

  assertDoctor(claude, 'after both');
  const status = claude.status();
  assert.deepEqual(status.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending']);
  const by = status.plan.tasks[0].recordedBy;
  assert.deepEqual([by.client, by.sessionId], [clientOf(done[0]!), done[0]!.sessionId], JSON.stringify(status.plan.tasks[0]));
  assert.deepEqual(status.sessions.map((s: { client: string }) => s.client).sort(), ['claude-code', 'codex'], JSON.stringify(status.sessions));
});

const BRIEF = 'Review docs/plans/payments-export.md and report any task without a test step.';
const RESULT = 'Review of payments-export: Task 3 (Document the export) has no test step; Tasks 1 and 2 start with a failing test.';
/** The run's SLA: room for Claude Code's every hook call after the dispatch to come before the deadline, on a busy machine. */
const SLA_SECONDS = 30;

test('a background subagent dispatched in Claude Code and lost with its session: Codex, next, is told of it, reports it past its deadline and dispatches it again', { timeout: 300_000 }, async () => {
  const { claude, codex } = await sharedProject({ watchdog: { forwardGraceSeconds: 0, slaSeconds: SLA_SECONDS } });

  // 1. Claude Code dispatches the review in the background; the subagent is still working when the
  //    session ends (killed at its stop, as a quota running out ends it). Its result never comes.
  let claudeGone!: () => void;
  const gone = new Promise<void>((r) => (claudeGone = r));
  const c: RunResult = await claude.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [[say('Sending the plan review to a background subagent.'), agent({ description: 'Review the plan', prompt: BRIEF, subagent_type: 'general-purpose', run_in_background: true })], [say('The review runs in the background.')]],
    subagent: [[hold(() => gone), say('This answer is never sent: the process is gone.')]],
    crashWhen: (e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === 'Stop',
  });
  claudeGone();
  assert.equal(c.crashed, true, timeline(c));
  assert.equal(c.subagentRequests.length, 1, 'the subagent had started its own conversation');
  const [lost] = c.ledgerStatus.runs;
  assert.equal(c.ledgerStatus.runs.length, 1, JSON.stringify(c.ledgerStatus.runs));
  assert.deepEqual([lost.runId, lost.status, lost.childDone, lost.source], ['r-1', 'active', false, 'claude-code'], JSON.stringify(lost));
  const deadline = Date.parse(lost.expectedBy);
  // The owner's last hook call came before the deadline: past it, its silence says it is gone.
  assert.ok(Date.now() < deadline, `Claude Code's session took longer than the SLA of ${SLA_SECONDS} s`);
  assertDoctor(claude, 'after Claude Code');

  let reported: any = null;
  // 2. Codex starts in the same project. Its first answer is held until the run's deadline has passed.
  const x = await codex.run({
    prompt: 'Go on with the plan.',
    turns: [
      [codexHold(() => new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()) + 1000))), codexSay('Nothing from the review yet.')],
      // What `status --json` says between the report and the re-dispatch.
      [codexHold(async () => void (reported = codex.status())), spawnAgent(BRIEF)],
      [waitAgents()],
      [codexSay(`The review is back: Task 3 has no test step.\n\n${CLOSURE}`)],
    ],
    subagent: [[codexSay(RESULT)]],
    afterLast: [codexSay('This turn should never be requested.')],
    timeoutMs: 120_000,
  });
  assert.equal(x.exitCode, 0, codexTimeline(x));

  // Its first request carries the open run, named as dispatched in Claude Code's session, with its deadline.
  const first = inputText(x.conversation[0]!);
  assert.ok(new RegExp(`continuity watchdog: Subagent run r-1 \\(general-purpose, "Review the plan", dispatched (?:just now|\\d+ s ago) in a claude-code session, ${c.sessionId}\\) is open and has not reported done; its SLA ends at ${lost.expectedBy}\\.`).test(first), first.slice(-1200));

  // Past the deadline, the stop is held: the run is Codex's to answer for now, nothing could be fetched
  // from a Claude Code child, and the brief is to be dispatched again as Codex's own call.
  const stop = codexHooks(x, 'Stop')[0]!.decision.output;
  assert.equal(stop?.decision, 'block', codexTimeline(x));
  const reason = String(stop.reason);
  assert.ok(reason.includes(`Subagent run r-1 was dispatched in a claude-code session (${c.sessionId}) that has ended or has been silent since before the run's deadline; this session answers for it now.`), reason);
  assert.match(reason, /has not reported done, past its SLA of 30 s; its result did not reach this conversation and continuity holds nothing to deliver\. Recovering it requires dispatching the same brief again \(recovery step: respawn\), as a new spawn_agent call with subagent_type "general-purpose"/);
  assert.ok(reason.includes(`--- brief of subagent run r-1 ---\n${BRIEF}\n--- end of brief ---`), reason);
  assert.ok(inputText(x.conversation[1]!).includes(BRIEF), 'Codex handed the held stop back to its model');
  // The person is told what continuity did: no result to fetch, and the respawn stated.
  assert.match(String(stop.systemMessage), /^continuity: Subagent run r-1 .* is past its SLA of 30 s \(\d+ s overdue\); no result has reached this conversation and the subagent has not reported done\. What continuity did: found no result to fetch (?:just now|\d+ s ago) \(the child has not reported done and no result is on record\); stated (?:just now|\d+ s ago) that recovering the result requires dispatching the same brief again/, String(stop.systemMessage));

  // The ladder as `status --json` showed it then: the fetch failed, the respawn stated, in the owner's report.
  const open = (reported?.runs as any[] | undefined)?.find((r) => r.runId === 'r-1');
  assert.deepEqual(open?.recoveryAttempts.map((a: { action: string; outcome: string; channel: string }) => [a.action, a.outcome, a.channel]), [['fetch_history', 'failed', 'Stop'], ['respawn', 'pending', 'Stop']], JSON.stringify(open));
  assert.match(String(open.ownerReport), /^Run r-1 \(child \w+\) was dispatched \d+ s ago, expected within 30 s \(\d+ s overdue\); no completion has reached the main conversation and the child has not reported done\. History fetch attempted .*: no result\. Respawn attempted .*: no outcome yet\.$/, JSON.stringify(open));

  // Codex dispatched the brief again; its child's result reached the model; the lost run is recovered through the respawn.
  assert.ok(inputText(x.conversation[3]!).includes(RESULT), codexTimeline(x));
  const runs = x.ledgerStatus.runs as any[];
  const r1 = runs.find((r) => r.runId === 'r-1');
  const again = runs.find((r) => r.runId !== 'r-1');
  assert.deepEqual([again?.source, again?.respawnOf, again?.status], ['codex', 'r-1', 'completed'], JSON.stringify(runs));
  assert.deepEqual(r1.recoveryAttempts.map((a: { action: string; outcome: string }) => [a.action, a.outcome]), [['fetch_history', 'failed'], ['respawn', 'delivered']], JSON.stringify(r1));
  assert.equal(r1.status, 'recovered', JSON.stringify(r1));
  assertDoctor(claude, 'after Codex');
});

/** What the chat-completions clients' runs have in common. */
interface ChatRunResult {
  exitCode: number | null;
  timedOut?: boolean;
  stderr: string;
  requests: ChatRequest[];
  conversation: ChatRequest[];
  hooks: LoggedEvent[];
}

/** A second client beside Claude Code, on the scripted chat-completions server. */
interface SecondClient {
  /** its name in the ledger (`client`, `hook:<name>`) and in go-signals */
  name: string;
  label: string;
  /** the person wires it in Claude Code's project (`init --agent <name>`) */
  join(claude: Project): { run(o: ChatScenario & { prompt: string; timeoutMs?: number }): Promise<ChatRunResult>; events(): LoggedEvent[] };
  /** the client's shell tool call */
  shell(command: string): ChatScenario['turns'][number][number];
  /** its hook calls that judge a stop */
  stops(r: ChatRunResult): LoggedEvent[];
  /** what the client gave its model in the turn after a held stop */
  afterHeldStop(r: ChatRunResult): string;
  /** hook calls it makes for this conversation, by Claude Code's event names */
  calls: Record<string, number>;
  /** more of what the ledger must show for its session */
  alsoHolds?(events: LoggedEvent[], session: string | null, timeline: string): void;
}

function chatTimeline(r: ChatRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''}; ${r.requests.length} requests`];
  r.requests.forEach((q) => lines.push(`  #${q.seq} [${q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}]`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind} (${h.input?.agent_event_name ?? '-'}) → ${JSON.stringify(h.decision).slice(0, 300)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-600)}`);
  return lines.join('\n');
}

/** The last message of a request: Copilot CLI makes a held stop's reason the prompt of the turn it starts. */
function lastMessage(r: ChatRunResult, index: number): string {
  const msgs = (r.conversation[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  const m = msgs[msgs.length - 1];
  return m ? (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)) : '';
}

const SECOND_CLIENTS: SecondClient[] = [
  {
    name: 'pi',
    label: 'pi',
    join: (claude) => new PiProject({ join: claude }),
    shell: (command) => tool('bash', { command }),
    stops: (r) => piHooks(r as Parameters<typeof piHooks>[0], 'message_end'),
    afterHeldStop: (r) => chatAddedText(r.conversation[2]!),
    // one start, one prompt, one tool call and its result, and one end per answer without a tool call
    calls: { SessionStart: 1, UserPromptSubmit: 1, PreToolUse: 1, PostToolUse: 1, Stop: 2 },
  },
  {
    name: 'copilot',
    label: 'GitHub Copilot CLI',
    join: (claude) => new CopilotProject({ join: claude }),
    shell: (command) => tool('bash', { command, description: 'Record Task 1' }),
    stops: (r) => copilotHooks(r as Parameters<typeof copilotHooks>[0], 'Stop'),
    afterHeldStop: (r) => lastMessage(r, 2),
    // a prompt for each turn (the held stop's reason is one), one stop per turn
    calls: { SessionStart: 1, UserPromptSubmit: 2, PreToolUse: 1, PostToolUse: 1, Stop: 2 },
    // It also runs .claude/settings.json's hooks: there continuity stands aside, one record per event.
    alsoHolds: (events, session, tl) => assert.equal(events.filter((e) => e.sessionId === session && e.source !== 'hook:copilot' && HOOK_EVENTS.has(e.kind)).length, 0, `no Copilot CLI event recorded twice\n${tl}`),
  },
  {
    name: 'opencode',
    label: 'OpenCode',
    join: (claude) => new OpenCodeProject({ join: claude }),
    shell: (command) => tool('bash', { command, description: 'Mark Task 1 done' }),
    stops: (r) => openCodeHooks(r as Parameters<typeof openCodeHooks>[0], 'experimental.text.complete'),
    afterHeldStop: (r) => chatAddedText(r.conversation[2]!),
    calls: { SessionStart: 1, UserPromptSubmit: 1, PreToolUse: 1, PostToolUse: 1, Stop: 2 },
    alsoHolds: (events, session) => assertPaired(events, 'hook:opencode', session, 'OpenCode'),
  },
];

for (const second of SECOND_CLIENTS) {
  test(`Claude Code and ${second.label} at the same time on one plan: Task 1 done in both is recorded once, both stops are held naming Task 2, no hook call is lost, status names who completed it`, { timeout: 300_000 }, async () => {
    const claude = project({ settings: {} });
    claude.continuity(['init', '--no-gitignore']);
    const approval = await claude.run({ prompt: 'approve', turns: [[say('Noted.')]] });
    assertFinished(approval);
    assert.equal(approval.ledgerStatus.plan.state, 'approved', timeline(approval));
    // The person wires the second client in the same project (`init --agent <name>`), as for a second agent.
    const other = second.join(claude);
    assertDoctor(claude, `with Claude Code and ${second.label} wired`);
    const go = rendezvous(['claude', second.name]);

    // Step 0: both sessions started before either model asks for the command. Step 1: both commands
    // ended (their after-the-call hooks made) before either model stops. Step 2: both stops were held.
    const claudeRun = claude
      .run({
        prompt: 'Execute the approved plan.',
        turns: [
          [hold(go.meet('claude', 0)), bash('continuity task done 1')],
          [hold(go.meet('claude', 1)), say('Task 1 is done. I can continue with Task 2 next time.')],
          [hold(go.meet('claude', 2)), say(`Task 2 is next.\n\n${CLOSURE}`)],
        ],
        afterLast: [say('This turn should never be requested.')],
        timeoutMs: 150_000,
      })
      .finally(() => go.ended('claude'));
    const otherRun = other
      .run({
        prompt: 'Execute the approved plan.',
        turns: [
          [chatHold(go.meet(second.name, 0)), second.shell('continuity task done 1')],
          [chatHold(go.meet(second.name, 1)), chatSay('Task 1 is done. I can continue with Task 2 next time.')],
          [chatHold(go.meet(second.name, 2)), chatSay(`Task 2 is next.\n\n${CLOSURE}`)],
        ],
        afterLast: [chatSay('This turn should never be requested.')],
        timeoutMs: 150_000,
      })
      .finally(() => go.ended(second.name));
    const [c, x] = await Promise.all([claudeRun, otherRun]);
    const tl = chatTimeline(x);
    assertFinished(c);
    assert.equal(x.exitCode, 0, tl);
    assert.deepEqual(go.steps(), [0, 1, 2], 'both clients reached every step together');
    assert.deepEqual(c.conversation.map((q) => q.turn), [0, 1, 2], timeline(c));
    assert.deepEqual(x.conversation.map((q) => q.turn), [0, 1, 2], tl);

    // Recorded once: one completion, the other client's attempt kept as a repeat, each under its own client and session.
    const events = other.events();
    const done = events.filter((e) => e.kind === 'task.done');
    const repeated = events.filter((e) => e.kind === 'task.done.repeated');
    assert.equal(done.length, 1, JSON.stringify(done));
    assert.equal(repeated.length, 1, JSON.stringify(repeated));
    const clientOf = (e: LoggedEvent) => (e as LoggedEvent & { client: string }).client;
    const otherSession = x.hooks[0]?.sessionId ?? null;
    const sessionOf = (client: string) => (client === second.name ? otherSession : c.sessionId);
    assert.deepEqual([clientOf(done[0]!), clientOf(repeated[0]!)].sort(), ['claude-code', second.name]);
    assert.equal(done[0]!.sessionId, sessionOf(clientOf(done[0]!)));
    assert.equal(repeated[0]!.sessionId, sessionOf(clientOf(repeated[0]!)));
    assert.equal(repeated[0]!.decision.recordedBy, clientOf(done[0]!));

    // Both stops were held naming the same next task, and each model got those words.
    const claudeStops = hookRuns(c, 'Stop');
    assert.equal(claudeStops[0]?.output?.decision, 'block', timeline(c));
    assert.match(String(claudeStops[0]!.output!.reason), NEXT);
    assert.ok(stopFeedback(c).some((f) => NEXT.test(f)), timeline(c));
    const otherStops = second.stops(x);
    assert.equal(otherStops[0]?.decision.output?.decision, 'block', tl);
    assert.match(String(otherStops[0]!.decision.output.reason), NEXT);
    assert.match(second.afterHeldStop(x), NEXT, `${second.label} gave the held stop to its model in the next turn`);
    const boundary = (t: unknown) => String(t).match(NEXT)?.[0];
    assert.equal(boundary(claudeStops[0]!.output!.reason), boundary(otherStops[0]!.decision.output.reason));
    // The closure line let both go.
    assert.deepEqual(claudeStops.slice(1).map((h) => h.output), [null], timeline(c));
    assert.deepEqual(otherStops.slice(1).map((h) => h.decision.output ?? null), [null], tl);

    // No hook call lost: what Claude Code ran is in the ledger under its session, and what the other client ran under its own.
    const claudeCalls = new Map<string, number>();
    for (const h of hookRuns(c)) claudeCalls.set(h.event, (claudeCalls.get(h.event) ?? 0) + 1);
    assert.deepEqual(recorded(events, 'hook:claude-code', c.sessionId), Object.fromEntries(claudeCalls), timeline(c));
    assertPaired(events, 'hook:claude-code', c.sessionId, 'Claude Code');
    assert.deepEqual(recorded(events, `hook:${second.name}`, otherSession), second.calls, tl);
    second.alsoHolds?.(events, otherSession, tl);

    assertDoctor(claude, 'after both');
    const status = claude.status();
    assert.deepEqual(status.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending', 'pending']);
    const by = status.plan.tasks[0].recordedBy;
    assert.deepEqual([by.client, by.sessionId], [clientOf(done[0]!), done[0]!.sessionId], JSON.stringify(status.plan.tasks[0]));
    assert.deepEqual(status.sessions.map((t: { client: string }) => t.client).sort(), ['claude-code', second.name].sort(), JSON.stringify(status.sessions));
  });
}
