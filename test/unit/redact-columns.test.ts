/**
 * Every record of the ledger that can quote the agent or a tool is stored
 * without its credentials (src/ledger/redact.ts): violations, notices,
 * closures, receipts, a task's evidence, pending actions, runs and their
 * attempts, as the events are. Read with a real ledger, its key made in
 * `.continuity/`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { appendEvent } from '../../src/ledger/events.js';
import { insertNotice } from '../../src/ledger/notices.js';
import { raisePendingActions, recordReplan } from '../../src/ledger/pending-actions.js';
import { insertReceipt } from '../../src/ledger/receipts.js';
import { marker } from '../../src/ledger/redact.js';
import { insertAttempt, insertRun, patchRun, resolveAttempt } from '../../src/ledger/runs.js';
import { insertClosure, insertViolation } from '../../src/ledger/sessions.js';
import { setTaskStatus } from '../../src/ledger/task-status.js';
import { withTestLedger } from '../helpers/ledger.js';

const TOKEN = 'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr6';
const words = (what: string) => `${what}: GH_TOKEN=${TOKEN} gh release create`;

test('violations, notices, closures, receipts, task evidence, pending actions, runs and attempts keep a marker, never the credential', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-redact-columns-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  await withTestLedger(root, (ledger) => {
    const at = '2026-11-26T08:00:00.000Z';
    ledger.write((db) => {
      const eventId = appendEvent(db, { at, source: 'cli', kind: 'test', sessionId: 's1', input: { command: words('event') }, decision: { action: 'recorded', why: words('decision') } });
      insertViolation(db, { at, sessionId: 's1', kind: 'guarded_write_denied', summary: words('violation'), eventId });
      insertNotice(db, { at, kind: 'approval', text: words('notice'), eventId });
      insertClosure(db, { state: 'blocked', reason: words('closure'), declaredAt: at, source: 'cli', sessionId: 's1', eventId });
      insertReceipt(db, { planId: 'p', fromTaskId: '1', nextTaskId: '2', dispatchedAt: at, channel: 'cli', evidence: words('receipt'), sessionId: 's1', eventId });
      setTaskStatus(db, 'p', { taskId: '1', state: 'blocked', at, eventId, source: 'cli', evidence: words('task') });
      raisePendingActions(db, 'p', '1', [{ id: 'pa-1', text: words('pending') }, { id: 'pa-2', text: 'rotate the key' }], { at, source: 'cli', summaryPath: null, eventId });
      recordReplan(db, 'p', { fromTaskId: '1', at, eventId, absorb: new Map(), drop: new Map([['pa-2', words('dropped')]]) });
      const run = insertRun(db, { sessionId: 's1', source: 'cli', toolUseId: null, childSessionKey: null, agentType: null, description: words('description'), brief: words('brief'), background: false, launched: true, dispatchAt: at, expectedBy: at, updatedAt: at });
      patchRun(db, run.id, { capturedResult: words('result'), updatedAt: at });
      const attempt = insertAttempt(db, { runId: run.runId, action: 'fetch_history', at, outcome: 'pending', channel: 'cli', detail: words('attempt') });
      resolveAttempt(db, attempt, 'failed', at, words('resolved'));
    });
    const tables = ['events', 'violations', 'notices', 'closures', 'receipts', 'task_status', 'pending_actions', 'runs', 'run_attempts'];
    for (const table of tables) assert.ok(!JSON.stringify(ledger.db.all(`SELECT * FROM ${table}`)).includes(TOKEN), `${table} holds the token`);
    const key = readFileSync(join(root, '.continuity', 'redaction.key'), 'utf8').trim();
    const mark = marker('github', TOKEN, key);
    for (const table of tables) assert.ok(JSON.stringify(ledger.db.all(`SELECT * FROM ${table}`)).includes(mark), `${table} holds its marker`);
    // The records stay readable as what they were: the marker in the place of the token only.
    assert.equal(ledger.db.get<{ summary: string }>('SELECT summary FROM violations')?.summary, `violation: GH_TOKEN=${mark} gh release create`);
    assert.equal(ledger.db.get<{ id: string }>("SELECT id FROM pending_actions WHERE task_id = '1' ORDER BY id LIMIT 1")?.id, 'pa-1', 'a pending action keeps its own id');
  });
});
