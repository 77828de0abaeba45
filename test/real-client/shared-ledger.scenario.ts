// The shared ledger across two real clients on two machines: Claude Code in
// one clone of a repository (A), Codex in another (B), each with a home of
// its own, one PostgreSQL between them (test/helpers/postgres.ts). The person
// approves at A's terminal, signing; Codex's first request on B carries the
// plan approved; Codex records Task 1 done; Claude Code's stop on A, at the
// boundary, names Task 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { say } from '../../src/demo/real-client/model-server.js';
import { inputText, say as codexSay, shell } from '../../src/demo/real-client/responses-server.js';
import { APPROVAL_NAMESPACE } from '../../src/domain/approval-statement.js';
import { runAtTerminal } from '../helpers/cli.js';
import { startPostgres } from '../helpers/postgres.js';
import { makeKey, writeSigners } from '../helpers/ssh-keys.js';
import { hookRuns, project, timeline } from './observe.js';
import { codexHooks, CodexProject } from './run-codex.js';

const PLAN_PATH = 'docs/plans/payments-export.md';
const PLAN = '# Payments Export Implementation Plan\n\n### Task 1: CSV writer\n\n- [ ] **Step 1: Write it**\n\n### Task 2: Export endpoint\n\n- [ ] **Step 1: Write it**\n';

test('Claude Code on A and Codex on B share one plan: approved at A, known on B; done on B, named next on A', { timeout: 600_000 }, async () => {
  const pg = startPostgres();
  pg.createDatabase('team');
  const keys = mkdtempSync(join(tmpdir(), 'continuity-shared-keys-'));
  after(() => rmSync(keys, { recursive: true, force: true }));
  const person = makeKey(keys, 'person');
  const signers = join(keys, 'signers');
  writeSigners(signers, [{ principal: 'ann@example.com', key: person, options: `namespaces="${APPROVAL_NAMESPACE}"` }]);
  const files = { '.gitignore': '.continuity/\n.codex/\n.claude/\n', '.continuity-signers': readFileSync(signers, 'utf8') };
  const config = { shared: { host: pg.socketDir, port: pg.port, database: 'team', pullWaitMs: 5000, idleSeconds: 30 } };

  const a = project({ plan: { path: PLAN_PATH, content: PLAN }, files, config });
  const git = (dir: string, home: string, ...args: string[]) => {
    const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: home } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };
  git(a.dir, a.home, 'add', '.');
  git(a.dir, a.home, 'commit', '-qm', 'plan and signers');
  const b = new CodexProject({ plan: { path: PLAN_PATH, content: PLAN }, files, config });
  after(() => rmSync(b.base, { recursive: true, force: true }));
  // B is a clone of A's repository: the same history, so the same identity.
  git(b.dir, b.home, 'fetch', '-q', a.dir, 'main');
  git(b.dir, b.home, 'reset', '-q', '--hard', 'FETCH_HEAD');
  const id = git(a.dir, a.home, 'rev-list', '--first-parent', '--max-parents=0', 'HEAD');
  const stateOf = (home: string) => join(home, '.local', 'state', 'continuity');
  for (const home of [a.home, b.home]) {
    // Each machine's credentials in its own home, outside the project (trust authentication on the test server's socket).
    const dir = join(home, '.config', 'continuity', 'shared');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${id.slice(0, 16)}.url`), `${pg.url('team')}\n`, { mode: 0o600 });
    chmodSync(join(dir, `${id.slice(0, 16)}.url`), 0o600);
  }
  after(async () => {
    for (const home of [a.home, b.home]) {
      const dir = join(stateOf(home), 'shared');
      for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.pid')) : []) {
        try {
          process.kill(Number(readFileSync(join(dir, f), 'utf8')), 'SIGTERM');
        } catch {
          // gone
        }
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  });

  // The person approves at A's terminal, signing with their key.
  const approve = runAtTerminal(['approve'], { cwd: a.dir, env: { HOME: a.home, CONTINUITY_STATE_HOME: stateOf(a.home), CONTINUITY_SIGNING_KEY: person.file } });
  assert.equal(approve.code, 0, approve.stdout);
  assert.match(approve.stdout, /signed by ann@example\.com/);

  // Codex on B: its first request knows the plan approved; it records Task 1 done and declares the stop.
  await b.trustHooks();
  const x = await b.run({
    prompt: 'Go on with the plan.',
    turns: [[shell('continuity task done 1')], [codexSay('Task 1 is done.\n\ncontinuity-closure: waiting_user — the person reviews it first')]],
  });
  assert.equal(x.exitCode, 0, x.stderr);
  assert.match(inputText(x.conversation[0]!), /plan payments-export \(docs\/plans\/payments-export\.md, 2 tasks\) is approved/);
  assert.deepEqual(x.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'pending'], JSON.stringify(codexHooks(x, 'Stop').map((h) => h.decision)));

  // Claude Code on A: its stop at the boundary, after the pull, names Task 2.
  const c = await a.run({
    prompt: 'Execute the approved plan.',
    turns: [[say('Task 1 is done. I can continue with Task 2 next time.')]],
    afterLast: [say('(stopped)')],
    crashWhen: (e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === 'Stop',
  });
  const held = hookRuns(c, 'Stop')[0]?.output;
  assert.equal(held?.decision, 'block', timeline(c));
  assert.match(String(held?.reason), /Task 2 "Export endpoint" .* is the next task of the same plan/);
  const done = c.ledgerStatus.plan.tasks[0];
  assert.equal(done.state, 'complete');
  assert.match(String(done.recordedBy?.source), /^shared:/, 'recorded on B, taken in on A');
  assert.equal(done.recordedBy?.client, 'codex');
});
