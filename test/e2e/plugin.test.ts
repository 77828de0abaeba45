import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import * as v from 'valibot';
import { claudeCodeHooks } from '../../src/install/targets/claude-code.js';
import { NODE, payload, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';
import { HOOK_EVENTS, PluginHooksFile } from '../helpers/claude-code-schema.js';

const PLUGIN = join(REPO_ROOT, 'plugin');
const BUNDLE = join(PLUGIN, 'lib', 'continuity.mjs');
const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-plugin-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The plugin directory copied where Claude Code puts an installed plugin: away from the repository and its node_modules. */
function installedCopy(): string {
  const dir = join(scratch(), 'continuity');
  cpSync(PLUGIN, dir, { recursive: true });
  return dir;
}

/** Claude Code's plugin manifest fields (2.1.197), strict so that a misspelt field fails here. */
const PluginManifest = v.strictObject({
  $schema: v.optional(v.string()),
  name: v.pipe(v.string(), v.minLength(1), v.check((n) => !n.includes(' '), 'no spaces')),
  displayName: v.optional(v.string()),
  version: v.optional(v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+/))),
  description: v.optional(v.string()),
  author: v.optional(v.strictObject({ name: v.pipe(v.string(), v.minLength(1)), email: v.optional(v.string()), url: v.optional(v.string()) })),
  homepage: v.optional(v.pipe(v.string(), v.url())),
  repository: v.optional(v.string()),
  license: v.optional(v.string()),
  keywords: v.optional(v.array(v.string())),
});

const Marketplace = v.strictObject({
  $schema: v.optional(v.string()),
  name: v.pipe(v.string(), v.minLength(1), v.check((n) => !/[\s/\\]|\.\./.test(n), 'kebab-case, no path separators')),
  owner: v.strictObject({ name: v.pipe(v.string(), v.minLength(1)), email: v.optional(v.string()), url: v.optional(v.string()) }),
  description: v.optional(v.string()),
  plugins: v.array(v.looseObject({ name: v.string(), source: v.string(), description: v.optional(v.string()), version: v.optional(v.string()) })),
});

/**
 * The bundle as git has it: `npm install` and `npm test` rebuild the file in
 * the working tree first, so only git's copy can be stale. Outside a git
 * checkout the file on disk is all there is.
 */
function checkedInBundle(): Buffer {
  const r = spawnSync('git', ['show', ':plugin/lib/continuity.mjs'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : readFileSync(BUNDLE);
}

function frontmatter(path: string): { meta: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path, 'utf8'));
  assert.ok(m, `${path} starts with frontmatter`);
  const meta = Object.fromEntries(m[1]!.split('\n').map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]));
  return { meta, body: m[2]! };
}

describe('the Claude Code plugin', () => {
  test('the checked-in CLI bundle is exactly what the build makes of the sources (a stale bundle fails here)', () => {
    const out = join(scratch(), 'continuity.mjs');
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs'), '--plugin-only', out], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(readFileSync(out).equals(checkedInBundle()), 'plugin/lib/continuity.mjs as committed is stale: run `npm run build` and commit it');
  });

  test("hooks/hooks.json is valid for Claude Code: documented events, string matchers, exec-form handlers", () => {
    const file = readJson(join(PLUGIN, 'hooks', 'hooks.json'));
    const parsed = v.safeParse(PluginHooksFile, file);
    assert.ok(parsed.success, JSON.stringify(parsed.issues?.[0]?.path?.map((p) => p.key)));
    for (const event of Object.keys(file.hooks)) assert.ok((HOOK_EVENTS as readonly string[]).includes(event), event);
  });

  test('hooks/hooks.json wires what init wires, running the plugin\'s own CLI through ${CLAUDE_PLUGIN_ROOT}', () => {
    const file = readJson(join(PLUGIN, 'hooks', 'hooks.json'));
    assert.deepEqual(file.hooks, claudeCodeHooks({ command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/lib/continuity.mjs', 'hook', 'claude-code'] }));
  });

  test('the hook command answers a payload the way Claude Code runs it (exec form, the plugin root substituted)', () => {
    const project = tempProject({ 'docs/plans/p.md': '# P\n\n### Task 1: One\n\nDo it.\n' });
    assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
    const handler = readJson(join(PLUGIN, 'hooks', 'hooks.json')).hooks.SessionStart[0].hooks[0] as { command: string; args: string[] };
    const args = handler.args.map((a) => a.replaceAll('${CLAUDE_PLUGIN_ROOT}', PLUGIN));
    const r = spawnSync(handler.command === 'node' ? NODE : handler.command, args, {
      input: payload(project, { hook_event_name: 'SessionStart', source: 'startup' }),
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PROJECT_DIR: project },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(JSON.parse(r.stdout).hookSpecificOutput.additionalContext, /plan p \(docs\/plans\/p\.md, 1 tasks\) is a draft/);
  });

  test('plugin.json: Claude Code\'s manifest fields, the package\'s version, and no hooks entry (hooks/hooks.json is loaded by itself)', () => {
    const manifest = readJson(join(PLUGIN, '.claude-plugin', 'plugin.json'));
    assert.ok(v.safeParse(PluginManifest, manifest).success);
    assert.equal(manifest.name, 'continuity');
    assert.equal(manifest.version, PKG.version);
    assert.equal('hooks' in manifest, false);
  });

  test('the repository is a marketplace listing the plugin at ./plugin, at the same version', () => {
    const market = readJson(join(REPO_ROOT, '.claude-plugin', 'marketplace.json'));
    assert.ok(v.safeParse(Marketplace, market).success);
    assert.deepEqual(market.plugins.map((p: { name: string; source: string; version: string }) => [p.name, p.source, p.version]), [['continuity', './plugin', PKG.version]]);
    assert.ok(existsSync(join(REPO_ROOT, market.plugins[0].source, '.claude-plugin', 'plugin.json')));
  });

  test('/continuity:approve: its text is a statement, it runs nothing, and the model cannot invoke it', () => {
    const { meta, body } = frontmatter(join(PLUGIN, 'commands', 'approve.md'));
    assert.equal(meta['disable-model-invocation'], 'true');
    assert.doesNotMatch(body, /!`/);
    assert.doesNotMatch(body, /\b(must|should|please|implement|proceed|start|begin|go ahead)\b/i);
  });

  test('/continuity:status: its text includes `continuity status` through Claude Code\'s ! execution, allowed for that command only', () => {
    const { meta, body } = frontmatter(join(PLUGIN, 'commands', 'status.md'));
    assert.equal(meta['allowed-tools'], 'Bash(continuity status)');
    assert.match(body, /^!`continuity status`$/m);
  });

  test('bin/continuity runs the bundle, in place and from an installed copy (read as CommonJS there)', () => {
    for (const dir of [PLUGIN, installedCopy()]) {
      const bin = join(dir, 'bin', 'continuity');
      assert.ok(statSync(bin).mode & 0o111, 'executable');
      const r = spawnSync(NODE, [bin, '--version'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `${PKG.version}\n`);
    }
  });

  test('init from the plugin leaves the hooks to the plugin\'s own and writes the wall and the config', () => {
    const project = tempProject();
    const r = spawnSync(NODE, [join(installedCopy(), 'bin', 'continuity'), 'init'], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^note \.claude\/settings\.json \(the continuity plugin's own hooks are active\)$/m);
    assert.match(r.stdout, /^created \.claude\/settings\.json \(the wall: Claude Code's sandbox on/m);
    assert.match(r.stdout, /^created \.continuity\/config\.json /m);
    const settings = JSON.parse(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(settings.hooks, undefined, 'the plugin wires the hooks');
    assert.equal((settings.sandbox as { enabled: boolean }).enabled, true);
  });

  test('away from node_modules the plugin\'s CLI uses node:sqlite where Node has it, and otherwise says which driver is missing', () => {
    const project = tempProject({ 'docs/plans/p.md': '# P\n\n### Task 1: One\n\nDo it.\n' });
    assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
    const [major = 0, minor = 0] = spawnSync(NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim().split('.').map(Number);
    const r = spawnSync(NODE, [join(installedCopy(), 'bin', 'continuity'), 'status', '--json'], { cwd: project, encoding: 'utf8' });
    if (major > 22 || (major === 22 && minor >= 13)) {
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).plan.id, 'p');
    } else {
      assert.equal(r.status, 5);
      assert.match(r.stderr, /^continuity: no SQLite driver available on Node [\d.]+ \(better-sqlite3: its native addon \(better_sqlite3\.node\) is not installed where continuity can find it\); use Node ≥ 22\.13 or install better-sqlite3\n$/);
    }
  });
});
