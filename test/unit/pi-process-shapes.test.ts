// pi's process as /proc shows it (0.73.1, read from inside its own extension):
// `process.title = "pi"` writes over node's command line, so the executable is
// node and the only argument `pi`; comm is `pi`. The hook the extension runs
// is its child, in its session; a bash tool call runs in a session of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hookClient, startedInsideToolCall } from '../../src/hooks/trust/hook-client.js';
import { callerAgent, clientKind, describeClient, isAgentClient, type AncestorProcess } from '../../src/util/process-ancestry.js';

const PI: AncestorProcess = { pid: 16189, name: 'node', args: ['pi', '', '', ''], sid: 16189 };
const TEST_RUNNER: AncestorProcess = { pid: 16175, name: 'node', args: ['/usr/bin/node', '--test', 'x.ts'], sid: 100 };

test('pi is an agent client by its process title, and by its script or a compiled executable', () => {
  assert.ok(isAgentClient(PI));
  assert.equal(clientKind(PI), 'pi');
  assert.equal(describeClient(PI), 'pi (node, pid 16189)');
  assert.ok(isAgentClient({ pid: 2, name: 'node', args: ['node', '/usr/lib/node_modules/@mariozechner/pi-coding-agent/dist/cli.js', '-p', 'x'] }));
  assert.ok(isAgentClient({ pid: 3, name: 'pi', args: ['pi'] }));
  assert.equal(callerAgent([{ pid: 4, name: 'bash', args: ['bash', '-c', 'continuity approve'], sid: 4 }, PI, TEST_RUNNER]), 'pi');
});

test('names that only look alike are not pi', () => {
  assert.ok(!isAgentClient({ pid: 1, name: 'bash', args: ['pi'] }));
  assert.ok(!isAgentClient({ pid: 1, name: 'node', args: ['node', '/x/pi-notes/build.js'] }));
});

test("the extension's hook is pi's own; one piped in from a bash call is inside a tool call", () => {
  assert.deepEqual(hookClient([PI, TEST_RUNNER]), { client: 'pi (node, pid 16189)', nestedUnder: null });
  assert.equal(startedInsideToolCall([PI, TEST_RUNNER]), false);
  const bash: AncestorProcess = { pid: 16400, name: 'bash', args: ['/bin/bash', '-c', 'continuity hook pi < x.json'], sid: 16400 };
  assert.equal(startedInsideToolCall([bash, PI, TEST_RUNNER]), true);
});
