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
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
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
