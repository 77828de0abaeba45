// Package managers as writers of node_modules: a project may run continuity
// from its own node_modules/continuity/dist, and removing, replacing or
// reinstalling it there is a write to it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeCommand, mightTouchProtected, protectedNamesFor, protectedPathMatcher } from '../../src/shell/index.js';
import { installedFolderOf } from '../../src/shell/handlers-packages.js';

const ROOT = '/home/dev/proj';
const PATTERNS = ['.continuity/**', 'node_modules/continuity/dist/**'];
const names = protectedNamesFor(PATTERNS);
const analyze = (command: string, cwd = ROOT) => analyzeCommand(command, { cwd, projectRoot: ROOT, isProtected: protectedPathMatcher(ROOT, PATTERNS), protectedNames: names });

const DENIED: [string, string][] = [
  ['npm uninstall continuity', 'npm uninstall'],
  ['npm rm continuity --save-dev', 'npm rm'],
  ['npm ci', 'npm ci'],
  ['npm clean-install', 'npm clean-install'],
  ['npm prune --omit=dev', 'npm prune'],
  ['npm install --omit dev', 'npm install'],
  ['npm i --production', 'npm i'],
  ['npm install continuity@latest', 'npm install'],
  ['npm install ./continuity-fork', 'npm install'],
  ['npm install github:someone/continuity', 'npm install'],
  ['npm update', 'npm update'],
  ['npm --prefix /home/dev/proj uninstall continuity', 'npm uninstall'],
  ['cd src && npm uninstall continuity', 'npm uninstall'],
  ['npm exec -- rm -rf node_modules', 'npm exec: rm'],
  ['pnpm remove continuity', 'pnpm remove'],
  ['pnpm add continuity@2', 'pnpm add'],
  ['pnpm install --prod', 'pnpm install'],
  ['pnpm -C /home/dev/proj prune', 'pnpm prune'],
  ['yarn remove continuity', 'yarn remove'],
  ['yarn add continuity', 'yarn add'],
  ['yarn install --production', 'yarn install'],
  ['bun remove continuity', 'bun remove'],
  ['bun add continuity', 'bun add'],
  ['bun install --production', 'bun install'],
  ['npx rimraf node_modules/continuity', 'rimraf'],
  ['npx del-cli node_modules', 'del-cli'],
  ['npm $CMD continuity', 'npm'],
];

const ALLOWED = ['npm install', 'npm i', 'yarn', 'npm install left-pad', 'npm i -D typescript@5 @types/node', 'pnpm add @scope/pkg@1.2.3', 'yarn remove lodash', 'bun add zod', 'npm test', 'npm run build -- --watch', 'bun run build', 'npm update lodash', 'npx rimraf dist', 'cd /tmp/other && npm ci', `python3 -c "import shutil; shutil.rmtree('node_modules/lodash')"`];

test('a package manager changing continuity in node_modules is a write to it', async () => {
  for (const [command, via] of DENIED) {
    const r = await analyze(command);
    assert.equal(r.verdict, 'deny', `${command}: ${r.reason}`);
    assert.ok(r.writes.some((w) => w.via === via), `${command}: expected a write via ${via}, got ${JSON.stringify(r.writes)}`);
    assert.equal(mightTouchProtected(command, names), true, `the pre-check lets ${command} through`);
  }
});

test('other packages stay the agent\'s to add, remove and update', async () => {
  for (const command of ALLOWED) {
    const r = await analyze(command);
    assert.equal(r.verdict, 'allow', `${command}: ${JSON.stringify(r.writes)}`);
  }
});

test('the folder a spec installs into', () => {
  assert.equal(installedFolderOf('continuity'), 'continuity');
  assert.equal(installedFolderOf('continuity@^1.2'), 'continuity');
  assert.equal(installedFolderOf('@scope/name@next'), '@scope/name');
  assert.equal(installedFolderOf('alias@npm:continuity@1'), 'alias');
  for (const unknown of ['./fork', '../x', '/abs/x', '~/x', 'github:a/b', 'a/b', 'git+https://x/y.git', 'https://x/y.tgz', 'file:../x', 'git@github.com:a/b.git']) assert.equal(installedFolderOf(unknown), null, unknown);
});

test('a continuity installed outside the project: removing it, or a folder above it, is seen; its neighbours are not', async () => {
  const patterns = ['.continuity/**', '/home/dev/.npm-global/lib/node_modules/continuity/dist/**'];
  const outsideNames = protectedNamesFor(patterns);
  const run = (command: string) => analyzeCommand(command, { cwd: ROOT, projectRoot: ROOT, isProtected: protectedPathMatcher(ROOT, patterns), protectedNames: outsideNames, home: '/home/dev' });
  for (const command of ['rm -rf ~/.npm-global', 'rm -rf /home/dev/.npm-global/lib/node_modules/continuity', 'npm uninstall -g continuity', 'mv /home/dev/.npm-global /tmp/x']) {
    assert.equal((await run(command)).verdict, 'deny', command);
    assert.equal(mightTouchProtected(command, outsideNames), true, command);
  }
  for (const command of ['rm -rf ~/.cache/thing', 'rm -rf /home/dev/.npm-global/lib/node_modules/left-pad', 'npm uninstall -g left-pad']) assert.equal((await run(command)).verdict, 'allow', command);
});

test('a continuity installed under /tmp: a name mktemp makes is new, so it is none of its files; an unknown name there may be', async () => {
  const patterns = ['.continuity/**', '/tmp/checkout/dist/**'];
  const tmpNames = protectedNamesFor(patterns);
  const run = (command: string) => analyzeCommand(command, { cwd: ROOT, projectRoot: ROOT, isProtected: protectedPathMatcher(ROOT, patterns), protectedNames: tmpNames });
  assert.equal((await run(`tmp=$(mktemp) && jq '.x = 1' package.json > "$tmp" && mv "$tmp" package.json`)).verdict, 'allow');
  assert.equal((await run('rm -rf "$(mktemp)"')).verdict, 'allow');
  assert.equal((await run('rm -rf /tmp/$X')).verdict, 'deny');
  assert.equal((await run('rm -rf /tmp/checkout')).verdict, 'deny');
});
