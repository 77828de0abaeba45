// The wall, run by the real Claude Code on the pinned and the newest version:
// `continuity init` turns on Claude Code's own OS sandbox with continuity's
// state and hook wiring read-only to the agent. The scripted model then
// tries, with its real Bash and Write tools, what an agent looking for a way
// round would try; afterwards the plan is still a draft, the ledger holds
// every record it held, the config and the hook wiring are as they were,
// and the attempts are recorded. The person's own `approve` still approves,
// and the agent's legitimate commands still work.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bash, requestText, say } from '../../src/demo/real-client/model-server.js';
import { assertUntouched, ATTACKS, continuityState, initedProject, read } from './attacks.js';
import { CLAUDE_UNDER_TEST } from './claude-version.js';
import { assertFinished, hookRuns, timeline } from './observe.js';

{
  const { version: label, which } = CLAUDE_UNDER_TEST;
  test(`wall (Claude Code ${label}): init's sandbox holds against the agent's Bash and Write; the person's approve still approves`, { timeout: 240_000 }, async () => {
    const p = initedProject();
    const settings = JSON.parse(read(p, '.claude/settings.json')!);
    assert.equal(settings.sandbox?.enabled, true, 'init turned the sandbox on');
    assert.ok(settings.sandbox.filesystem.denyWrite.includes('./.continuity'));
    const before = continuityState(p);

    const attacks = ATTACKS(p.dir);
    const r = await p.run({ claude: which, prompt: 'Start on the plan.', turns: [...attacks.map((a) => [a]), [say('I could not change anything of continuity.')]] });
    assertFinished(r);
    // Every attack reached Claude Code and came back as a tool result.
    assert.ok(r.conversation.length >= attacks.length + 1, timeline(r));
    const results = r.conversation.slice(1).map((req) => requestText(req)).join('\n');
    assert.match(results, /Read-only file system|Permission denied|denied/);

    assertUntouched(p, before, r, 3);

    // The person's own prompt still approves, through the hook outside the sandbox.
    const approval = await p.run({ claude: which, prompt: 'approve', turns: [[say('Noted.')]] });
    assertFinished(approval);
    assert.equal(p.status().plan.state, 'approved', timeline(approval));
  });

  test(`wall (Claude Code ${label}): the agent's continuity task done and closure work inside the sandbox, and ordinary Bash works`, { timeout: 240_000 }, async () => {
    const p = initedProject();
    const approval = await p.run({ claude: which, prompt: 'approve', turns: [[say('Noted.')]] });
    assertFinished(approval);
    const r = await p.run({
      claude: which,
      prompt: 'Carry on with the plan.',
      turns: [
        [bash('echo "id,amount" > export.csv && continuity task done 1')],
        [say('Task 1 is done. I can continue with Task 2 next.')],
        [bash('continuity closure waiting_user --reason "which currency should the export use?"')],
        [say('Which currency should the export use?')],
      ],
    });
    assertFinished(r);
    assert.equal(r.files['export.csv'], 'id,amount\n', 'ordinary Bash writes the project');
    const show = JSON.parse(p.continuity(['plan', 'show', '--json']).stdout);
    assert.equal(show.tasks.find((t: { id: string }) => t.id === '1')?.state, 'complete', timeline(r));
    // The hook told the agent what it recorded, and the stop at the boundary was sent back naming Task 2.
    assert.match(r.conversation.map((q) => requestText(q)).join('\n'), /continuity recorded "continuity task done 1" \(run in the agent's sandbox\)/);
    const stops = hookRuns(r, 'Stop');
    assert.equal(stops[0]?.output?.decision, 'block', timeline(r));
    assert.match(String(stops[0]?.output?.reason), /Task 2/);
    // After the closure the stop ends the session.
    assert.notEqual(stops[stops.length - 1]?.output?.decision, 'block', timeline(r));
    assert.equal(existsSync(join(p.dir, '.continuity-inbox')) ? spawnSync('ls', [join(p.dir, '.continuity-inbox')], { encoding: 'utf8' }).stdout.trim() : '', '', 'every request was taken in');
  });
}
