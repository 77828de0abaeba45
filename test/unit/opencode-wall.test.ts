/**
 * continuity's own wall around OpenCode's bash calls: the facts it is built
 * from (OpenCode's shell, its data and config folders hidden and kept
 * hidden, its project folder and config read-only).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { clientShell, ownWallFacts } from '../../src/hooks/rules/own-wall.js';
import { walledClient } from '../../src/hooks/rules/wall-answer.js';

const base = mkdtempSync(join(tmpdir(), 'continuity-opencode-wall-'));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, 'home');
const root = join(base, 'project');
for (const d of [join(home, '.config', 'opencode'), join(home, '.local', 'share', 'opencode'), join(root, '.opencode', 'plugins'), join(root, '.continuity')]) mkdirSync(d, { recursive: true });
writeFileSync(join(root, 'opencode.json'), '{}\n');

test("OpenCode's bash calls are walled by continuity (its event source)", () => {
  assert.equal(walledClient('hook:opencode'), 'opencode');
});

test("OpenCode's data and config folders are hidden, and no read-only mount shows the config folder again; its project folder and config are read-only", () => {
  const facts = ownWallFacts('opencode', root, { HOME: home, PATH: process.env.PATH }, '/usr/bin/bwrap', []);
  assert.deepEqual([...facts.clientState.dirs].sort(), [join(home, '.config', 'opencode'), join(home, '.local', 'share', 'opencode')].sort());
  assert.ok(!facts.guarded.includes(join(home, '.config', 'opencode')), facts.guarded.join('\n'));
  for (const p of [join(root, '.opencode'), join(root, 'opencode.json'), join(root, '.continuity')]) assert.ok(facts.guarded.includes(p), p);
  assert.ok(facts.credentials.includes('OPENCODE_SERVER_PASSWORD'), facts.credentials.join(' '));
  // Another client's commands cannot write OpenCode's config folder (a global plugin there runs later in OpenCode).
  assert.ok(ownWallFacts('gemini', root, { HOME: home, PATH: process.env.PATH }, '/usr/bin/bwrap', []).guarded.includes(join(home, '.config', 'opencode')));
});

test("OpenCode's shell: $SHELL unless it is fish or nu, else bash; the command as its -c argument", () => {
  assert.deepEqual(clientShell('opencode', { SHELL: '/bin/zsh', PATH: '/usr/bin:/bin' }), { path: '/bin/zsh', args: ['-c'] });
  const fallback = clientShell('opencode', { SHELL: '/usr/bin/fish', PATH: '/usr/bin:/bin' });
  assert.match(fallback.path, /\/(bash|sh)$/);
  assert.deepEqual(fallback.args, ['-c']);
});
