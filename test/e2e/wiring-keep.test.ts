// The hook wiring watch keeps a person's settings: a Claude Code settings file
// that arrives after `plan import` (git pull, hooks wired by hand), a branch
// checked out, a stash popped: what keeps continuity's hooks is adopted, what
// takes them away is put back alone, and every version replaced is kept and
// can be written back with `continuity config restore`. Real CLI, real git,
// Claude Code's hook payloads.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bashBetweenHooks, CLI, hook, NODE, runAtTerminal, runCli, type CliResult } from '../helpers/cli.js';
import { standInClient } from '../helpers/stand-in-client.js';

const PLAN = '# Export\n\n### Task 1: CSV writer\n\n- [ ] **Step 1: Write it**\n\n### Task 2: Export endpoint\n\n- [ ] **Step 1: Serve it**\n';
const CLOSEOUT = 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).';

function tmp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=Person', '-c', 'user.email=person@example.com', '-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', ...args], { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Another clone of continuity: its own dist/ (no executable, no launcher), so the hook command it wires names another path. */
let otherClone: string | null = null;
function otherCloneCli(): string {
  // Made once per test that needs it: the folder goes with the test that made it.
  if (otherClone && existsSync(otherClone)) return otherClone;
  const dir = tmp('continuity-other-clone-');
  for (const f of ['cli.cjs', 'main.mjs', 'chunks', 'hook.cjs', 'hook-lazy']) if (existsSync(join(CLI, '..', f))) cpSync(join(CLI, '..', f), join(dir, 'dist', f), { recursive: true });
  otherClone = join(dir, 'dist', 'cli.cjs');
  return otherClone;
}

const ok = (r: CliResult, what: string) => {
  assert.equal(r.code, 0, `${what}: ${r.stderr}${r.stdout}`);
  return r;
};
const json = (r: CliResult) => (r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : null);
const status = (dir: string) => JSON.parse(ok(runCli(['status', '--json'], { cwd: dir }), 'status').stdout) as Record<string, any>;
/** The versions an event's decision says were kept, wherever its rule recorded them. */
const keptIn = (event: Record<string, any> | undefined): { path: string; file: string; sha256: string }[] => {
  const d = event?.decision ?? {};
  return d.replacedVersions ?? Object.values((d.rules ?? {}) as Record<string, any>).flatMap((r) => r.replacedVersions ?? []);
};
const lastEvent = (dir: string, kind: string) => JSON.parse(ok(runCli(['log', '--json', '--event', kind, '--limit', '1'], { cwd: dir }), 'log').stdout.trim().split('\n').at(-1)!) as Record<string, any>;

/** The teammate's repository with the plan, and this person's clone of it with the plan imported and approved: no .claude/settings.json yet. */
function clonedProject(): { upstream: string; dir: string } {
  const upstream = tmp('continuity-upstream-');
  git(upstream, 'init', '-q');
  writeFileSync(join(upstream, '.gitignore'), '.continuity/\n');
  mkdirSync(join(upstream, 'docs', 'plans'), { recursive: true });
  writeFileSync(join(upstream, 'docs', 'plans', 'export.md'), PLAN);
  git(upstream, 'add', '.');
  git(upstream, 'commit', '-qm', 'plan');
  const dir = join(tmp('continuity-clone-'), 'work');
  git(upstream, 'clone', '-q', upstream, dir);
  ok(runCli(['plan', 'import', 'docs/plans/export.md'], { cwd: dir }), 'plan import');
  ok(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }), 'approve');
  return { upstream, dir };
}

function sessionStart(dir: string): Record<string, any> | null {
  return json(ok(hook(dir, { hook_event_name: 'SessionStart', source: 'startup' }), 'SessionStart'));
}

/** Task 1 recorded as done, then the agent stops at the boundary: held, Task 2 named. */
function stopIsHeld(dir: string): void {
  ok(runCli(['task', 'done', '1'], { cwd: dir, env: { CLAUDE_PROJECT_DIR: dir } }), 'task done');
  const out = json(ok(hook(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: CLOSEOUT }), 'Stop'));
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  assert.match(String(out?.reason), /Task 2/);
}

function arrivesWithPull(upstream: string, dir: string, settings: () => void): string {
  settings();
  git(upstream, 'add', '.claude/settings.json');
  git(upstream, 'commit', '-qm', 'wire continuity');
  git(dir, 'pull', '-q', '--no-rebase');
  return readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
}

function assertAdopted(dir: string, pulled: string): void {
  const start = sessionStart(dir);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), pulled, 'the file is intact, byte for byte');
  assert.match(String(start?.systemMessage), /\.claude\/settings\.json changed outside a hook; it still runs continuity's hooks; kept/);
  const event = lastEvent(dir, 'SessionStart');
  assert.deepEqual(event?.decision?.wiringAdopted, [{ path: '.claude/settings.json', runsContinuity: true }]);
  assert.equal(event?.decision?.wiringRestored, undefined);
  assert.ok((status(dir).guard as { agent: string }[]).some((g) => g.agent === 'claude-code'), "status: Claude Code's hooks run continuity");
  // The next call finds nothing to put back either.
  ok(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }), 'UserPromptSubmit');
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), pulled);
}

test("a teammate's settings, written by init in another clone of continuity, arriving with git pull after plan import: adopted intact, and the stop at the task boundary is held", () => {
  const { upstream, dir } = clonedProject();
  const pulled = arrivesWithPull(upstream, dir, () => ok(spawnSyncResult(NODE, [otherCloneCli(), 'init', '--agent', 'claude-code', '--no-gitignore'], upstream), 'init in the other clone'));
  assert.match(pulled, new RegExp(otherCloneCli().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the hooks run the other clone');
  assertAdopted(dir, pulled);
  stopIsHeld(dir);
});

test('hooks wired by hand as docs/agents/claude-code.md shows, arriving after plan import: adopted intact', () => {
  const { upstream, dir } = clonedProject();
  const handler = { type: 'command', command: 'node', args: ['/abs/path/to/continuity/dist/cli.mjs', 'hook', 'claude-code'], timeout: 30 };
  const byHand = `${JSON.stringify({ model: 'opus', hooks: Object.fromEntries(['SessionStart', 'UserPromptSubmit', 'Stop'].map((e) => [e, [{ hooks: [handler] }]])) }, null, 4)}\n`;
  const pulled = arrivesWithPull(upstream, dir, () => {
    mkdirSync(join(upstream, '.claude'), { recursive: true });
    writeFileSync(join(upstream, '.claude', 'settings.json'), byHand);
  });
  assertAdopted(dir, pulled);
  stopIsHeld(dir);
});

test('the same file seen first by a continuity command the person runs: kept, said on stderr and at the next hook', () => {
  const { upstream, dir } = clonedProject();
  const pulled = arrivesWithPull(upstream, dir, () => ok(spawnSyncResult(NODE, [otherCloneCli(), 'init', '--agent', 'claude-code', '--no-gitignore'], upstream), 'init in the other clone'));
  const st = ok(runCli(['status'], { cwd: dir }), 'status');
  assert.match(st.stderr, /continuity: \.claude\/settings\.json changed outside a hook; it still runs continuity's hooks; kept\./);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), pulled);
  const start = sessionStart(dir);
  assert.match(String(start?.systemMessage), /\.claude\/settings\.json changed outside a hook; it still runs continuity's hooks; kept/);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), pulled);
  assert.equal((status(dir).recentViolations as { kind: string }[]).filter((v) => v.kind === 'hook_wiring_restored').length, 0);
});

/** A project whose main branch has init's settings with the person's own keys, and a branch from before init with other keys of theirs. */
function branchedProject(): string {
  const dir = tmp('continuity-branches-');
  git(dir, 'init', '-q');
  writeFileSync(join(dir, '.gitignore'), '.continuity/\n');
  mkdirSync(join(dir, 'docs', 'plans'), { recursive: true });
  writeFileSync(join(dir, 'docs', 'plans', 'export.md'), PLAN);
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), '{\n  "model": "opus"\n}\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'start');
  git(dir, 'branch', 'experiment');
  ok(runCli(['init', '--agent', 'claude-code', '--no-gitignore'], { cwd: dir }), 'init');
  git(dir, 'add', '.claude/settings.json');
  git(dir, 'commit', '-qm', 'wire continuity');
  git(dir, 'checkout', '-q', 'experiment');
  writeFileSync(join(dir, '.claude', 'settings.json'), '{\n  "model": "sonnet",\n  "permissions": { "allow": ["Bash(make)"] }\n}\n');
  git(dir, 'commit', '-qam', 'experiment settings');
  git(dir, 'checkout', '-q', 'main');
  ok(runCli(['plan', 'import', 'docs/plans/export.md'], { cwd: dir }), 'plan import');
  ok(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }), 'approve');
  return dir;
}

test("a branch whose settings lack continuity's hooks: they come back with the branch's keys kept, the branch's version kept and restorable with config restore", () => {
  const dir = branchedProject();
  const wired = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
  git(dir, 'checkout', '-q', 'experiment');
  const branch = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
  const start = sessionStart(dir);
  const now = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
  const o = JSON.parse(now) as Record<string, any>;
  assert.equal(o.model, 'sonnet');
  assert.deepEqual(o.permissions.allow, ['Bash(make)']);
  assert.deepEqual(Object.keys(o.hooks), Object.keys((JSON.parse(wired) as Record<string, any>).hooks), "continuity's hook entries are back");
  assert.deepEqual(o.permissions.deny, (JSON.parse(wired) as Record<string, any>).permissions.deny, "the wall's deny rules init wrote are back");
  assert.ok(now.startsWith('{\n  "model": "sonnet",\n  "permissions": { "allow": ["Bash(make)"],'), `the branch's own bytes stay: ${now}`);
  assert.match(String(start?.systemMessage), /put back: \.claude\/settings\.json \(continuity's hooks \(SessionStart, UserPromptSubmit, PreToolUse, [^)]*\)[^)]* put back; the rest of the new version kept\)/);
  const kept = keptIn(lastEvent(dir, 'SessionStart'));
  assert.equal(kept.length, 1);
  assert.equal(readFileSync(join(dir, kept[0]!.file), 'utf8'), branch, "the branch's version is kept as it was");
  assert.ok((status(dir).recentViolations as { kind: string }[]).some((v) => v.kind === 'hook_wiring_restored'));

  // The person lists the kept versions and writes the branch's back: it is authorised from then on.
  const list = ok(runAtTerminal(['config', 'restore'], { cwd: dir }), 'config restore');
  assert.match(list.stdout, new RegExp(`${kept[0]!.sha256.slice(0, 12)}  \\.claude/settings\\.json  .*sha256:${kept[0]!.sha256}  put back: continuity's hooks`));
  const restored = ok(runAtTerminal(['config', 'restore', kept[0]!.sha256.slice(0, 12)], { cwd: dir }), 'config restore ID');
  assert.match(restored.stdout, /Restored \.claude\/settings\.json from \.continuity\/replaced\/.*; it is the authorised version now\. The version it replaced is kept in \.continuity\/replaced\//);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), branch);
  ok(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }), 'UserPromptSubmit');
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), branch, 'restored by the person: not put back');
  // The repaired version it replaced is listed too, and restorable by its path.
  ok(runAtTerminal(['config', 'restore', '.claude/settings.json'], { cwd: dir }), 'config restore PATH');
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), now);
});

test('config restore is refused inside an agent, and without a terminal; an unknown ID is a usage error', () => {
  const dir = branchedProject();
  git(dir, 'checkout', '-q', 'experiment');
  sessionStart(dir);
  const before = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
  const insideAgent = (argv: string[]) => [standInClient(), '-e', "const r=require('child_process').spawnSync(process.argv[1],process.argv.slice(2),{stdio:'inherit'});process.exit(r.status??1)", ...argv];
  const agent = runAtTerminal(['config', 'restore', '.claude/settings.json'], { cwd: dir, wrap: insideAgent });
  assert.equal(agent.code, 6, agent.stdout);
  assert.match(agent.stdout, /config restore refused: .*The attempt is recorded\./);
  const script = runCli(['config', 'restore', '.claude/settings.json'], { cwd: dir });
  assert.equal(script.code, 6, script.stderr);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), before);
  const unknown = runAtTerminal(['config', 'restore', 'ffffffffffff'], { cwd: dir });
  assert.equal(unknown.code, 2, unknown.stdout);
  assert.match(unknown.stdout, /no kept version matches "ffffffffffff"/);
});

test('git stash and stash pop of a settings change that keeps continuity: each version adopted, the file never touched', () => {
  const dir = branchedProject();
  const settings = join(dir, '.claude', 'settings.json');
  const o = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, any>;
  o.hooks.PostToolUse.push({ matcher: 'Write', hooks: [{ type: 'command', command: 'npm run lint' }] });
  const edited = `${JSON.stringify(o, null, 2)}\n`;
  writeFileSync(settings, edited);
  const seen = (want: string) => {
    const start = sessionStart(dir);
    assert.equal(readFileSync(settings, 'utf8'), want);
    assert.match(String(start?.systemMessage), /it still runs continuity's hooks; kept/);
    assert.equal(lastEvent(dir, 'SessionStart')?.decision?.wiringRestored, undefined);
  };
  seen(edited);
  git(dir, 'stash', '-q');
  const committed = readFileSync(settings, 'utf8');
  assert.notEqual(committed, edited);
  seen(committed);
  git(dir, 'stash', 'pop', '-q');
  seen(edited);
});

test("the agent's write that switches the hooks off, or takes continuity's out, beside the person's keys: only that part put back, recorded", () => {
  const dir = branchedProject();
  const settings = join(dir, '.claude', 'settings.json');
  const wired = readFileSync(settings, 'utf8');
  writeFileSync(join(dir, 'off.py'), "import json\np='.cl' + 'aude/settings.json'\nd=json.load(open(p))\nd['disableAllHooks']=True\nd['model']='haiku'\nopen(p,'w').write(json.dumps(d, indent=2))\n");
  const off = bashBetweenHooks(dir, 'python3 off.py');
  const out = JSON.parse(off.post) as Record<string, any>;
  assert.equal(out.decision, 'block');
  assert.match(out.reason, /\.claude\/settings\.json \(disableAllHooks put back; the rest of the new version kept\)/);
  let now = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, any>;
  assert.equal('disableAllHooks' in now, false);
  assert.equal(now.model, 'haiku');
  assert.deepEqual(now.hooks, (JSON.parse(wired) as Record<string, any>).hooks);
  const kept = keptIn(lastEvent(dir, 'PostToolUse'));
  assert.match(readFileSync(join(dir, kept[0]!.file), 'utf8'), /"disableAllHooks": true/);

  writeFileSync(join(dir, 'strip.py'), "import json\np='.cl' + 'aude/settings.json'\nd=json.load(open(p))\nd.pop('hooks')\nd['permissions']={'allow':['Bash(ls)']}\nopen(p,'w').write(json.dumps(d, indent=2))\n");
  const strip = JSON.parse(bashBetweenHooks(dir, 'python3 strip.py').post) as Record<string, any>;
  assert.equal(strip.decision, 'block');
  assert.match(strip.reason, /continuity's hooks \(SessionStart, /);
  now = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, any>;
  assert.deepEqual(now.permissions, { allow: ['Bash(ls)'], deny: (JSON.parse(wired) as Record<string, any>).permissions.deny });
  assert.deepEqual(now.hooks, (JSON.parse(wired) as Record<string, any>).hooks);
  const violations = status(dir).recentViolations as { kind: string; summary: string }[];
  assert.equal(violations.filter((v) => v.kind === 'guarded_write_reverted' && /settings\.json/.test(v.summary)).length, 2);
});

test("a guarded file the agent's call changed or created is kept before it is put back or removed", () => {
  const dir = branchedProject();
  writeFileSync(join(dir, 'edit.py'), "open('.contin' + 'uity/forged.json','w').write('{\"x\":1}')\n");
  const out = JSON.parse(bashBetweenHooks(dir, 'python3 edit.py').post) as Record<string, any>;
  assert.equal(out.decision, 'block');
  assert.equal(existsSync(join(dir, '.continuity', 'forged.json')), false);
  const kept = keptIn(lastEvent(dir, 'PostToolUse'));
  assert.equal(kept[0]!.path, '.continuity/forged.json');
  assert.equal(readFileSync(join(dir, kept[0]!.file), 'utf8'), '{"x":1}');
});

function spawnSyncResult(cmd: string, args: string[], cwd: string): CliResult {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CONTINUITY_BUILD_EXECUTABLE: 'off' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
