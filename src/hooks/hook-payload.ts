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
 *
 * An event's schema that holds the shared fields by the very schemas the
 * shared one does (`...common`) accepts only payloads the shared one accepts,
 * and its output is what this returns: such an event is checked once, by its
 * own schema (in the compiled hook each valibot step run costs its first use).
 * A payload that schema refuses is checked in the order above, for the same
 * one-line error.
 */
export function validateEventPayload<G extends { hook_event_name: string }>(
  data: unknown,
  common: v.GenericSchema<unknown, G>,
  events: Readonly<Record<string, v.GenericSchema>>,
  agent: string,
): G {
  const named = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as { hook_event_name?: unknown }).hook_event_name : undefined;
  if (typeof named === 'string' && named !== '' && Object.prototype.hasOwnProperty.call(events, named)) {
    const schema = events[named]!;
    if (holdsCommon(common, schema)) {
      const full = v.safeParse(schema, data);
      if (full.success) return full.output as G;
    }
  }
  return validateInOrder(data, common, events, agent);
}

/** The shared fields, then the event's own: what a payload is checked by when its event's schema refuses it, for the error. */
export function validateInOrder<G extends { hook_event_name: string }>(
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

interface ObjectSchemaShape {
  type?: string;
  entries?: Record<string, unknown>;
}

/** Does the event's object schema check every shared field by the shared object schema's own entry (which the shared one then accepts whenever it does)? */
function holdsCommon(common: v.GenericSchema, event: v.GenericSchema): boolean {
  const c = common as ObjectSchemaShape;
  const e = event as ObjectSchemaShape;
  // A strict shared schema refuses keys a loose event schema lets through; any other kind of schema (a pipe, a union) is not looked into.
  if ((c.type !== 'loose_object' && c.type !== 'object') || !c.entries) return false;
  if ((e.type !== 'loose_object' && e.type !== 'object' && e.type !== 'strict_object') || !e.entries) return false;
  for (const k in c.entries) if (e.entries[k] !== c.entries[k]) return false;
  return true;
}
