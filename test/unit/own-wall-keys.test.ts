// continuity's own wall keeps the person's signing keys out of reach: ~/.ssh
// and the key the environment or the config names are hidden, ssh-agent's
// socket is taken out of the environment.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ownWallFacts } from '../../src/hooks/rules/own-wall.js';
import { wallSpec } from '../../src/wall/spec.js';

const home = mkdtempSync(join(tmpdir(), 'continuity-wall-keys-'));
after(() => rmSync(home, { recursive: true, force: true }));
const root = join(home, 'project');
mkdirSync(join(home, '.ssh'));
mkdirSync(join(home, 'keys'));
mkdirSync(root);
for (const f of ['keys/env', 'keys/env.pub', 'keys/config', 'keys/config.pub']) writeFileSync(join(home, f), 'key\n');

test('~/.ssh and the signing keys of the environment and the config are hidden; SSH_AUTH_SOCK is unset', () => {
  const env = { HOME: home, SSH_AUTH_SOCK: join(home, 'agent.sock'), CONTINUITY_SIGNING_KEY: join(home, 'keys/env.pub') };
  for (const client of ['gemini', 'openclaw'] as const) {
    const spec = wallSpec(ownWallFacts(client, root, env, '/usr/bin/bwrap', [], root, '~/keys/config'));
    assert.ok(spec.hidden.dirs.includes(join(home, '.ssh')), JSON.stringify(spec.hidden));
    for (const f of ['keys/env', 'keys/env.pub', 'keys/config', 'keys/config.pub']) assert.ok(spec.hidden.files.includes(join(home, f)), `${client}: ${f}`);
    assert.ok(spec.unsetEnv.includes('SSH_AUTH_SOCK'), client);
  }
});
