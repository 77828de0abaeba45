/**
 * Which of continuity's records outside the projects may go (`continuity gc`).
 * Pure: the facts of each record are gathered by src/app/recovery-gc.ts.
 *
 * A recovery copy (src/ledger/recovery-copy.ts) is what brings a project's
 * ledger back when it is deleted; a guarded-workspace record
 * (src/ledger/guarded-workspaces.ts) is what makes the hooks fail closed when
 * both are gone. So:
 *
 *   - a project folder that no longer exists needs neither;
 *   - a copy taken of another folder that once stood at the same path (the
 *     folder was deleted and made again) is never restored: it goes;
 *   - a project with a ledger, or whose own settings wire continuity's hooks,
 *     keeps its copy (a wired project without its ledger is one the copy must
 *     restore);
 *   - a project with neither keeps its copy while it is recent (a plugin enabled
 *     for every project wires no project file, and its ledger may just have
 *     been deleted), and loses it after COPY_IDLE_DAYS;
 *   - the guarded-workspace record of a project that still exists is never
 *     removed: it is what makes a guarded workspace whose copy and ledger are
 *     gone fail closed.
 */
export const COPY_IDLE_DAYS = 7;

export interface CopyFacts {
  /** The project folder the copy's head names exists. */
  rootExists: boolean;
  /** It is the folder the copy was taken of (not another one made at the same path). */
  sameFolder: boolean;
  ledger: boolean;
  wiring: boolean;
  /** When the copy was last renewed (ms), or NaN when its head cannot be read. */
  renewedAtMs: number;
}

export type GcVerdict = { remove: false; why: string } | { remove: true; why: string };

export function copyVerdict(f: CopyFacts, nowMs: number): GcVerdict {
  if (!f.rootExists) return { remove: true, why: 'the project folder no longer exists' };
  if (!f.sameFolder) return { remove: true, why: 'the folder at that path is not the one the copy was taken of' };
  if (f.ledger) return { remove: false, why: 'the project has its ledger' };
  if (f.wiring) return { remove: false, why: "the project's settings run continuity's hooks: the copy restores its ledger" };
  if (!(nowMs - f.renewedAtMs > COPY_IDLE_DAYS * 86_400_000)) return { remove: false, why: `no ledger and no wiring, but renewed within ${COPY_IDLE_DAYS} days` };
  return { remove: true, why: `no ledger, no continuity wiring, and not renewed for ${COPY_IDLE_DAYS} days` };
}

/** A guarded-workspace record goes only with its folder. */
export function recordVerdict(rootExists: boolean): GcVerdict {
  return rootExists ? { remove: false, why: 'the workspace exists: the record keeps its hooks failing closed should its ledger and copy go' } : { remove: true, why: 'the workspace folder no longer exists' };
}
