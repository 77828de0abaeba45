// The order of the wall's mounts (src/wall/mount-order.ts), checked against a
// model of what bubblewrap makes of them: a mount covers every mount laid
// before it at or below its path (a bind shows the folder as it is outside
// the wall). Whatever writable folder holds the home, the project or the
// temporary folder, the more specific rule must be the one that holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bwrapArgs } from '../../src/wall/bwrap.js';
import { mountOrder, type Mount } from '../../src/wall/mount-order.js';
import { wallSpec, type WallFacts } from '../../src/wall/spec.js';

type Seen = 'writable' | 'read-only' | 'hidden' | 'call-own';

/** What a path is inside the wall after `mounts`, in that order, over the machine's read-only root. */
function inside(mounts: readonly Mount[]): (path: string) => Seen {
  let live: Mount[] = [];
  for (const m of mounts) live = [...live.filter((l) => !within(l.path, m.path)), m];
  return (path) => {
    const top = live.filter((l) => within(path, l.path)).sort((a, b) => b.path.length - a.path.length)[0];
    if (!top) return 'read-only';
    if (top.kind === 'writable' || top.kind === 'anchor') return 'writable';
    if (top.kind === 'hidden' || top.kind === 'hidden-file') return 'hidden';
    if (top.kind === 'ephemeral') return 'call-own';
    return 'read-only';
  };
}

function within(path: string, dir: string): boolean {
  return path === dir || dir === '/' || path.startsWith(`${dir}/`);
}

/** Gemini CLI's facts for a home and a project, as own-wall.ts gathers them (existing paths only). */
function facts(home: string, root: string, more: Partial<WallFacts> = {}): WallFacts {
  return {
    client: 'gemini',
    root,
    home,
    temp: ['/tmp'],
    caches: [`${home}/.npm/_cacache`, `${home}/.npm/_logs`],
    ephemeral: [`${home}/.npm/_npx`],
    gitExec: { files: [`${root}/.git/config`], dirs: [`${root}/.git/hooks`] },
    mandatory: [`${root}/.gitmodules`],
    guarded: [`${root}/.continuity`, `${root}/.gemini`, `${home}/.codex/hooks.json`, `${home}/.local/state/continuity`],
    protect: [],
    placeholders: [],
    clientState: { dirs: [`${home}/.gemini`, `${home}/.ssh`], files: [], keep: [] },
    credentials: ['GEMINI_API_KEY'],
    bwrap: '/usr/bin/bwrap',
    shell: { path: '/bin/bash', args: ['-c'] },
    ...more,
  };
}

/** What runs later as the person, in the home: never writable inside the wall. */
const PERSONS = ['.bashrc', '.profile', '.gitconfig', '.config/git/config', '.cache/pre-commit/repo1/hooks/check', '.local/bin/tool', '.codex/hooks.json', '.local/state/continuity/x'];

function expectHome(seen: (p: string) => Seen, home: string): void {
  for (const p of PERSONS) assert.equal(seen(`${home}/${p}`), 'read-only', p);
  assert.equal(seen(`${home}/.npm/_cacache/index-v5/x`), 'writable');
  assert.equal(seen(`${home}/.npm/_npx/1415fee72ff6294b/node_modules/cowsay/bin/cowsay`), 'call-own');
  assert.equal(seen(`${home}/.gemini/oauth_creds.json`), 'hidden');
  assert.equal(seen(`${home}/.ssh/id_ed25519`), 'hidden');
}

function expectProject(seen: (p: string) => Seen, root: string): void {
  assert.equal(seen(`${root}/src/a.ts`), 'writable');
  assert.equal(seen(`${root}/node_modules/x/index.js`), 'writable');
  assert.equal(seen(`${root}/.git/objects/ab/cd`), 'writable');
  for (const p of ['.continuity/ledger.db', '.git/config', '.git/hooks/pre-commit', '.gitmodules', '.gemini/settings.json']) assert.equal(seen(`${root}/${p}`), 'read-only', p);
}

/** Every folder between a read-only mount and the writable one holding it is pinned, so no rename moves it away. */
function expectPinned(mounts: readonly Mount[]): void {
  mounts.forEach((m, i) => {
    if (m.kind !== 'home' && m.kind !== 'read-only' && m.kind !== 'placeholder') return;
    const holder = mounts.slice(0, i).filter((o) => within(m.path, o.path) && o.path !== m.path).at(-1);
    if (!holder || holder.kind !== 'writable') return;
    for (let a = m.path.slice(0, m.path.lastIndexOf('/')); a.length > holder.path.length; a = a.slice(0, a.lastIndexOf('/'))) {
      assert.ok(mounts.some((o) => o.kind === 'anchor' && o.path === a), `${a} above ${m.path} is not pinned`);
    }
  });
}

/** Each folder's mount after every mount of a folder that contains it. */
function expectOrdered(mounts: readonly Mount[]): void {
  mounts.forEach((m, i) => {
    for (const later of mounts.slice(i + 1)) assert.ok(!(within(m.path, later.path) && m.path !== later.path), `${later.path} (${later.kind}) laid after ${m.path} (${m.kind})`);
  });
}

const CASES: Record<string, WallFacts> = {
  'the home in the temporary folder, the project beside it': facts('/tmp/ci/home', '/tmp/ci/project', { guarded: [...facts('/tmp/ci/home', '/tmp/ci/project').guarded, '/tmp/ci/state'] }),
  'the project inside a home in the temporary folder': facts('/tmp/ci/home', '/tmp/ci/home/src/project'),
  'the project in the temporary folder, the home elsewhere': facts('/home/ann', '/tmp/work/project'),
  'TMPDIR inside the home': facts('/home/ann', '/home/ann/project', { temp: ['/tmp', '/home/ann/tmp'] }),
  'TMPDIR inside a home in the temporary folder': facts('/tmp/ci/home', '/srv/project', { temp: ['/tmp', '/tmp/ci/home/tmp'] }),
  'the home inside the project': facts('/work/home', '/work'),
  "OpenClaw's workspace in its state folder, in a home in the temporary folder": {
    ...facts('/tmp/ci/home', '/tmp/ci/home/.openclaw/workspace'),
    client: 'openclaw',
    clientState: { dirs: ['/tmp/ci/home/.openclaw', '/tmp/ci/home/.gemini', '/tmp/ci/home/.ssh'], files: [], keep: ['/tmp/ci/home/.openclaw/workspace'] },
  },
};

describe("the wall's mounts, whatever writable folder holds the home", () => {
  for (const [name, f] of Object.entries(CASES)) {
    it(`${name}: the home's files read-only, its checked caches writable, the project writable but for what is guarded`, () => {
      const mounts = mountOrder(wallSpec(f));
      const seen = inside(mounts);
      expectOrdered(mounts);
      expectPinned(mounts);
      expectHome(seen, f.home!);
      expectProject(seen, f.root);
      for (const t of f.temp) assert.equal(seen(`${t}/build-1/out.o`), 'writable', t);
    });
  }

  it("OpenClaw's state stays hidden and its workspace writable under a read-only home", () => {
    const f = CASES["OpenClaw's workspace in its state folder, in a home in the temporary folder"]!;
    const seen = inside(mountOrder(wallSpec(f)));
    assert.equal(seen('/tmp/ci/home/.openclaw/openclaw.json'), 'hidden');
    assert.equal(seen('/tmp/ci/home/.openclaw/workspace/notes.md'), 'writable');
  });

  it('the home inside the temporary folder is mounted read-only after it, and the folder above the home pinned', () => {
    const s = wallSpec(CASES['the home in the temporary folder, the project beside it']!);
    assert.equal(s.readOnlyHome, '/tmp/ci/home');
    assert.ok(s.anchors.includes('/tmp/ci'));
    // Inside the read-only home nothing can be renamed: no folder there is pinned.
    assert.ok(!s.anchors.some((a) => a.startsWith('/tmp/ci/home')), s.anchors.join(' '));
    const args = bwrapArgs(s);
    const at = (flag: string, path: string) => args.findIndex((a, i) => a === flag && args[i + 1] === path);
    assert.ok(at('--bind', '/tmp') < at('--ro-bind-try', '/tmp/ci/home'));
    assert.ok(at('--ro-bind-try', '/tmp/ci/home') < at('--bind', '/tmp/ci/home/.npm/_cacache'));
    assert.ok(at('--ro-bind-try', '/tmp/ci/home') < at('--tmpfs', '/tmp/ci/home/.npm/_npx'));
  });

  it('a home outside every writable folder gets no mount of its own (the root is read-only already)', () => {
    assert.equal(wallSpec(CASES['the project in the temporary folder, the home elsewhere']!).readOnlyHome, null);
    assert.equal(wallSpec(CASES['TMPDIR inside the home']!).readOnlyHome, null);
  });

  it('a home that is itself the temporary folder or the project stays writable: those must be', () => {
    for (const f of [facts('/tmp', '/srv/project'), facts('/srv/project', '/srv/project')]) {
      const s = wallSpec(f);
      assert.equal(s.readOnlyHome, null);
      assert.equal(inside(mountOrder(s))(`${f.home}/build/x`), 'writable');
    }
  });

  it('a placeholder is made only where the folder holding it is writable inside the wall, not in a read-only home', () => {
    const f = facts('/tmp/ci/home', '/tmp/ci/project', { placeholders: ['/tmp/ci/home/.config/git', '/tmp/ci/project/.gemini-new'] });
    assert.deepEqual(wallSpec(f).placeholders, ['/tmp/ci/project/.gemini-new']);
  });

  it("a folder above a hidden one may be pinned: it is laid before the hidden folder's empty one", () => {
    const mounts = mountOrder(wallSpec(facts('/home/ann', '/tmp/p', { clientState: { dirs: ['/tmp/p/.state'], files: [], keep: [] }, guarded: ['/tmp/p/.continuity', '/tmp/x/y/guarded'], temp: ['/tmp'] })));
    expectOrdered(mounts);
    assert.equal(inside(mounts)('/tmp/p/.state/token'), 'hidden');
  });
});
