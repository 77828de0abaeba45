// One installer at a time, for the scripts that install clients into
// node_modules/.cache (test files run in parallel processes, each may ask
// first): a lock folder beside the target, taken over when older than
// staleMs (its owner died).
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs fn holding `${dir}.lock`; waiting longer than waitMs calls timedOut (which throws) with a one-line message. */
export function withInstallLock(dir, fn, { staleMs, waitMs = staleMs, timedOut }) {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lock).mtimeMs > staleMs) rmSync(lock, { recursive: true, force: true });
      } catch {}
      if (Date.now() - started > waitMs) timedOut(`timed out waiting for another install (lock ${lock})`);
      sleep(1000);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
