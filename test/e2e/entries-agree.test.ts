/**
 * The compiled executable (dist/bin/continuity, Bun) and the Node bundle
 * (dist/cli.cjs) must give byte-identical answers. The demo's recorded session
 * (every hook event and command of a whole plan's run) is replayed through
 * each, in turn, in the same project directory, and every answer compared.
 * The two replays run seconds apart and at different speeds, so what the
 * answers quote of the clock (instants, clock times, ages such as "2 s ago")
 * is the one thing masked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLI, NODE, REPO_ROOT, tempProject } from '../helpers/cli.js';

const COMPILED = join(REPO_ROOT, 'dist', 'bin', 'continuity');
const FIXTURES = join(REPO_ROOT, 'fixtures', 'demo');

interface Session {
  sessionId: string;
  config?: unknown;
  scenarios: { steps: Record<string, unknown>[] }[];
}

interface Answer {
  step: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z|\b\d\d:\d\d:\d\d\b/g;
const AGE = /\bjust now\b|\b\d+ (s|min|h|d) ago\b/g;
const maskInstants = (text: string) => text.replace(INSTANT, '<instant>').replace(AGE, '<age>');

function replay(entry: string[], project: string): Answer[] {
  const session = JSON.parse(readFileSync(join(FIXTURES, 'session.json'), 'utf8')) as Session;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  cpSync(join(FIXTURES, 'project'), project, { recursive: true });
  if (session.config) {
    mkdirSync(join(project, '.continuity'), { recursive: true });
    writeFileSync(join(project, '.continuity', 'config.json'), JSON.stringify(session.config));
  }
  // Each replay is a project of its own in the same folder: its own state home, so neither finds the other's recovery copy or
  // remembers that the other guarded this folder.
  const env = { ...process.env, CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-replay-state-')), CLAUDE_PROJECT_DIR: project, CLAUDE_CODE_SESSION_ID: session.sessionId };
  const run = (args: string[], input = '') => spawnSync(entry[0]!, [...entry.slice(1), ...args], { cwd: project, env, input, encoding: 'utf8' });
  const answers: Answer[] = [];
  for (const step of session.scenarios.flatMap((s) => s.steps)) {
    if ('cli' in step) {
      const args = step.cli as string[];
      const r = run(args);
      answers.push({ step: `continuity ${args.join(' ')}`, code: r.status, stdout: maskInstants(r.stdout), stderr: maskInstants(r.stderr) });
    } else if ('hook' in step) {
      const hook = step.hook as Record<string, unknown>;
      const payload = { session_id: session.sessionId, transcript_path: join(project, '.claude-transcript.jsonl'), cwd: project, permission_mode: 'default', ...hook };
      const r = run(['hook', 'claude-code'], JSON.stringify(payload));
      answers.push({ step: `hook ${String(hook.hook_event_name)} ${String(hook.tool_name ?? '')}`, code: r.status, stdout: maskInstants(r.stdout), stderr: maskInstants(r.stderr) });
    } else if ('write' in step) {
      const { path, content } = step.write as { path: string; content: string };
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), content);
    } else if ('edit' in step) {
      const { path, find, replace } = step.edit as { path: string; find: string; replace: string };
      writeFileSync(join(project, path), readFileSync(join(project, path), 'utf8').replace(find, replace));
    }
  }
  return answers;
}

test('the compiled executable and the Node bundle answer a whole recorded session byte for byte alike', () => {
  assert.ok(existsSync(COMPILED), `${COMPILED} is missing: \`npm run build\` compiles it with the project's Bun`);
  const project = join(tempProject(), 'project');
  const viaNode = replay([NODE, CLI], project);
  const viaCompiled = replay([COMPILED], project);
  assert.ok(viaNode.length > 20, 'the session has its steps');
  assert.ok(viaNode.some((a) => a.stdout.includes('"decision":"block"')), 'the session includes a blocking answer');
  for (const [i, a] of viaNode.entries()) assert.deepEqual(viaCompiled[i], a, `step ${i + 1}: ${a.step}`);
  assert.equal(viaCompiled.length, viaNode.length);
});
