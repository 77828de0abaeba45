/**
 * continuity's own wall keeps out of reach what runs later as the person:
 * git's exec paths (hooks, config) and the installed copies in the person's
 * tool caches (npx's, pre-commit's), while git's own writes (add, commit,
 * branch, stash, checkout -b) and `npm install` keep working. End to end:
 * the real `continuity hook gemini` wraps each command, which then runs as
 * Gemini CLI runs it (`bash -c`) in real bubblewrap. The person's home lies
 * outside the temporary folder (a home under /tmp would be writable with it).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli, tempProject } from '../helpers/cli.js';
import { agentHook, PLAN } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
const STATE = mkdtempSync(join(tmpdir(), 'continuity-wall-state-'));
// Its real path: bubblewrap makes the mount points of the home's caches along it, and cannot through a symbolic link (a checkout whose node_modules is one).
const HOMES = join(realpathSync(join(import.meta.dirname, '..', '..', 'node_modules')), '.cache', 'continuity-wall-homes');
mkdirSync(HOMES, { recursive: true });
const HOME = mkdtempSync(join(HOMES, 'home-'));
after(() => rmSync(HOME, { recursive: true, force: true }));
const SETTINGS = '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n';
const GIT_ID = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' };

const env = (): NodeJS.ProcessEnv => ({ ...process.env, CONTINUITY_STATE_HOME: STATE, HOME, ...GIT_ID });

/** The command as continuity's BeforeTool answer rewrites it. */
function wrapped(project: string, command: string): string {
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', project, { ...p, cwd: project, transcript_path: join(project, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command } }, { GEMINI_PROJECT_DIR: project, CONTINUITY_STATE_HOME: STATE, HOME });
  assert.equal(r.code, 0, r.stderr);
  const out = (r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command;
  assert.match(String(out), /^\/\S*bwrap /, JSON.stringify(r.out));
  return String(out);
}

/** One shell call of the agent, inside the wall. */
const inWall = (project: string, command: string) => spawnSync('bash', ['-c', wrapped(project, command)], { cwd: project, encoding: 'utf8', env: env() });
/** The person's own command, outside every wall. */
const outside = (project: string, command: string) => spawnSync('bash', ['-c', command], { cwd: project, encoding: 'utf8', env: env() });

/** A project with a real git repository (one commit) and a draft plan; the person's caches hold an npx package and a pre-commit environment. */
function project(): string {
  const scripts = Object.fromEntries(Object.entries(ATTACKS).map(([name, body], i) => [`attack-${i}.cjs`, `// ${name}\n${body};\n`]));
  const p = tempProject({ 'docs/plans/payments-export.md': PLAN, '.gemini/settings.json': SETTINGS, 'a.txt': 'one\n', '.gitmodules': '', ...scripts });
  rmSync(join(p, '.git'), { recursive: true });
  for (const c of ['git init -q', 'git add -A', 'git commit -qm one']) assert.equal(outside(p, c).status, 0, c);
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: p, env: { CONTINUITY_STATE_HOME: STATE, HOME } }).code, 0);
  return p;
}

const NPX_BIN = ['.npm', '_npx', '1415fee72ff6294b', 'node_modules', 'cowsay', 'bin', 'cowsay'];
const PRE_COMMIT = ['.cache', 'pre-commit', 'repoa1b2c3', 'py_env-python3', 'bin', 'black'];
for (const parts of [NPX_BIN, PRE_COMMIT]) {
  mkdirSync(join(HOME, ...parts.slice(0, -1)), { recursive: true });
  writeFileSync(join(HOME, ...parts), '#!/bin/sh\necho the person\'s copy\n', { mode: 0o755 });
}

/** Scripts whose target is built at run time: no reading of the command line sees it. */
const ATTACKS: Record<string, string> = {
  'a hook': `require('fs').writeFileSync(['.git', 'hooks', 'post-checkout'].join('/'), '#!/bin/sh\\ntouch planted\\n', { mode: 0o755 })`,
  'core.fsmonitor': `require('fs').appendFileSync(['.git', 'config'].join('/'), '[core]\\n\\tfsmonitor = "touch planted; false"\\n')`,
  "npx's copy": `require('fs').writeFileSync([process.env.HOME, ${NPX_BIN.map((s) => `'${s}'`).join(', ')}].join('/'), '#!/bin/sh\\ntouch /tmp/planted\\n')`,
  "pre-commit's environment": `require('fs').writeFileSync([process.env.HOME, ${PRE_COMMIT.map((s) => `'${s}'`).join(', ')}].join('/'), '#!/bin/sh\\ntouch /tmp/planted\\n')`,
  '.gitmodules': `require('fs').writeFileSync(['.git', 'modules'].join(''), '[submodule "x"]\\n\\tpath = x\\n\\turl = ../x\\n')`,
};

test("inside continuity's own wall git's hooks and config, npx's and pre-commit's installed copies and the engine's deny list are refused; the person's next git command runs nothing planted", () => {
  const p = project();
  const config = readFileSync(join(p, '.git', 'config'), 'utf8');
  for (const [i, name] of Object.keys(ATTACKS).entries()) {
    const r = inWall(p, `node attack-${i}.cjs`);
    assert.notEqual(r.status, 0, `${name} was written`);
    // npx's folder is the call's own empty one: the person's package is not even there to write to.
    assert.match(r.stderr, /EROFS|read-only file system|ENOENT/i, name);
  }
  assert.equal(existsSync(join(p, '.git', 'hooks', 'post-checkout')), false);
  assert.equal(readFileSync(join(p, '.git', 'config'), 'utf8'), config);
  assert.equal(readFileSync(join(p, '.gitmodules'), 'utf8'), '');
  for (const parts of [NPX_BIN, PRE_COMMIT]) assert.equal(readFileSync(join(HOME, ...parts), 'utf8'), "#!/bin/sh\necho the person's copy\n");
  // npx's folder inside the wall is writable, and what is written there goes with the call.
  const npx = inWall(p, `mkdir -p "$HOME/.npm/_npx/1415fee72ff6294b/node_modules/cowsay/bin" && echo x > "$HOME/.npm/_npx/1415fee72ff6294b/node_modules/cowsay/bin/cowsay" && echo written`);
  assert.equal(npx.status, 0, npx.stderr);
  assert.equal(readFileSync(join(HOME, ...NPX_BIN), 'utf8'), "#!/bin/sh\necho the person's copy\n");
  // The person's own commands, outside the wall, find nothing planted to run.
  for (const c of ['git status --short', 'git checkout -q -b person', 'git commit -q --allow-empty -m person']) assert.equal(outside(p, c).status, 0, c);
  assert.equal(existsSync(join(p, 'planted')), false);
});

test("inside continuity's own wall the agent's git add, commit, branch, stash and checkout -b work, and npm install of a local package", () => {
  const p = project();
  const git = inWall(p, 'echo two >> a.txt && git add a.txt && git commit -qm two && git branch side && echo three >> a.txt && git stash -q && git stash list | wc -l && git checkout -q -b feature && git log --oneline | wc -l');
  assert.equal(git.status, 0, git.stderr);
  assert.equal(git.stdout, '1\n2\n');
  assert.equal(outside(p, 'git rev-parse --abbrev-ref HEAD').stdout.trim(), 'feature');
  writeFileSync(join(p, 'package.json'), '{"name":"project","version":"1.0.0","private":true}\n');
  mkdirSync(join(p, 'dep'));
  writeFileSync(join(p, 'dep', 'package.json'), '{"name":"dep","version":"1.0.0"}\n');
  const npm = inWall(p, 'npm install --no-audit --no-fund --offline ./dep && ls node_modules');
  assert.equal(npm.status, 0, npm.stderr);
  assert.match(npm.stdout, /\bdep\b/);
});

test("a repository whose hooks folder is missing gets an empty read-only one inside the wall: no hook can be planted there", () => {
  const p = project();
  rmSync(join(p, '.git', 'hooks'), { recursive: true });
  // A script whose target is built at run time: the shell guard, which refuses a plain `mkdir .git/hooks`, cannot see it; the wall holds.
  writeFileSync(join(p, 'plant.cjs'), "const fs = require('fs'); const d = ['.git', 'hooks'].join('/'); fs.mkdirSync(d, { recursive: true }); fs.writeFileSync(d + '/pre-commit', '#!/bin/sh\\ntouch planted\\n', { mode: 0o755 });\n");
  const r = inWall(p, 'node plant.cjs');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /read-only file system/i);
  assert.equal(existsSync(join(p, '.git', 'hooks', 'pre-commit')), false);
  assert.equal(outside(p, 'git commit -q --allow-empty -m person').status, 0);
  assert.equal(existsSync(join(p, 'planted')), false);
});
