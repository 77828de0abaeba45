/**
 * Ways round continuity on OpenCode 1.18.33 through what OpenCode itself
 * loads from the project and the home: a plugin or a custom tool (run in
 * OpenCode's process, as the person, outside the wall), a command or an agent
 * with its own permissions, a config key that starts a process (an MCP
 * server, a formatter). Each played with OpenCode's own payloads in a project
 * wired by `continuity init --agent opencode`: its write tool, and its bash
 * tool through the Pre hook, the wall's command run for real, the Post hook.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { events, HOOKS_ONLY_CONFIG, violations } from '../helpers/agent-hook.js';
import { fileWrite, hidden, shellCall, wiredProject } from '../helpers/ways-round.js';

test("OpenCode's write tool: a plugin, a custom tool, a command, an agent or a config of its own in .opencode/ or in the home's config folder is refused, in every path form", () => {
  const w = wiredProject('opencode');
  const paths = [
    '.opencode/plugins/other.js',
    './.opencode/plugin/other.ts',
    join(w.project, '.opencode/tool/run.ts'),
    '.opencode/tools/run.ts',
    '.opencode/command/ship.md',
    '.opencode/agent/free.md',
    '.opencode/opencode.json',
    '.opencode/package.json',
    join(w.home, '.config/opencode/plugins/other.js'),
    join(w.home, '.config/opencode/opencode.json'),
    join(w.home, '.config/opencode/tools/run.ts'),
  ];
  for (const path of paths) assert.match(String(fileWrite(w, path)), /is guarded: the agent's client loads code|is guarded: it wires/, path);
  assert.equal(fileWrite(w, 'src/app.ts'), null);
  assert.ok(violations(w.project).some((v) => v.kind === 'guarded_write_denied' && v.summary.includes('.config/opencode/tools/run.ts')));
});

test('OpenCode: an opencode.json made inside the wall that starts an MCP server or a formatter is taken away by the Post hook, and the agent reads why', () => {
  const w = wiredProject('opencode');
  const config = JSON.stringify({ mcp: { helper: { type: 'local', command: ['node', 'server.js'] } }, formatter: { x: { command: ['sh', 'fmt.sh'], extensions: ['.ts'] } } });
  const r = shellCall(w, hidden(join(w.project, 'opencode.json'), config));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(existsSync(join(w.project, 'opencode.json')), false);
  assert.match(r.after, /opencode\.json \(created; removed\)/);
});

test("OpenCode (hooks only): a person's opencode.json keeps their keys when a script adds an MCP server to it; only the server is put back", () => {
  const w = wiredProject('opencode', HOOKS_ONLY_CONFIG);
  const path = join(w.project, 'opencode.json');
  const mine = `${JSON.stringify({ $schema: 'https://opencode.ai/config.json', theme: 'dark' }, null, 2)}\n`;
  writeFileSync(path, mine);
  // The first call takes the person's file as it is.
  assert.equal(shellCall(w, 'true').status, 0);
  const r = shellCall(w, hidden(path, JSON.stringify({ $schema: 'https://opencode.ai/config.json', theme: 'light', mcp: { helper: { type: 'local', command: ['node', 'server.js'] } } })));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { $schema: 'https://opencode.ai/config.json', theme: 'light' });
  assert.match(r.after, /put back: opencode\.json/);
});

test('OpenCode: inside the wall a plugin, a custom tool or a config cannot be written into .opencode/ or the home\'s config folder, names built at run time', () => {
  const w = wiredProject('opencode');
  for (const path of ['.opencode/plugins/other.js', '.opencode/tools/run.ts', '.opencode/opencode.json', join(w.home, '.config/opencode/plugins/other.js')]) {
    const abs = path.startsWith('/') ? path : join(w.project, path);
    const r = shellCall(w, hidden(abs, 'export default async () => ({})'));
    assert.notEqual(r.status, 0, path);
    assert.equal(existsSync(abs), false, path);
  }
});

/** What the person was told: the notices the hooks' answers carried. */
async function notices(project: string): Promise<string[]> {
  return (await events(project)).map((e) => JSON.stringify(e.decision ?? {})).filter((d) => d.includes('outside the agent'));
}

test("OpenCode (hooks only): a plugin a script drops into .opencode/plugins/ unseen is taken away after the call and kept aside; one the person adds between calls stays, named to them", async () => {
  const w = wiredProject('opencode', HOOKS_ONLY_CONFIG);
  assert.equal(shellCall(w, 'true').status, 0);
  const agents = join(w.project, '.opencode/plugins/other.js');
  const r = shellCall(w, hidden(agents, 'export const Other = async () => ({});\n'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(existsSync(agents), false);
  assert.match(r.after, /\.opencode\/plugins\/other\.js \(created; removed\)/);
  assert.ok(readdirSync(join(w.project, '.continuity', 'replaced'), { recursive: true }).some((f) => String(f).includes('other.js')));
  // The person's own plugin, added at their terminal between two calls.
  const theirs = join(w.project, '.opencode/plugins/mine.js');
  writeFileSync(theirs, 'export const Mine = async () => ({});\n');
  const next = shellCall(w, 'true');
  assert.equal(next.status, 0);
  assert.equal(shellCall(w, 'true').status, 0);
  assert.equal(readFileSync(theirs, 'utf8'), 'export const Mine = async () => ({});\n');
  assert.match(JSON.stringify(await notices(w.project)), /\.opencode\/plugins\/mine\.js appeared outside the agent's tool calls; OpenCode loads it and runs it as you/);
});
