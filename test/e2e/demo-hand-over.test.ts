import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { NO_STACK, pathWith, runCli, tempProject } from '../helpers/cli.js';

test('continuity demo --hand-over, no client found: the recorded hand-over through the real hooks (OpenClaw\'s through its plugin); each client told the ledger\'s truth first, and the ledger names who completed each task', () => {
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
  assert.match(out, /^continuity demo --hand-over — one plan, four agents, one ledger\nRecorded: Claude Code 2\.1\.197 \(no `claude` on PATH\), Codex 0\.169\.0 \(no `codex` on PATH\), Gemini CLI 0\.61\.0 \(no `gemini` on PATH\): hook calls replayed through `continuity hook <client>`\.\nRecorded: OpenClaw 2026\.9\.6 \(the demo runs no OpenClaw gateway\): its hook calls played to continuity's OpenClaw plugin, registered with a stand-in of the gateway's plugin API, as the gateway runs it\.\n/);
  assert.doesNotMatch(out, /^Real:/m);
  assert.match(out, /\$ continuity init --agent claude-code,codex,gemini,openclaw OpenClaw.s entries go in its gateway.s config \(in the demo.s HOME\)/);
  assert.match(out, /── 2\. Claude Code takes over \(recorded: Claude Code 2\.1\.197's hook calls\)/);
  assert.match(out, /── 3\. Codex takes over \(recorded: Codex 0\.169\.0's hook calls\)/);
  assert.match(out, /── 4\. Gemini CLI takes over \(recorded: Gemini CLI 0\.61\.0's hook calls\)/);
  assert.match(out, /── 5\. OpenClaw takes over \(recorded: OpenClaw 2026\.9\.6's hook calls\) Recorded, as the demo runs no OpenClaw gateway: a real OpenClaw runs continuity as a plugin in its gateway \(Node ≥ 24\.16, the plugin installed with `openclaw plugins install`\)/);

  // Claude Code: the draft, the approval by the person's prompt, Task 1 recorded for it.
  assert.match(out, /told +continuity's answer to Claude Code's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 4 tasks\) is a draft: it is not approved/);
  assert.match(out, /person approve → plan payments-export approved by the person's prompt\n +done +Task 1 "CSV writer": the ledger records it for claude-code \(session 3b0f6c2a\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  // Codex, then Gemini CLI: told first where the plan stands, from the ledger.
  assert.match(out, /told +continuity's answer to Codex's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 4 tasks\) is approved \([^)]+\); 1 of 4 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:9\)\./);
  assert.match(out, /done +Task 2 "Export endpoint": the ledger records it for codex \(session 01a21174\)/);
  assert.match(out, /told +continuity's answer to Gemini CLI's SessionStart: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 4 tasks\) is approved \([^)]+\); 2 of 4 tasks are complete\. Last completed: Task 2 "Export endpoint"\. The next task of the plan is Task 3 "Export button" \(docs\/plans\/payments-export\.md:13\)\./);
  assert.match(out, /done +Task 3 "Export button": the ledger records it for gemini \(session 69ec8dbf\)\n +stop +allowed: closure waiting_user \(closure-line\)/);
  // OpenClaw: what its plugin's before_prompt_build put before the first prompt, then Task 4 and the plan complete.
  assert.match(out, /told +continuity's answer to OpenClaw's before_prompt_build \(the context put before its first prompt\): continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 4 tasks\) is approved \([^)]+\); 3 of 4 tasks are complete\. Last completed: Task 3 "Export button"\. The next task of the plan is Task 4 "Release note" \(docs\/plans\/payments-export\.md:17\)\./);
  assert.match(out, /done +Task 4 "Release note": the ledger records it for openclaw \(session main\)\n +stop +allowed: every task is complete; plan marked complete/);
  // Only one approval, in the first client.
  assert.equal(out.match(/approved by the person's prompt/g)?.length, 1);

  // status's Done by, and the summary.
  assert.match(r.stdout, /Done by +4 tasks · openclaw 1 · gemini 1 · codex 1 · claude-code 1\n.*Task 4: Release note +openclaw · main\n.*Task 3: Export button +gemini · 69ec8dbf\n.*Task 2: Export endpoint +codex · 01a21174\n.*Task 1: CSV writer +claude-code · 3b0f6c2a\n/);
  assert.match(out, /· One approval, given once in Claude Code \(via user-prompt\), held for all four clients: none asked for another\./);
  assert.match(out, /· Codex, Gemini CLI and OpenClaw were told first, from the ledger: the plan approved, the last task complete, the next task\./);
  assert.match(out, /· Done by, as the ledger recorded it \(not the agents' word\): Task 1 claude-code, Task 2 codex, Task 3 gemini, Task 4 openclaw\. Plan payments-export is complete\./);
  assert.match(out, /· Real: none\. Recorded: Claude Code, Codex, Gemini CLI \(--claude PATH, --codex PATH, --gemini PATH run them for real\), OpenClaw \(the demo runs no OpenClaw gateway\)\./);

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
      ['openclaw', 'agent:main:main'],
    ],
  );
  assert.deepEqual(s.sessions.map((c: { client: string }) => c.client).sort(), ['claude-code', 'codex', 'gemini', 'openclaw']);
  const log = runCli(['log', '--json', '--limit', '1000'], { cwd: project });
  const events = log.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const approvals = events.filter((e) => e.kind === 'UserPromptSubmit' && e.decision?.action === 'approved');
  assert.equal(approvals.length, 1);
  // OpenClaw's `continuity task done 4`, left in the inbox, taken in by the plugin's own hook (its PostToolUse): credited to openclaw by the hook.
  const task4 = events.filter((e) => e.kind === 'task.done' && e.decision?.taskId === '4');
  assert.equal(task4.length, 1);
  assert.deepEqual([task4[0].source, task4[0].client, task4[0].sessionId, task4[0].input.via], ['hook:openclaw', 'openclaw', 'agent:main:main', 'inbox']);
  // The plugin's hooks, in the gateway's order, each recorded from its OpenClaw session.
  assert.deepEqual(
    events.filter((e) => e.source === 'hook:openclaw' && e.kind !== 'task.done').map((e) => e.kind),
    ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  );
});

test('continuity demo --hand-over --replay plays every part from the recording even with the clients on PATH', () => {
  const cwd = tempProject();
  const never = '#!/bin/sh\nexit 99\n';
  const r = runCli(['demo', '--hand-over', '--replay'], { cwd, env: { PATH: pathWith({ claude: never, codex: never, gemini: never }) } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Recorded: Claude Code 2\.1\.197 \(--replay\), Codex 0\.169\.0 \(--replay\), Gemini CLI 0\.61\.0 \(--replay\)/m);
  assert.match(r.stdout, /^Recorded: OpenClaw 2026\.9\.6 \(the demo runs no OpenClaw gateway\)/m);
  assert.match(r.stdout, /done +Task 4 "Release note": the ledger records it for openclaw/);
  const project = /^Project: (\S+)$/m.exec(r.stdout)?.[1];
  assert.ok(project);
  assert.equal(existsSync(project), false, 'the throwaway project is removed');
});

test('continuity demo --hand-over: a client found on PATH is checked before anything runs; --codex and --gemini are the hand-over\'s, one line and exit 2', () => {
  const cwd = tempProject();
  const found = runCli(['demo', '--hand-over'], { cwd, env: { PATH: `${pathWith({ codex: '#!/bin/sh\necho "not it"\n' })}:/usr/bin:/bin` } });
  assert.equal(found.code, 2, found.stdout);
  assert.equal(found.stdout, '');
  assert.match(found.stderr, /^continuity: demo: \/\S+\/codex does not answer `--version` as Codex does\n$/);
  const missing = runCli(['demo', '--hand-over', '--gemini', join(cwd, 'no-such-gemini')], { cwd });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^continuity: demo: --gemini \S+no-such-gemini: no such file\n$/);
  const alone = runCli(['demo', '--codex', 'codex'], { cwd });
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /^continuity: demo: --codex goes with --hand-over\n$/);
  const both = runCli(['demo', '--hand-over', '--replay', '--gemini', 'gemini'], { cwd });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--replay and --gemini exclude each other/);
  const help = runCli(['demo', '--help'], { cwd });
  assert.match(help.stdout, /^ {7}continuity demo --hand-over \[--claude PATH\] \[--codex PATH\] \[--gemini PATH\] \[--replay\] \[--keep\]$/m);
  assert.match(runCli(['--help'], { cwd }).stdout, /^ {2}demo --hand-over +one plan handed from Claude Code to Codex to Gemini CLI to OpenClaw, offline$/m);
});
