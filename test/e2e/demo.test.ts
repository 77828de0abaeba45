import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, pathWith, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';

const HINT = 'No `claude` executable on PATH: this replays recorded hook payloads. `continuity demo --claude PATH` runs a real Claude Code session, offline.';

test('continuity demo replays the recorded session through the real hooks and narrates the decisions', () => {
  const cwd = tempProject();
  const r = runCli(['demo'], { cwd, env: { PATH: pathWith() } });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, NO_STACK);
  // Without a claude executable the replay says, in one line, that a real session is possible.
  assert.equal(r.stdout.split('\n')[1], HINT);
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

test('continuity demo --replay replays even with a claude executable on PATH, without the hint', () => {
  const cwd = tempProject();
  const r = runCli(['demo', '--replay'], { cwd, env: { PATH: pathWith({ claude: '#!/bin/sh\nexit 99\n' }) } });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /No `claude` executable/);
  assert.match(r.stdout, /Stop +→ BLOCKED \(block 1 at this boundary\)/);
});

test('continuity demo finds claude on PATH and checks that it is Claude Code before running anything', () => {
  const cwd = tempProject();
  const r = runCli(['demo'], { cwd, env: { PATH: `${pathWith({ claude: '#!/bin/sh\necho "not it"\n' })}:/usr/bin:/bin` } });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^continuity: demo: \/\S+\/claude does not answer `--version` as Claude Code does\n$/);
});

test('continuity demo: a --claude that is not there, or with --replay, is one line and exit 2', () => {
  const cwd = tempProject();
  const missing = runCli(['demo', '--claude', join(cwd, 'no-such-claude')], { cwd });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^continuity: demo: --claude \S+no-such-claude: no such file\n$/);
  writeFileSync(join(cwd, 'plain'), 'not executable');
  const plain = runCli(['demo', '--claude', join(cwd, 'plain')], { cwd });
  assert.equal(plain.code, 2);
  assert.match(plain.stderr, /: not an executable file\n$/);
  const both = runCli(['demo', '--replay', '--claude', 'claude'], { cwd });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--replay and --claude exclude each other/);
  const help = runCli(['demo', '--help'], { cwd });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^usage: continuity demo \[--claude PATH \| --replay\] \[--keep\]/);
});

test('the scripted model server ships only in the chunks the real demos load, never on the hook path', () => {
  const dist = join(REPO_ROOT, 'dist');
  const files = readdirSync(dist, { recursive: true }).map(String).filter((f) => /\.[cm]js$/.test(f));
  // The header by which the server tells a subagent's requests apart is in its code only.
  const holding = files.filter((f) => readFileSync(join(dist, f), 'utf8').includes('x-claude-code-agent-id'));
  assert.equal(holding.length, 1, holding.join(', '));
  const chunk = holding[0]!.replace(/^chunks\//, '');
  // Shared by the real demo and the hand-over, and imported by nothing else.
  const importers = files.filter((f) => f !== holding[0] && readFileSync(join(dist, f), 'utf8').includes(chunk)).sort();
  assert.equal(importers.length, 2, importers.join(', '));
  assert.match(importers[0]!, /^chunks\/hand-over-[\w-]+\.mjs$/);
  assert.match(importers[1]!, /^chunks\/real-demo-[\w-]+\.mjs$/);
  const demoChunk = files.find((f) => /^chunks\/demo-[\w-]+\.mjs$/.test(f));
  assert.ok(demoChunk, 'the demo command has a chunk of its own');
  const demo = readFileSync(join(dist, demoChunk), 'utf8');
  assert.match(demo, /import\("\.\/real-demo-[\w-]+\.mjs"\)/, 'loaded only when a claude executable is found');
  assert.match(demo, /import\("\.\/hand-over-[\w-]+\.mjs"\)/, 'loaded only for --hand-over');
});
