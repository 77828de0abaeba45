import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { claudeCodeHooks } from '../../src/install/targets/claude-code.js';
import { payload, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';
import { emptyData, executableFacts, installedCopy, launcherEnv, nodeWithSqlite, runLauncher, scratch } from '../helpers/plugin.js';
import { HOOK_EVENTS, PluginHooksFile } from '../helpers/claude-code-schema.js';

const PLUGIN = join(REPO_ROOT, 'plugin');
const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

/** The launcher on a PATH whose node has SQLite built in, with a data folder of its own and nothing built (as in a fresh install with Node). */
function nodeEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return launcherEnv({ PATH: `${dirname(nodeWithSqlite())}:${process.env.PATH ?? ''}`, data: emptyData(), extra: { CONTINUITY_PLUGIN_BUILD: 'off', CONTINUITY_PLUGIN_WHICH: '', ...extra } });
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
 * Each file under DIR (relative path) with its git blob id: for plugin/lib/
 * as git's index has it (`npm install` and `npm test` rebuild the working
 * tree first, so only git's copy can be stale), or, outside a git checkout,
 * as the files on disk.
 */
function blobs(dir: string, fromIndex: boolean): Map<string, string> {
  if (fromIndex) {
    const r = spawnSync('git', ['ls-files', '-s', '--', 'plugin/lib'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() !== '') {
      return new Map(r.stdout.trim().split('\n').map((line) => {
        const [meta, path] = line.split('\t') as [string, string];
        return [relative('plugin/lib', path), meta.split(' ')[1]!];
      }));
    }
  }
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).sort();
  const r = spawnSync('git', ['hash-object', '--stdin-paths'], { input: files.map((f) => join(dir, f)).join('\n'), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const ids = r.stdout.trim().split('\n');
  return new Map(files.map((f, i) => [f, ids[i]!]));
}

function frontmatter(path: string): { meta: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path, 'utf8'));
  assert.ok(m, `${path} starts with frontmatter`);
  const meta = Object.fromEntries(m[1]!.split('\n').map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]));
  return { meta, body: m[2]! };
}

describe('the Claude Code plugin', () => {
  test('the checked-in lib/ (the CLI, the executable\'s facts) is exactly what the build makes of the sources (a stale one fails here)', () => {
    const out = scratch();
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs'), '--plugin-only', out], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const fresh = blobs(out, false);
    const committed = blobs(join(PLUGIN, 'lib'), true);
    committed.delete('build-executable.sh'); // written by hand
    assert.deepEqual([...committed].sort(), [...fresh].sort(), 'plugin/lib/ as committed is stale: run `npm run build` and commit it');
  });

  test('lib/executable.sh pins the Bun of package-lock.json, each platform package by its sha512 (npm\'s integrity)', () => {
    const lock = readJson(join(REPO_ROOT, 'package-lock.json')).packages as Record<string, { version: string; integrity: string }>;
    const facts = executableFacts();
    assert.equal(facts.BUN_VERSION, lock['node_modules/bun']!.version);
    assert.equal(facts.CONTINUITY_VERSION, PKG.version);
    const pins = Object.entries(facts).filter(([k]) => k.startsWith('BUN_SHA512_'));
    assert.ok(pins.length >= 6);
    for (const [key, hex] of pins) {
      const entry = lock[`node_modules/@oven/bun-${key.slice('BUN_SHA512_'.length).replaceAll('_', '-')}`]!;
      assert.equal(entry.version, facts.BUN_VERSION);
      assert.equal(Buffer.from(hex, 'hex').toString('base64'), entry.integrity.replace(/^sha512-/, ''), key);
    }
  });

  test('the plugin runs with nothing from the repository: no file under plugin/ names node_modules or reaches outside plugin/', () => {
    for (const file of readdirSync(PLUGIN, { recursive: true }) as string[]) {
      const path = join(PLUGIN, file);
      if (!statSync(path).isFile()) continue;
      const text = readFileSync(path, 'utf8');
      assert.doesNotMatch(text, /require\(["'][^"']*node_modules|from ["'][^"']*node_modules|\.\.\/\.\.\/\.\.\//, file);
    }
  });

  test("hooks/hooks.json is valid for Claude Code: documented events, string matchers, exec-form handlers", () => {
    const file = readJson(join(PLUGIN, 'hooks', 'hooks.json'));
    const parsed = v.safeParse(PluginHooksFile, file);
    assert.ok(parsed.success, JSON.stringify(parsed.issues?.[0]?.path?.map((p) => p.key)));
    for (const event of Object.keys(file.hooks)) assert.ok((HOOK_EVENTS as readonly string[]).includes(event), event);
  });

  test('hooks/hooks.json wires what init wires, running the plugin\'s launcher with sh through ${CLAUDE_PLUGIN_ROOT}', () => {
    const file = readJson(join(PLUGIN, 'hooks', 'hooks.json'));
    assert.deepEqual(file.hooks, claudeCodeHooks({ command: 'sh', args: ['${CLAUDE_PLUGIN_ROOT}/bin/continuity', 'hook', 'claude-code'] }));
  });

  test('the hook command answers a payload the way Claude Code runs it (exec form, the plugin root substituted)', () => {
    const project = tempProject({ 'docs/plans/p.md': '# P\n\n### Task 1: One\n\nDo it.\n' });
    assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
    const handler = readJson(join(PLUGIN, 'hooks', 'hooks.json')).hooks.SessionStart[0].hooks[0] as { command: string; args: string[] };
    const args = handler.args.map((a) => a.replaceAll('${CLAUDE_PLUGIN_ROOT}', PLUGIN));
    const r = spawnSync(handler.command, args, {
      input: payload(project, { hook_event_name: 'SessionStart', source: 'startup' }),
      encoding: 'utf8',
      env: { ...nodeEnv(), CLAUDE_PROJECT_DIR: project },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(JSON.parse(r.stdout).hookSpecificOutput.additionalContext, /plan p \(docs\/plans\/p\.md, 1 tasks\) is a draft/);
  });

  test("the plugin's own files and the folder its executable is built into are guarded like continuity's state", () => {
    const project = tempProject({ 'docs/plans/p.md': '# P\n\n### Task 1: One\n\nDo it.\n' });
    assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
    const plugin = installedCopy();
    const env: NodeJS.ProcessEnv = { ...nodeEnv(), CLAUDE_PROJECT_DIR: project };
    const pre = (command: string) => runLauncher(plugin, ['hook', 'claude-code'], env, payload(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_p', tool_input: { command } }));
    for (const command of [`rm -rf ${plugin}/lib`, `echo 'exit 0' > ${plugin}/bin/continuity`, `rm -rf ${env.CLAUDE_PLUGIN_DATA}`]) {
      const r = pre(command);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /"deny"/, command);
      assert.match(r.stdout, /part of what runs the agent's hooks/, command);
    }
    assert.doesNotMatch(pre('rm -rf build').stdout, /"deny"/);
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

  test('bin/continuity runs the CLI, in place and from an installed copy, run by its path (as on Claude Code\'s PATH) or by sh', () => {
    for (const dir of [PLUGIN, installedCopy()]) {
      const bin = join(dir, 'bin', 'continuity');
      assert.ok(statSync(bin).mode & 0o111, 'executable');
      for (const [cmd, args] of [[bin, ['--version']], ['sh', [bin, '--version']]] as const) {
        const r = spawnSync(cmd, args, { encoding: 'utf8', env: nodeEnv() });
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout, `${PKG.version}\n`);
      }
    }
  });

  test('init from the plugin leaves the hooks to the plugin\'s own and writes the wall and the config', () => {
    const project = tempProject();
    const r = spawnSync(join(installedCopy(), 'bin', 'continuity'), ['init'], { cwd: project, encoding: 'utf8', env: nodeEnv() });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^note \.claude\/settings\.json \(the continuity plugin's own hooks are active\)$/m);
    assert.match(r.stdout, /^created \.claude\/settings\.json \(the wall: Claude Code's sandbox on/m);
    assert.match(r.stdout, /^created \.continuity\/config\.json /m);
    const settings = JSON.parse(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(settings.hooks, undefined, 'the plugin wires the hooks');
    assert.equal((settings.sandbox as { enabled: boolean }).enabled, true);
  });

  test('away from node_modules the plugin\'s CLI on Node uses node:sqlite', () => {
    const project = tempProject({ 'docs/plans/p.md': '# P\n\n### Task 1: One\n\nDo it.\n' });
    assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
    const r = spawnSync(join(installedCopy(), 'bin', 'continuity'), ['status', '--json'], { cwd: project, encoding: 'utf8', env: nodeEnv({ CONTINUITY_PLUGIN_WHICH: '1' }) });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /^continuity plugin entry: node /m);
    assert.equal(JSON.parse(r.stdout).plan.id, 'p');
  });
});
