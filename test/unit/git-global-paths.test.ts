// The person's exec files outside the project: git's global and system
// config wherever git may read it (home, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL,
// GIT_CONFIG_SYSTEM, the platform), the files it names, the shell's start-up
// files; and the shell guard's judgement of the commands that write them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { globalExecPaths } from '../../src/domain/git-global-paths.js';
import { globalExecPatterns, readGlobalExecFacts } from '../../src/app/git-global-facts.js';
import { gitExecPatterns } from '../../src/app/git-exec-facts.js';
import { analyzeCommand, protectedNamesFor, protectedPathMatcher } from '../../src/shell/index.js';

const STARTUP = ['.bashrc', '.zshenv'];

test('home only: ~/.gitconfig, ~/.config/git/{config,attributes}, the system config and the start-up files', () => {
  const p = globalExecPaths({ home: '/home/p', platform: 'linux', startupFiles: STARTUP });
  assert.deepEqual(p.configs, ['/etc/gitconfig', '/home/p/.config/git/config', '/home/p/.gitconfig']);
  assert.deepEqual(p.files, ['/etc/gitconfig', '/home/p/.bashrc', '/home/p/.config/git/attributes', '/home/p/.config/git/config', '/home/p/.gitconfig', '/home/p/.zshenv']);
  assert.deepEqual(p.dirs, []);
});

test('XDG_CONFIG_HOME: its git folder as well as the default one (the person\'s terminal may not set it)', () => {
  const p = globalExecPaths({ home: '/home/p/', xdgConfigHome: '/srv/xdg/', platform: 'linux', startupFiles: [] });
  for (const f of ['/srv/xdg/git/config', '/srv/xdg/git/attributes', '/home/p/.config/git/config', '/home/p/.gitconfig']) assert.ok(p.files.includes(f), f);
  assert.ok(p.configs.includes('/srv/xdg/git/config'));
  assert.ok(!p.configs.includes('/srv/xdg/git/attributes'));
});

test('GIT_CONFIG_GLOBAL and GIT_CONFIG_SYSTEM: the files git reads instead, with the usual ones kept; /dev/null is nothing', () => {
  const p = globalExecPaths({ home: '/home/p', gitConfigGlobal: '/tmp/work/../g.conf', gitConfigSystem: '/opt/git/etc/gitconfig', platform: 'linux', startupFiles: [] });
  for (const f of ['/tmp/g.conf', '/opt/git/etc/gitconfig', '/etc/gitconfig', '/home/p/.gitconfig']) assert.ok(p.configs.includes(f), f);
  const none = globalExecPaths({ home: '/home/p', gitConfigGlobal: '/dev/null', gitConfigSystem: '/dev/null', platform: 'linux', startupFiles: [] });
  assert.ok(!none.files.includes('/dev/null'));
});

test("the platform's system config: Homebrew's and Apple's git on macOS", () => {
  const p = globalExecPaths({ home: '/Users/p', platform: 'darwin', startupFiles: [] });
  for (const f of ['/etc/gitconfig', '/opt/homebrew/etc/gitconfig', '/usr/local/etc/gitconfig', '/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig']) assert.ok(p.configs.includes(f), f);
  assert.ok(!globalExecPaths({ home: '/home/p', platform: 'linux', startupFiles: [] }).files.includes('/opt/homebrew/etc/gitconfig'));
});

test('what the global config names: a hooks folder (whole), an attributes file, an included config; ~ is the home, a relative one is not a place', () => {
  const p = globalExecPaths({
    home: '/home/p',
    platform: 'linux',
    startupFiles: [],
    hooksPath: '~/.config/git/hooks',
    attributesFile: '/srv/attrs',
    includes: [
      { path: '~/work.gitconfig', from: '/home/p' },
      { path: 'more.conf', from: '/home/p/.config/git' },
    ],
  });
  assert.deepEqual(p.dirs, ['/home/p/.config/git/hooks']);
  for (const f of ['/srv/attrs', '/home/p/work.gitconfig', '/home/p/.config/git/more.conf']) assert.ok(p.files.includes(f), f);
  assert.ok(p.configs.includes('/home/p/work.gitconfig'));
  assert.deepEqual(globalExecPaths({ home: '/home/p', platform: 'linux', startupFiles: [], hooksPath: '.githooks' }).dirs, []);
  // A hooks path that is the home itself would guard the whole home: not taken.
  assert.deepEqual(globalExecPaths({ home: '/home/p', platform: 'linux', startupFiles: [], hooksPath: '/home/p' }).dirs, []);
});

test('no home: only the system config', () => {
  assert.deepEqual(globalExecPaths({ home: null, platform: 'linux', startupFiles: STARTUP }).files, ['/etc/gitconfig']);
});

test("read from a real home: the engine's start-up files, and what ~/.gitconfig names", () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-global-home-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  writeFileSync(join(home, '.gitconfig'), '[core]\n\thooksPath = ~/githooks\n\tattributesFile = ~/.gitattributes\n[include]\n\tpath = extra.conf\n');
  mkdirSync(join(home, 'githooks'));
  const env = { HOME: home };
  const facts = readGlobalExecFacts(env, 'linux');
  for (const s of ['.bashrc', '.bash_profile', '.profile', '.zshrc', '.zprofile', '.zshenv', '.ripgreprc']) assert.ok(facts.startupFiles.includes(s), s);
  assert.ok(!facts.startupFiles.includes('.gitmodules'));
  const patterns = globalExecPatterns(env);
  for (const p of [`${home}/githooks/**`, `${home}/.gitattributes`, `${home}/extra.conf`, `${home}/.gitconfig`, `${home}/.bashrc`]) assert.ok(patterns.includes(p), p);
});

test('a hooks path the person adds to ~/.gitconfig is guarded at the next call of the same process (the answer kept between calls is read again when a config changes)', () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-global-home-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  const env = { HOME: home };
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = p\n');
  assert.ok(!globalExecPatterns(env).includes(`${home}/hooks/**`));
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = p\n[core]\n\thooksPath = ~/hooks\n');
  assert.ok(globalExecPatterns(env).includes(`${home}/hooks/**`));
  mkdirSync(join(home, '.config', 'git'), { recursive: true });
  writeFileSync(join(home, '.config', 'git', 'config'), '[include]\n\tpath = ~/more.conf\n');
  assert.ok(globalExecPatterns(env).includes(`${home}/more.conf`));
});

test("the shell guard refuses writes of the person's git config and start-up files, and lets reading them through", async () => {
  const root = '/p';
  const home = '/home/person';
  const patterns = ['.continuity/**', ...gitExecPatterns(root, { HOME: home, XDG_CONFIG_HOME: '/srv/xdg' })];
  const opts = { cwd: root, projectRoot: root, home, isProtected: protectedPathMatcher(root, patterns), protectedNames: protectedNamesFor(patterns) };
  for (const c of [
    'git config --global core.fsmonitor "touch /x"',
    'git config --global core.hooksPath /some/dir',
    `git config --global alias.st '!sh -c "touch /x"'`,
    'git config --global user.name x',
    'git config --global --add include.path /tmp/evil',
    'git config --system core.pager "sh -c id"',
    'git config --file ~/.gitconfig core.fsmonitor x',
    `git config -f ${home}/.config/git/config core.fsmonitor x`,
    'echo "[core] fsmonitor = x" >> ~/.gitconfig',
    'echo x >> $HOME/.gitconfig',
    'tee -a ~/.config/git/config < evil',
    'echo "* filter=x" > /srv/xdg/git/attributes',
    'cp evil ~/.bashrc',
    'mv evil ~/.zshenv',
    'ln -sf /tmp/evil ~/.profile',
    "sed -i 's/a/b/' ~/.bash_profile",
    `python3 -c "open('${home}/.gitconfig','a').write('x')"`,
    `node -e "require('fs').appendFileSync('${home}/.zshrc','x')"`,
    'echo x > /etc/gitconfig',
  ]) {
    assert.equal((await analyzeCommand(c, opts)).verdict, 'deny', c);
  }
  for (const c of ['git config --get user.name', 'git config --list', 'git config --global --get user.name', 'git config --global --list', 'cat ~/.gitconfig', 'git -c core.pager=cat log', 'grep alias ~/.bashrc']) {
    assert.equal((await analyzeCommand(c, opts)).verdict, 'allow', c);
  }
});
