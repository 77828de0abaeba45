/**
 * `continuity init --agent opencode` end to end: continuity's plugin in
 * `.opencode/plugins/continuity.js`, alone and in a comma list with the
 * other agents, and `--uninstall` giving back exactly what was there.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempProject } from '../helpers/cli.js';
import { pluginHookCommand } from '../../src/install/targets/opencode-plugin.js';

const PLUGIN = '.opencode/plugins/continuity.js';

/** Every file under the project but .git and .continuity, with its bytes. */
function tree(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${name.name}` : name.name;
    if (path === '.git' || path === '.continuity') continue;
    if (name.isDirectory()) Object.assign(out, { [`${path}/`]: '' }, tree(dir, path));
    else out[path] = readFileSync(join(dir, path), 'utf8');
  }
  return out;
}

test('init --agent opencode writes the plugin naming `hook opencode`; run again it changes nothing; --uninstall removes it and the folders it made', () => {
  const project = tempProject({ 'src/app.ts': 'export {};\n' });
  const before = tree(project);
  const r = runCli(['init', '--agent', 'opencode', '--no-gitignore'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /created \.opencode\/plugins\/continuity\.js \(continuity's hooks for OpenCode: .* hook opencode\)/);
  const text = readFileSync(join(project, PLUGIN), 'utf8');
  assert.deepEqual(pluginHookCommand(text)?.args.slice(-2), ['hook', 'opencode']);
  const again = runCli(['init', '--agent', 'opencode', '--no-gitignore'], { cwd: project });
  assert.match(again.stdout, /unchanged \.opencode\/plugins\/continuity\.js/);
  const off = runCli(['init', '--agent', 'opencode', '--uninstall'], { cwd: project });
  assert.equal(off.code, 0, off.stderr);
  assert.deepEqual(tree(project), before);
});

test("--uninstall keeps the person's other plugins and the .opencode folder they made", () => {
  const project = tempProject({ '.opencode/plugins/mine.js': 'export const Mine = async () => ({});\n', 'opencode.json': '{ "theme": "opencode" }\n' });
  const before = tree(project);
  assert.equal(runCli(['init', '--agent', 'opencode', '--no-gitignore'], { cwd: project }).code, 0);
  assert.equal(runCli(['init', '--agent', 'opencode', '--uninstall'], { cwd: project }).code, 0);
  assert.deepEqual(tree(project), before);
});

test("a file of the person's at the plugin's path stops init with one line, untouched", () => {
  const project = tempProject({ [PLUGIN]: 'export const Continuity = async () => ({});\n' });
  const r = runCli(['init', '--agent', 'opencode', '--no-gitignore'], { cwd: project });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /\.opencode\/plugins\/continuity\.js is not valid settings \(it is not continuity's plugin\)/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.equal(readFileSync(join(project, PLUGIN), 'utf8'), 'export const Continuity = async () => ({});\n');
});

test('OpenCode in a comma list with the other agents: each wired as alone, status names it in the Guard line', () => {
  const project = tempProject();
  const r = runCli(['init', '--agent', 'claude-code,opencode,gemini', '--no-gitignore'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(project, PLUGIN)));
  assert.ok(existsSync(join(project, '.gemini', 'settings.json')));
  const status = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout) as { guard: { agent: string; label: string }[] };
  assert.deepEqual(status.guard.map((g) => g.label).sort(), ['Claude Code', 'Gemini CLI', 'OpenCode']);
  const off = runCli(['init', '--agent', 'opencode', '--uninstall'], { cwd: project });
  assert.equal(off.code, 0, off.stderr);
  assert.equal(existsSync(join(project, '.opencode')), false);
  assert.ok(existsSync(join(project, '.gemini', 'settings.json')));
});
