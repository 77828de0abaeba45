// The gateway config edits of `continuity init --agent openclaw`: what is
// added where, and that undoing the recorded edits gives back the bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { gatewayWiring, installGatewayEntries, uninstallGatewayEntries } from '../../src/install/targets/openclaw.js';
import { InvalidSettingsError } from '../../src/install/hook-target.js';

const FILE = 'openclaw.json';
const access = (text: string) => (parse(text) as any).plugins.entries.continuity.hooks.allowConversationAccess;

/** What `openclaw plugins install <clone>/openclaw` leaves in a fresh config (OpenClaw 2026.9.6). */
const AFTER_PLUGINS_INSTALL = `{
  "plugins": {
    "entries": {
      "continuity": {
        "enabled": true
      },
      "codex": {
        "config": {
          "sessionCatalog": {
            "enabled": false
          }
        }
      }
    }
  },
  "meta": {
    "lastTouchedVersion": "2026.9.6"
  }
}
`;

test('after `plugins install`: allowConversationAccess goes into the plugin entry OpenClaw wrote, and the edit undone gives back the bytes', () => {
  const r = installGatewayEntries(AFTER_PLUGINS_INSTALL, FILE);
  assert.equal(access(r.text), true);
  assert.equal((parse(r.text) as any).plugins.entries.continuity.enabled, true);
  assert.deepEqual(r.edits, [{ kind: 'member', path: ['plugins', 'entries', 'continuity', 'hooks'] }]);
  assert.match(r.text, /\n {8}"hooks": \{\n {10}"allowConversationAccess": true\n {8}\}/);
  assert.equal(installGatewayEntries(r.text, FILE).edits.length, 0, 'running it again changes nothing');
  assert.equal(uninstallGatewayEntries(r.text, r.edits, FILE), AFTER_PLUGINS_INSTALL);
});

test('a config with comments, CRLF and tabs, a restrictive plugins.allow and allowConversationAccess false: each edit is recorded and undone byte for byte', () => {
  const before = '{\r\n\t// the operator\'s own\r\n\t"plugins": {\r\n\t\t"allow": ["hooklog"],\r\n\t\t"entries": { "continuity": { "hooks": { "allowConversationAccess": false } } },\r\n\t},\r\n}\r\n';
  const r = installGatewayEntries(before, FILE);
  assert.equal(access(r.text), true);
  assert.deepEqual((parse(r.text) as any).plugins.allow, ['hooklog', 'continuity']);
  assert.deepEqual(r.edits.map((e) => e.kind), ['value', 'allow']);
  assert.match(r.text, /\/\/ the operator's own/);
  assert.equal(uninstallGatewayEntries(r.text, r.edits, FILE), before);
});

test('without plugins.allow none is created (a new list would keep every other plugin from loading)', () => {
  const r = installGatewayEntries('{ "gateway": { "port": 1 } }\n', FILE);
  assert.equal((parse(r.text) as any).plugins.allow, undefined);
  assert.equal(access(r.text), true);
  assert.equal(uninstallGatewayEntries(r.text, r.edits, FILE), '{ "gateway": { "port": 1 } }\n');
});

test('no config yet: one is created with the entry, and uninstall leaves nothing of it', () => {
  const r = installGatewayEntries(null, FILE);
  assert.equal(access(r.text), true);
  assert.equal(uninstallGatewayEntries(r.text, r.edits, FILE, true), null);
});

test('what the person added inside an entry init created stays when init takes its own out', () => {
  const r = installGatewayEntries('{}\n', FILE);
  const edited = r.text.replace('"allowConversationAccess": true', '"allowConversationAccess": true,\n          "allowPromptInjection": false');
  const after = uninstallGatewayEntries(edited, r.edits, FILE)!;
  assert.deepEqual(parse(after), { plugins: { entries: { continuity: { hooks: { allowPromptInjection: false } } } } });
});

test('JSON5 syntax beyond comments (unquoted keys) is refused with the command that sets the entry by hand', () => {
  assert.throws(() => installGatewayEntries('{ plugins: {} }\n', FILE), (err: Error) => err instanceof InvalidSettingsError && /openclaw config set plugins\.entries\.continuity\.hooks\.allowConversationAccess true/.test(err.message));
});

test('the wiring as doctor reads it', () => {
  const w = gatewayWiring('{ "plugins": { "allow": ["x"], "deny": ["continuity"], "load": { "paths": ["/c/openclaw"] }, "entries": { "continuity": { "enabled": false } } } }', FILE);
  assert.deepEqual(w, { conversationAccess: false, allowed: false, denied: true, pluginsDisabled: false, entryEnabled: false, loadPaths: ['/c/openclaw'] });
});
