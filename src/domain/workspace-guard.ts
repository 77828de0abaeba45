/**
 * What a hook does in a workspace, from what is on disk: continuity's ledger
 * in it, the recovery copy outside it, and whether continuity remembers
 * guarding it (a record kept outside the workspace, src/ledger/guarded-workspaces.ts).
 * A workspace continuity guarded whose ledger and copy are both gone is not
 * one that never had continuity: it fails closed and says so, never silence.
 * Pure.
 */
export type WorkspaceGuard =
  /** The ledger is there: the rules decide. */
  | 'ledger'
  /** The ledger is gone and its copy is there: it is restored, then the rules decide. */
  | 'restore'
  /** `.continuity/` without a ledger in a workspace never guarded: the ledger is started. */
  | 'start'
  /** Guarded once, the ledger and its copy both gone: nothing is enforced; calls that could write are denied, and the person is told at every call. */
  | 'lost'
  /** continuity was never enabled here: nothing is opened, written or said. */
  | 'not-enabled';

export interface WorkspaceFacts {
  /** `.continuity/` exists. */
  folder: boolean;
  /** The ledger file exists in it. */
  ledger: boolean;
  /** A recovery copy of this workspace's ledger exists. */
  recoveryCopy: boolean;
  /** continuity remembers guarding this workspace. */
  remembered: boolean;
}

export function workspaceGuard(f: WorkspaceFacts): WorkspaceGuard {
  if (f.folder && f.ledger) return 'ledger';
  if (f.recoveryCopy) return 'restore';
  if (f.remembered) return 'lost';
  return f.folder ? 'start' : 'not-enabled';
}
