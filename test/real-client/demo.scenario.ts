// `continuity demo --claude <the Claude Code under test>`: the demo's real session,
// through the built CLI as a person runs it, offline.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLAUDE_UNDER_TEST } from './claude-version.js';
import { claudeBinary, CLI, NODE } from './run-claude.js';

function demo(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'continuity-demo-cwd-'));
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
