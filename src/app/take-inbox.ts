/**
 * The hook's side of the inbox: requests the agent's own continuity commands
 * left while the ledger was read-only to them (inside the agent's sandbox).
 * Each file is claimed (renamed, so no two hooks take the same one), checked
 * against the schema, and applied with the agent's rights only: a task done
 * or blocked, a closure, a replan, a plan imported as a draft. A record of a
 * refused command (an approval, a hook event piped in, init) becomes a
 * violation the person is told of. Whatever the file says, nothing in it can
 * approve a plan or change what continuity guards.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { Config } from '../config/schema.js';
import { CliError } from '../util/errors.js';
import { appendEvent } from '../ledger/events.js';
import { inboxProblem, readRequest, removeRequest } from '../ledger/inbox.js';
import { INBOX_DIR } from '../ledger/ledger-dir.js';
import type { Ledger } from '../ledger/ledger.js';
import { insertViolation } from '../ledger/sessions.js';
import { clientOf } from '../ledger/event-client.js';
import { inFlightBash } from '../ledger/tool-calls.js';
import { clientOfInboxRequest, sessionOfCommand, UNKNOWN_CLIENT } from '../domain/command-origin.js';
import { describeIssue } from '../util/validation.js';
import { AgentRequestSchema, applyRequest, commandOf } from './agent-requests.js';

const line = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));

export const InboxRecordSchema = v.pipe(
  v.strictObject({
    v: v.literal(1),
    at: v.pipe(v.string(), v.maxLength(64)),
    sessionId: v.nullable(v.pipe(v.string(), v.maxLength(200))),
    // The client the command saw above itself; taken only where the ledger bears it out (clientOfInboxRequest).
    client: v.optional(v.pipe(v.string(), v.maxLength(40))),
    request: v.optional(AgentRequestSchema),
    // `within`: where the refused command ran: the agent's sandbox (the default), or one of its tool calls where no sandbox stands.
    refused: v.optional(v.strictObject({ command: line, why: line, within: v.optional(v.picklist(['sandbox', 'tool-call'])) })),
  }),
  v.check((r) => (r.request === undefined) !== (r.refused === undefined), 'a record holds either a request or a refusal'),
);

export type InboxRecord = v.InferOutput<typeof InboxRecordSchema>;

/** The violation a refused command leaves, by what it tried. */
function refusalKind(command: string): string {
  if (/\bapprove\b/.test(command)) return 'approval_forgery';
  if (/\bhook\b/.test(command)) return 'forged_hook_event';
  if (/\binit\b/.test(command)) return 'hook_wiring_change';
  return 'refused_in_sandbox';
}

export interface InboxOutcome {
  /** For the agent's context: what was recorded, or why a request was not. */
  agentLines: string[];
  /** For the person: attempts refused inside the sandbox, and files that were not requests. */
  userLines: string[];
}

/**
 * Takes in the named requests (pendingRequests), in order. Each is applied
 * in its own transactions, with its own event; one that fails leaves nothing
 * and is reported. Removed from the inbox whatever happens to it.
 */
export async function takeInbox(ledger: Ledger, names: readonly string[], ctx: { root: string; config: Config; now: string; source: string; sessionId: string | null }): Promise<InboxOutcome> {
  const out: InboxOutcome = { agentLines: [], userLines: [] };
  const problem = inboxProblem(ctx.root);
  if (problem) {
    // Nothing is read or removed through a link: it could lead anywhere.
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: ctx.now, source: ctx.source, kind: 'inbox.refused', sessionId: ctx.sessionId, input: { problem }, decision: { action: 'ignored' } });
      insertViolation(db, { at: ctx.now, sessionId: ctx.sessionId, kind: 'inbox_tampered', summary: `${problem}; its requests were ignored`, eventId });
    });
    out.userLines.push(`continuity: ${problem}; requests there are ignored until it is a plain folder again.`);
    return out;
  }
  for (const name of names) {
    const claimed = claim(ctx.root, name);
    if (!claimed) continue;
    try {
      await takeOne(ledger, claimed, name, ctx, out);
    } finally {
      removeRequest(ctx.root, claimed);
    }
  }
  return out;
}

/** Renames the file out of the way: only the hook whose rename succeeds takes it. */
function claim(root: string, name: string): string | null {
  const claimed = `.taken-${process.pid}-${name}`;
  try {
    renameSync(join(root, INBOX_DIR, name), join(root, INBOX_DIR, claimed));
    return claimed;
  } catch {
    return null;
  }
}

async function takeOne(ledger: Ledger, file: string, name: string, ctx: { root: string; config: Config; now: string; source: string; sessionId: string | null }, out: InboxOutcome): Promise<void> {
  const read = readRequest(ctx.root, file);
  let record: InboxRecord | null = null;
  let why = read.ok ? '' : read.why;
  if (read.ok) {
    try {
      const parsed = v.safeParse(InboxRecordSchema, JSON.parse(read.text));
      if (parsed.success) record = parsed.output;
      else why = describeIssue(parsed.issues);
    } catch {
      why = 'it is not JSON';
    }
  }
  if (!record) {
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: ctx.now, source: ctx.source, kind: 'inbox.malformed', sessionId: ctx.sessionId, input: { file: name, text: read.ok ? read.text.slice(0, 2048) : null }, decision: { action: 'refused', why } });
      insertViolation(db, { at: ctx.now, sessionId: ctx.sessionId, kind: 'malformed_request', summary: `${INBOX_DIR}/${name} was not a request continuity writes (${why}); removed`, eventId });
    });
    out.userLines.push(`continuity: ${INBOX_DIR}/${name} was not a request continuity writes (${why}); it was removed and recorded.`);
    return;
  }
  const hookClient = clientOf({ source: ctx.source });
  const inFlight = inFlightBash(ledger.db, Date.parse(ctx.now));
  const client = clientOfInboxRequest(record.client, hookClient, inFlight, record.sessionId);
  // A client the ledger does not bear out discredits the session named with it; the hook's own session only for its own client's request.
  const contradicted = !!record.client && record.client !== UNKNOWN_CLIENT && record.client !== client;
  const sessionId = contradicted ? null : (record.sessionId ?? (client === hookClient ? ctx.sessionId : sessionOfCommand(inFlight, client)));
  if (record.refused) {
    const { command, why: refusal } = record.refused;
    const kind = refusalKind(command);
    const within = record.refused.within === 'tool-call' ? 'inside one of its tool calls' : 'inside its sandbox';
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: ctx.now, source: ctx.source, kind: 'refused', sessionId, client, input: { command, why: refusal, attemptedAt: record.at, via: 'inbox' }, decision: { action: 'refused' } });
      insertViolation(db, { at: ctx.now, sessionId, kind, summary: `${command} refused ${within.replace('its', "the agent's")}: ${refusal}`, eventId });
    });
    out.userLines.push(`continuity: the agent ran "${command}" ${within}; it was refused (${refusal}) and recorded.`);
    return;
  }
  const request = record.request!;
  const command = commandOf(request);
  try {
    const applied = await applyRequest(ledger, request, { root: ctx.root, config: ctx.config, now: ctx.now, source: ctx.source, sessionId, client, via: 'inbox' });
    out.agentLines.push(`continuity recorded "${command}" (run in the agent's sandbox): ${applied.line.replace(/\n/g, ' ')}`);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    const message = err.message.split('\n')[0] ?? '';
    ledger.write((db) => appendEvent(db, { at: ctx.now, source: ctx.source, kind: 'request.refused', sessionId, client, input: { command, request, via: 'inbox' }, decision: { action: 'refused', why: message } }));
    out.agentLines.push(`continuity did not record "${command}": ${message}.`);
  }
}
