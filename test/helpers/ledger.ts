import { Ledger } from '../../src/ledger/ledger.js';

/** Opens a project's ledger in-process (the driver follows the runtime, as in the CLI). */
export async function openLedger(root: string, create = false): Promise<Ledger> {
  return Ledger.open(root, { create });
}

export async function withTestLedger<T>(root: string, fn: (l: Ledger) => T | Promise<T>): Promise<T> {
  const ledger = await openLedger(root, true);
  try {
    return await fn(ledger);
  } finally {
    ledger.close();
  }
}
