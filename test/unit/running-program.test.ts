import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { programInProject, programOf } from '../../src/install/hook-command.js';
import { programPatterns, runningProgramPaths } from '../../src/util/running-program.js';

test('the program a hook command runs: the dist folder of an installation, a lone executable, never the plugin launcher', () => {
  assert.deepEqual(programOf({ command: 'node', args: ['/p/node_modules/continuity/dist/cli.cjs', 'hook', 'claude-code'] }), { path: '/p/node_modules/continuity/dist', folder: true });
  assert.deepEqual(programOf({ command: '/usr/lib/node_modules/continuity/dist/bin/continuity', args: ['hook', 'codex'] }), { path: '/usr/lib/node_modules/continuity/dist', folder: true });
  assert.deepEqual(programOf({ command: '/opt/bin/continuity', args: ['hook', 'gemini'] }), { path: '/opt/bin/continuity', folder: false });
  assert.equal(programOf({ command: 'sh', args: ['/home/u/.claude/plugins/cache/continuity/bin/continuity', 'hook', 'claude-code'] }), null);
  assert.equal(programOf({ command: 'continuity', args: ['hook', 'claude-code'] }), null);
  assert.equal(programInProject({ command: 'node', args: ['/p/node_modules/continuity/dist/cli.cjs', 'hook', 'claude-code'] }, '/p'), 'node_modules/continuity/dist');
  assert.equal(programInProject({ command: 'node', args: ['/pp/node_modules/continuity/dist/cli.cjs', 'hook', 'claude-code'] }, '/p'), null);
});

test('the running program is found from its entry script, through the symlink npm puts in node_modules/.bin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-program-'));
  const dist = join(dir, 'node_modules', 'continuity', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'cli.cjs'), '');
  mkdirSync(join(dir, 'node_modules', '.bin'));
  symlinkSync(join(dist, 'cli.cjs'), join(dir, 'node_modules', '.bin', 'continuity'));
  assert.deepEqual(runningProgramPaths({}, join(dir, 'node_modules', '.bin', 'continuity')), [{ path: dist, folder: true }]);
  assert.deepEqual(runningProgramPaths({}, join(dir, 'elsewhere.js')), []);
  assert.deepEqual(runningProgramPaths({}, undefined), []);
  // Outside the plugin's build, the plugin's variables name nothing.
  assert.deepEqual(runningProgramPaths({ CONTINUITY_PLUGIN_ROOT: '/x', CLAUDE_PLUGIN_DATA: '/y' }, undefined), []);
});

test('its guard patterns: relative inside the project, absolute outside it, a folder with what it holds', () => {
  assert.deepEqual(programPatterns('/p', [{ path: '/p/node_modules/continuity/dist', folder: true }, { path: '/usr/lib/node_modules/continuity/dist', folder: true }, { path: '/opt/bin/continuity', folder: false }]), [
    'node_modules/continuity/dist/**',
    '/usr/lib/node_modules/continuity/dist/**',
    '/opt/bin/continuity',
  ]);
});
