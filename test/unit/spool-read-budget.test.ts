/**
 * The spool's reading budget (src/ledger/spool.ts): an opening stops reading
 * spool files once its time is up, but always reads the first
 * SPOOL_READ_UNTIMED, so a process the machine held up for a moment still
 * takes in the few events a session's last calls spooled; past them, a flood
 * still waits for the next openings. The clock is an argument: each reading
 * of it here is a second later than the one before.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ingestSpool, spoolEvent, SPOOL_INGEST_BUDGET_MS, SPOOL_READ_UNTIMED, countSpooled } from '../../src/ledger/spool.js';
import { tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

function spooled(project: string, n: number): void {
  for (let i = 0; i < n; i++) spoolEvent(join(project, '.continuity'), { at: new Date(Date.UTC(2026, 11, 2, 0, 0, 0, i)).toISOString(), source: 'hook:claude-code', kind: 'PostToolUse', sessionId: 's', input: { i } });
}

/** A clock that has moved a second at each reading. */
function slowClock(): () => number {
  let t = 0;
  return () => (t += 1000);
}

test('a few spooled events are all taken in by one opening, however long the machine held the process between two files', async () => {
  assert.ok(1000 > SPOOL_INGEST_BUDGET_MS);
  const project = tempProject();
  const l = await openLedger(project, true);
  try {
    spooled(project, 4);
    const taken = ingestSpool(join(project, '.continuity'), (fn) => l.write(fn), { clock: slowClock() });
    assert.equal(taken, 4);
    assert.equal(countSpooled(join(project, '.continuity')), 0);
  } finally {
    l.close();
  }
});

test('past the untimed files, an opening whose time is up leaves the rest to the next', async () => {
  const project = tempProject();
  const l = await openLedger(project, true);
  try {
    spooled(project, SPOOL_READ_UNTIMED + 20);
    const taken = ingestSpool(join(project, '.continuity'), (fn) => l.write(fn), { clock: slowClock() });
    assert.equal(taken, SPOOL_READ_UNTIMED);
    assert.equal(countSpooled(join(project, '.continuity')), 20);
  } finally {
    l.close();
  }
});
