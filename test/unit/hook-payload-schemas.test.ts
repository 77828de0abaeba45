// Claude Code's payload schemas: each event's is built at its first use and then kept, so a hook call builds only its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENT_SCHEMAS, isKnownEvent } from '../../src/hooks/payload.js';
import { PayloadError, validatePayload } from '../../src/hooks/handle.js';

test("each event's schema is built when first read, and the same one after", () => {
  for (const name of Object.keys(EVENT_SCHEMAS)) {
    assert.equal(typeof Object.getOwnPropertyDescriptor(EVENT_SCHEMAS, name)?.get, 'function', name);
    assert.ok(isKnownEvent(name));
    assert.equal(EVENT_SCHEMAS[name as keyof typeof EVENT_SCHEMAS], EVENT_SCHEMAS[name as keyof typeof EVENT_SCHEMAS], name);
  }
  assert.deepEqual(Object.keys(EVENT_SCHEMAS).sort(), ['Notification', 'PostToolUse', 'PostToolUseFailure', 'PreCompact', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'UserPromptSubmit']);
});

test('a payload is checked against its event schema as before', () => {
  const common = { session_id: 's', cwd: '/p' };
  assert.deepEqual(validatePayload({ ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash' }), { ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {} });
  assert.deepEqual(validatePayload({ ...common, hook_event_name: 'Stop', extra: 1 }), { ...common, hook_event_name: 'Stop', stop_hook_active: false, extra: 1 });
  assert.deepEqual(validatePayload({ ...common, hook_event_name: 'SessionStart' }), { ...common, hook_event_name: 'SessionStart', source: 'startup' });
  assert.throws(() => validatePayload({ ...common, hook_event_name: 'PreToolUse' }), PayloadError);
  assert.throws(() => validatePayload({ ...common, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: 'x' }), PayloadError);
  assert.throws(() => validatePayload({ ...common, hook_event_name: 'UserPromptSubmit' }), PayloadError);
  assert.throws(() => validatePayload({ session_id: '', hook_event_name: 'Stop' }), PayloadError);
  // An event continuity does not know: the common fields only.
  assert.deepEqual(validatePayload({ ...common, hook_event_name: 'Whatever', x: 1 }), { ...common, hook_event_name: 'Whatever', x: 1 });
});
