// OpenClaw's processes as /proc shows them (captured from the real gateway,
// 2026.9.6, started by `openclaw gateway run`), recognised as an agent client:
// the gateway (its process title over node's command line), the spawn broker
// that starts exec's shells, the shell an exec runs in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentClients, describeClient, isAgentClient, type AncestorProcess } from '../../src/util/process-ancestry.js';
import { agentShellMarker } from '../../src/cli/agent-shell.js';

const NODE = '/opt/openclaw/node-24.21.0/node_modules/node/bin/node';
/** /proc/<pid>/cmdline of the gateway: "openclaw-gateway" then NULs (node writes the title over argv). */
const GATEWAY: AncestorProcess = { pid: 27224, name: 'node', args: ['openclaw-gateway'] };
const BROKER: AncestorProcess = { pid: 28568, name: 'node', args: [NODE, '/opt/openclaw/2026.9.6/node_modules/openclaw/dist/process/spawn-broker/worker.js'] };
const EXEC_SHELL: AncestorProcess = { pid: 29390, name: 'bash', args: ['/bin/bash', '--noprofile', '--norc', '-c', "if [ -r '/home/op/.openclaw/cache/shell-snapshots/x.sh' ]; then . '/home/op/.openclaw/cache/shell-snapshots/x.sh'; fi\neval 'continuity approve'"] };

test('the gateway is an agent client by its process title, whatever folder OpenClaw is installed in', () => {
  assert.ok(isAgentClient(GATEWAY));
  assert.equal(describeClient(GATEWAY), 'openclaw-gateway (node, pid 27224)');
  // Every CLI command titles itself openclaw-<command>.
  assert.ok(isAgentClient({ pid: 2, name: 'node', args: ['openclaw-agent'] }));
  assert.ok(isAgentClient({ pid: 3, name: 'node', args: ['openclaw-cron'] }));
  // The spawn broker runs OpenClaw's own script.
  assert.ok(isAgentClient(BROKER));
  assert.ok(isAgentClient({ ...BROKER, args: [NODE, '/srv/lib/node_modules/openclaw/dist/process/spawn-broker/worker.js'] }));
});

test("a command an exec (or an automation's script) runs has OpenClaw among its ancestors", () => {
  const chain = [{ pid: 30001, name: 'script', args: ['script', '-qc', 'continuity approve'] }, EXEC_SHELL, BROKER, GATEWAY, { pid: 27112, name: 'node', args: ['/usr/bin/node', '--test', 'x.ts'] }];
  assert.deepEqual(agentClients(chain).map((p) => p.pid), [28568, 27224]);
  // A stream job's command is the gateway's own child.
  assert.deepEqual(agentClients([{ pid: 5, name: 'sh', args: ['sh', '-c', 'continuity approve'] }, GATEWAY]).map((p) => p.pid), [27224]);
});

test('names that only look alike are not OpenClaw', () => {
  assert.ok(!isAgentClient({ pid: 1, name: 'node', args: ['node', '/x/openclaw-notes/build.js'] }));
  assert.ok(!isAgentClient({ pid: 1, name: 'bash', args: ['bash', 'openclaw-gateway.sh'] }));
  assert.ok(!isAgentClient({ pid: 1, name: 'node', args: ['node', 'openclaw-gateway'] }));
});

test("exec's marker variable (OPENCLAW_SHELL=exec) is an agent shell's marker", () => {
  assert.equal(agentShellMarker({ OPENCLAW_SHELL: 'exec' }), 'OPENCLAW_SHELL');
  assert.equal(agentShellMarker({ OPENCLAW_CONFIG_PATH: '/x' }), null);
});
