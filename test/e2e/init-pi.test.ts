/**
 * `continuity init --agent pi`: the project extension `.pi/extensions/continuity.ts`,
 * written once, named by `doctor`, taken out byte-exact by `--uninstall`;
 * a file of the person's at that path is left untouched.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempProject, type CliResult } from '../helpers/cli.js';

const EXTENSION = '.pi/extensions/continuity.ts';

function init(project: string, args: string[] = []): CliResult {
  return runCli(['init', ...args], { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
}

function ok(r: CliResult): CliResult {
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  return r;
}

const text = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

test('--agent pi: writes the extension that runs `continuity hook pi`, once; --uninstall takes it out with the folders it made', () => {
  const project = tempProject();
  const first = ok(init(project, ['--agent', 'pi', '--no-gitignore']));
  assert.match(first.stdout, /^created \.pi\/extensions\/continuity\.ts \(/m);
  const wired = text(project, EXTENSION);
  assert.match(wired, /^\/\/ continuity: written by `continuity init --agent pi`/);
  assert.match(wired, /^const HOOK: string\[\] = \[.*"hook","pi"\];$/m);
  assert.match(wired, /pi\.on\('tool_call'/);
  ok(init(project, ['--agent', 'pi', '--no-gitignore']));
  assert.equal(text(project, EXTENSION), wired, 'a second run changes nothing');
  ok(init(project, ['--agent', 'pi', '--uninstall']));
  assert.equal(existsSync(join(project, EXTENSION)), false);
  assert.equal(existsSync(join(project, '.pi')), false);
});

test("--agent pi beside the person's own pi settings and extensions: they are left as they were, and --uninstall gives their bytes back", () => {
  const settings = '{\r\n  "defaultThinkingLevel": "off"\r\n}\r\n';
  const theirs = 'export default function (pi) { pi.on("session_start", () => {}); }\n';
  const project = tempProject({ '.pi/settings.json': settings, '.pi/extensions/theirs.ts': theirs });
  ok(init(project, ['--agent', 'pi,gemini', '--no-gitignore']));
  assert.ok(existsSync(join(project, EXTENSION)));
  assert.ok(existsSync(join(project, '.gemini/settings.json')));
  assert.equal(text(project, '.pi/settings.json'), settings);
  ok(init(project, ['--agent', 'pi', '--uninstall']));
  assert.deepEqual(readdirSync(join(project, '.pi', 'extensions')), ['theirs.ts']);
  assert.equal(text(project, '.pi/extensions/theirs.ts'), theirs);
  assert.equal(text(project, '.pi/settings.json'), settings);
  assert.ok(existsSync(join(project, '.gemini/settings.json')), 'the other client stays wired');
});

test('--agent pi: a file of the person at the extension\'s path is not continuity\'s: exit 4, one line, left untouched', () => {
  const own = 'export default function () {}\n';
  const project = tempProject({ [EXTENSION]: own });
  const r = init(project, ['--agent', 'pi', '--no-gitignore']);
  assert.equal(r.code, 4, r.stdout);
  assert.match(r.stderr, /^continuity: init: \.pi\/extensions\/continuity\.ts is not valid settings \(it is not the extension continuity writes\); it was left untouched\n$/);
  assert.equal(text(project, EXTENSION), own);
});

test("doctor checks pi's extension and the hook it runs; status has a Guard line for pi", () => {
  const project = tempProject();
  ok(init(project, ['--agent', 'pi', '--no-gitignore']));
  const r = runCli(['doctor'], { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.match(r.stdout, /^ok +hooks pi +pi: \.pi\/extensions\/continuity\.ts runs .* hook pi$/m, r.stdout);
  assert.match(r.stdout, /^ok +own wall +continuity's own wall .* around every Gemini CLI, OpenClaw, pi, Copilot CLI and OpenCode shell command/m, r.stdout);
  const s = runCli(['status'], { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.match(s.stdout, /^Guard +pi · structural: continuity's own wall/m, s.stdout);
});
