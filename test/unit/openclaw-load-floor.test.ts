import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
// @ts-expect-error: a plain JavaScript plugin folder the gateway loads, without types.
import floor, { HOOKS } from '../real-client/openclaw-load-floor/index.js';

const registered = (register: (api: OpenClawApi) => unknown): string[] => {
  const names: string[] = [];
  register({ on: (name) => void names.push(name), logger: { warn: () => {} } });
  return names;
};

test('the load run\'s floor plugin registers exactly the hooks continuity\'s plugin registers, once each, and its handlers return nothing', async () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-load-floor-'));
  const continuity = registered((api) => registerContinuity(api, { env: { HOME: home }, storePath: null }).close());
  const ours = registered((api) => (floor as { register(api: OpenClawApi): void }).register(api));
  assert.deepEqual([...ours].sort(), [...continuity].sort());
  assert.deepEqual([...(HOOKS as string[])].sort(), [...new Set(continuity)].sort());
  const handlers: ((event: unknown, ctx: unknown) => unknown)[] = [];
  (floor as { register(api: OpenClawApi): void }).register({ on: (_name, handler) => void handlers.push(handler), logger: { warn: () => {} } });
  for (const h of handlers) assert.equal(await h({ prompt: 'x', messages: [] }, { sessionKey: 'agent:a:main' }), undefined);
});
