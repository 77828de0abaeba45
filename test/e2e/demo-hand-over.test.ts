import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { NO_STACK, pathWith, runCli, tempProject } from '../helpers/cli.js';

test('continuity demo --hand-over, no client found: the recorded hand-over across seven clients through the real hooks (OpenClaw\'s through its plugin); each client told the ledger\'s truth first, and the ledger names who completed each task', () => {
  const cwd = tempProject();
  const r = runCli(['demo', '--hand-over', '--keep'], { cwd, env: { PATH: pathWith() } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.doesNotMatch(r.stdout, NO_STACK);
  const project = /^Project: (\S+)$/m.exec(r.stdout)?.[1];
  assert.ok(project && existsSync(project), r.stdout);
  after(() => rmSync(join(project, '..'), { recursive: true, force: true }));
  // Wrapped lines joined, so sentences are matched whole.
  const out = r.stdout.replace(/\n {9}(?=\S)/g, ' ').replace(/\n {4}(?=\S)/g, ' ');

  // Which parts were real and which recorded, said plainly.
  assert.match(out, /^continuity demo --hand-over — one plan, seven agents, one ledger\nRecorded: Claude Code 2\.1\.197 \(no `claude` on PATH\), Codex 0\.169\.0 \(no `codex` on PATH\), Gemini CLI 0\.61\.0 \(no `gemini` on PATH\), pi 0\.73\.1 \(no `pi` on PATH\), Copilot CLI 1\.0\.102 \(no `copilot` on PATH\), OpenCode 1\.18\.33 \(no `opencode` on PATH\): hook calls replayed through `continuity hook <client>`\.\nRecorded: OpenClaw 2026\.9\.6 \(the demo runs no OpenClaw gateway\): its hook calls played to continuity's OpenClaw plugin, registered with a stand-in of the gateway's plugin API, as the gateway runs it\.\n/);
  assert.doesNotMatch(out, /^Real:/m);
  assert.match(out, /\$ continuity init --agent claude-code,codex,gemini,pi,copilot,opencode,openclaw OpenClaw.s entries go in its gateway.s config \(in the demo.s HOME\)/);
  assert.match(out, /── 2\. Claude Code takes over \(recorded: Claude Code 2\.1\.197's hook calls\)/);
  assert.match(out, /── 3\. Codex takes over \(recorded: Codex 0\.169\.0's hook calls\)/);
  assert.match(out, /── 4\. Gemini CLI takes over \(recorded: Gemini CLI 0\.61\.0's hook calls\)/);
  assert.match(out, /── 5\. pi takes over \(recorded: pi 0\.73\.1's hook calls\)/);
  assert.match(out, /── 6\. Copilot CLI takes over \(recorded: Copilot CLI 1\.0\.102's hook calls\)/);
  assert.match(out, /── 7\. OpenCode takes over \(recorded: OpenCode 1\.18\.33's hook calls\)/);
  assert.match(out, /── 8\. OpenClaw takes over \(recorded: OpenClaw 2026\.9\.6's hook calls\) Recorded, as the demo runs no OpenClaw gateway: a real OpenClaw runs continuity as a plugin in its gateway \(Node ≥ 24\.16, the plugin installed with `openclaw plugins install`\)/);

  // Claude Code: the draft, the approval by the person's prompt, Task 1 recorded for it.
  assert.match(out, /told +continuity's answer to Claude Code's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is a draft: it is not approved/);
  assert.match(out, /person approve → plan payments-export approved by the person's prompt\n +done +Task 1 "CSV writer": the ledger records it for claude-code \(session 3b0f6c2a\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  // Codex, then Gemini CLI: told first where the plan stands, from the ledger.
  assert.match(out, /told +continuity's answer to Codex's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 1 of 7 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:9\)\./);
  assert.match(out, /done +Task 2 "Export endpoint": the ledger records it for codex \(session 01a21174\)/);
  assert.match(out, /told +continuity's answer to Gemini CLI's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 2 of 7 tasks are complete\. Last completed: Task 2 "Export endpoint"\. The next task of the plan is Task 3 "Export button" \(docs\/plans\/payments-export\.md:13\)\./);
  assert.match(out, /done +Task 3 "Export button": the ledger records it for gemini \(session 69ec8dbf\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  // pi, Copilot CLI and OpenCode: each told first, by continuity's answer to its own session-start hook, where the plan stands; each task recorded for the client whose hook took it in.
  assert.match(out, /told +continuity's answer to pi's session_start: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 3 of 7 tasks are complete\. Last completed: Task 3 "Export button"\. The next task of the plan is Task 4 "Export filters" \(docs\/plans\/payments-export\.md:17\)\./);
  assert.match(out, /done +Task 4 "Export filters": the ledger records it for pi \(session 01a235da\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  assert.match(out, /told +continuity's answer to Copilot CLI's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 4 of 7 tasks are complete\. Last completed: Task 4 "Export filters"\. The next task of the plan is Task 5 "Export tests" \(docs\/plans\/payments-export\.md:21\)\./);
  // Copilot CLI's Stop carries no answer: the closure line is read from its session record.
  assert.match(out, /done +Task 5 "Export tests": the ledger records it for copilot \(session 82bb55fa\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  assert.match(out, /told +continuity's answer to OpenCode's session\.created: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 5 of 7 tasks are complete\. Last completed: Task 5 "Export tests"\. The next task of the plan is Task 6 "Export docs" \(docs\/plans\/payments-export\.md:25\)\./);
  assert.match(out, /done +Task 6 "Export docs": the ledger records it for opencode \(session ses_dca1\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  // OpenClaw: what its plugin's before_prompt_build put before the first prompt, then Task 7 and the plan complete.
  assert.match(out, /told +continuity's answer to OpenClaw's before_prompt_build \(the context put before its first prompt\): continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 6 of 7 tasks are complete\. Last completed: Task 6 "Export docs"\. The next task of the plan is Task 7 "Release note" \(docs\/plans\/payments-export\.md:29\)\./);
  assert.match(out, /done +Task 7 "Release note": the ledger records it for openclaw \(session main\)\n +stop +allowed: every task is complete; plan marked complete/);
  // Only one approval, in the first client.
  assert.equal(out.match(/approved by the person's prompt/g)?.length, 1);

  // status's Done by, and the summary.
  assert.match(r.stdout, /Done by +7 tasks · openclaw 1 · opencode 1 · copilot 1 · pi 1 · gemini 1\n +codex 1 · claude-code 1\n.*Task 7: Release note +openclaw · main\n.*Task 6: Export docs +opencode · ses_dca1\n.*Task 5: Export tests +copilot · 82bb55fa\n.*Task 4: Export filters +pi · 01a235da\n.*Task 3: Export button +gemini · 69ec8dbf\n/);
  // The sessions by client.
  const sessions = /^ {2}Sessions +[^]*?(?=\n\n)/m.exec(r.stdout)?.[0] ?? '';
  for (const [client, session] of [['openclaw', 'main'], ['opencode', 'ses_dca1'], ['copilot', '82bb55fa'], ['pi', '01a235da'], ['gemini', '69ec8dbf'], ['codex', '01a21174'], ['claude-code', '3b0f6c2a']]) assert.match(sessions, new RegExp(`${client} 1 \\(latest ${session}, `), sessions);
  assert.match(out, /· One approval, given once in Claude Code \(via user-prompt\), held for all seven clients: none asked for another\./);
  assert.match(out, /· Codex, Gemini CLI, pi, Copilot CLI, OpenCode and OpenClaw were told first, from the ledger: the plan approved, the last task complete, the next task\./);
  assert.match(out, /· Done by, as the ledger recorded it \(not the agents' word\): Task 1 claude-code, Task 2 codex, Task 3 gemini, Task 4 pi, Task 5 copilot, Task 6 opencode, Task 7 openclaw\. Plan payments-export is complete\./);
  assert.match(out, /· Real: none\. Recorded: Claude Code, Codex, Gemini CLI, pi, Copilot CLI, OpenCode \(--claude PATH, --codex PATH, --gemini PATH, --pi PATH, --copilot PATH, --opencode PATH run them for real\), OpenClaw \(the demo runs no OpenClaw gateway\)\./);

  // The ledger itself: who completed each task, in which session, and the one approval.
  const status = runCli(['status', '--json'], { cwd: project });
  assert.equal(status.code, 0, status.stderr);
  const s = JSON.parse(status.stdout);
  assert.equal(s.plan.state, 'complete');
  assert.equal(s.plan.approval.via, 'user-prompt');
  assert.deepEqual(
    s.plan.tasks.map((t: { recordedBy: { client: string; sessionId: string } }) => [t.recordedBy.client, t.recordedBy.sessionId]),
    [
      ['claude-code', '3b0f6c2a-5d1e-4f7a-9c3b-8e2d1a6f4c70'],
      ['codex', '01a21174-a50b-7ee2-a193-6e41e0403c1e'],
      ['gemini', '69ec8dbf-183c-4615-81c5-53447cdd2462'],
      ['pi', '01a235da-f85d-7658-a4a6-fd61cd5c6c55'],
      ['copilot', '82bb55fa-0fd5-4ae0-9fd7-0c4eba6723f1'],
      ['opencode', 'ses_dca13e361ffeSSlkStD4QN4SqA'],
      ['openclaw', 'agent:main:main'],
    ],
  );
  assert.deepEqual(s.sessions.map((c: { client: string }) => c.client).sort(), ['claude-code', 'codex', 'copilot', 'gemini', 'openclaw', 'opencode', 'pi']);
  // A Guard line for each client wired in the project (OpenClaw's wiring is its gateway's config, in the demo's HOME).
  assert.deepEqual(s.guard.map((g: { agent: string }) => g.agent), ['claude-code', 'codex', 'gemini', 'pi', 'copilot', 'opencode']);
  const text = runCli(['status'], { cwd: project }).stdout;
  for (const name of ['pi', 'Copilot CLI', 'OpenCode']) assert.match(text, new RegExp(`^(Guard +| {10})${name} · (structural|hooks)`, 'm'));
  // `log --agent` names each new client's own session and its calls, and no other client's.
  for (const [agent, session, task] of [['pi', '01a235da-f85d-7658-a4a6-fd61cd5c6c55', '4'], ['copilot', '82bb55fa-0fd5-4ae0-9fd7-0c4eba6723f1', '5'], ['opencode', 'ses_dca13e361ffeSSlkStD4QN4SqA', '6']] as const) {
    const mine = runCli(['log', '--agent', agent, '--json', '--limit', '1000'], { cwd: project });
    assert.equal(mine.code, 0, mine.stderr);
    const own = mine.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    assert.deepEqual([...new Set(own.map((e) => `${e.client} ${e.sessionId}`))], [`${agent} ${session}`]);
    assert.deepEqual(own.map((e) => e.kind).sort(), ['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit', 'task.done'].sort());
    assert.equal(own.find((e) => e.kind === 'task.done').decision.taskId, task);
    const shown = runCli(['log', '--agent', agent], { cwd: project });
    assert.match(shown.stdout, new RegExp(`session ${session}`));
    assert.match(shown.stdout, new RegExp(`task\\.done +recorded +Task ${task} · complete`));
  }
  const log = runCli(['log', '--json', '--limit', '1000'], { cwd: project });
  const events = log.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const approvals = events.filter((e) => e.kind === 'UserPromptSubmit' && e.decision?.action === 'approved');
  assert.equal(approvals.length, 1);
  // OpenClaw's `continuity task done 7`, left in the inbox, taken in by the plugin's own hook (its PostToolUse): credited to openclaw by the hook.
  const task7 = events.filter((e) => e.kind === 'task.done' && e.decision?.taskId === '7');
  assert.equal(task7.length, 1);
  assert.deepEqual([task7[0].source, task7[0].client, task7[0].sessionId, task7[0].input.via], ['hook:openclaw', 'openclaw', 'agent:main:main', 'inbox']);
  // The plugin's hooks, in the gateway's order, each recorded from its OpenClaw session.
  assert.deepEqual(
    events.filter((e) => e.source === 'hook:openclaw' && e.kind !== 'task.done').map((e) => e.kind),
    ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  );
});

test('continuity demo --hand-over --replay plays every part from the recording even with the clients on PATH', () => {
  const cwd = tempProject();
  const never = '#!/bin/sh\nexit 99\n';
  const r = runCli(['demo', '--hand-over', '--replay'], { cwd, env: { PATH: pathWith({ claude: never, codex: never, gemini: never, pi: never, copilot: never, opencode: never }) } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Recorded: Claude Code 2\.1\.197 \(--replay\), Codex 0\.169\.0 \(--replay\), Gemini CLI 0\.61\.0 \(--replay\), pi 0\.73\.1 \(--replay\), Copilot CLI 1\.0\.102 \(--replay\), OpenCode 1\.18\.33 \(--replay\)/m);
  assert.match(r.stdout, /^Recorded: OpenClaw 2026\.9\.6 \(the demo runs no OpenClaw gateway\)/m);
  assert.match(r.stdout, /done +Task 7 "Release note": the ledger records it for openclaw/);
  const project = /^Project: (\S+)$/m.exec(r.stdout)?.[1];
  assert.ok(project);
  assert.equal(existsSync(project), false, 'the throwaway project is removed');
});

test('continuity demo --hand-over: a client found on PATH is checked before anything runs; --codex, --gemini, --pi, --copilot and --opencode are the hand-over\'s, one line and exit 2', () => {
  const cwd = tempProject();
  const found = runCli(['demo', '--hand-over'], { cwd, env: { PATH: `${pathWith({ codex: '#!/bin/sh\necho "not it"\n' })}:/usr/bin:/bin` } });
  assert.equal(found.code, 2, found.stdout);
  assert.equal(found.stdout, '');
  assert.match(found.stderr, /^continuity: demo: \/\S+\/codex does not answer `--version` as Codex does\n$/);
  const missing = runCli(['demo', '--hand-over', '--gemini', join(cwd, 'no-such-gemini')], { cwd });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^continuity: demo: --gemini \S+no-such-gemini: no such file\n$/);
  for (const client of ['pi', 'copilot', 'opencode']) {
    const wrong = runCli(['demo', '--hand-over'], { cwd, env: { PATH: `${pathWith({ [client]: '#!/bin/sh\necho "not it"\n' })}:/usr/bin:/bin` } });
    assert.equal(wrong.code, 2, wrong.stdout);
    assert.equal(wrong.stdout, '');
    assert.match(wrong.stderr, new RegExp(`^continuity: demo: /\\S+/${client} does not answer \`--version\` as (pi|Copilot CLI|OpenCode) does\\n$`));
  }
  const noPi = runCli(['demo', '--hand-over', '--pi', join(cwd, 'no-such-pi')], { cwd });
  assert.equal(noPi.code, 2);
  assert.match(noPi.stderr, /^continuity: demo: --pi \S+no-such-pi: no such file\n$/);
  for (const flag of ['codex', 'opencode']) {
    const alone = runCli(['demo', `--${flag}`, flag], { cwd });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, new RegExp(`^continuity: demo: --${flag} goes with --hand-over\\n$`));
  }
  const both = runCli(['demo', '--hand-over', '--replay', '--gemini', 'gemini'], { cwd });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--replay and --gemini exclude each other/);
  const bothCopilot = runCli(['demo', '--hand-over', '--replay', '--copilot', 'copilot'], { cwd });
  assert.equal(bothCopilot.code, 2);
  assert.match(bothCopilot.stderr, /--replay and --copilot exclude each other/);
  const help = runCli(['demo', '--help'], { cwd });
  assert.match(help.stdout, /^ {7}continuity demo --hand-over \[--claude PATH\] \[--codex PATH\] \[--gemini PATH\]\n {30}\[--pi PATH\] \[--copilot PATH\] \[--opencode PATH\] \[--replay\] \[--keep\]$/m);
  assert.match(runCli(['--help'], { cwd }).stdout, /^ {2}demo --hand-over +one plan handed across seven agents, Claude Code to OpenClaw, offline$/m);
});
