/**
 * Inside continuity's own wall (real bubblewrap, the command as the real
 * `continuity hook gemini` wraps it and Gemini CLI runs it) the person's git
 * config and start-up files are read-only wherever they lie: in the home,
 * and where GIT_CONFIG_GLOBAL or XDG_CONFIG_HOME put them in a writable
 * folder. A repository's missing `.git/info/attributes` cannot be made
 * either, while git's own writes (add, commit, checkout -b, stash) work.
 * A `.git/commondir` the wall cannot keep absent is removed after the call.
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
// Its real path: bubblewrap makes mount points along it, and cannot through a symbolic link.
const HOMES = join(realpathSync(join(import.meta.dirname, '..', '..', 'node_modules')), '.cache', 'continuity-wall-homes');
mkdirSync(HOMES, { recursive: true });
const SETTINGS = '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n';
const GIT_ID = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' };

interface Setup {
  project: string;
  home: string;
  /** The hook's and the commands' environment. */
  env: NodeJS.ProcessEnv;
}

/** A home outside the temporary folder with a ~/.gitconfig and ~/.bashrc, a git folder under an XDG config home and a GIT_CONFIG_GLOBAL file in the temporary folder, and a project with one commit. */
function setup(opts: { xdgGit?: boolean } = {}): Setup {
  const home = mkdtempSync(join(HOMES, 'home-'));
  const loose = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-loose-')));
  after(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(loose, { recursive: true, force: true });
  });
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Pat\n');
  writeFileSync(join(home, '.bashrc'), 'export EDITOR=vi\n');
  const xdg = join(loose, 'xdg');
  mkdirSync(opts.xdgGit === false ? xdg : join(xdg, 'git'), { recursive: true });
  writeFileSync(join(loose, 'global.conf'), '[user]\n\tname = Pat\n');
  const env = { ...process.env, CONTINUITY_STATE_HOME: STATE, HOME: home, XDG_CONFIG_HOME: xdg, GIT_CONFIG_GLOBAL: join(loose, 'global.conf'), GIT_CONFIG_NOSYSTEM: '1', ...GIT_ID };
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, '.gemini/settings.json': SETTINGS, 'a.txt': 'one\n' });
  rmSync(join(project, '.git'), { recursive: true });
  for (const c of ['git init -q', 'git add -A', 'git commit -qm one']) assert.equal(spawnSync('bash', ['-c', c], { cwd: project, env }).status, 0, c);
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project, env }).code, 0);
  return { project, home, env };
}

/** The command as continuity's BeforeTool answer rewrites it. */
function wrapped(s: Setup, command: string): string {
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', s.project, { ...p, cwd: s.project, transcript_path: join(s.project, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command } }, { ...s.env, GEMINI_PROJECT_DIR: s.project });
  assert.equal(r.code, 0, r.stderr);
  const out = (r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command;
  assert.match(String(out), /^\/\S*bwrap /, JSON.stringify(r.out));
  return String(out);
}

const inWall = (s: Setup, command: string) => spawnSync('bash', ['-c', wrapped(s, command)], { cwd: s.project, encoding: 'utf8', env: s.env });

/** A script whose target is built at run time from the environment: no reading of the command line sees it. */
function script(s: Setup, name: string, target: string, content: string): string {
  writeFileSync(join(s.project, name), `const fs = require('fs'); const p = ${target}; fs.mkdirSync(require('path').dirname(p), { recursive: true }); fs.appendFileSync(p, ${JSON.stringify(content)});\n`);
  return `node ${name}`;
}

test("inside the wall the person's git config (home, GIT_CONFIG_GLOBAL in the temporary folder, XDG_CONFIG_HOME's git folder) and start-up files cannot be written", () => {
  const s = setup();
  const fsmonitor = '[core]\n\tfsmonitor = "touch /tmp/planted; false"\n';
  const attacks: [string, string][] = [
    ['~/.gitconfig', script(s, 'a1.cjs', "[process.env.HOME, '.git' + 'config'].join('/')", fsmonitor)],
    ['~/.bashrc', script(s, 'a2.cjs', "[process.env.HOME, '.ba' + 'shrc'].join('/')", 'touch /tmp/planted\n')],
    ['GIT_CONFIG_GLOBAL', script(s, 'a3.cjs', "process.env['GIT_CONFIG_' + 'GLOBAL']", fsmonitor)],
    ['XDG git config (missing)', script(s, 'a4.cjs', "[process.env['XDG_CONFIG_' + 'HOME'], 'g' + 'it', 'con' + 'fig'].join('/')", fsmonitor)],
    ['XDG git attributes (missing)', script(s, 'a5.cjs', "[process.env['XDG_CONFIG_' + 'HOME'], 'g' + 'it', 'attri' + 'butes'].join('/')", '* filter=x\n')],
  ];
  for (const [name, command] of attacks) {
    const r = inWall(s, command);
    assert.notEqual(r.status, 0, `${name} was written`);
    assert.match(r.stderr, /EROFS|read-only file system/i, name);
  }
  assert.equal(readFileSync(join(s.home, '.gitconfig'), 'utf8'), '[user]\n\tname = Pat\n');
  assert.equal(readFileSync(s.env.GIT_CONFIG_GLOBAL!, 'utf8'), '[user]\n\tname = Pat\n');
  assert.equal(existsSync(join(s.env.XDG_CONFIG_HOME!, 'git', 'config')), false);
  // Reading them is the agent's as ever.
  const read = inWall(s, 'cat ~/.gitconfig "$GIT_CONFIG_GLOBAL" && git config --global --get user.name');
  assert.equal(read.status, 0, read.stderr);
});

test('inside the wall an XDG config home without a git folder gets an empty read-only one: no config can be made there', () => {
  const s = setup({ xdgGit: false });
  const r = inWall(s, script(s, 'a.cjs', "[process.env['XDG_CONFIG_' + 'HOME'], 'g' + 'it', 'con' + 'fig'].join('/')", '[core]\n\tfsmonitor = x\n'));
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /EROFS|read-only file system/i);
  assert.equal(existsSync(join(s.env.XDG_CONFIG_HOME!, 'git', 'config')), false);
});

test("inside the wall a repository's missing .git/info/attributes cannot be made, and git add, commit, checkout -b and stash still work", () => {
  const s = setup();
  assert.equal(existsSync(join(s.project, '.git', 'info', 'attributes')), false);
  const r = inWall(s, script(s, 'a.cjs', "['.g' + 'it', 'info', 'attri' + 'butes'].join('/')", '* filter=x\n'));
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /EROFS|read-only file system/i);
  assert.equal(existsSync(join(s.project, '.git', 'info', 'attributes')), false);
  // And where the repository has no info folder at all: an empty read-only one stands in the wall.
  rmSync(join(s.project, '.git', 'info'), { recursive: true });
  const none = inWall(s, script(s, 'b.cjs', "['.g' + 'it', 'info', 'attri' + 'butes'].join('/')", '* filter=x\n'));
  assert.notEqual(none.status, 0);
  assert.equal(existsSync(join(s.project, '.git', 'info', 'attributes')), false);
  const git = inWall(s, 'echo two >> a.txt && git add a.txt && git commit -qm two && git checkout -q -b feature && echo three >> a.txt && git stash -q && git stash list | wc -l && git log --oneline | wc -l');
  assert.equal(git.status, 0, git.stderr);
  assert.equal(git.stdout, '1\n2\n');
});

test('a .git/commondir made inside the wall (bubblewrap cannot keep a missing file absent without leaving one behind) is removed after the call, and the person\'s git then reads its own config', () => {
  const s = setup();
  const evil = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-evil-git-')));
  after(() => rmSync(evil, { recursive: true, force: true }));
  writeFileSync(join(evil, 'config'), `[core]\n\tfsmonitor = "touch ${evil}/planted; false"\n`);
  const command = script(s, 'c.cjs', "['.g' + 'it', 'common' + 'dir'].join('/')", `${evil}\n`);
  const walled = wrapped(s, command);
  const r = spawnSync('bash', ['-c', walled], { cwd: s.project, encoding: 'utf8', env: s.env });
  assert.equal(r.status, 0, r.stderr);
  // Gemini CLI's AfterTool, with the command as it ran.
  const p = JSON.parse(readFileSync(join(FIXTURES, 'after-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const post = agentHook('gemini', s.project, { ...p, cwd: s.project, transcript_path: join(s.project, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command: walled } }, { ...s.env, GEMINI_PROJECT_DIR: s.project });
  assert.equal(post.code, 0, post.stderr);
  assert.match(post.stdout, /\.git\/commondir \(created; removed\)/, post.stdout);
  assert.equal(existsSync(join(s.project, '.git', 'commondir')), false);
  assert.equal(spawnSync('git', ['status'], { cwd: s.project, env: s.env }).status, 0);
  assert.equal(existsSync(join(evil, 'planted')), false);
});
