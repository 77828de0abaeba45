import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onlyGrantsTrust, wiringProjection } from '../../src/app/hook-wiring.js';
import { CLIENT_LOADED_DIRS, CLIENT_LOADED_GLOBS, isWiringFile, PROCESS_CONFIG_FILES, systemWiringFiles, userWiringEnvFiles, userWiringFiles, WIRING_ENV_FILES, wiringKind, WIRING_FILES } from '../../src/app/wiring-files.js';
import { tomlKeys } from '../../src/formats/toml.js';

const ROOT = '/home/u/proj';
const changes = (path: string, before: string, after: string) => wiringProjection(path, before, ROOT) !== wiringProjection(path, after, ROOT);

test('the project files of every client are wiring, Codex config.toml among them', () => {
  for (const f of ['.claude/settings.json', '.claude/settings.local.json', '.codex/hooks.json', '.codex/config.toml', '.gemini/settings.json', '.cursor/hooks.json']) {
    assert.ok((WIRING_FILES as readonly string[]).includes(f), f);
    assert.ok(isWiringFile(f), f);
  }
  assert.equal(isWiringFile('src/config.toml'), false);
  assert.equal(isWiringFile('package.json'), false);
  assert.equal(wiringKind('.env'), 'env');
  assert.equal(wiringKind('.gemini/.env'), 'env');
  assert.equal(wiringKind('app/.env'), null);
});

test('the loaded folders\' globs, written out, are the folders with /** after each', () => {
  assert.deepEqual(CLIENT_LOADED_GLOBS, CLIENT_LOADED_DIRS.map((d) => `${d}/**`));
});

test('every project wiring and env file has its kind; paths next to them, inside them or named like them elsewhere have none', () => {
  const kinds: Record<string, string> = {};
  for (const f of [...WIRING_FILES, ...WIRING_ENV_FILES]) {
    const kind = wiringKind(f);
    assert.notEqual(kind, null, f);
    kinds[f] = kind!;
  }
  for (const f of PROCESS_CONFIG_FILES) assert.equal(kinds[f], 'process-config', f);
  assert.equal(kinds['.codex/config.toml'], 'codex-toml');
  assert.equal(kinds['.opencode/plugins/continuity.js'], 'plugin-file');
  assert.equal(kinds['.pi/extensions/continuity.ts'], 'pi-extension');
  for (const f of ['src/.claude/settings.json', '.claude/settings.json.bak', 'settings.json', 'hooks.json', '.mcp.jsonc', 'x/opencode.json', '.env.local', 'config.toml']) assert.equal(wiringKind(f), null, f);
  assert.equal(wiringKind('/home/u/.codex/hooks.json'), 'hooks-json');
  assert.equal(wiringKind('/home/u/.gemini/trustedFolders.json'), 'gemini-trust');
  assert.equal(wiringKind('/home/u/.copilot/mcp-config.json'), 'process-config');
});

test('user and system files, per client, where each client looks for them', () => {
  const plain = userWiringFiles({ HOME: '/home/u' });
  for (const f of [
    '/home/u/.claude/settings.json',
    '/home/u/.codex/config.toml',
    '/home/u/.codex/hooks.json',
    '/home/u/.gemini/settings.json',
    '/home/u/.gemini/trustedFolders.json',
    '/home/u/.cursor/hooks.json',
    '/etc/claude-code/managed-settings.json',
    '/etc/codex/config.toml',
    '/etc/codex/managed_config.toml',
    '/etc/codex/requirements.toml',
    '/etc/gemini-cli/settings.json',
    '/etc/gemini-cli/system-defaults.json',
  ])
    assert.ok(plain.includes(f), f);
  const moved = userWiringFiles({ HOME: '/home/u', CODEX_HOME: '/opt/codex', GEMINI_CLI_HOME: '/opt/g', CLAUDE_CONFIG_DIR: '/opt/claude' });
  for (const f of ['/opt/codex/config.toml', '/opt/codex/hooks.json', '/home/u/.codex/config.toml', '/opt/g/.gemini/settings.json', '/opt/g/.gemini/trustedFolders.json', '/opt/claude/settings.json', '/home/u/.claude/settings.json']) assert.ok(moved.includes(f), f);
  assert.ok(!moved.includes('/home/u/.gemini/settings.json'));
  assert.deepEqual(systemWiringFiles({ GEMINI_CLI_SYSTEM_SETTINGS_PATH: '/srv/gem/sys.json' }).filter((f) => f.startsWith('/srv')), ['/srv/gem/sys.json', '/srv/gem/system-defaults.json']);
  assert.ok(systemWiringFiles({ GEMINI_CLI_SYSTEM_DEFAULTS_PATH: '/srv/d.json' }).includes('/srv/d.json'));
  assert.ok(userWiringFiles({ HOME: '/home/u', GEMINI_CLI_TRUSTED_FOLDERS_PATH: '/srv/trusted.json' }).includes('/srv/trusted.json'));
  assert.equal(wiringKind('/srv/trusted.json'), 'gemini-trust');
  assert.deepEqual(userWiringEnvFiles({ HOME: '/home/u' }), ['/home/u/.gemini/.env', '/home/u/.env']);
  assert.deepEqual(userWiringFiles({ HOME: 'relative' }).filter((f) => !f.startsWith('/etc/')), []);
  for (const f of plain) assert.ok(isWiringFile(f), f);
});

test('Codex config.toml: every spelling of `[features] hooks = false` changes what wires the hooks', () => {
  const user = '/home/u/.codex/config.toml';
  const base = 'model = "gpt"\n[model_providers.x]\nname = "x"\n';
  for (const added of ['[features]\nhooks = false\n', 'features.hooks = false\n', 'features = { hooks = false }\n', '[features]\ncodex_hooks = false # old name\n', "[ features ]\n'hooks' = false\n"]) {
    assert.ok(changes(user, base, `${base}${added}`), added);
    assert.ok(changes('.codex/config.toml', base, `${base}${added}`), `project: ${added}`);
  }
  // A profile switching them off, and the selector that picks it.
  assert.ok(changes(user, base, `${base}[profiles.quiet.features]\nhooks = false\n`));
  assert.ok(changes(user, `profile = "a"\n${base}`, `profile = "quiet"\n${base}`));
  // The person's own keys are theirs.
  assert.equal(changes(user, base, base.replace('"gpt"', '"o3"')), false);
  assert.equal(changes(user, base, `${base}[mcp_servers.docs]\ncommand = "docs"\n`), false);
});

test('Codex config.toml: this project\'s trust and the review of its hooks are continuity\'s; other projects\' are the person\'s', () => {
  const user = '/home/u/.codex/config.toml';
  const base = `[projects."${ROOT}"]\ntrust_level = "trusted"\n\n[hooks.state."${ROOT}/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "sha256:aa"\n`;
  assert.ok(changes(user, base, base.replace('"trusted"', '"untrusted"')));
  assert.ok(changes(user, base, base.replace(/\[hooks\.state[^\n]*\n[^\n]*\n/, '')));
  assert.ok(changes(user, base, base.replace('sha256:aa', 'sha256:bb')));
  assert.equal(changes(user, base, `${base}\n[projects."/home/u/other"]\ntrust_level = "trusted"\n`), false);
  assert.equal(changes(user, base, `${base}\n[hooks.state."/home/u/other/.codex/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:cc"\n`), false);
  // An ancestor's trust covers the project.
  assert.ok(changes(user, base, `${base}\n[projects."/home/u"]\ntrust_level = "untrusted"\n`));
  // In the project's own file its hook tables are continuity's too.
  assert.ok(changes('.codex/config.toml', '', '[hooks]\n[[hooks.PreToolUse]]\nmatcher = "x"\n'));
  assert.equal(changes(user, '', '[[hooks.PreToolUse]]\nmatcher = "x"\n'), false);
});

test('Gemini settings: hooksConfig.enabled, its disabled list and folder trust, at every level; the rest is the person\'s', () => {
  for (const path of ['/home/u/.gemini/settings.json', '/etc/gemini-cli/settings.json', '/etc/gemini-cli/system-defaults.json', '.gemini/settings.json']) {
    const base = '{"security":{"auth":{"selectedType":"gemini-api-key"}},"ui":{"theme":"x"}}';
    assert.ok(changes(path, base, '{"security":{"auth":{"selectedType":"gemini-api-key"}},"ui":{"theme":"x"},"hooksConfig":{"enabled":false}}'), path);
    assert.ok(changes(path, base, '{"security":{"auth":{"selectedType":"gemini-api-key"}},"hooksConfig":{"disabled":["continuity"]},"ui":{"theme":"x"}}'), path);
    assert.ok(changes(path, base, '{"security":{"auth":{"selectedType":"gemini-api-key"},"folderTrust":{"enabled":true}},"ui":{"theme":"x"}}'), path);
    assert.equal(changes(path, base, '{"security":{"auth":{"selectedType":"gemini-api-key"}},"ui":{"theme":"y"}}'), false, path);
  }
});

test('Gemini trusted folders: the project and the folders above it are continuity\'s', () => {
  const path = '/home/u/.gemini/trustedFolders.json';
  const base = `{"${ROOT}":"TRUST_FOLDER"}`;
  assert.ok(changes(path, base, `{"${ROOT}":"DO_NOT_TRUST"}`));
  assert.ok(changes(path, base, '{}'));
  assert.ok(changes(path, base, `{"${ROOT}":"TRUST_FOLDER","/home/u":"DO_NOT_TRUST"}`));
  assert.equal(changes(path, base, `{"${ROOT}":"TRUST_FOLDER","/srv/other":"DO_NOT_TRUST"}`), false);
});

test('env files: only the variables that move Gemini CLI\'s settings or home', () => {
  for (const path of ['.env', '.gemini/.env', '/home/u/.env', '/home/u/.gemini/.env']) {
    const base = 'API_URL=http://x\nSECRET=1\n';
    assert.ok(changes(path, base, `${base}GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/s.json\n`), path);
    assert.ok(changes(path, base, `${base}export GEMINI_CLI_HOME=/tmp/h\n`), path);
    assert.ok(changes(path, base, `${base}GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/tmp/d.json\n`), path);
    assert.equal(changes(path, base, `${base}DEBUG=1\n`), false, path);
  }
});

test('Claude Code: managed and user settings by the keys that switch continuity off', () => {
  for (const path of ['/etc/claude-code/managed-settings.json', '/home/u/.claude/settings.json', '/opt/claude/settings.json']) {
    assert.ok(changes(path, '{}', '{"disableAllHooks":true}'), path);
    assert.ok(changes(path, '{}', '{"allowManagedHooksOnly":true}'), path);
    assert.equal(changes(path, '{}', '{"model":"opus"}'), false, path);
  }
});

test('tomlKeys reads tables, dotted and quoted keys, inline tables, comments, multi-line arrays and strings, arrays of tables', () => {
  const keys = tomlKeys('# c\na = 1 # x\n[t."q.k"]\nb.c = "s # not a comment"\nd = { e = true, f = [1, 2] }\narr = [\n  1,\n  2,\n]\nm = \"\"\"\n[features]\nhooks = false\n\"\"\"\n[[list]]\nn = 1\n')!;
  const flat = Object.fromEntries(keys.map((k) => [JSON.stringify(k.path), k.value]));
  assert.deepEqual(flat, {
    '["a"]': '1',
    '["t","q.k","b","c"]': '"s # not a comment"',
    '["t","q.k","d","e"]': 'true',
    '["t","q.k","d","f"]': '[1,2]',
    '["t","q.k","arr"]': '[1,2]',
    '["t","q.k","m"]': JSON.stringify('[features]\nhooks = false\n'),
    '["list"]': '[{"n":1}]',
  });
  // Not TOML (an unclosed string): nothing is read; the caller compares the file whole.
  assert.equal(tomlKeys('a = \"\"\"\n[features]\nhooks = false\n'), null);
});

test('trust the person grants in the client\'s own dialogs is kept; trust taken back is not', () => {
  const user = '/home/u/.codex/config.toml';
  const grant = `[projects."${ROOT}"]\ntrust_level = "trusted"\n`;
  const review = `${grant}\n[hooks.state."${ROOT}/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "sha256:aa"\n`;
  assert.equal(onlyGrantsTrust(user, null, grant, ROOT), true);
  assert.equal(onlyGrantsTrust(user, 'model = "x"\n', `model = "x"\n${grant}`, ROOT), true);
  assert.equal(onlyGrantsTrust(user, grant, review, ROOT), true);
  assert.equal(onlyGrantsTrust(user, review, review.replace('sha256:aa', 'sha256:bb'), ROOT), true);
  assert.equal(onlyGrantsTrust(user, review, grant, ROOT), false);
  assert.equal(onlyGrantsTrust(user, grant, grant.replace('"trusted"', '"untrusted"'), ROOT), false);
  assert.equal(onlyGrantsTrust(user, grant, `${grant}[features]\nhooks = false\n`, ROOT), false);
  assert.equal(onlyGrantsTrust(user, review, `${review}enabled = false\n`, ROOT), false);
  const folders = '/home/u/.gemini/trustedFolders.json';
  assert.equal(onlyGrantsTrust(folders, null, `{"${ROOT}":"TRUST_FOLDER"}`, ROOT), true);
  assert.equal(onlyGrantsTrust(folders, '{}', '{"/home/u":"TRUST_PARENT"}', ROOT), true);
  assert.equal(onlyGrantsTrust(folders, `{"${ROOT}":"TRUST_FOLDER"}`, `{"${ROOT}":"DO_NOT_TRUST"}`, ROOT), false);
  assert.equal(onlyGrantsTrust(folders, `{"${ROOT}":"TRUST_FOLDER"}`, '{}', ROOT), false);
  assert.equal(onlyGrantsTrust('/home/u/.gemini/settings.json', '{}', '{"hooksConfig":{"enabled":true}}', ROOT), false);
});

test("the clients' code folders outside the project follow the variables that move them; Copilot CLI's session records stay out", async () => {
  const { clientCodePatterns, isClientCodePath, userClientCodePatterns } = await import('../../src/app/wiring-files.js');
  const plain = userClientCodePatterns({ HOME: '/home/u' });
  for (const p of ['/home/u/.pi/agent/**', '/home/u/.config/opencode/**', '/home/u/.copilot/hooks/**', '/home/u/.copilot/mcp-config.json']) assert.ok(plain.includes(p), p);
  const moved = userClientCodePatterns({ HOME: '/home/u', PI_CODING_AGENT_DIR: '/opt/pi', XDG_CONFIG_HOME: '/opt/xdg', OPENCODE_CONFIG_DIR: '/opt/oc', OPENCODE_CONFIG: '/opt/oc.json', COPILOT_HOME: '/opt/copilot' });
  for (const p of ['/opt/pi/**', '/opt/xdg/opencode/**', '/opt/oc/**', '/opt/oc.json', '/opt/copilot/extensions/**', '/opt/copilot/lsp-config.json']) assert.ok(moved.includes(p), p);
  assert.equal(isClientCodePath('/home/u/.copilot/session-state/s/plan.md', { HOME: '/home/u' }), false);
  assert.equal(isClientCodePath('./.opencode/tools/run.ts', { HOME: '/home/u' }), true);
  assert.equal(isClientCodePath('.github/workflows/ci.yml', { HOME: '/home/u' }), false);
  assert.ok(clientCodePatterns({ HOME: 'relative' }).every((p) => !p.startsWith('relative')));
  // MCP and language server configs are judged whole.
  for (const f of ['.mcp.json', '.github/mcp.json', '.vscode/mcp.json', '.github/lsp.json', '/home/u/.copilot/mcp-config.json']) assert.equal(wiringKind(f), 'process-config', f);
  assert.ok(changes('.mcp.json', '{"mcpServers":{}}', '{"mcpServers":{"x":{"command":"node"}}}'));
  assert.ok(changes('opencode.json', '{"theme":"dark"}', '{"theme":"dark","mcp":{"x":{"type":"local","command":["node"]}}}'));
  assert.equal(changes('opencode.json', '{"theme":"dark"}', '{"theme":"light"}'), false);
});
