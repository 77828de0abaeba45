/**
 * `continuity hook claude-code` started by Copilot CLI (which also runs a
 * repository's .claude/settings.json hooks) stands aside where Copilot
 * CLI's own wiring runs `hook copilot`; started by Claude Code, even one
 * inside a Copilot CLI shell that passed its variables on, it answers.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { copilotSpeaksForIt, copilotWithoutItsWiring } from '../../src/adapters/copilot/stand-aside.js';

function project(wired: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-stand-aside-'));
  mkdirSync(join(dir, '.github', 'hooks'), { recursive: true });
  if (wired) writeFileSync(join(dir, '.github', 'hooks', 'continuity.json'), '{"version":1,"hooks":{"Stop":[{"type":"command","bash":"continuity hook copilot"}]}}\n');
  return dir;
}

test('stands aside only when Copilot CLI is the nearest client, its variables are set and its own wiring runs hook copilot', () => {
  const wired = project(true);
  const env = { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: wired };
  assert.equal(copilotSpeaksForIt(env, () => 'copilot'), true);
  // A Claude Code started inside a Copilot CLI shell inherits the variables: its own hooks answer.
  assert.equal(copilotSpeaksForIt(env, () => 'claude-code'), false);
  assert.equal(copilotSpeaksForIt({ COPILOT_PROJECT_DIR: wired }, () => 'copilot'), false);
  assert.equal(copilotSpeaksForIt({ COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project(false) }, () => 'copilot'), false);
});

test("answers as Copilot CLI's hook where Copilot CLI is the nearest client, its variables are set and its own wiring does not run hook copilot", () => {
  const bare = project(false);
  const env = { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: bare };
  assert.equal(copilotWithoutItsWiring(env, () => 'copilot'), true);
  assert.equal(copilotWithoutItsWiring(env, () => 'claude-code'), false);
  assert.equal(copilotWithoutItsWiring({ COPILOT_PROJECT_DIR: bare }, () => 'copilot'), false);
  assert.equal(copilotWithoutItsWiring({ COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project(true) }, () => 'copilot'), false);
});
