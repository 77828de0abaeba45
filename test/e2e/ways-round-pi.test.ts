/**
 * Ways round continuity on pi 0.73.1 through what pi itself loads: an
 * extension or a package's code (run in pi's process, as the person, outside
 * the wall), the settings that name them, and `models.json`, whose
 * `!command` keys pi runs through a shell as the person. Each played with
 * pi's own payloads in a project wired by `continuity init --agent pi`: its
 * write tool, and its bash tool through the Pre hook, the wall's command run
 * for real, the Post hook.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOOKS_ONLY_CONFIG } from '../helpers/agent-hook.js';
import { fileWrite, hidden, shellCall, wiredProject } from '../helpers/ways-round.js';

test("pi's write tool: a package's code under .pi/, and models.json or a package in pi's agent folder, are refused, in every path form", () => {
  const w = wiredProject('pi');
  const paths = [
    '.pi/npm/node_modules/helper/index.ts',
    join(w.project, '.pi/git/github.com/someone/helper/index.ts'),
    './.pi/prompts/../extensions/other.ts',
    join(w.home, '.pi/agent/models.json'),
    join(w.home, '.pi/agent/git/github.com/someone/helper/index.ts'),
  ];
  for (const path of paths) assert.match(String(fileWrite(w, path, '{"providers":{"x":{"apiKey":"!sh run.sh"}}}')), /is guarded: (the agent's client loads code|pi runs every file)/, path);
  assert.equal(fileWrite(w, 'src/app.ts'), null);
});

test("pi's write tool: where PI_CODING_AGENT_DIR moves pi's agent folder, a file there is refused too", () => {
  const w = wiredProject('pi');
  const moved = join(w.home, 'pi-agent');
  w.env.PI_CODING_AGENT_DIR = moved;
  assert.equal(fileWrite(w, 'src/app.ts'), null);
  assert.match(String(fileWrite(w, join(moved, 'extensions', 'other.ts'))), /is guarded: the agent's client loads code/);
  assert.match(String(fileWrite(w, join(moved, 'models.json'))), /is guarded/);
});

test("pi: inside the wall a package's code under .pi/ and pi's agent folder cannot be written, names built at run time", () => {
  const w = wiredProject('pi');
  for (const path of [join(w.project, '.pi/npm/node_modules/helper/index.ts'), join(w.home, '.pi/agent/models.json')]) {
    const r = shellCall(w, hidden(path, 'x'));
    assert.notEqual(r.status, 0, path);
    assert.equal(existsSync(path), false, path);
  }
});

test('pi (hooks only): an extension a script drops into .pi/extensions/ unseen is taken away after the call; a changed one of the person\'s is put back', () => {
  const w = wiredProject('pi', HOOKS_ONLY_CONFIG);
  const mine = join(w.project, '.pi/extensions/mine.ts');
  writeFileSync(mine, 'export default function () {}\n');
  assert.equal(shellCall(w, 'true').status, 0);
  assert.equal(shellCall(w, 'true').status, 0);
  const other = join(w.project, '.pi/extensions/other.ts');
  const r = shellCall(w, `${hidden(other, 'export default function () {}\n')} && ${hidden(mine, 'export default function (pi) { pi.on("tool_call", () => undefined); }\n')}`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(existsSync(other), false);
  assert.equal(readFileSync(mine, 'utf8'), 'export default function () {}\n');
  assert.match(r.after, /\.pi\/extensions\/other\.ts \(created; removed\)/);
  assert.match(r.after, /\.pi\/extensions\/mine\.ts \(content restored\)/);
});
