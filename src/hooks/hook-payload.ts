import * as v from 'valibot';
import { describeIssue } from '../util/validation.js';

/** A hook payload that is not what the agent's protocol documents: one line, never a block. */
export class PayloadError extends Error {
  override name = 'PayloadError';
}

/** Raw stdin → the decoded JSON value. */
export function decodePayload(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new PayloadError(`payload is not JSON (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * Checks a decoded payload as every agent's adapter does: the fields all its
 * events share, then, for an event it knows, that event's own. `agent` names
 * the protocol in the messages ('' for Claude Code's own).
 */
export function validateEventPayload<G extends { hook_event_name: string }>(
  data: unknown,
  common: v.GenericSchema<unknown, G>,
  events: Readonly<Record<string, v.GenericSchema>>,
  agent: string,
): G {
  const of = agent ? `${agent} ` : '';
  const base = v.safeParse(common, data);
  if (!base.success) throw new PayloadError(`invalid ${of}payload: ${describeIssue(base.issues)}`);
  const event = base.output.hook_event_name;
  const schema = Object.prototype.hasOwnProperty.call(events, event) ? events[event] : undefined;
  if (!schema) return base.output;
  const full = v.safeParse(schema, data);
  if (!full.success) throw new PayloadError(`invalid ${of}${event} payload: ${describeIssue(full.issues)}`);
  return full.output as G;
}
