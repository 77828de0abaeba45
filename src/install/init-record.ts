/**
 * What init changed besides its hooks, per agent: kept in `.continuity/`
 * (out of the agent's reach) so that `init --uninstall` takes out exactly
 * that and a later init can drop what the config no longer asks for.
 * Text in, text out; init does the file I/O.
 */
import * as v from 'valibot';
import { WallRecordSchema, type WallRecord } from './targets/claude-code-wall.js';
import { LEDGER_DIR } from '../ledger/ledger-dir.js';

export const INIT_RECORD_PATH = `${LEDGER_DIR}/init-record.json`;

const InitRecordSchema = v.strictObject({
  v: v.literal(1),
  'claude-code': v.optional(v.strictObject({ settingsFile: v.string(), wall: WallRecordSchema })),
});
type InitRecord = v.InferOutput<typeof InitRecordSchema>;

/** The record's wall for Claude Code; null when there is none or it cannot be read (nothing is known then). */
export function wallRecordOf(text: string | null): WallRecord | null {
  if (text === null) return null;
  try {
    const parsed = v.safeParse(InitRecordSchema, JSON.parse(text));
    return parsed.success ? (parsed.output['claude-code']?.wall ?? null) : null;
  } catch {
    return null;
  }
}

/** The record's text with the Claude Code wall set (or taken out with null); null when nothing is left to record. */
export function withWallRecord(text: string | null, settingsFile: string, wall: WallRecord | null): string | null {
  let record: InitRecord = { v: 1 };
  if (text !== null) {
    try {
      const parsed = v.safeParse(InitRecordSchema, JSON.parse(text));
      if (parsed.success) record = parsed.output;
    } catch {
      // unreadable: started again
    }
  }
  const empty = !wall || (wall.added.length === 0 && wall.changed.length === 0 && wall.entries.length === 0);
  if (empty) delete record['claude-code'];
  else record['claude-code'] = { settingsFile, wall };
  return Object.keys(record).length > 1 ? `${JSON.stringify(record, null, 2)}\n` : null;
}
