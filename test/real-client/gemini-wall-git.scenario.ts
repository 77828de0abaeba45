// The real Gemini CLI inside continuity's own wall: scripts that plant code
// where the person's next git command runs it (a hook in .git/hooks, a
// core.fsmonitor line in .git/config) fail; the agent's own git add and
// commit work; the person's own git status, checkout -b and commit, outside
// every wall, then run nothing planted. (Gemini CLI runs its shell with
// GIT_CONFIG_GLOBAL=/dev/null: the agent's commit names its author itself.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { GIT_CONFIG_SCRIPT, GIT_HOOK_SCRIPT } from './wall-work.js';
import { contentsText, say, shellCall, writeFileCall } from '../../src/demo/real-client/gemini-server.js';
import { geminiProject } from './run-gemini.js';

test("gemini wall, git: a script's hook in .git/hooks and fsmonitor line in .git/config fail inside continuity's own wall; the agent's git add and commit work; the person's next git commands run nothing planted", { timeout: 300_000 }, async () => {
  const p = geminiProject();
  const config = p.readFile('.git/config');
  const r = await p.run({
    prompt: 'Get on with it.',
    turns: [
      [writeFileCall('scripts/hook.cjs', GIT_HOOK_SCRIPT)],
      [writeFileCall('scripts/config.cjs', GIT_CONFIG_SCRIPT)],
      [shellCall('node scripts/hook.cjs; node scripts/config.cjs; echo "it works" > notes.txt && git add notes.txt && git -c user.name=agent -c user.email=agent@example.invalid commit -qm notes && echo COMMIT-OK')],
      [say('Done.')],
    ],
  });
  assert.equal(r.exitCode, 0, r.stderr);
  const outputs = r.conversation.map((q, i) => (i ? contentsText(q, r.conversation[i - 1]?.body?.contents?.length ?? 1) : '')).join('\n');
  assert.match(outputs, /EROFS: read-only file system, open '\.git\/hooks\/post-checkout'/, outputs);
  assert.match(outputs, /EROFS: read-only file system, open '\.git\/config'/, outputs);
  assert.match(outputs, /^COMMIT-OK$/m, outputs);
  assert.equal(existsSync(join(p.dir, '.git', 'hooks', 'post-checkout')), false);
  assert.equal(p.readFile('.git/config'), config);
  // The person, in their own terminal.
  for (const args of [['status', '--short'], ['checkout', '-q', '-b', 'person'], ['commit', '-q', '--allow-empty', '-m', 'person']]) {
    const g = spawnSync('git', args, { cwd: p.dir, env: p.baseEnv(), encoding: 'utf8' });
    assert.equal(g.status, 0, `git ${args.join(' ')}: ${g.stderr}`);
  }
  assert.equal(existsSync(join(p.dir, 'planted')), false);
  const log = spawnSync('git', ['log', '--format=%s'], { cwd: p.dir, env: p.baseEnv(), encoding: 'utf8' }).stdout;
  assert.match(log, /^person\nnotes\n/, outputs);
});
