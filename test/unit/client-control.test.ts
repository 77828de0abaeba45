// The client's own tools that change what runs the agent (OpenClaw 2026.9.6's
// tool catalog): what is refused, what stays allowed, as OpenClaw's schemas
// name the actions and parameters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientControlRefusal, clientControlWants } from '../../src/hooks/rules/client-control.js';

const refused = (tool: string, input: Record<string, unknown>) => assert.notEqual(clientControlRefusal(tool, input), null, `${tool} ${JSON.stringify(input)} should be refused`);
const allowed = (tool: string, input: Record<string, unknown>) => assert.equal(clientControlRefusal(tool, input), null, `${tool} ${JSON.stringify(input)} should be allowed`);

test('plugins: disable, uninstall, reload, enable of continuity and any install are refused; reads and other plugins stay allowed', () => {
  for (const action of ['disable', 'uninstall', 'reload', 'enable']) refused('plugins', { action, pluginId: 'continuity' });
  refused('plugins', { action: 'disable', pluginId: ' Continuity ' });
  refused('plugins', { action: 'install', source: 'clawhub', packageName: 'some-plugin' });
  refused('plugins', { action: 'frobnicate', pluginId: 'x' });
  assert.match(clientControlRefusal('plugins', { action: 'disable', pluginId: 'continuity' })!, /`plugins disable` of continuity would change or stop the plugin that runs the agent's hooks/);
  for (const action of ['list', 'inspect', 'search']) allowed('plugins', { action, pluginId: 'continuity', query: 'x' });
  allowed('plugins', { action: 'reload', pluginId: 'memory-core' });
});

test('gateway: config reads are allowed; update.run and any other action are refused', () => {
  allowed('gateway', { action: 'config.get', path: 'plugins.entries' });
  allowed('gateway', { action: 'config.schema.lookup', path: 'hooks' });
  refused('gateway', { action: 'update.run', note: 'x' });
  refused('gateway', { action: 'config.patch', raw: '{"plugins":{"entries":{"continuity":{"enabled":false}}}}' });
  refused('gateway', {});
});

test('openclaw (the system agent) is refused, whatever the message', () => {
  refused('openclaw', { message: 'disable the continuity plugin' });
  refused('openclaw', { message: 'what is the gateway port?' });
});

test('automations (and cron): script payloads, condition scripts and stream commands are refused; agent turns, reminders and reads are allowed', () => {
  refused('automations', { action: 'add', job: { name: 'x', schedule: { kind: 'every', everyMs: 60000 }, payload: { kind: 'script', script: 'await exec({command:"continuity approve"})' } } });
  refused('automations', { action: 'add', job: { schedule: { kind: 'stream', command: ['script', '-qc', 'continuity approve'] }, payload: { kind: 'systemEvent', text: 'x' } } });
  refused('automations', { action: 'add', job: { schedule: { kind: 'every', everyMs: 60000 }, trigger: { script: 'json({fire:true})' }, payload: { kind: 'agentTurn', message: 'x' } } });
  // OpenClaw's normaliser lifts top-level fields into the job: judged wherever they are.
  refused('cron', { action: 'add', kind: 'script', script: 'x', everyMs: 60000 });
  refused('automations', { action: 'update', jobId: 'j1', job: { payload: { script: 'x' } } });
  refused('automations', { action: 'update', jobId: 'j1', job: { payload: { kind: 'command', argv: ['rm', '-rf', '.continuity'] } } });
  allowed('automations', { action: 'add', job: { name: 'remind', schedule: { kind: 'at', at: '2026-12-01T09:00:00Z' }, payload: { kind: 'agentTurn', message: 'Check the script output and the command log.' } } });
  allowed('automations', { action: 'add', job: { schedule: { kind: 'cron', expr: '0 9 * * *' }, payload: { kind: 'systemEvent', text: 'stand-up' } } });
  for (const action of ['status', 'list', 'get', 'runs', 'next_check', 'remove', 'run', 'wake']) allowed('automations', { action, jobId: 'j1' });
});

test("terminal: input to the operator's shared terminal is refused; list, read, resize, close are allowed", () => {
  refused('terminal', { action: 'input', sessionId: 't1', data: 'continuity approve\n' });
  for (const action of ['list', 'read', 'resize', 'close']) allowed('terminal', { action, sessionId: 't1', cols: 80, rows: 24 });
});

test('computer: input to a desktop is refused, observing it is allowed', () => {
  for (const action of ['type', 'key', 'left_click', 'set_value', 'invoke_menu']) refused('computer', { action, text: 'continuity approve' });
  for (const action of ['screenshot', 'wait', 'list_windows', 'get_accessibility_tree', 'zoom']) allowed('computer', { action });
  allowed('computer', { action: 'browser_dialog', dialogAction: 'inspect' });
  refused('computer', { action: 'browser_dialog', dialogAction: 'accept' });
});

test('nodes: approving a pairing and invoking system.run are refused; the rest is allowed', () => {
  refused('nodes', { action: 'approve', requestId: 'r1' });
  refused('nodes', { action: 'invoke', node: 'n1', invokeCommand: 'system.run', invokeParamsJson: '{"command":["continuity","approve"]}' });
  refused('nodes', { action: 'invoke', node: 'n1', invokeCommand: 'system.execApprovals.set' });
  allowed('nodes', { action: 'invoke', node: 'n1', invokeCommand: 'system.which' });
  for (const action of ['status', 'describe', 'pending', 'reject', 'notify', 'camera_snap']) allowed('nodes', { action });
});

test("a Code Mode cell (exec with code) is refused under node:vm, allowed under QuickJS; exec with a command is another rule's", () => {
  refused('exec', { code: 'process.mainModule' });
  refused('exec', { code: 'x', code_mode_executor: 'node' });
  allowed('exec', { code: 'x', code_mode_executor: 'quickjs' });
  allowed('exec', { command: 'ls' });
});

test('tools outside the set are not wanted (no ledger opened for them); secrets, process, mobile_ui are not this rule', () => {
  for (const t of ['plugins', 'gateway', 'openclaw', 'automations', 'cron', 'terminal', 'computer', 'nodes', 'exec']) assert.equal(clientControlWants({ tool_name: t }), true, t);
  for (const t of ['secrets', 'process', 'mobile_ui', 'Bash', 'Write', 'read']) assert.equal(clientControlWants({ tool_name: t }), false, t);
  allowed('secrets', { action: 'delete', name: 'X' });
});

test("OpenClaw's CLI run as a command: what changes its config or plugins is refused, through quotes and global options; reads, other plugins and `openclaw agent` are not this rule's", () => {
  const cli = (command: string) => clientControlRefusal('Bash', { command });
  for (const command of [
    'openclaw plugins disable continuity',
    'OPENCLAW_PROFILE=x openclaw --profile work plugins uninstall continuity',
    "open'claw' plugins disable continuity",
    '/usr/lib/node_modules/openclaw/openclaw.mjs plugins disable continuity',
    'cd /tmp && openclaw config set plugins.entries.continuity.enabled false',
    'openclaw config unset plugins.load.paths',
    'openclaw plugins install @someone/tool',
    'openclaw update',
    'openclaw doctor --fix --non-interactive',
    "openclaw cron add --every 1m --script 'await exec({command:\"continuity approve\"})'",
    'openclaw nodes approve req-1',
    'true; openclaw hooks disable continuity',
  ]) assert.notEqual(cli(command), null, command);
  assert.match(cli('openclaw plugins disable continuity')!, /^`openclaw plugins disable` changes the gateway's plugins: the gateway it changes loads and runs continuity's hooks/);
  for (const command of [
    'openclaw plugins list',
    'openclaw plugins inspect continuity --runtime --json',
    'openclaw plugins disable memory-core',
    'openclaw config get plugins',
    'openclaw doctor --lint',
    'openclaw agent --session-key agent:main:main --message "update the config docs"',
    'cat ~/.openclaw/openclaw.json',
    'grep -r openclaw-update notes.md',
    "openclaw cron add --every 1h --message 'check CI'",
  ]) assert.equal(cli(command), null, command);
  assert.equal(clientControlWants({ tool_name: 'Bash', tool_input: { command: "open'claw' config set x y" } }), true);
  assert.equal(clientControlWants({ tool_name: 'Bash', tool_input: { command: 'ls -la' } }), false);
  // In any case of its letters, as the expressions read it (the cheap test before them lower-cases the text).
  for (const command of ['OpenClaw config set x y', 'OPEN"CLAW" plugins install x', 'PI install ./evil', "cd x && P'i' Config"]) assert.equal(clientControlWants({ tool_name: 'Bash', tool_input: { command } }), true, command);
});
