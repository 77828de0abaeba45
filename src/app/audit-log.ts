/**
 * The audit trail as `continuity log` lists it: each recorded event with
 * the verdict it carried (read from the answer that was actually given) and
 * what it was about (the tool and its target, the prompt, the boundary).
 */
import { isDigest } from '../ledger/audit-input.js';
import { isAbsolute, relative } from 'node:path';
import { describeBoundary } from '../domain/boundary-key.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { eventsNewestFirst, type EventFilter } from '../ledger/audit-query.js';
import type { EventRecord } from '../ledger/events.js';

/**
 * What an event decided, in one word:
 * - block    the answer was `decision: "block"` (a Stop kept going, a tool call's result sent back, a prompt refused);
 * - deny     a tool call was denied before it ran (`permissionDecision: "deny"`); `ask` and an explicit `allow` likewise;
 * - allow    a Stop, SubagentStop or tool call that continuity could have stopped and let go;
 * - context  something was said (added context, a message to the user) without stopping anything;
 * - none     nothing was said;
 * - refused  something only a person may do was refused (`approve` from an agent, a hook event piped in from
 *            inside the agent's sandbox), or a request the agent left in the inbox was not taken in;
 * - recorded a command recorded a fact (a task done, a plan imported, a closure, a replan), directly or
 *            through the inbox.
 */
export const VERDICTS = ['block', 'deny', 'ask', 'allow', 'context', 'none', 'refused', 'recorded'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Hook events whose call continuity can stop: when it does not, the verdict is `allow`. */
const GATES = new Set(['PreToolUse', 'PermissionRequest', 'Stop', 'SubagentStop']);

/** What a command records; a hook records them too, taking the agent's requests in from the inbox. */
const COMMAND_KINDS = new Set(['task.done', 'task.done.repeated', 'task.blocked', 'closure', 'replan', 'plan.import']);

export interface AuditEntry {
  id: number;
  at: string;
  source: string;
  kind: string;
  sessionId: string | null;
  /** The agent client it came from, `unknown` when not known. */
  client: string;
  verdict: Verdict;
  /** What the event was about, in a few words (null: nothing to name). */
  subject: string | null;
  input: unknown;
  decision: unknown;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
// A text the audit trail kept as a digest is shown by its head (src/ledger/audit-input.ts).
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : isDigest(v) && v.head ? `${v.head}…` : null);

export function verdictOf(e: Pick<EventRecord, 'kind' | 'source' | 'decision'>): Verdict {
  const d = obj(e.decision);
  const out = d.output === null || d.output === undefined ? null : obj(d.output);
  const permission = str(obj(out?.hookSpecificOutput).permissionDecision);
  if (permission === 'deny' || permission === 'ask' || permission === 'allow') return permission;
  if (out?.decision === 'block' || out?.continue === false) return 'block';
  if (d.action === 'refused') return 'refused';
  if (!e.source.startsWith('hook:') || COMMAND_KINDS.has(e.kind)) return 'recorded';
  if (GATES.has(e.kind)) return 'allow';
  const said = out && (str(obj(out.hookSpecificOutput).additionalContext) || str(out.systemMessage) || str(out.reason));
  return said ? 'context' : 'none';
}

/** A path as the project names it: relative to the root when inside it. */
function projectPath(path: string, root: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(root, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

function firstLine(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const first = (lines[0] ?? '').trim();
  return lines.length > 1 ? `${first} …` : first;
}

function toolSubject(input: Obj, root: string): string | null {
  const tool = str(input.tool_name);
  if (!tool) return null;
  const t = obj(input.tool_input);
  const path = str(t.file_path) ?? str(t.notebook_path) ?? str(t.path);
  const target = str(t.command) ?? str(t.description) ?? (path ? projectPath(path, root) : null) ?? str(t.pattern) ?? str(t.url) ?? str(t.query) ?? str(t.subagent_type);
  return target ? `${tool} ${firstLine(target)}` : tool;
}

/** What the event was about: the tool and its target, the prompt, the boundary, the task. */
export function subjectOf(e: Pick<EventRecord, 'kind' | 'input' | 'decision'>, root: string): string | null {
  const input = obj(e.input);
  const d = obj(e.decision);
  switch (e.kind) {
    case 'UserPromptSubmit': {
      const prompt = str(input.prompt);
      return prompt ? `"${firstLine(prompt)}"` : null;
    }
    case 'Stop':
      return describeBoundary(str(d.boundary));
    case 'SubagentStart':
    case 'SubagentStop':
      return [str(input.agent_type), str(input.agent_id)].filter(Boolean).join(' ') || null;
    case 'SessionStart':
      return str(input.source);
    case 'SessionEnd':
      return str(input.reason);
    case 'PreCompact':
      return str(input.trigger);
    case 'Notification':
      return str(input.message) ? firstLine(str(input.message)!) : null;
    case 'malformed-payload':
      return str(input.error);
    case 'task.done':
    case 'task.done.repeated':
    case 'task.blocked':
      return str(input.taskId) ? `Task ${str(input.taskId)}` : null;
    case 'replan':
      return str(input.fromTaskId) ? `after Task ${str(input.fromTaskId)}` : null;
    case 'closure':
      return str(input.state);
    case 'approve':
    case 'approve.refused':
      return str(input.planId) ?? str(d.planId);
    case 'refused':
    case 'request.refused':
      return str(input.command);
    case 'inbox.malformed':
      return str(input.file);
    case 'inbox.refused':
      return str(input.problem);
    default:
      return toolSubject(input, root) ?? str(d.path) ?? str(input.path);
  }
}

export function auditEntry(e: EventRecord, root: string): AuditEntry {
  return { id: e.id, at: e.at, source: e.source, kind: e.kind, sessionId: e.sessionId, client: e.client, verdict: verdictOf(e), subject: subjectOf(e, root), input: e.input, decision: e.decision };
}

export interface AuditFilter extends Omit<EventFilter, 'beforeId'> {
  verdicts?: readonly Verdict[];
}

/**
 * The newest `limit` events matching `filter`, oldest first. The verdict is
 * derived from each record, so it is filtered here, reading back a page at a time.
 */
export function readAuditLog(db: SqlDatabase, root: string, filter: AuditFilter): AuditEntry[] {
  const wanted = filter.verdicts?.length ? new Set(filter.verdicts) : null;
  const page = wanted ? Math.min(10_000, Math.max(200, filter.limit * 4)) : filter.limit;
  const found: AuditEntry[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const batch = eventsNewestFirst(db, { ...filter, limit: page, ...(beforeId === undefined ? {} : { beforeId }) });
    for (const e of batch) {
      const entry = auditEntry(e, root);
      if (!wanted || wanted.has(entry.verdict)) found.push(entry);
      if (found.length >= filter.limit) return found.reverse();
    }
    if (batch.length < page) return found.reverse();
    beforeId = batch[batch.length - 1]!.id;
  }
}
