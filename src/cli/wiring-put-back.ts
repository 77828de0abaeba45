import { hookConfig } from '../app/hook-config.js';
import { saveHotState } from '../app/hot-state.js';
import { snapshotPaths } from '../app/guard.js';
import { repairWiring, wiringAdoptedWords, wiringRepairWords } from '../hooks/wiring-repair.js';
import { appendEvent } from '../ledger/events.js';
import { Ledger } from '../ledger/ledger.js';
import { insertNotice } from '../ledger/notices.js';
import { insertViolation } from '../ledger/sessions.js';
import { WIRING_RESTORED } from '../hooks/render/wiring-words.js';

/**
 * Puts back what changed in the hook wiring since continuity last ran (see
 * wiring-watch.ts) and records it: the words said, or null when the change
 * was only the person's own and wired nothing differently (kept, unsaid).
 */
export async function putBackWiring(root: string, env: NodeJS.ProcessEnv, now: string): Promise<string | null> {
  const ledger = await Ledger.open(root, { create: false, env });
  try {
    const { config } = await hookConfig(root, ledger);
    const repair = repairWiring(ledger.db, root, config, snapshotPaths(null, config, root, env, ledger.db), { now });
    const changed = [...repair.restored, ...repair.unrestorable];
    const words = changed.length ? wiringRepairWords(repair) : null;
    const kept = repair.adopted.length ? wiringAdoptedWords(repair.adopted) : null;
    ledger.write((db) => {
      repair.persist(db, now);
      if (kept) {
        const eventId = appendEvent(db, { at: now, source: 'cli', kind: 'wiring-check', sessionId: null, input: { paths: repair.adopted.map((a) => a.path) }, decision: { action: 'adopted', wiringAdopted: repair.adopted } });
        insertNotice(db, { at: now, kind: 'wiring-adopted', text: kept.replace(/continuity: /g, ''), eventId });
      }
      if (!words) return;
      const eventId = appendEvent(db, { at: now, source: 'cli', kind: 'wiring-check', sessionId: null, input: { paths: changed }, decision: { action: 'reverted', restored: repair.restored, unrestorable: repair.unrestorable, ...(repair.kept.length ? { replacedVersions: repair.kept } : {}) } });
      insertViolation(db, { at: now, sessionId: null, kind: WIRING_RESTORED, summary: `hook wiring changed outside a hook: ${changed.join('; ')}`, eventId });
      insertNotice(db, { at: now, kind: 'wiring-restored', text: words.replace(/^continuity: /, ''), eventId });
    });
    saveHotState(ledger, config);
    return [words, kept].filter((x) => x !== null).join(' ') || null;
  } finally {
    ledger.close();
  }
}
