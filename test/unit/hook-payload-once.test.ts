/**
 * A known event's payload checked once, by its own schema
 * (src/hooks/hook-payload.ts validateEventPayload), held to the check in
 * order (the shared fields, then the event's own) over generated payloads:
 * the same output, key for key and in the same order, and the same one-line
 * error for every payload refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as v from 'valibot';
import { validateEventPayload, validateInOrder } from '../../src/hooks/hook-payload.js';
import { EVENT_SCHEMAS, GenericPayload } from '../../src/hooks/payload.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  'session_id', 'session_id', 'hook_event_name', 'transcript_path', 'cwd', 'permission_mode', 'tool_name', 'tool_input', 'tool_use_id', 'tool_response', 'error', 'prompt',
  'stop_hook_active', 'last_assistant_message', 'background_tasks', 'agent_id', 'agent_type', 'agent_transcript_path', 'source', 'reason', 'trigger', 'custom_instructions', 'message', 'extra',
];
const VALUES: unknown[] = ['x', 's-1', '', 0, 1.5, -1, true, false, null, undefined, {}, { command: 'ls' }, { a: [1] }, [], ['x'], [{}]];
const EVENTS: unknown[] = [...Object.keys(EVENT_SCHEMAS), ...Object.keys(EVENT_SCHEMAS), 'Unknown', '', 5, null, 'constructor', '__proto__', 'hasOwnProperty', 'toString'];

type Outcome = { output: unknown; keys: string } | { error: string };
function outcome(f: () => unknown): Outcome {
  try {
    const output = f();
    return { output, keys: JSON.stringify(output) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

function payloads(seed: number, n: number): unknown[] {
  const next = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const out: unknown[] = [null, 'PreToolUse', 5, [], [{ session_id: 's', hook_event_name: 'Stop' }], { session_id: 's', hook_event_name: 'Stop' }];
  for (let i = 0; i < n; i++) {
    const o: Record<string, unknown> = {};
    // Most payloads valid in their shared fields, so that the events' own are reached.
    if (next() < 0.8) o.session_id = next() < 0.9 ? 's' : pick(VALUES);
    if (next() < 0.95) o.hook_event_name = pick(EVENTS);
    const extra = Math.floor(next() * 6);
    for (let j = 0; j < extra; j++) o[pick(FIELDS)] = pick(VALUES);
    if (next() < 0.5) o.tool_name = next() < 0.8 ? 'Bash' : pick(VALUES);
    if (next() < 0.3) o.prompt = next() < 0.8 ? 'go on' : pick(VALUES);
    // Keys in any order: the output's order is compared too.
    out.push(next() < 0.5 ? o : Object.fromEntries(Object.entries(o).reverse()));
  }
  return out;
}

test("Claude Code's payloads: checked once or in order, the same output and the same error", () => {
  let accepted = 0;
  let refused = 0;
  for (const data of payloads(3, 20000)) {
    const once = outcome(() => validateEventPayload(data, GenericPayload, EVENT_SCHEMAS, ''));
    assert.deepStrictEqual(once, outcome(() => validateInOrder(data, GenericPayload, EVENT_SCHEMAS, '')), JSON.stringify(data));
    if ('error' in once) refused++;
    else accepted++;
  }
  assert.ok(accepted > 2000 && refused > 2000, `${accepted} accepted, ${refused} refused`);
});

test('an event schema that does not hold the shared fields by their own schemas is checked in order', () => {
  const common = { session_id: v.pipe(v.string(), v.minLength(1)), hook_event_name: v.string() };
  const shared = v.looseObject(common);
  const events = {
    // Looser than the shared schema on a shared field: what it accepts the shared one may refuse.
    Loose: v.looseObject({ ...common, session_id: v.optional(v.string()) }),
    Same: v.looseObject({ ...common, n: v.optional(v.number()) }),
    Strict: v.strictObject({ ...common }),
  };
  const strictShared = v.strictObject(common);
  for (const data of [{ hook_event_name: 'Loose' }, { session_id: '', hook_event_name: 'Loose' }, { session_id: 's', hook_event_name: 'Same', n: 'x' }, { session_id: 's', hook_event_name: 'Strict', x: 1 }, { session_id: 's', hook_event_name: 'Same', x: 1 }]) {
    for (const c of [shared, strictShared]) {
      assert.deepStrictEqual(outcome(() => validateEventPayload(data, c as never, events, 'T')), outcome(() => validateInOrder(data, c as never, events, 'T')), JSON.stringify(data));
    }
  }
  assert.throws(() => validateEventPayload({ hook_event_name: 'Loose' }, shared as never, events, 'T'), /invalid T payload: session_id: missing/);
  assert.throws(() => validateEventPayload({ session_id: 's', hook_event_name: 'Same', x: 1 }, strictShared as never, events, 'T'), /invalid T payload: x: unknown key/);
});
