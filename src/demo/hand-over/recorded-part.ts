// A client's part of the hand-over played from a recording (OpenClaw's, whose
// hooks run in its gateway's process: openclaw-part.ts): the hook payloads
// the client sends (shaped as captured from the real client), each given to
// `continuity hook <agent>` in a process of its own, as the client runs its
// hooks; and the request its `continuity task done N` left for the hooks to
// take in, as the command does where the ledger is read-only to it (inside
// the agent's sandbox). The client is never taken from that file's word: the
// hook that takes it in is the client's own. Copilot CLI's Stop names the
// session's record instead of carrying the turn's last answer: a
// `transcript` step appends the recorded lines of that record first.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { AgentRequestSchema } from '../../app/agent-requests.js';
import { writeRequest } from '../../ledger/inbox.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { describeIssue } from '../../util/validation.js';
import { OpenClawPart } from './openclaw-part.js';
import type { RealClientId } from './story.js';

const Step = v.union([
  v.object({ hook: v.looseObject({ hook_event_name: v.string() }) }),
  v.object({ request: AgentRequestSchema }),
  /** Lines of the client's own session record, appended before the next hook call reads it (a field `"now"`, as in `base`). */
  v.object({ transcript: v.array(v.record(v.string(), v.unknown())) }),
]);
const Part = v.object({
  client: v.string(),
  version: v.string(),
  sessionId: v.string(),
  /** Fields every payload of the client carries (`timestamp: "now"` is the time the part is played). */
  base: v.record(v.string(), v.unknown()),
  steps: v.array(Step),
});
const Recording = v.object({ title: v.string(), parts: v.object({ 'claude-code': Part, codex: Part, gemini: Part, pi: Part, copilot: Part, opencode: Part, openclaw: OpenClawPart }) });
export type RecordedPart = v.InferOutput<typeof Part>;
export type Recording = v.InferOutput<typeof Recording>;

export function loadRecording(path: string): Recording {
  const result = v.safeParse(Recording, JSON.parse(readFileSync(path, 'utf8')));
  if (!result.success) throw new CliError(`demo fixture ${path}: ${describeIssue(result.issues)}`, ExitCode.internal);
  return result.output;
}

/** The hook command of each client, as `continuity init` wires it. */
const HOOK_AGENT: Readonly<Record<RealClientId, string>> = { 'claude-code': 'claude-code', codex: 'codex', gemini: 'gemini', pi: 'pi', copilot: 'copilot', opencode: 'opencode' };

/** The hook call each client's session starts with: continuity's answer to it is what the client puts before its model first. */
export const FIRST_HOOK: Readonly<Record<RealClientId, string>> = { 'claude-code': 'SessionStart', codex: 'SessionStart', gemini: 'SessionStart', pi: 'session_start', copilot: 'SessionStart', opencode: 'session.created' };

export interface PlayedPart {
  /** What continuity answered the client's first hook call (its session start): the context the client puts in front of its model. */
  firstAnswer: string;
  /** Hook calls that exited with an error. */
  failed: string[];
}

export function playRecordedPart(o: { client: RealClientId; part: RecordedPart; self: string[]; project: string; home: string; env: NodeJS.ProcessEnv }): PlayedPart {
  const played: PlayedPart = { firstAnswer: '', failed: [] };
  // Copilot CLI keeps its record where its Stop names it; the others' recorded calls name a file of the demo's home.
  const transcript = o.client === 'copilot' ? join(o.home, '.copilot', 'session-state', o.part.sessionId, 'events.jsonl') : join(o.home, 'transcripts', `${o.part.sessionId}.jsonl`);
  // One instant for the whole part: Copilot CLI writes its Stop's time into the record's hook.start of that stop, which is how the hook tells its own stop from an earlier one.
  const now = new Date().toISOString();
  const timed = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).map(([k, val]) => [k, val === 'now' ? now : val]));
  for (const step of o.part.steps) {
    if ('request' in step) {
      // What the agent's command left in the inbox (src/cli/requests.ts writes the same record).
      writeRequest(o.project, { v: 1, at: new Date().toISOString(), sessionId: o.part.sessionId, client: o.client, request: step.request });
      continue;
    }
    if ('transcript' in step) {
      mkdirSync(dirname(transcript), { recursive: true });
      appendFileSync(transcript, step.transcript.map((line) => `${JSON.stringify(timed(line))}\n`).join(''));
      continue;
    }
    const base = timed(o.part.base);
    const payload = framed(o.client, { sessionId: o.part.sessionId, transcript, project: o.project }, { ...base, ...step.hook });
    const r = spawnSync(o.self[0]!, [...o.self.slice(1), 'hook', HOOK_AGENT[o.client]], { cwd: o.project, input: JSON.stringify(payload), encoding: 'utf8', env: o.env });
    if (r.status !== 0 && r.status !== 2) played.failed.push(`${step.hook.hook_event_name}: exit ${r.status ?? r.signal}: ${(r.stderr || '').trim().split('\n').pop() ?? ''}`);
    if (step.hook.hook_event_name === FIRST_HOOK[o.client] && !played.firstAnswer) played.firstAnswer = r.stdout;
  }
  return played;
}

/**
 * A recorded hook call with the fields its client adds to every call, under
 * the client's own names: OpenCode's plugin names the folder it was loaded
 * for and the session inside `input`; Copilot CLI names the session record
 * only in its Stop; the others send the session, its record and the folder.
 */
function framed(client: RealClientId, s: { sessionId: string; transcript: string; project: string }, hook: Record<string, unknown>): Record<string, unknown> {
  if (client === 'opencode') {
    const input = (hook.input && typeof hook.input === 'object' ? hook.input : {}) as Record<string, unknown>;
    return { ...hook, directory: s.project, input: { ...input, sessionID: s.sessionId } };
  }
  if (client === 'copilot') return { session_id: s.sessionId, cwd: s.project, ...hook, ...(hook.hook_event_name === 'Stop' ? { transcript_path: s.transcript } : {}) };
  return { session_id: s.sessionId, transcript_path: s.transcript, cwd: s.project, ...hook };
}
