/**
 * Assesses 10,000 mixed runs in-process (every status and ladder rung) and
 * reports the median of 11 passes after 3 warm-up passes. The watchdog runs
 * inside hook calls, so a full ledger of runs has to be assessed well under
 * 50 ms. Five runs in eight get an owner report, the costly part.
 *   node --import tsx bench/watchdog.ts
 */
import { assessRuns, type RecoveryAttempt, type WatchdogRun, type WatchdogStatus } from '../src/domain/watchdog.js';
import { inProcessMedian } from './measure.js';

const RUNS = 10_000;
const PASSES = 11;
const WARMUP = 3;
const POLICY = { forwardGraceSeconds: 60 };
const NOW = Date.parse('2026-04-24T12:00:00Z');

export function benchWatchdog(): { runs: number; medianMs: number } {
  const runs = generateRuns(RUNS);
  const seen = new Set<WatchdogStatus>(assessRuns(runs, NOW, POLICY).map((a) => a.status));
  if (seen.size !== 6) throw new Error(`expected all six statuses in the mix, saw ${[...seen].join(', ')}`);
  const medianMs = inProcessMedian(() => void assessRuns(runs, NOW, POLICY), PASSES, WARMUP);
  return { runs: RUNS, medianMs: Math.round(medianMs * 100) / 100 };
}

/**
 * A deterministic mix of runs dispatched over the last four hours, in every
 * state. Every record carries every field (null where nothing is known), as a
 * projection of the ledger's runs table would.
 */
export function generateRuns(count: number): WatchdogRun[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const runs: WatchdogRun[] = [];
  for (let i = 0; i < count; i++) {
    const dispatch = NOW - ((i * 7919) % (4 * 3600)) * 1000;
    const after = (minutes: number) => iso(dispatch + minutes * 60_000);
    const failed = (action: RecoveryAttempt['action'], minutes: number): RecoveryAttempt => ({ action, at: after(minutes), outcome: 'failed' });
    let expectedBy = iso(dispatch + (5 + (i % 40)) * 60_000);
    let completionReceivedAt: string | null = null;
    let forwardedToMain = false;
    let resultSource: string | null = null;
    let childDone = false;
    let childDoneAt: string | null = null;
    let capturedResult: string | null = null;
    let recoveryAttempts: RecoveryAttempt[] = [];
    switch (i % 8) {
      case 0: // completed
        [completionReceivedAt, forwardedToMain, resultSource, childDone, childDoneAt] = [after(3), true, 'announce', true, after(3)];
        break;
      case 1: // recovered by respawn
        [completionReceivedAt, forwardedToMain, resultSource] = [after(50), true, 'respawn'];
        recoveryAttempts = [failed('fetch_history', 46), { action: 'respawn', at: after(47), outcome: 'delivered' }];
        break;
      case 2: // done, not forwarded
        [childDone, childDoneAt, capturedResult] = [true, after(2), 'result text'];
        break;
      case 3: // one failed recovery
        recoveryAttempts = [failed('fetch_history', 46)];
        break;
      case 4: // blocked
        recoveryAttempts = [failed('fetch_history', 46), failed('respawn', 47)];
        break;
      case 5: // a pending respawn
        recoveryAttempts = [failed('fetch_history', 46), { action: 'respawn', at: after(47), outcome: 'pending' }];
        break;
      case 6: // the SLA is an hour away: active
        expectedBy = iso(NOW + 3600_000);
        break;
      default: // nothing known
        break;
    }
    runs.push({
      runId: `r-${i}`,
      childSessionKey: `agent:${((i * 2654435761) >>> 0).toString(16)}`,
      dispatchAt: iso(dispatch),
      expectedBy,
      completionReceivedAt,
      forwardedToMain,
      resultSource,
      childDone,
      childDoneAt,
      capturedResult,
      recoveryAttempts,
    });
  }
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(benchWatchdog()));
}
