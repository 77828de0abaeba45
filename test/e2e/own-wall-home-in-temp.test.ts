/**
 * continuity's own wall with the home folder inside the temporary folder
 * (HOME=/tmp/…, as in some containers and CI runners) and continuity's state
 * beside it: the home stays read-only whole although the temporary folder
 * holding it is writable (its start-up files, git config, the installed
 * copies its caches run), npm's checked cache stays writable inside it, the
 * folder holding home and state is a mount point pinned writable (so no
 * rename puts a new file where a read-only one was), and npx's cache gets
 * the call's own empty folder, the person's copy out of reach. The agent's
 * own work goes on: `npm install` of a local package, `git commit`. End to
 * end: the real `continuity hook gemini` wraps the command, which then runs
 * as Gemini CLI runs it (`bash -c`) in real bubblewrap.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { agentHook, PLAN } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
const BASE = mkdtempSync(join(tmpdir(), 'continuity-home-in-temp-'));
after(() => rmSync(BASE, { recursive: true, force: true }));
const PROJECT = join(BASE, 'project');
const HOME = join(BASE, 'home');
const STATE = join(BASE, 'state');
const NPX_BIN = ['.npm', '_npx', '1415fee72ff6294b', 'node_modules', 'cowsay', 'bin', 'cowsay'];
const PERSONS_COPY = "#!/bin/sh\necho the person's copy\n";

test("a home inside the temporary folder, continuity's state beside it: npx's cache inside the wall is the call's own, the person's copy is not written", () => {
  for (const dir of [join(PROJECT, 'docs', 'plans'), join(PROJECT, '.gemini'), STATE, join(HOME, ...NPX_BIN.slice(0, -1))]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(HOME, ...NPX_BIN), PERSONS_COPY, { mode: 0o755 });
  writeFileSync(join(PROJECT, 'docs', 'plans', 'payments-export.md'), PLAN);
  writeFileSync(join(PROJECT, '.gemini', 'settings.json'), '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n');
  assert.equal(spawnSync('git', ['init', '-q'], { cwd: PROJECT }).status, 0);
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: PROJECT, env: { CONTINUITY_STATE_HOME: STATE, HOME } }).code, 0);
  // A script whose target is built at run time: only the wall stands in its way.
  writeFileSync(join(PROJECT, 'npx.cjs'), `require('fs').writeFileSync([process.env.HOME, ${NPX_BIN.map((s) => `'${s}'`).join(', ')}].join('/'), 'x');\n`);
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', PROJECT, { ...p, cwd: PROJECT, transcript_path: join(PROJECT, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command: 'node npx.cjs' } }, { GEMINI_PROJECT_DIR: PROJECT, CONTINUITY_STATE_HOME: STATE, HOME });
  assert.equal(r.code, 0, r.stderr);
  const wrapped = String((r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command);
  // The folder holding the home and the state is pinned (an anchor of the state's read-only mount).
  assert.ok(wrapped.includes(`--bind-try ${BASE} ${BASE}`), wrapped);
  const run = spawnSync('bash', ['-c', wrapped], { cwd: PROJECT, encoding: 'utf8', env: { ...process.env, HOME, CONTINUITY_STATE_HOME: STATE } });
  assert.notEqual(run.status, 0, `npx's copy was written: ${run.stderr}`);
  // npx's folder is the call's own empty one: the person's package is not even there to write to.
  assert.match(run.stderr, /ENOENT/);
  assert.equal(readFileSync(join(HOME, ...NPX_BIN), 'utf8'), PERSONS_COPY);
});

const GIT_ID = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' };
/** What runs later as the person, in the home: start-up files, git's config, a pre-commit hook environment, a program on PATH. */
const PERSONS_FILES = ['.bashrc', '.gitconfig', '.cache/pre-commit/repo1/hooks/check', '.local/bin/tool'];
/** Their content: a comment, as valid in git's config as in a shell script. */
const PERSONS_TEXT = "# the person's own\n";

/** A project with the plan imported and Gemini CLI's hooks, a home whose files run later as the person, in `base`. */
function setUp(project: string, home: string, state: string): void {
  for (const dir of [join(project, 'docs', 'plans'), join(project, '.gemini'), state, join(home, ...NPX_BIN.slice(0, -1)), join(home, '.gemini')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, ...NPX_BIN), PERSONS_COPY, { mode: 0o755 });
  for (const f of PERSONS_FILES) {
    mkdirSync(join(home, f, '..'), { recursive: true });
    writeFileSync(join(home, f), PERSONS_TEXT, { mode: 0o755 });
  }
  writeFileSync(join(home, '.gemini', 'oauth_creds.json'), '{"token":"secret"}\n');
  writeFileSync(join(project, 'docs', 'plans', 'payments-export.md'), PLAN);
  writeFileSync(join(project, '.gemini', 'settings.json'), '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n');
  writeFileSync(join(project, 'package.json'), '{"name":"app","version":"1.0.0","private":true}\n');
  writeFileSync(join(project, 'plant.cjs'), PLANT);
  writeFileSync(join(project, 'ledger.cjs'), "require('fs').writeFileSync(['.contin', 'uity/x'].join(''), 'x');\n");
  // A local package, packed: npm installs it through its cache (~/.npm/_cacache), which stays writable.
  mkdirSync(join(project, 'vendor', 'localpkg'), { recursive: true });
  writeFileSync(join(project, 'vendor', 'localpkg', 'package.json'), '{"name":"localpkg","version":"1.0.0"}\n');
  writeFileSync(join(project, 'vendor', 'localpkg', 'index.js'), 'module.exports = 42;\n');
  const env = { ...process.env, HOME: home, ...GIT_ID };
  assert.equal(spawnSync('npm', ['pack', '--silent', '--pack-destination', join(project, 'vendor'), join(project, 'vendor', 'localpkg')], { cwd: project, env }).status, 0);
  for (const c of ['git init -q', 'git add -A', 'git commit -qm one']) assert.equal(spawnSync('bash', ['-c', c], { cwd: project, env }).status, 0, c);
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project, env: { CONTINUITY_STATE_HOME: state, HOME: home } }).code, 0);
}

/** One shell call of the agent, wrapped by the real hook, run as Gemini CLI runs it. */
function inWall(project: string, home: string, state: string, command: string): SpawnSyncReturns<string> {
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', project, { ...p, cwd: project, transcript_path: join(project, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command } }, { GEMINI_PROJECT_DIR: project, CONTINUITY_STATE_HOME: state, HOME: home });
  assert.equal(r.code, 0, r.stderr);
  const wrapped = String((r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command);
  assert.match(wrapped, /^\/\S*bwrap /, JSON.stringify(r.out));
  return spawnSync('bash', ['-c', wrapped], { cwd: project, encoding: 'utf8', env: { ...process.env, HOME: home, CONTINUITY_STATE_HOME: state, ...GIT_ID } });
}

/** A script whose targets are built at run time (only the wall stands in its way): it tries each and says which it wrote. */
const PLANT = `const fs = require('fs');
for (const f of ${JSON.stringify([...PERSONS_FILES, '.profile', NPX_BIN.join('/')])}) {
  try { fs.writeFileSync([process.env.HOME, f].join('/'), 'planted'); console.log('wrote ' + f); } catch (e) { console.log(e.code + ' ' + f); }
}
`;

function expectHomeKept(project: string, home: string, state: string): void {
  const r = inWall(project, home, state, 'node plant.cjs');
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /^wrote /m, r.stdout);
  for (const f of PERSONS_FILES) assert.equal(readFileSync(join(home, f), 'utf8'), PERSONS_TEXT, f);
  assert.equal(readFileSync(join(home, ...NPX_BIN), 'utf8'), PERSONS_COPY);
  assert.equal(existsSync(join(home, '.profile')), false);
  // The client's credentials are not there to read.
  assert.notEqual(inWall(project, home, state, 'cat "$HOME/.gemini/oauth_creds.json"').status, 0);
}

function expectWorkGoesOn(project: string, home: string, state: string): void {
  const install = inWall(project, home, state, 'npm install --offline --no-audit --no-fund --no-update-notifier ./vendor/localpkg-1.0.0.tgz');
  assert.equal(install.status, 0, install.stderr);
  assert.equal(readFileSync(join(project, 'node_modules', 'localpkg', 'index.js'), 'utf8'), 'module.exports = 42;\n');
  const commit = inWall(project, home, state, 'echo work > work.txt && git add work.txt && git commit -qm work && git log --format=%s -1');
  assert.equal(commit.status, 0, commit.stderr);
  assert.equal(commit.stdout.trim(), 'work');
  // continuity's ledger stays out of reach.
  assert.notEqual(inWall(project, home, state, 'node ledger.cjs').status, 0);
  assert.equal(existsSync(join(project, '.continuity', 'x')), false);
}

test("a home inside the temporary folder stays read-only inside the wall: its start-up files, git config and the copies its caches run are not written; npm install and git commit work", (t) => {
  const base = mkdtempSync(join(tmpdir(), 'continuity-home-in-temp-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const [project, home, state] = [join(base, 'project'), join(base, 'home'), join(base, 'state')];
  setUp(project, home, state);
  expectHomeKept(project, home, state);
  expectWorkGoesOn(project, home, state);
});

test('a project inside a home inside the temporary folder: the project writable, the rest of the home read-only', (t) => {
  const base = mkdtempSync(join(tmpdir(), 'continuity-home-in-temp-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const [home, state] = [join(base, 'home'), join(base, 'state')];
  const project = join(home, 'src', 'project');
  setUp(project, home, state);
  expectHomeKept(project, home, state);
  expectWorkGoesOn(project, home, state);
});
