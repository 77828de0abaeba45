import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bashBetweenHooks, hook, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const SETTINGS = JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'continuity hook claude-code' }] }] } }, null, 2) + '\n';

function project(config: unknown = {}, env: NodeJS.ProcessEnv = {}): string {
  const dir = tempProject({ 'docs/plans/p.md': PLAN, '.claude/settings.json': SETTINGS, '.continuity/config.json': JSON.stringify(config), 'deploy/prod.yml': 'replicas: 3\n', 'secrets/keys.txt': 'k1\n' });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir, env }).code, 0);
  assert.equal(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, { env }).code, 0);
  return dir;
}

/** The agent's Bash call between its hooks, for a command that runs (no denial) and succeeds; what PostToolUse said, parsed. */
function bashCall(dir: string, command: string) {
  const { denied, post, ran } = bashBetweenHooks(dir, command);
  assert.equal(denied, false, 'the command runs for real');
  assert.equal(ran, 0);
  return post.trim() ? (JSON.parse(post) as { decision?: string; reason?: string }) : null;
}

const violations = (dir: string) => (JSON.parse(runCli(['status', '--json'], { cwd: dir }).stdout) as { recentViolations: { kind: string; summary: string }[] }).recentViolations;

test('a settings.local.json that switches the hooks off, written by a script, is removed after the call and recorded', () => {
  const dir = project();
  writeFileSync(join(dir, 'mk.py'), "import json, os\nopen(os.path.join('.cl' + 'aude', 'settings.lo' + 'cal.json'), 'w').write(json.dumps({'disableAllHooks': True}))\n");
  const out = bashCall(dir, 'python3 mk.py');
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /\.claude\/settings\.local\.json \(created; removed\)/);
  assert.equal(existsSync(join(dir, '.claude', 'settings.local.json')), false);
  assert.ok(violations(dir).some((v) => v.kind === 'guarded_write_reverted' && /settings\.local\.json/.test(v.summary)));
});

test("hooks taken out of .claude/settings.json are put back; an edit that leaves the hooks alone is the person's and stays", () => {
  const dir = project();
  writeFileSync(join(dir, 'strip.py'), "import json\np='.claude/' + 'settings.json'\nd=json.load(open(p))\nd.pop('hooks')\nopen(p,'w').write(json.dumps(d))\n");
  const out = bashCall(dir, 'python3 strip.py');
  assert.equal(out?.decision, 'block');
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), SETTINGS);

  writeFileSync(join(dir, 'allow.py'), "import json\np='.claude/' + 'settings.json'\nd=json.load(open(p))\nd['permissions']['allow'].append('Bash(ls)')\nopen(p,'w').write(json.dumps(d, indent=2))\n");
  const kept = bashCall(dir, 'python3 allow.py');
  assert.equal(kept?.decision, undefined);
  assert.match(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), /Bash\(ls\)/);
  // And from then on that content is the one kept: a later attack puts back the edited file, not the first one.
  bashCall(dir, 'python3 strip.py');
  assert.match(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), /Bash\(ls\)[\s\S]*"hooks"/);
});

test('files of the protect list, plain paths and globs, are put back after a script changes them, and a new match is removed', () => {
  const dir = project({ protect: ['secrets/keys.txt', 'deploy/*.yml'] });
  writeFileSync(join(dir, 'edit.sh'), "f=secrets; echo leaked >> $f/keys.txt; d=deploy; echo 'replicas: 0' > $d/prod.yml; echo x > $d/new.yml\n");
  const out = bashCall(dir, 'bash edit.sh');
  assert.equal(out?.decision, 'block');
  assert.equal(readFileSync(join(dir, 'secrets', 'keys.txt'), 'utf8'), 'k1\n');
  assert.equal(readFileSync(join(dir, 'deploy', 'prod.yml'), 'utf8'), 'replicas: 3\n');
  assert.equal(existsSync(join(dir, 'deploy', 'new.yml')), false);
  // On its own, as the only change of a call; and a protected file deleted comes back.
  writeFileSync(join(dir, 'add.sh'), 'd=deploy; echo x > $d/other.yml\n');
  writeFileSync(join(dir, 'del.sh'), 'd=deploy; rm $d/prod.yml\n');
  assert.equal(bashCall(dir, 'bash add.sh')?.decision, 'block');
  assert.equal(existsSync(join(dir, 'deploy', 'other.yml')), false);
  assert.equal(bashCall(dir, 'bash del.sh')?.decision, 'block');
  assert.equal(readFileSync(join(dir, 'deploy', 'prod.yml'), 'utf8'), 'replicas: 3\n');
});

test("init's own writes to the wiring are authorised: the next call does not put the old settings back", () => {
  const dir = project();
  mkdirSync(join(dir, 'src'), { recursive: true });
  const init = runCli(['init', '--no-gitignore'], { cwd: dir });
  assert.equal(init.code, 0, init.stderr);
  const after = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
  assert.notEqual(after, SETTINGS);
  const out = bashCall(dir, 'ls src');
  assert.equal(out?.decision, undefined);
  assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), after);
});

test('a file put into .continuity/ through a symbolic link is taken out after the call, and recorded', () => {
  const dir = project();
  const out = bashCall(dir, 'ln -s .continuity state && echo x > state/forged.json');
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /\.continuity\/forged\.json \(created; removed/);
  assert.equal(existsSync(join(dir, '.continuity', 'forged.json')), false);
  assert.ok(existsSync(join(dir, '.continuity', 'ledger.db')), "continuity's own files stay");
  assert.ok(violations(dir).some((v) => v.kind === 'guarded_write_reverted' && /forged\.json/.test(v.summary)));
});

test("the user's own Claude Code settings: a write that would switch the hooks off is denied before or put back after; the person's other settings stay", () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-home-'));
  mkdirSync(join(home, '.claude'));
  const userSettings = join(home, '.claude', 'settings.json');
  writeFileSync(userSettings, '{ "theme": "dark" }\n');
  // The same HOME for every call, as for one person's sessions.
  const env = { HOME: home };
  const dir = project({}, env);
  const call = (command: string) => bashBetweenHooks(dir, command, { env });
  const direct = call(`echo '{"disableAllHooks": true}' > ~/.claude/settings.json`);
  assert.equal(direct.denied, true);
  assert.match(direct.pre, /settings\.json is guarded: it wires the agent's hooks and sandbox/);
  const write = hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_w', tool_input: { file_path: userSettings, content: '{"disableAllHooks":true}' } }, { env });
  assert.match(write.stdout, /"deny"/);
  // A script the parser does not read: put back after.
  writeFileSync(join(dir, 'off.py'), "import json, os\np=os.path.expanduser('~/.cl' + 'aude/settings.json')\nd=json.load(open(p))\nd['disableAllHooks']=True\nopen(p,'w').write(json.dumps(d))\n");
  const script = call('python3 off.py');
  assert.equal(script.denied, false);
  assert.match(script.post, /content restored/);
  assert.equal(readFileSync(userSettings, 'utf8'), '{ "theme": "dark" }\n');
  // An edit of the person's own that switches nothing of continuity off stays.
  writeFileSync(join(dir, 'theme.py'), "import json, os\np=os.path.expanduser('~/.cl' + 'aude/settings.json')\nd=json.load(open(p))\nd['theme']='light'\nopen(p,'w').write(json.dumps(d))\n");
  call('python3 theme.py');
  assert.match(readFileSync(userSettings, 'utf8'), /light/);
});

test("the continuity plugin installed after continuity began to guard the settings (the user's or the project's) stays installed; turning it off, or removing the file that turns it on, is put back", () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-home-'));
  const env = { HOME: home };
  const dir = project({}, env);
  const call = (command: string) => bashBetweenHooks(dir, command, { env });
  const userSettings = join(home, '.claude', 'settings.json');
  // The person runs `claude plugin install continuity@continuity`: ~/.claude/settings.json is created for it.
  mkdirSync(join(home, '.claude'));
  writeFileSync(userSettings, '{"enabledPlugins":{"continuity@continuity":true}}\n');
  const next = call('ls');
  assert.doesNotMatch(next.post, /settings\.json/);
  assert.equal(readFileSync(userSettings, 'utf8'), '{"enabledPlugins":{"continuity@continuity":true}}\n');
  // The same in the project's settings (a project-scope install), beside its hooks.
  const projectSettings = join(dir, '.claude', 'settings.json');
  const wired = JSON.parse(readFileSync(projectSettings, 'utf8')) as Record<string, unknown>;
  const withPlugin = `${JSON.stringify({ ...wired, enabledPlugins: { 'continuity@continuity': true } }, null, 2)}\n`;
  writeFileSync(projectSettings, withPlugin);
  assert.doesNotMatch(call('ls').post, /settings\.json/);
  assert.equal(readFileSync(projectSettings, 'utf8'), withPlugin);
  // The agent turning it off, or removing the user's file: put back.
  writeFileSync(join(dir, 'off.py'), "import json, os\np=os.path.expanduser('~/.cl' + 'aude/settings.json')\nd=json.load(open(p))\nd['enabledPlugins']['continuity@continuity']=False\nopen(p,'w').write(json.dumps(d))\n");
  assert.match(call('python3 off.py').post, /content restored/);
  assert.equal(readFileSync(userSettings, 'utf8'), '{"enabledPlugins":{"continuity@continuity":true}}\n');
  writeFileSync(join(dir, 'rm.py'), "import os\nos.remove(os.path.expanduser('~/.cl' + 'aude/settings.json'))\n");
  assert.match(call('python3 rm.py').post, /content restored/);
  assert.equal(readFileSync(userSettings, 'utf8'), '{"enabledPlugins":{"continuity@continuity":true}}\n');
  // Another plugin turned on beside it is a change of the wiring like any other.
  writeFileSync(join(dir, 'other.py'), "import json\np='.cl' + 'aude/settings.json'\nd=json.load(open(p))\nd['enabledPlugins']['other@market']=True\nopen(p,'w').write(json.dumps(d))\n");
  assert.match(call('python3 other.py').post, /content restored/);
  assert.equal(readFileSync(projectSettings, 'utf8'), withPlugin);
});
