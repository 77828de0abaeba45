// The real Claude Code CLI and continuity's write guard: a locked progress
// file survives a pipe (denied before) and a script (put back after).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bash, requestText, say, write } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookRuns, project, timeline } from './observe.js';

const TDD = '# TDD Task: CSV export\n\n**Status:** pending\n\n## Slice 1: Writer\n\n**Status:** pending\n\n## Slice 2: Endpoint\n\n**Status:** pending\n';
const SCRIPT = "from pathlib import Path\np = Path('.tdd-progress.md')\np.write_text(p.read_text().replace('**Status:** pending', '**Status:** done'))\n";

test('writes to the locked progress file of an unapproved plan: a pipe is denied, a script is reverted, the file is unchanged', { timeout: 150_000 }, async () => {
  const p = project({ plan: { path: '.tdd-progress.md', content: TDD }, files: { 'notes.md': '# forged progress\n' } });
  const r = await p.run({
    prompt: 'Record the plan as done.',
    turns: [
      [say('Updating the progress file.'), bash('cat notes.md | tee .tdd-progress.md')],
      [write('scripts/mark_done.py', SCRIPT)],
      [bash('python3 scripts/mark_done.py')],
      [say('I could not change the progress file.')],
    ],
  });
  assertFinished(r);

  // The pipe never ran: Claude Code returned the deny to the model as an error tool result.
  const pre = hookRuns(r, 'PreToolUse').find((h) => String(h.output?.hookSpecificOutput?.permissionDecision) === 'deny');
  assert.ok(pre, timeline(r));
  const afterDeny = requestText(r.conversation[1]!);
  assert.match(afterDeny, /\.tdd-progress\.md is guarded: it is the progress tracker of plan tdd-progress, which is not approved/);

  // The script ran and changed the file; the PostToolUse answer put it back and told the model.
  const post = hookRuns(r, 'PostToolUse').find((h) => h.output?.decision === 'block');
  assert.ok(post, timeline(r));
  assert.match(requestText(r.conversation[3]!), /changed guarded files, which were put back: \.tdd-progress\.md \(content restored\)/);

  assert.equal(r.files['.tdd-progress.md'], TDD, 'the locked file is unchanged at the end');
  assert.deepEqual(r.ledgerStatus.recentViolations.map((v: { kind: string }) => v.kind).sort(), ['guarded_write_denied', 'guarded_write_reverted']);
});
