// A client's part of the hand-over played from a recording (OpenClaw's, whose
// hooks run in its gateway's process: openclaw-part.ts): the hook payloads
// the client sends (shaped as captured from the real client), each given to
// `continuity hook <agent>` in a process of its own, as the client runs its
// hooks; and the request its `continuity task done N` left for the hooks to
// take in, as the command does where the ledger is read-only to it (inside
// the agent's sandbox). The client is never taken from that file's word: the
// hook that takes it in is the client's own.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { AgentRequestSchema } from '../../app/agent-requests.js';
import { writeRequest } from '../../ledger/inbox.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { describeIssue } from '../../util/validation.js';
import { OpenClawPart } from './openclaw-part.js';
import type { RealClientId } from './story.js';

const Step = v.union([v.object({ hook: v.looseObject({ hook_event_name: v.string() }) }), v.object({ request: AgentRequestSchema })]);
const Part = v.object({
  client: v.string(),
  version: v.string(),
  sessionId: v.string(),
  /** Fields every payload of the client carries (`timestamp: "now"` is the time of the call). */
  base: v.record(v.string(), v.unknown()),
  steps: v.array(Step),
});
const Recording = v.object({ title: v.string(), parts: v.object({ 'claude-code': Part, codex: Part, gemini: Part, openclaw: OpenClawPart }) });
export type RecordedPart = v.InferOutput<typeof Part>;
export type Recording = v.InferOutput<typeof Recording>;

export function loadRecording(path: string): Recording {
  const result = v.safeParse(Recording, JSON.parse(readFileSync(path, 'utf8')));
  if (!result.success) throw new CliError(`demo fixture ${path}: ${describeIssue(result.issues)}`, ExitCode.internal);
  return result.output;
}

/** The hook command of each client, as `continuity init` wires it. */
const HOOK_AGENT: Readonly<Record<RealClientId, string>> = { 'claude-code': 'claude-code', codex: 'codex', gemini: 'gemini' };

export interface PlayedPart {
  /** What continuity answered the client's first hook call (its SessionStart): the context the client puts in front of its model. */
  firstAnswer: string;
  /** Hook calls that exited with an error. */
  failed: string[];
}

export function playRecordedPart(o: { client: RealClientId; part: RecordedPart; self: string[]; project: string; home: string; env: NodeJS.ProcessEnv }): PlayedPart {
  const played: PlayedPart = { firstAnswer: '', failed: [] };
  for (const step of o.part.steps) {
    if ('request' in step) {
      // What the agent's command left in the inbox (src/cli/requests.ts writes the same record).
      writeRequest(o.project, { v: 1, at: new Date().toISOString(), sessionId: o.part.sessionId, client: o.client, request: step.request });
      continue;
    }
    const base = Object.fromEntries(Object.entries(o.part.base).map(([k, val]) => [k, val === 'now' ? new Date().toISOString() : val]));
    const payload = { session_id: o.part.sessionId, transcript_path: join(o.home, 'transcripts', `${o.part.sessionId}.jsonl`), cwd: o.project, ...base, ...step.hook };
    const r = spawnSync(o.self[0]!, [...o.self.slice(1), 'hook', HOOK_AGENT[o.client]], { cwd: o.project, input: JSON.stringify(payload), encoding: 'utf8', env: o.env });
    if (r.status !== 0 && r.status !== 2) played.failed.push(`${step.hook.hook_event_name}: exit ${r.status ?? r.signal}: ${(r.stderr || '').trim().split('\n').pop() ?? ''}`);
    if (step.hook.hook_event_name === 'SessionStart' && !played.firstAnswer) played.firstAnswer = r.stdout;
  }
  return played;
}
