/**
 * `continuity init --agent copilot`: `.github/hooks/continuity.json`, the
 * hook file of continuity's own among those Copilot CLI loads, alone and in
 * a list with the other clients; `--uninstall` gives back exactly what was
 * there.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempProject, type CliResult } from '../helpers/cli.js';

const FILE = '.github/hooks/continuity.json';
const init = (project: string, args: string[]) => runCli(['init', ...args], { cwd: project });
const text = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

function ok(r: CliResult): CliResult {
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  return r;
}

test('--agent copilot: a version 1 hook file with every event under its PascalCase name running `hook copilot`; a second run changes nothing; --uninstall takes out the file and the folders it made', () => {
  const project = tempProject();
  const r = ok(init(project, ['--agent', 'copilot', '--no-gitignore']));
  assert.match(r.stdout, /^created \.github\/hooks\/continuity\.json \(/m);
  const wired = text(project, FILE);
  const file = JSON.parse(wired) as { version: number; hooks: Record<string, { type: string; bash: string; timeoutSec: number }[]> };
  assert.equal(file.version, 1);
  assert.deepEqual(Object.keys(file.hooks), ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStop', 'PreCompact']);
  for (const [event, [entry]] of Object.entries(file.hooks)) {
    assert.equal(entry!.type, 'command', event);
    assert.match(entry!.bash, / hook copilot$/, event);
    assert.equal(entry!.timeoutSec, 30, event);
  }
  ok(init(project, ['--agent', 'copilot', '--no-gitignore']));
  assert.equal(text(project, FILE), wired, 'a second run changes nothing');
  ok(init(project, ['--agent', 'copilot', '--uninstall']));
  assert.equal(existsSync(join(project, '.github')), false);
});

test("--agent copilot in a project with its own .github (workflows, another hook file): those are untouched, and --uninstall leaves the person's bytes as they were", () => {
  const workflow = 'on: push\r\njobs: {}\r\n';
  const theirs = '{\n  // the person\'s own\n  "version": 1,\n  "hooks": { "sessionEnd": [ { "type": "command", "bash": "./log.sh" } ] }\n}\n';
  const project = tempProject({ '.github/workflows/ci.yml': workflow, '.github/hooks/mine.json': theirs });
  ok(init(project, ['--agent', 'copilot', '--no-gitignore']));
  assert.equal(text(project, '.github/hooks/mine.json'), theirs);
  assert.ok(existsSync(join(project, FILE)));
  ok(init(project, ['--agent', 'copilot', '--uninstall']));
  assert.equal(text(project, '.github/workflows/ci.yml'), workflow);
  assert.equal(text(project, '.github/hooks/mine.json'), theirs);
  assert.deepEqual(readdirSync(join(project, '.github', 'hooks')), ['mine.json']);
});

test('--agent with a list including copilot wires each client, and copilot comes out alone', () => {
  const project = tempProject();
  ok(init(project, ['--agent', 'claude-code,copilot,gemini', '--no-gitignore']));
  assert.match(text(project, FILE), /hook copilot/);
  assert.match(text(project, '.gemini/settings.json'), /hook gemini/);
  const u = ok(init(project, ['--agent', 'copilot', '--uninstall']));
  assert.match(u.stdout, /continuity\.json/);
  assert.equal(existsSync(join(project, FILE)), false);
  assert.match(text(project, '.gemini/settings.json'), /hook gemini/);
  const s = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout) as Record<string, unknown>;
  assert.ok(s);
});
