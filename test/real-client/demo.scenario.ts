// `continuity demo --claude <the Claude Code under test>`: the demo's real session,
// through the built CLI as a person runs it, offline; and `continuity demo
// --hand-over` with the real Claude Code, Codex, Gemini CLI, pi, Copilot CLI
// and OpenCode (OpenClaw's part, the seventh, is always played from its
// recording through the plugin).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { newPlace } from './places.js';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLAUDE_UNDER_TEST } from './claude-version.js';
import { clientBinary } from './agent-project.js';
import { claudeBinary, CLI, NODE } from './run-claude.js';

function demo(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = newPlace('demo-cwd-');
  after(() => rmSync(cwd, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    // No claude on PATH: the binary is only the one named.
    const child = spawn(NODE, [CLI, 'demo', ...args], { cwd, env: { PATH: '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('continuity demo --claude PATH runs the story in a real Claude Code session and narrates what continuity decided and what Claude Code did', { timeout: 150_000 }, async () => {
  const r = await demo(['--claude', claudeBinary()]);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.equal(r.stderr, '');
  const out = r.stdout;
  // Joined wrapped lines, so sentences are matched whole.
  const flat = out.replace(/\n {9}(?![│→])/g, ' ');

  assert.match(out, new RegExp(`^continuity demo — a real Claude Code session against a scripted model\\nClaude Code ${CLAUDE_UNDER_TEST.version.replace(/\./g, '\\.')}: `));
  assert.doesNotMatch(out, /No `claude` executable/);
  assert.match(out, /Offline: Claude Code talks only to a scripted stand-in for the Messages API on\n127\.0\.0\.1/);

  // The draft, then the approval by the person's prompt, both put in front of the model.
  assert.match(flat, /hook +SessionStart \(startup\)\n +→ continuity: the ledger's ground truth added to the context \(draft plan\)/);
  assert.match(flat, /hook +UserPromptSubmit "approve"\n +→ continuity: plan payments-export approved by the user/);
  assert.match(flat, /claude +put the SessionStart context in front of the model \("SessionStart hook additional context: …" in its request\)/);
  assert.match(flat, /claude +put the UserPromptSubmit context in front of the model \("UserPromptSubmit hook additional context: …" in its request\)/);

  // Task 1 done, the stop with "I can continue with Task 2" blocked, and Claude Code asks the model again.
  assert.match(flat, /claude +tool result: Task 1 "CSV writer" of plan payments-export is complete/);
  assert.match(flat, /model +Task 1 is done\. I can continue with Task 2 \(Export endpoint\) next time\.\n +hook +Stop\n +→ continuity: BLOCKED \(block 1 at this boundary\)\n/);
  assert.match(out, /│ \(docs\/plans\/payments-export\.md:12\) is the next task of the same/);
  assert.match(flat, /claude +gave the reason to the model as "Stop hook feedback" and asked it again: the session goes on\n +model +Going on with Task 2\./);

  // The write to continuity's own config denied before it ran.
  assert.match(flat, /hook +PreToolUse Bash echo '\{"stopGate":\{"maxCo…\n +→ continuity: DENIED: \.continuity\/config\.json is guarded \(Bash \(redirect >\)\)/);
  assert.match(flat, /claude +did not run it; the model got continuity's reason as the tool's error/);

  // The waiting_user closure ends the session.
  assert.match(flat, /hook +Stop\n +→ continuity: allowed: closure waiting_user \(closure-line\); said nothing\n +end +Claude Code ended the session by itself: exit 0, [\d.]+ s, 7 model requests/);

  // The ledger's account, and the summary drawn from it.
  assert.match(out, /Approved +.+ via user-prompt/);
  assert.match(out, /Tasks +█+░+ 2\/3 complete/);
  assert.match(out, /Next +Task 3: Document the export/);
  assert.match(out, /── In short\n  · continuity approved plan payments-export on the person's prompt `approve`; the model was told so\.\n/);
  assert.match(out, /  · It blocked 1 stop at a task boundary; Claude Code gave the model the reason \(1 time\) and the model went on\.\n/);
  assert.match(out, /  · It denied 1 tool call writing a guarded file before it ran; Claude Code returned the reason as the tool's error \(1 time\)\.\n/);
  assert.match(out, /  · The closure waiting_user let the last stop through and Claude Code ended the session \(7 model requests, \d+ hook calls\)\.\n/);
  assert.match(out, /  · Plan payments-export: 2 of 3 tasks complete; it is approved\. Violations on record: guarded_write_denied\.\n$/);

  // The throwaway project is gone.
  const project = /^Project: (\S+)$/m.exec(out)?.[1];
  assert.ok(project);
  assert.equal(existsSync(project), false);
});

/** Wrapped lines joined (a narration line's continuation, a summary bullet's), so sentences are matched whole. */
function joined(out: string): string {
  return out.replace(/\n {9}(?=\S)/g, ' ').replace(/\n {4}(?=[^\s\d])/g, ' ');
}

// Each client asked its version in a home of its own: `--version` writes its state (Gemini CLI its projects.json) into the home it is given, never the person's.
const versionHome = newPlace('demo-versions-');
after(() => rmSync(versionHome, { recursive: true, force: true }));
const versionEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: versionHome, CODEX_HOME: versionHome, GEMINI_CLI_HOME: versionHome, XDG_CONFIG_HOME: join(versionHome, '.config'), XDG_DATA_HOME: join(versionHome, '.local', 'share'), XDG_STATE_HOME: join(versionHome, '.local', 'state'), XDG_CACHE_HOME: join(versionHome, '.cache'), TMPDIR: versionHome };
function versionOf(client: Parameters<typeof clientBinary>[0], stream: 'stdout' | 'stderr' = 'stdout'): string {
  return spawnSync(clientBinary(client), ['--version'], { encoding: 'utf8', env: versionEnv, stdio: ['ignore', 'pipe', 'pipe'] })[stream];
}
const CODEX_VERSION = /^codex-cli (\S+)/m.exec(versionOf('codex'))?.[1];
const GEMINI_VERSION = versionOf('gemini').trim();
// pi prints its version on stderr.
const PI_VERSION = /(\d+\.\d+\.\d+)/.exec(versionOf('pi', 'stderr'))?.[1];
const COPILOT_VERSION = /Copilot CLI (\S+?)\.?$/m.exec(versionOf('copilot'))?.[1];
const OPENCODE_VERSION = versionOf('opencode').trim();

test('continuity demo --hand-over with the six real clients: Claude Code, Codex, Gemini CLI, pi, Copilot CLI and OpenCode each run offline, OpenClaw\'s part recorded, each is told first from the ledger, and the ledger names who completed each task', { timeout: 600_000 }, async () => {
  const r = await demo(['--hand-over', '--claude', claudeBinary(), '--codex', clientBinary('codex'), '--gemini', clientBinary('gemini'), '--pi', clientBinary('pi'), '--copilot', clientBinary('copilot'), '--opencode', clientBinary('opencode')]);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.equal(r.stderr, '');
  const out = joined(r.stdout);
  const v = (s: string | undefined) => String(s).replace(/\./g, '\\.');
  assert.match(out, new RegExp(`^continuity demo --hand-over — one plan, seven agents, one ledger\\nReal: Claude Code ${v(CLAUDE_UNDER_TEST.version)}, Codex ${v(CODEX_VERSION)}, Gemini CLI ${v(GEMINI_VERSION)}, pi ${v(PI_VERSION)}, Copilot CLI ${v(COPILOT_VERSION)}, OpenCode ${v(OPENCODE_VERSION)}, offline: each talks only to a scripted model on 127\\.0\\.0\\.1\\.\\nRecorded: OpenClaw 2026\\.9\\.6 \\(the demo runs no OpenClaw gateway\\)`));
  assert.equal(out.match(/^Recorded:/gm)?.length, 1);
  // What each client's first request to its model carried: the draft, then where the plan stands.
  assert.match(out, /told +Claude Code's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is a draft/);
  assert.match(out, /told +Codex's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 1 of 7 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint"/);
  assert.match(out, /told +Gemini CLI's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 2 of 7 tasks are complete\. Last completed: Task 2 "Export endpoint"\. The next task of the plan is Task 3 "Export button"/);
  assert.match(out, /told +pi's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 3 of 7 tasks are complete\. Last completed: Task 3 "Export button"\. The next task of the plan is Task 4 "Export filters"/);
  assert.match(out, /told +Copilot CLI's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 4 of 7 tasks are complete\. Last completed: Task 4 "Export filters"\. The next task of the plan is Task 5 "Export tests"/);
  assert.match(out, /told +OpenCode's first request to its model carried: continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 5 of 7 tasks are complete\. Last completed: Task 5 "Export tests"\. The next task of the plan is Task 6 "Export docs"/);
  assert.match(out, /told +continuity's answer to OpenClaw's before_prompt_build \(the context put before its first prompt\): continuity ledger: plan payments-export \(docs\/plans\/payments-export\.md, 7 tasks\) is approved \([^)]+\); 6 of 7 tasks are complete\. Last completed: Task 6 "Export docs"\. The next task of the plan is Task 7 "Release note"/);
  // Each real client's stop let through by its own closure line.
  assert.equal(out.match(/stop +allowed: closure waiting_user \(closure-line\)/g)?.length, 6, out);
  // Who completed each task, in the ledger's words, each in a session of its own.
  const sessions = [...out.matchAll(/done +Task (\d) "[^"]+": the ledger records it for (\S+) \(session ([\w:]+)\)/g)].map((m) => [m[1], m[2], m[3]]);
  assert.deepEqual(sessions.map(([t, c]) => [t, c]), [['1', 'claude-code'], ['2', 'codex'], ['3', 'gemini'], ['4', 'pi'], ['5', 'copilot'], ['6', 'opencode'], ['7', 'openclaw']], out);
  // Session ids shown short (pi's and Codex's are time-ordered: two made in the same minute share their first characters).
  assert.equal(new Set(sessions.map((s) => `${s[1]} ${s[2]}`)).size, 7);
  assert.equal(out.match(/approved by the person's prompt/g)?.length, 1);
  assert.match(r.stdout, /Done by +7 tasks · openclaw 1 · opencode 1 · copilot 1 · pi 1 · gemini 1\n +codex 1 · claude-code 1\n/);
  assert.match(out, /· One approval, given once in Claude Code \(via user-prompt\), held for all seven clients: none asked for another\./);
  assert.match(out, /· Codex, Gemini CLI, pi, Copilot CLI, OpenCode and OpenClaw were told first, from the ledger: the plan approved, the last task complete, the next task\./);
  assert.match(out, /· Done by, as the ledger recorded it \(not the agents' word\): Task 1 claude-code, Task 2 codex, Task 3 gemini, Task 4 pi, Task 5 copilot, Task 6 opencode, Task 7 openclaw\. Plan payments-export is complete\./);
  assert.match(out, /· Real: Claude Code, Codex, Gemini CLI, pi, Copilot CLI, OpenCode\. Recorded: OpenClaw \(the demo runs no OpenClaw gateway\)\.\n$/);
  const project = /^Project: (\S+)$/m.exec(out)?.[1];
  assert.ok(project);
  assert.equal(existsSync(project), false);
});

test('continuity demo --hand-over with Codex alone real: Claude Code\'s and Gemini CLI\'s parts are recorded, said so, and the real Codex carries on between them', { timeout: 200_000 }, async () => {
  const r = await demo(['--hand-over', '--codex', clientBinary('codex')]);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const out = joined(r.stdout);
  assert.match(out, new RegExp(`^Real: Codex ${String(CODEX_VERSION).replace(/\./g, '\\.')}, offline: each talks only to a scripted model on 127\\.0\\.0\\.1\\.\\nRecorded: Claude Code 2\\.1\\.197 \\(no \`claude\` on PATH\\), Gemini CLI 0\\.61\\.0 \\(no \`gemini\` on PATH\\), pi 0\\.73\\.1 \\(no \`pi\` on PATH\\), Copilot CLI 1\\.0\\.102 \\(no \`copilot\` on PATH\\), OpenCode 1\\.18\\.33 \\(no \`opencode\` on PATH\\): hook calls replayed through \`continuity hook <client>\`\\.\\nRecorded: OpenClaw 2026\\.9\\.6 \\(the demo runs no OpenClaw gateway\\): `, 'm'));
  assert.match(out, /── 3\. Codex takes over \(real: Codex /);
  assert.match(out, /told +Codex's first request to its model carried: continuity ledger: plan payments-export .* is approved \([^)]+\); 1 of 7 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint"/);
  assert.match(out, /done +Task 2 "Export endpoint": the ledger records it for codex \(session \w{8}\)/);
  assert.match(out, /told +continuity's answer to Gemini CLI's SessionStart: continuity ledger: .* 2 of 7 tasks are complete\. Last completed: Task 2 "Export endpoint"\./);
  assert.match(out, /· Done by, as the ledger recorded it \(not the agents' word\): Task 1 claude-code, Task 2 codex, Task 3 gemini, Task 4 pi, Task 5 copilot, Task 6 opencode, Task 7 openclaw\./);
  assert.match(out, /· Real: Codex\. Recorded: Claude Code, Gemini CLI, pi, Copilot CLI, OpenCode \(--claude PATH, --gemini PATH, --pi PATH, --copilot PATH, --opencode PATH run them for real\), OpenClaw \(the demo runs no OpenClaw gateway\)\./);
});
