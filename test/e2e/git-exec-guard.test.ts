// git's exec paths (its hooks, and the config files that name code git
// runs) out of the agent's reach where no sandbox stands: refused to every
// client's file tools, refused to the shell where the command shows it, put
// back after a call that changed them anyway, and the person's own git at
// their terminal afterwards runs nothing the agent planted.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentHook, HOOKS_ONLY_CONFIG, PLAN, violations } from '../helpers/agent-hook.js';
import { bashBetweenHooks, hook, runCli, tempProject } from '../helpers/cli.js';

/** The person's git, as at their terminal: none of the agent's variables, no global or system config of the machine's. */
const GIT_ENV = { PATH: process.env.PATH, HOME: process.env.HOME, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'p', GIT_AUTHOR_EMAIL: 'p@example.com', GIT_COMMITTER_NAME: 'p', GIT_COMMITTER_EMAIL: 'p@example.com' };
const personGit = (dir: string, ...args: string[]) => spawnSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' });

/** A git repository with one commit, a plan imported (the hooks the only layer: no wall), so git's files have their snapshots. */
function gitProject(): string {
  const dir = tempProject({ ...HOOKS_ONLY_CONFIG, 'docs/plans/payments-export.md': PLAN, 'a.txt': 'a\n' });
  rmSync(join(dir, '.git'), { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: GIT_ENV });
  writeFileSync(join(dir, '.gitignore'), '.continuity/\nmarker*\n');
  execFileSync('git', ['add', '.'], { cwd: dir, env: GIT_ENV });
  execFileSync('git', ['commit', '-qm', 'first'], { cwd: dir, env: GIT_ENV });
  const r = runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

const isDenied = (stdout: string) => /"permissionDecision":"deny"/.test(stdout);

test("Claude Code's Write, Edit, MultiEdit and NotebookEdit to .git/hooks and .git/config are denied, in every path form", () => {
  const dir = gitProject();
  const config = readFileSync(join(dir, '.git', 'config'), 'utf8');
  const calls: [string, Record<string, unknown>][] = [
    ['Write', { file_path: join(dir, '.git', 'hooks', 'pre-commit'), content: '#!/bin/sh\ntouch marker\n' }],
    ['Write', { file_path: '.git/hooks/post-checkout', content: '#!/bin/sh\ntouch marker\n' }],
    ['Write', { file_path: join(dir, 'src', '..', '.git', './hooks', 'pre-commit'), content: 'x' }],
    ['Edit', { file_path: join(dir, '.git', 'config'), old_string: '[core]', new_string: '[core]\n\tfsmonitor = "touch marker"' }],
    ['MultiEdit', { file_path: join(dir, '.git', 'config'), edits: [{ old_string: '[core]', new_string: '[core]\n\thooksPath = h' }] }],
    ['NotebookEdit', { notebook_path: join(dir, '.git', 'info', 'attributes'), new_source: '* filter=x' }],
    ['Write', { file_path: join(dir, '.git', 'config.worktree'), content: '[core]\n\tfsmonitor = x\n' }],
  ];
  for (const [tool, input] of calls) {
    const r = hook(dir, { hook_event_name: 'PreToolUse', tool_name: tool, tool_use_id: 'toolu_git', tool_input: input });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(isDenied(r.stdout), `${tool} ${JSON.stringify(input)}: ${r.stdout}`);
    assert.match(r.stdout, /git runs what it holds/);
  }
  assert.equal(readFileSync(join(dir, '.git', 'config'), 'utf8'), config);
  // The project's own files are not git's: written as usual.
  const own = hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_own', tool_input: { file_path: join(dir, 'hooks', 'pre-commit.ts'), content: 'export {};\n' } });
  assert.equal(isDenied(own.stdout), false);
});

test('Codex apply_patch and Gemini write_file / replace into git\'s hooks or config are denied; Cursor\'s edit of the config is put back after', () => {
  const dir = gitProject();
  const codex = agentHook('codex', dir, {
    session_id: '019d036d-c7fa-72d2-b6fd-78878bfe34e4', turn_id: 'turn-1', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default',
    hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_use_id: 'call-git', tool_input: { command: '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n+touch marker\n*** End Patch\n' },
  });
  assert.equal(codex.code, 0, codex.stderr);
  assert.equal((codex.out?.hookSpecificOutput as Record<string, unknown>)?.permissionDecision, 'deny');
  const gemini = (fields: Record<string, unknown>) => agentHook('gemini', dir, { session_id: 'gemini-session-1', transcript_path: join(dir, '.gemini-chat.json'), cwd: dir, timestamp: '2026-11-22T10:00:00.000Z', hook_event_name: 'BeforeTool', ...fields }, { GEMINI_PROJECT_DIR: dir });
  for (const fields of [
    { tool_name: 'write_file', tool_input: { file_path: join(dir, '.git', 'hooks', 'post-checkout'), content: '#!/bin/sh\ntouch marker\n' } },
    { tool_name: 'replace', tool_input: { file_path: join(dir, '.git', 'config'), old_string: '[core]', new_string: '[core]\n\tfsmonitor = "touch marker"' } },
  ]) {
    const r = gemini(fields);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.out?.decision, 'deny', JSON.stringify(r.out));
  }
  // Cursor runs no hook before a file edit: the edit is put back after it.
  const configPath = join(dir, '.git', 'config');
  const config = readFileSync(configPath, 'utf8');
  writeFileSync(configPath, `${config}[core]\n\tfsmonitor = "touch marker"\n`);
  const cursor = agentHook('cursor', dir, { conversation_id: 'conv-7f3a', generation_id: 'gen-1', workspace_roots: [dir], model: 'claude-4.5-sonnet', cursor_version: '1.7.2', hook_event_name: 'afterFileEdit', file_path: configPath, edits: [{ old_string: '', new_string: 'fsmonitor' }] }, { CURSOR_PROJECT_DIR: dir });
  assert.equal(cursor.code, 0, cursor.stderr);
  assert.equal(readFileSync(configPath, 'utf8'), config);
  assert.equal(violations(dir)[0]?.kind, 'guarded_write_reverted');
});

test("the attack scripts run for real in the agent's shell: refused where the command shows the path, put back after where it does not; the person's git status, checkout -b and commit then run nothing planted", () => {
  const dir = gitProject();
  const config = readFileSync(join(dir, '.git', 'config'), 'utf8');
  const marker = join(dir, 'marker');
  // Scripts the agent wrote earlier, the path built when they run: no parser sees `.git/config` or `.git/hooks` in them.
  writeFileSync(join(dir, 'plant-config.js'), `const fs = require('fs'); const p = ['.g', 'it'].join('') + '/' + 'con' + 'fig'; fs.appendFileSync(p, '[core]\\n\\tfsmonitor = "touch ${marker}-fsmonitor; false"\\n');\n`);
  writeFileSync(join(dir, 'plant-hook.js'), `const fs = require('fs'); const p = ['.g', 'it'].join('') + '/' + 'ho' + 'oks/post-checkout'; fs.writeFileSync(p, '#!/bin/sh\\ntouch ${marker}-post-checkout\\n'); fs.chmodSync(p, 0o755);\n`);
  for (const [script, what] of [['plant-config.js', /\.git\/config \(content restored\)/], ['plant-hook.js', /\.git\/hooks\/post-checkout \(created; removed\)/]] as const) {
    const r = bashBetweenHooks(dir, `node ${script}`);
    assert.equal(r.denied, false);
    assert.equal(r.ran, 0);
    assert.match(r.post, what);
    assert.match(r.post, /"decision":"block"/);
  }
  assert.equal(readFileSync(join(dir, '.git', 'config'), 'utf8'), config);
  assert.equal(existsSync(join(dir, '.git', 'hooks', 'post-checkout')), false);
  // What was removed is kept, as everything continuity replaces.
  assert.ok(readdirSync(join(dir, '.continuity', 'replaced'), { recursive: true }).some((f) => String(f).endsWith('post-checkout')));
  assert.deepEqual(violations(dir).map((v) => v.kind), ['guarded_write_reverted', 'guarded_write_reverted']);
  // Where the command shows it, the shell guard refuses before anything runs.
  for (const command of [
    `printf '[core]\\n\\tfsmonitor = "touch ${marker}"\\n' >> .git/config`,
    `git config core.fsmonitor "touch ${marker}"`,
    `printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`,
    'cp plant-hook.js .git/hooks/pre-commit',
  ]) {
    const r = bashBetweenHooks(dir, command);
    assert.ok(r.denied, `${command}: ${r.pre}`);
  }
  // The file tool's write, had the client written it anyway (the hook's denial lost): removed after.
  writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), `#!/bin/sh\ntouch ${marker}-pre-commit\n`);
  chmodSync(join(dir, '.git', 'hooks', 'pre-commit'), 0o755);
  const post = hook(dir, { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_use_id: 'toolu_w', tool_input: { file_path: join(dir, '.git', 'hooks', 'pre-commit'), content: 'x' }, tool_response: {} });
  assert.match(post.stdout, /\.git\/hooks\/pre-commit \(created; removed\)/);
  // The agent's own git keeps working: add and commit in its shell, nothing put back.
  writeFileSync(join(dir, 'b.txt'), 'b\n');
  const own = bashBetweenHooks(dir, 'git add b.txt && git -c user.name=a -c user.email=a@example.com commit -qm "add b"', { env: { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  assert.equal(own.denied, false, own.pre);
  assert.equal(own.ran, 0);
  assert.doesNotMatch(own.post, /put back|reverted/);
  const branch = bashBetweenHooks(dir, 'git checkout -q -b agent-work && git checkout -q main && git stash list && git log --oneline -1 && git status --short');
  assert.equal(branch.denied, false, branch.pre);
  assert.equal(branch.ran, 0);
  assert.doesNotMatch(branch.post, /put back|reverted/);
  // The person, at their terminal afterwards.
  assert.equal(personGit(dir, 'status').status, 0);
  assert.equal(personGit(dir, 'checkout', '-q', '-b', 'person-work').status, 0);
  writeFileSync(join(dir, 'c.txt'), 'c\n');
  assert.equal(personGit(dir, 'add', 'c.txt').status, 0);
  assert.equal(personGit(dir, 'commit', '-qm', 'add c').status, 0);
  const planted = readdirSync(dir).filter((f) => f.startsWith('marker'));
  assert.deepEqual(planted, [], 'no planted code ran');
});

test("between hook calls a person's own change to .git/config is kept; one that adds a command git runs, or a new executable hook, is named to the person", () => {
  const dir = gitProject();
  // At the person's terminal, between two of the agent's calls.
  assert.equal(personGit(dir, 'remote', 'add', 'origin', 'https://example.com/r.git').status, 0);
  const quiet = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stdout, /git/);
  const next = bashBetweenHooks(dir, 'ls');
  assert.doesNotMatch(next.post, /put back|reverted/);
  assert.match(readFileSync(join(dir, '.git', 'config'), 'utf8'), /remote "origin"/);
  // A command git runs, set outside every hook, and a new executable hook: kept (the person may have done it) and named.
  assert.equal(personGit(dir, 'config', 'core.fsmonitor', 'true').status, 0);
  mkdirSync(join(dir, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(dir, '.git', 'hooks', 'pre-push'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(dir, '.git', 'hooks', 'pre-push'), 0o755);
  const said = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.equal(said.code, 0, said.stderr);
  assert.match(said.stdout, /\.git\/config now sets core\.fsmonitor/);
  assert.match(said.stdout, /\.git\/hooks\/pre-push/);
  assert.match(readFileSync(join(dir, '.git', 'config'), 'utf8'), /fsmonitor = true/);
  assert.ok(existsSync(join(dir, '.git', 'hooks', 'pre-push')));
  // Taken as the person's: the agent's next call puts nothing back.
  const after = bashBetweenHooks(dir, 'ls');
  assert.doesNotMatch(after.post, /put back|reverted/);
});

test("OpenClaw's write, edit and apply_patch into git's hooks or config are blocked in every path form it accepts (~, file://, @)", async () => {
  const dir = gitProject();
  const { registerContinuity } = await import('../../src/adapters/openclaw/plugin.js');
  const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<any>> = {};
  registerContinuity({ on: (name, handler) => void (hooks[name] = handler as never), logger: { warn: () => {} } }, { env: { PATH: process.env.PATH, HOME: dir } });
  const ctx = { runId: 'run-git', agentId: 'main', sessionKey: 'agent:main:git', sessionId: 'sid-git', workspaceDir: dir, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: 'Go on.', messages: [] }, ctx);
  let n = 0;
  const call = (toolName: string, params: Record<string, unknown>) => hooks.before_tool_call!({ toolName, params, runId: ctx.runId, toolCallId: `call-${++n}` }, { toolName, agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: `call-${n}` });
  const forms: [string, Record<string, unknown>][] = [
    ['write', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ntouch marker\n' }],
    ['write', { path: '~/.git/hooks/pre-commit', content: '#!/bin/sh\ntouch marker\n' }],
    ['write', { path: `file://${dir}/.git/hooks/post-checkout`, content: '#!/bin/sh\ntouch marker\n' }],
    ['write', { path: '@.git/config', content: '[core]\n\tfsmonitor = "touch marker"\n' }],
    ['edit', { path: '@.git/config', edits: [{ oldText: '[core]', newText: '[core]\n\tfsmonitor = "touch marker"' }] }],
    ['apply_patch', { input: '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n+touch marker\n*** End Patch' }],
  ];
  for (const [tool, params] of forms) {
    const r = await call(tool, params);
    assert.equal(r?.block, true, `${tool} ${JSON.stringify(params)}`);
    assert.match(r.blockReason, /is guarded: git runs what it holds/, `${tool} ${JSON.stringify(params)}`);
  }
  assert.equal(await call('write', { path: 'src/hooks.ts', content: 'export {};\n' }), undefined);
});

test('a .git/commondir (it moves the repository\'s config and hooks elsewhere): written by a script during a call, removed after it; appearing between calls, named to the person', () => {
  const dir = gitProject();
  const marker = join(dir, 'marker');
  const elsewhere = join(dir, '..', `${dir.split('/').pop()}-elsewhere`);
  mkdirSync(elsewhere, { recursive: true });
  writeFileSync(join(elsewhere, 'config'), `[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch ${marker}; false"\n`);
  writeFileSync(join(dir, 'plant.js'), `require('fs').writeFileSync(['.g', 'it'].join('') + '/common' + 'dir', ${JSON.stringify(`${elsewhere}\n`)});\n`);
  const r = bashBetweenHooks(dir, 'node plant.js');
  assert.equal(r.denied, false);
  assert.match(r.post, /\.git\/commondir \(created; removed\)/);
  assert.equal(existsSync(join(dir, '.git', 'commondir')), false);
  assert.equal(personGit(dir, 'status').status, 0);
  assert.equal(existsSync(marker), false);
  // Outside every hook: kept, and named at the next one.
  writeFileSync(join(dir, '.git', 'commondir'), `${elsewhere}\n`);
  const said = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.equal(said.code, 0, said.stderr);
  assert.match(said.stdout, /\.git\/commondir now leads git to /);
  rmSync(join(dir, '.git', 'commondir'));
  rmSync(elsewhere, { recursive: true, force: true });
});
