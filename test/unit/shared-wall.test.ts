import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ownWallFacts } from '../../src/hooks/rules/own-wall.js';
import { wallSpec } from '../../src/wall/spec.js';

test("continuity's own wall hides the shared ledger's credentials files and unsets its credential variables", () => {
  const base = mkdtempSync(join(tmpdir(), 'continuity-shared-wall-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const home = join(base, 'home');
  const root = join(base, 'project');
  mkdirSync(join(home, '.config', 'continuity', 'shared'), { recursive: true });
  mkdirSync(join(root, '.git'), { recursive: true });
  for (const client of ['openclaw', 'gemini'] as const) {
    const facts = ownWallFacts(client, root, { HOME: home, PATH: process.env.PATH, CONTINUITY_STATE_HOME: join(base, 'state') }, '/usr/bin/bwrap', []);
    const spec = wallSpec(facts);
    assert.ok(spec.hidden.dirs.includes(join(home, '.config', 'continuity', 'shared')), client);
    assert.ok(spec.unsetEnv.includes('CONTINUITY_SHARED_URL') && spec.unsetEnv.includes('PGPASSWORD'), client);
  }
});
