/**
 * What `continuity init --agent openclaw` changed in a gateway's config, and
 * for which projects. The config is the gateway's, shared by every
 * workspace it serves, so the record lives outside them, in continuity's
 * state home:
 *
 *   <state home>/openclaw/<pathKey of the config path>.json
 *     { v, config, created, edits, projects }
 *
 * `init --uninstall` in a project takes it off `projects`; the edits are
 * undone when the last project goes. Text in, text out; init does the I/O.
 */
import * as v from 'valibot';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathKey, stateHome } from '../ledger/recovery-copy.js';
import type { GatewayEdit } from './targets/openclaw.js';

const EditSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('member'), path: v.array(v.string()) }),
  v.strictObject({ kind: v.literal('value'), path: v.array(v.string()), before: v.string() }),
  v.strictObject({ kind: v.literal('allow') }),
]);

const RecordSchema = v.strictObject({
  v: v.literal(1),
  config: v.string(),
  /** init created the config file: it goes when nothing else is left in it. */
  created: v.boolean(),
  edits: v.array(EditSchema),
  projects: v.array(v.string()),
});
export type OpenClawRecord = v.InferOutput<typeof RecordSchema>;

export function openClawRecordPath(config: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(stateHome(env), 'openclaw', `${pathKey(resolve(config))}.json`);
}

/** The record in `text` for this config; null when there is none. Throws a one-line Error when it cannot be read (nothing is then changed). */
export function parseOpenClawRecord(text: string | null, config: string, file: string): OpenClawRecord | null {
  if (text === null) return null;
  let parsed;
  try {
    parsed = v.safeParse(RecordSchema, JSON.parse(text));
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
  if (!parsed.success) throw new Error(`${file} is not a record continuity wrote (${parsed.issues[0]?.message ?? 'invalid'})`);
  // Another config with the same key is another record.
  return parsed.output.config === resolve(config) ? parsed.output : null;
}

/** The record after init in `project`: its new edits (if any) added, the project listed once. */
export function withProject(record: OpenClawRecord | null, config: string, project: string, edits: readonly GatewayEdit[], created: boolean): OpenClawRecord {
  const base = record ?? { v: 1 as const, config: resolve(config), created, edits: [], projects: [] };
  return {
    ...base,
    edits: [...base.edits, ...edits],
    projects: base.projects.includes(project) ? base.projects : [...base.projects, project],
  };
}

export function renderOpenClawRecord(record: OpenClawRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** `continuity init --agent openclaw` set this project up on the gateway whose config is `config`: its record lists the project. */
export function openClawSetUpFor(root: string, config: string | null, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!config) return false;
  const file = openClawRecordPath(config, env);
  try {
    return parseOpenClawRecord(readFileSync(file, 'utf8'), config, file)?.projects.includes(root) ?? false;
  } catch {
    return false;
  }
}
