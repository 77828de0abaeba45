/**
 * The exchange with the shared ledger as `status` shows it: this machine's
 * name, the last pass that reached the database (or since when none has),
 * and how many events wait to go. Read from the ledger's cursor and the sync
 * process's stamp file; never from the database (status must answer offline).
 */
import type { Config } from '../config/schema.js';
import type { Ledger } from '../ledger/ledger.js';
import { outboxSize, readSharedCursor } from '../ledger/shared-cursor.js';
import { describeAddress } from '../shared/address.js';
import { readStamp, runningSyncPid } from '../shared/sync-files.js';

export interface SharedStatus {
  address: string;
  machine: string | null;
  lastSyncAt: string | null;
  offlineSince: string | null;
  error: string | null;
  backlog: number;
  syncProcess: boolean;
}

export function sharedStatus(ledger: Ledger, config: Config, env: NodeJS.ProcessEnv): SharedStatus | undefined {
  if (!config.shared) return undefined;
  const cursor = readSharedCursor(ledger.db);
  const stamp = readStamp(ledger.root, env);
  // The stamp is the sync process's latest word; the ledger's cursor keeps what the last pass that changed it said.
  const lastSyncAt = [stamp?.reached ? stamp.at : null, cursor?.lastSyncAt ?? null].filter((x): x is string => !!x).sort().pop() ?? null;
  const offline = stamp ? (!stamp.reached ? { since: stamp.offlineSince, error: stamp.error } : null) : cursor?.offlineSince ? { since: cursor.offlineSince, error: cursor.lastError } : null;
  return {
    address: describeAddress(config.shared),
    machine: cursor?.machine ?? null,
    lastSyncAt,
    offlineSince: offline?.since ?? null,
    error: offline?.error ?? null,
    backlog: cursor ? outboxSize(ledger.db, cursor.pushedEvent) : 0,
    syncProcess: runningSyncPid(ledger.root, env) !== null,
  };
}
