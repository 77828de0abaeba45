// continuity's own wall around pi's bash calls: what it reads of pi's folders.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { clientShell, ownWallFacts } from '../../src/hooks/rules/own-wall.js';
import { walledClient } from '../../src/hooks/rules/wall-answer.js';

test("pi's bash calls are walled; its keys and sessions are hidden, its bin is not; the project's .pi and the user's pi wiring are read-only", () => {
  assert.equal(walledClient('hook:pi'), 'pi');
  const base = mkdtempSync(join(tmpdir(), 'pi-wall-'));
  const home = join(base, 'home');
  const root = join(base, 'project');
  const agent = join(home, '.pi', 'agent');
  for (const d of [join(agent, 'sessions'), join(agent, 'bin'), join(agent, 'extensions'), join(root, '.pi', 'extensions'), join(root, '.git')]) mkdirSync(d, { recursive: true });
  for (const f of ['auth.json', 'models.json', 'settings.json']) writeFileSync(join(agent, f), '{}');
  writeFileSync(join(root, '.pi', 'extensions', 'continuity.ts'), '// x\n');
  const facts = ownWallFacts('pi', root, { HOME: home, PATH: process.env.PATH }, '/usr/bin/bwrap', []);
  assert.deepEqual(facts.clientState, { dirs: [join(agent, 'sessions')], files: [join(agent, 'auth.json'), join(agent, 'models.json')], keep: [] });
  for (const p of [join(root, '.pi'), join(root, '.pi', 'extensions', 'continuity.ts'), join(agent, 'settings.json'), join(agent, 'extensions')]) assert.ok(facts.guarded.includes(p), p);
  assert.ok(facts.credentials.includes('OPENAI_API_KEY') && facts.credentials.includes('ANTHROPIC_API_KEY'));
  assert.match(clientShell('pi', { PATH: process.env.PATH }).path, /\/bash$/);
  // PI_CODING_AGENT_DIR moves pi's folder.
  const moved = join(base, 'elsewhere');
  mkdirSync(join(moved, 'sessions'), { recursive: true });
  assert.deepEqual(ownWallFacts('pi', root, { HOME: home, PI_CODING_AGENT_DIR: moved }, '/usr/bin/bwrap', []).clientState.dirs, [join(moved, 'sessions')]);
  // No .pi in the project: it stands empty and read-only, so none can be made inside the wall.
  const bare = join(base, 'bare');
  mkdirSync(join(bare, '.git'), { recursive: true });
  assert.ok(ownWallFacts('pi', bare, { HOME: home }, '/usr/bin/bwrap', []).placeholders.includes(join(bare, '.pi')));
});
