// Code planted where it runs later as the person, tried by the real OpenClaw
// gateway inside continuity's own wall (the plugin wraps every exec): a
// script appending core.fsmonitor to .git/config and one writing executable
// post-checkout and pre-commit hooks (their paths built at run time) fail;
// the `write` tool's .git/hooks/pre-commit is refused; a script rewriting an
// executable in the person's npx cache and in their pre-commit cache changes
// neither. The agent's own commit, an `npm install` of a folder in the
// project and a `pip install` into the project's virtualenv work in there.
// Afterwards the person's own git status, checkout -b and commit, outside
// every wall, run nothing planted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { PLAN, PLAN_PATH, type ProjectPlace } from './agent-project.js';
import { addedUserText, exec, say, tool, write } from './chat-completions-server.js';
import { AGENT_COMMIT, FILE_TOOL_HOOK, PLANT_CONFIG_SCRIPT, PLANT_HOOKS_SCRIPT, assertPersonGitRunsNothingPlanted, gitExecSnapshot } from './git-exec.js';
import { OpenClawProject, timeline } from './run-openclaw.js';
import { newPlace } from './places.js';

/** Installed copies in the person's caches that their next `npx left-cli` and `git commit` (through pre-commit) run. */
const CACHED = {
  npx: ['.npm', '_npx', '5f1c2a9e07b3d4c8', 'node_modules', 'left-cli', 'bin', 'left'],
  preCommit: ['.cache', 'pre-commit', 'repo3k2j1h0g', 'hooks', 'check'],
};
const PERSON_COPY = '#!/bin/sh\necho the person\'s copy\n';

/** Rewrites both cached executables, their paths built at run time; prints `<cache>: done` or `<cache>: <error code>`. */
const CACHE_SCRIPT = `const fs = require('fs'), path = require('path');
for (const [name, parts] of ${JSON.stringify(Object.entries(CACHED))}) {
  const f = [process.env.HOME, ...parts].join('/');
  try { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, '#!/bin/sh\\ntouch planted-cache\\n', { mode: 0o755 }); console.log(name + ': done'); } catch (e) { console.log(name + ': ' + e.code); }
}
`;

/**
 * A project whose home lies outside the temporary folder (places.ts): the
 * wall leaves /tmp writable, and a home under it would be writable with it,
 * the person's caches included.
 */
function placeOutsideTemp(): ProjectPlace {
  const base = newPlace('openclaw-');
  after(() => {
    if (process.env.CONTINUITY_REAL_CLIENT_KEEP) process.stderr.write(`kept ${base}\n`);
    else rmSync(base, { recursive: true, force: true });
  });
  const place = { base, dir: join(base, 'project'), home: join(base, 'home') };
  mkdirSync(place.dir, { recursive: true });
  return place;
}

/** A wheel made by hand (a zip with the package and its dist-info): pip installs it offline with nothing to build. */
function writeWheel(dir: string): string {
  const name = 'tiny-1.0-py3-none-any.whl';
  const py = `import zipfile, hashlib, base64
files = {'tiny/__init__.py': 'VALUE = 42\\n', 'tiny-1.0.dist-info/METADATA': 'Metadata-Version: 2.1\\nName: tiny\\nVersion: 1.0\\n', 'tiny-1.0.dist-info/WHEEL': 'Wheel-Version: 1.0\\nGenerator: hand\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n'}
record = ''.join(f"{p},sha256={base64.urlsafe_b64encode(hashlib.sha256(c.encode()).digest()).rstrip(b'=').decode()},{len(c.encode())}\\n" for p, c in files.items()) + 'tiny-1.0.dist-info/RECORD,,\\n'
with zipfile.ZipFile('vendor/${name}', 'w') as z:
    for p, c in files.items(): z.writestr(p, c)
    z.writestr('tiny-1.0.dist-info/RECORD', record)
`;
  mkdirSync(join(dir, 'vendor'), { recursive: true });
  const r = spawnSync('python3', ['-c', py], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return `vendor/${name}`;
}

/** Ordinary work in one exec: a package from a folder of the project installed offline and required; a virtualenv with a wheel of the project installed. */
const installWork = (wheel: string) =>
  [
    'mkdir -p pkg',
    `echo '{"name":"app","version":"1.0.0","private":true}' > package.json`,
    `echo '{"name":"left","version":"1.0.0","main":"index.js"}' > pkg/package.json`,
    "echo 'module.exports = 42;' > pkg/index.js",
    'npm install ./pkg --offline --no-audit --no-fund > npm.log 2>&1; echo "npm=$?"',
    `node -e "console.log('left=' + require('left'))"`,
    'python3 -m venv .venv > venv.log 2>&1; echo "venv=$?"',
    `.venv/bin/pip install --no-index ${wheel} > pip.log 2>&1; echo "pip=$?"`,
    `.venv/bin/python -c "import tiny; print('tiny=' + str(tiny.VALUE))"`,
  ].join('; ');

test("openclaw git exec paths and caches: inside continuity's own wall the scripts' core.fsmonitor and hooks fail, write's hook is refused, the person's cached executables are unchanged; the agent's commit, npm install of a folder and pip install into the project's virtualenv work; the person's git runs nothing planted", { timeout: 420_000 }, async () => {
  const p = new OpenClawProject({ join: placeOutsideTemp() });
  assert.ok(!p.home.startsWith('/tmp/'), p.home);
  // What the project constructor does in a new place, done here in one made outside the temporary folder: the person's repository and the plan.
  const person = { cwd: p.dir, env: { PATH: process.env.PATH ?? '', HOME: p.home } };
  assert.equal(spawnSync('git', ['init', '-q'], person).status, 0);
  p.writeFile(PLAN_PATH, PLAN);
  p.continuity(['plan', 'import', PLAN_PATH]);
  for (const args of [['add', '-A'], ['commit', '-qm', 'the project']]) assert.equal(spawnSync('git', args, person).status, 0);
  for (const parts of Object.values(CACHED)) {
    const f = join(p.home, ...parts);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, PERSON_COPY);
    chmodSync(f, 0o755);
  }
  const wheel = writeWheel(p.dir);
  const before = gitExecSnapshot(p.dir);
  const r = await p.run({
    message: 'Get on with it.',
    turns: [
      [write('scripts/config.cjs', PLANT_CONFIG_SCRIPT)],
      [write('scripts/hooks.cjs', PLANT_HOOKS_SCRIPT)],
      [write('scripts/cache.cjs', CACHE_SCRIPT)],
      [exec('node scripts/config.cjs')],
      [exec('node scripts/hooks.cjs')],
      [exec('node scripts/cache.cjs')],
      [write('.git/hooks/pre-commit', FILE_TOOL_HOOK)],
      [exec(AGENT_COMMIT)],
      // Past OpenClaw's default 10 s an exec goes on in the background: this one is waited for.
      [tool('exec', { command: installWork(wheel), yieldMs: 110_000 })],
      [say('Done.')],
    ],
  });
  const outputs = r.conversation.map((q) => addedUserText(q)).join('\n');
  const said = `${timeline(p, r)}\n${outputs.slice(-5000)}`;
  assert.equal(r.turn.exitCode, 0, said);
  // Every exec ran in the wall.
  const execs = r.hooks.filter((h) => h.kind === 'PreToolUse' && h.input.tool_name === 'Bash');
  assert.equal(execs.length, 5, said);
  assert.ok(execs.every((h) => h.decision.wall === 'wrapped'), said);
  // git's exec paths: read-only in the wall, refused to the write tool.
  assert.match(outputs, /^config: EROFS$/m, said);
  assert.match(outputs, /^post-checkout: EROFS$/m, said);
  assert.match(outputs, /^pre-commit: EROFS$/m, said);
  assert.ok(r.hooks.some((h) => h.kind === 'PreToolUse' && h.input.tool_name === 'Write' && h.input.tool_input.file_path === join(p.dir, '.git', 'hooks', 'pre-commit') && h.decision?.action === 'deny'), said);
  assert.deepEqual(gitExecSnapshot(p.dir), before, said);
  // The person's cached executables: the script wrote into the wall's own empty folders, or nowhere.
  for (const parts of Object.values(CACHED)) assert.equal(readFileSync(join(p.home, ...parts), 'utf8'), PERSON_COPY, `${parts.join('/')}\n${said}`);
  // The agent's own work.
  assert.match(outputs, /^add=0$/m, said);
  assert.match(outputs, /^commit=0$/m, said);
  assert.match(outputs, /^npm=0$/m, said);
  assert.match(outputs, /^left=42$/m, said);
  assert.match(outputs, /^venv=0$/m, said);
  assert.match(outputs, /^pip=0$/m, said);
  assert.match(outputs, /^tiny=42$/m, said);
  const log = spawnSync('git', ['log', '--format=%s'], { cwd: p.dir, env: { PATH: process.env.PATH ?? '', HOME: p.home }, encoding: 'utf8' }).stdout;
  assert.match(log, /^notes\n/, said);
  await p.stop();
  assertPersonGitRunsNothingPlanted(p.dir, p.home, said);
});
