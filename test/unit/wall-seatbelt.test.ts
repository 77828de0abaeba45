// continuity's own wall on macOS: the Seatbelt profile @anthropic-ai/sandbox-runtime
// generates for the wall's spec. No Mac runs it here; what is checked is the
// profile itself: the project and the temporary folder writable, continuity's
// state, the wiring, git's exec paths and the library's own deny list not,
// the client's state unreadable, the network as it is, the credentials unset,
// and the original command read back exactly from the wrapped one.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { unwrapCommand, type WallSpec } from '../../src/wall/bwrap.js';
import { seatbeltCommand } from '../../src/wall/seatbelt.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-seatbelt-')));
after(() => rmSync(base, { recursive: true, force: true }));
const project = join(base, 'project');
const home = join(base, 'home');
for (const d of [project, join(project, '.git', 'hooks'), join(project, '.continuity'), join(home, '.gemini'), join(home, '.npm', '_cacache')]) mkdirSync(d, { recursive: true });

const SPEC: WallSpec = {
  bwrap: '/usr/bin/sandbox-exec',
  shell: { path: '/bin/bash', args: ['-c'] },
  writable: ['/tmp', project, join(home, '.npm', '_cacache')],
  ephemeral: [],
  hidden: { dirs: [join(home, '.gemini')], files: [] },
  reopened: [],
  anchors: [],
  readOnlyHome: null,
  readOnly: [join(project, '.continuity'), join(project, '.git', 'hooks'), join(project, '.git', 'config'), join(project, '.git', 'commondir')],
  placeholders: [join(project, '.gemini')],
  unsetEnv: ['GEMINI_API_KEY'],
};

/** The profile's block that starts with `head` (up to its closing line). */
function block(profile: string, head: string): string {
  const at = profile.indexOf(head);
  assert.ok(at >= 0, `no ${head} in the profile`);
  return profile.slice(at, profile.indexOf('(with message', at));
}

describe('the Seatbelt wall (macOS)', () => {
  const command = `echo "it's $HOME" > out.txt && git commit -qm x`;
  // As from a hook process, started in the project: the library anchors its nested denies at the working folder.
  process.chdir(project);
  const wrapped = seatbeltCommand(SPEC, project, command);
  const profile = /sandbox-exec -p '((?:[^']|'"'"')*)'/.exec(wrapped)?.[1]?.replace(/'"'"'/g, "'") ?? '';

  it('runs sandbox-exec with the profile inline, the credentials unset, CONTINUITY_WALL set, and the original read back exactly', () => {
    assert.match(wrapped, /^CONTINUITY_WALL_COMMAND='.*' env -u GEMINI_API_KEY CONTINUITY_WALL=sandbox-exec .*\/usr\/bin\/sandbox-exec -p '/s);
    assert.equal(unwrapCommand(wrapped), command);
    assert.match(wrapped, / \/bin\/bash -c 'eval "\$CONTINUITY_WALL_COMMAND"'$/);
  });

  it('the project, the temporary folder and the checked cache are writable; the network is left as it is', () => {
    const allow = block(profile, '(allow file-write*');
    for (const p of [project, '/tmp', join(home, '.npm', '_cacache')]) assert.ok(allow.includes(`(subpath "${p}")`), p);
    assert.ok(!allow.includes(`(subpath "${home}")`));
    assert.match(profile, /\(allow network\*\)/);
  });

  it("continuity's state, git's exec paths (missing ones too), the placeholders and the library's deny list are not writable", () => {
    const deny = block(profile, '(deny file-write*\n');
    for (const p of ['.continuity', '.git/hooks', '.git/config', '.git/commondir', '.gemini']) assert.ok(deny.includes(`(subpath "${join(project, p)}")`), p);
    for (const name of ['.bashrc', '.zshrc', '.gitmodules', '.gitconfig', '.mcp.json', '.vscode', '.idea', '.claude/commands', '.claude/agents']) assert.ok(deny.includes(`(subpath "${join(project, name)}")`), name);
    // … and the same names anywhere below the project.
    assert.ok(deny.includes(`(regex "^${project}/(.*/)?\\\\.git/hooks/.*(/.*)?$")`), deny);
  });

  it("the client's own state cannot be read", () => {
    assert.ok(block(profile, '(deny file-read*').includes(`(subpath "${join(home, '.gemini')}")`));
  });
});
