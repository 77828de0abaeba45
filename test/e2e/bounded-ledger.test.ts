/**
 * The audit trail keeps what happened, not what the agent wrote: Write calls
 * through the real CLI leave no file content beyond the documented head in
 * the ledger, the spool or anything under continuity's state folder; a long
 * session of 2,500 Write calls (driven through the hook's in-process entry,
 * the same handlePayload the CLI runs) leaves a bounded ledger, a recovery
 * copy no larger than it, and never more than a bounded spool backlog
 * (5,000 events: many times the backlog's bound, and a ledger whose size per
 * event is that of a long session; bench/ledger-growth.ts takes it to a
 * million events).
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { handlePayload, validatePayload } from '../../src/hooks/handle.js';
import { AUDIT_HEAD } from '../../src/ledger/audit-input.js';
import { countSpooled, SPOOL_BACKLOG_MAX } from '../../src/ledger/spool.js';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { hook, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n### Task 1: One\n\nDo it.\n\n### Task 2: Two\n\nDo that.\n';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map((n) => join(dir, String(n))).filter((p) => statSync(p).isFile());
  } catch {
    return [];
  }
}

function sizeOf(dir: string): number {
  return filesUnder(dir).reduce((n, f) => n + statSync(f).size, 0);
}

/** A 4 KB file's content whose marker sits past the head the audit trail keeps. */
function body(marker: string, i: number): string {
  return `// file ${i}\n${'x'.repeat(AUDIT_HEAD)}${marker}${'y'.repeat(4096 - AUDIT_HEAD - marker.length - 12)}`;
}

function writeCall(project: string, i: number, content: string, session = 'session-bounded-1'): [Record<string, unknown>, Record<string, unknown>] {
  const common = { session_id: session, transcript_path: join(project, 'transcript.jsonl'), cwd: project, permission_mode: 'default', tool_name: 'Write', tool_use_id: `toolu_01bounded${String(i).padStart(6, '0')}` };
  const tool_input = { file_path: join(project, 'src', `file-${i}.ts`), content };
  return [
    { ...common, hook_event_name: 'PreToolUse', tool_input },
    { ...common, hook_event_name: 'PostToolUse', tool_input, tool_response: { type: 'create', filePath: tool_input.file_path, content, structuredPatch: [], originalFile: null } },
  ];
}

test('Write calls through the real CLI leave no content past the head in the ledger, the spool or the state folder; log shows the digest', () => {
  const state = mkdtempSync(join(tmpdir(), 'continuity-bounded-state-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  const env = { CONTINUITY_STATE_HOME: state };
  const project = tempProject({ 'docs/plan.md': PLAN, '.env': 'API_KEY=sk-live-SECRET-ENV-MARKER-991\n' });
  assert.equal(runCli(['plan', 'import', 'docs/plan.md'], { cwd: project, env }).code, 0);
  const marker = 'SECRET-WRITE-MARKER-4417';
  for (let i = 0; i < 12; i++) {
    for (const call of writeCall(project, i, body(marker, i))) {
      const { session_id: _s, transcript_path: _t, cwd: _c, permission_mode: _p, ...fields } = call;
      const r = hook(project, fields, { sessionId: 'session-bounded-1', env });
      assert.equal(r.code, 0, r.stderr);
    }
  }
  // An .env read whole by Bash: its output is a tool result, kept as a digest like any other.
  const cat = { tool_name: 'Bash', tool_use_id: 'toolu_cat', tool_input: { command: 'cat .env' } };
  assert.equal(hook(project, { hook_event_name: 'PreToolUse', ...cat }, { env }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'PostToolUse', ...cat, tool_response: { stdout: `${'#'.repeat(300)}\nAPI_KEY=sk-live-SECRET-ENV-MARKER-991\n`, stderr: '' } }, { env }).code, 0);
  // Calls that decided nothing wait in the spool, which holds no more than the ledger will.
  const spooled = filesUnder(join(project, '.continuity', 'spool')).map((f) => readFileSync(f));
  assert.ok(spooled.length > 0, 'some calls were spooled');
  for (const bytes of spooled) assert.ok(!bytes.includes(marker) && !bytes.includes('SECRET-ENV-MARKER'), 'a spool file holds written content');
  const log = runCli(['log', '--json', '--limit', '5'], { cwd: project, env });
  assert.equal(log.code, 0, log.stderr);
  const entries = log.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; input: Record<string, any> });
  const post = entries.find((e) => e.kind === 'PostToolUse' && e.input.tool_name === 'Write')!;
  assert.deepEqual(Object.keys(post.input.tool_input.content).sort(), ['$sha256', 'bytes', 'head']);
  assert.equal(post.input.tool_input.content.bytes, Buffer.byteLength(body(marker, 11)));
  const text = runCli(['log', '--limit', '40'], { cwd: project, env });
  assert.match(text.stdout, /Write .*content: sha256/);
  for (const file of [...filesUnder(join(project, '.continuity')), ...filesUnder(state)]) {
    const bytes = readFileSync(file);
    assert.ok(!bytes.includes(marker), `${file} holds written content`);
    assert.ok(!bytes.includes('SECRET-ENV-MARKER'), `${file} holds the .env's content`);
  }
});

test('2,500 Write calls of 4 KB: a ledger under the bound, a recovery copy no larger, never more than the spool backlog bound', async (t) => {
  const state = mkdtempSync(join(tmpdir(), 'continuity-bounded-state-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  const project = tempProject({ 'docs/plan.md': PLAN });
  const env = { ...process.env, CONTINUITY_STATE_HOME: state, CLAUDE_PROJECT_DIR: project };
  assert.equal(runCli(['plan', 'import', 'docs/plan.md'], { cwd: project, env }).code, 0);
  const marker = 'SECRET-WRITE-MARKER-8812';
  const start = Date.parse('2026-01-01T00:00:00Z');
  let most = 0;
  for (let i = 0; i < 2_500; i++) {
    for (const call of writeCall(project, i, body(marker, i))) {
      const now = new Date(start + i * 1000).toISOString();
      await handlePayload(validatePayload(call), { env, now, fallbackCwd: project, source: 'hook:claude-code' });
      if (i % 25 === 0) most = Math.max(most, countSpooled(join(project, '.continuity')));
    }
  }
  assert.ok(most <= SPOOL_BACKLOG_MAX, `the spool held ${most} files`);
  const status = runCli(['status', '--json'], { cwd: project, env });
  assert.equal(status.code, 0, status.stderr);
  const ledgerBytes = sizeOf(join(project, '.continuity'));
  const copyBytes = sizeOf(recoveryDirOf(project, env));
  // Each Write call is two events (PreToolUse, PostToolUse): 5,000 events of about 260 bytes each here (215 at 20,000, where the fixed tables weigh less), where they were 4.7 KB
  // unbounded, 660 bytes before schema 10 and 320 before schema 11 packed the inputs (an event with an empty input takes
  // about 60 bytes of row and index: docs/status-and-log.md#what-the-audit-trail-keeps).
  t.diagnostic(`ledger ${ledgerBytes} bytes, recovery copy ${copyBytes} bytes, at most ${most} spool files seen`);
  assert.ok(ledgerBytes < 1_500_000, `the ledger is ${ledgerBytes} bytes`);
  assert.ok(copyBytes <= ledgerBytes, `the recovery copy is ${copyBytes} bytes, the ledger ${ledgerBytes}`);
  for (const file of [...filesUnder(join(project, '.continuity')), ...filesUnder(state)]) assert.ok(!readFileSync(file).includes(marker), `${file} holds written content`);
});
