// continuity's own wall (src/wall/): the bubblewrap command line built from
// facts, the original command carried through quoting exactly, and the
// failure modes of sandbox.mode.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { bwrapArgs, unwrapCommand, wallArgv, wrapCommand, type WallSpec } from '../../src/wall/bwrap.js';
import { shQuote, unquote } from '../../src/wall/quote.js';
import { literalPrefix, wallSpec, type WallFacts } from '../../src/wall/spec.js';
import { describeOwnWall, wallVerdict } from '../../src/wall/verdict.js';
import { withWall } from '../../src/hooks/rules/wall-answer.js';

const SPEC: WallSpec = {
  bwrap: '/usr/bin/bwrap',
  shell: { path: '/bin/bash', args: ['-c'] },
  writable: ['/tmp', '/home/ann/my project'],
  ephemeral: ['/home/ann/.npm/_npx'],
  hidden: { dirs: ['/home/ann/.gemini'], files: [] },
  reopened: [],
  anchors: ['/home/ann/my project/node_modules'],
  readOnly: ['/home/ann/my project/.continuity', '/home/ann/my project/node_modules/continuity/dist'],
  readOnlyHome: null,
  placeholders: ['/home/ann/my project/.gemini'],
  unsetEnv: ['GEMINI_API_KEY'],
};

/** The words a POSIX shell makes of `line` (bash itself splits them). */
function wordsOf(line: string): string[] {
  const r = spawnSync('/bin/bash', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\0').slice(0, -1);
}

const HARD = [
  `echo "it's $HOME" && printf '%s\\n' 'a b'`,
  'cat <<EOF > out.txt\nline $x `date`\n  "quoted" \'single\'\nEOF\necho done',
  "printf '{\"hook_event_name\":\"BeforeAgent\",\"prompt\":\"approve\"}' | continuity hook gemini",
  'a=$(ls); echo "${a}" \\ \\\\ \'\\\'\'',
  '',
  "'",
  'nohup sh -c \'sleep 1; echo x > .continuity/x\' &',
];

describe('wrapping a command', () => {
  it('the wrapped line is exactly bwrap, its arguments, the shell and the original as one word, for every kind of command', () => {
    for (const command of HARD) assert.deepEqual(wordsOf(wrapCommand(SPEC, command)), wallArgv(SPEC, command), command);
  });

  it('the original comes back from the wrapped line, one layer at a time', () => {
    for (const command of HARD) {
      const once = wrapCommand(SPEC, command);
      assert.equal(unwrapCommand(once), command);
      assert.equal(unwrapCommand(wrapCommand(SPEC, once)), once);
    }
    assert.equal(unwrapCommand('echo hi'), null);
    assert.equal(unwrapCommand("/usr/bin/bwrap --setenv CONTINUITY_WALL bwrap -- /bin/bash -c 'a' b"), null);
  });

  it('the commands inside are told which client the wall was raised for, before the mark, and the original still comes back', () => {
    const args = bwrapArgs({ ...SPEC, client: 'pi' });
    const at = args.indexOf('CONTINUITY_WALL_CLIENT');
    assert.deepEqual(args.slice(at - 1, at + 2), ['--setenv', 'CONTINUITY_WALL_CLIENT', 'pi']);
    assert.deepEqual(args.slice(-4), ['--setenv', 'CONTINUITY_WALL', 'bwrap', '--']);
    assert.equal(unwrapCommand(wrapCommand({ ...SPEC, client: 'pi' }, "continuity task done 1 && echo 'ok'")), "continuity task done 1 && echo 'ok'");
    assert.equal(bwrapArgs(SPEC).includes('CONTINUITY_WALL_CLIENT'), false);
  });

  it('quoting reads back only what it wrote', () => {
    assert.equal(unquote(shQuote("a'b\nc")), "a'b\nc");
    assert.equal(unquote("'a' 'b'"), null);
    assert.equal(unquote('a'), null);
  });

  it('the mounts come in the order that makes them right: root read-only, writable, hidden, reopened, anchors, the caches\' empty folders, guarded last', () => {
    const args = bwrapArgs({ ...SPEC, reopened: ['/home/ann/.gemini/tmp'], anchors: [...SPEC.anchors, '/home'] });
    const at = (flag: string, path: string) => args.findIndex((a, i) => a === flag && args[i + 1] === path);
    assert.deepEqual(args.slice(0, 9), ['--ro-bind', '/', '/', '--dev-bind', '/dev', '/dev', '--unshare-pid', '--proc', '/proc']);
    assert.ok(at('--bind', '/home/ann/my project') < at('--tmpfs', '/home/ann/.npm/_npx'));
    assert.ok(at('--tmpfs', '/home/ann/.npm/_npx') < at('--ro-bind-try', '/home/ann/my project/.continuity'));
    assert.ok(at('--bind', '/home/ann/my project') < at('--tmpfs', '/home/ann/.gemini'));
    assert.ok(at('--tmpfs', '/home/ann/.gemini') < at('--bind', '/home/ann/.gemini/tmp'));
    assert.ok(at('--bind', '/home/ann/.gemini/tmp') < at('--bind-try', '/home/ann/my project/node_modules'));
    assert.ok(at('--bind-try', '/home/ann/my project/node_modules') < at('--ro-bind-try', '/home/ann/my project/node_modules/continuity/dist'));
    // An anchor above npx's cache (/home) mounted after its empty folder would bring the person's copies back.
    assert.ok(at('--bind-try', '/home') < at('--tmpfs', '/home/ann/.npm/_npx'));
    assert.ok(at('--ro-bind-try', '/home/ann/my project/.continuity') < at('--remount-ro', '/home/ann/my project/.gemini'));
    assert.ok(args.includes('--unsetenv') && args[args.indexOf('--unsetenv') + 1] === 'GEMINI_API_KEY');
    // No network namespace, and nothing that kills the agent's background jobs when the call ends.
    assert.ok(!args.includes('--unshare-net') && !args.includes('--die-with-parent') && !args.includes('--unshare-all'));
    assert.equal(args.at(-1), '--');
  });
});

const FACTS: WallFacts = {
  client: 'openclaw',
  root: '/home/ann/.openclaw/workspace',
  home: '/home/ann',
  temp: ['/tmp'],
  caches: ['/home/ann/.npm/_cacache'],
  ephemeral: ['/home/ann/.npm/_npx'],
  gitExec: { files: ['/home/ann/.openclaw/workspace/.git/config'], dirs: ['/home/ann/.openclaw/workspace/.git/hooks'] },
  mandatory: ['/home/ann/.openclaw/workspace/.gitmodules'],
  guarded: ['/home/ann/.openclaw/workspace/.continuity', '/home/ann/.openclaw/openclaw.json', '/home/ann/.local/state/continuity', '/home/ann/.openclaw/extensions/continuity'],
  protect: ['migrations/**', './secrets/*.key', '**/*.pem', 'docs/plan.md', '../outside'],
  placeholders: [],
  clientState: { dirs: ['/home/ann/.openclaw'], files: [], keep: [] },
  credentials: ['OPENCLAW_GATEWAY_TOKEN', 'OPENCLAW_GATEWAY_TOKEN'],
  bwrap: '/usr/bin/bwrap',
  shell: { path: '/bin/sh', args: ['-c'] },
};

describe('the wall from the facts', () => {
  it("OpenClaw's state folder is hidden, the workspace inside it mounted again, and guarded paths inside the workspace read-only", () => {
    const s = wallSpec(FACTS);
    assert.deepEqual(s.hidden.dirs, ['/home/ann/.openclaw']);
    assert.deepEqual(s.reopened, ['/home/ann/.openclaw/workspace']);
    assert.deepEqual(s.writable, ['/tmp', '/home/ann/.npm/_cacache']);
    assert.deepEqual(s.ephemeral, ['/home/ann/.npm/_npx']);
    assert.ok(s.readOnly.includes('/home/ann/.openclaw/workspace/.continuity'));
    // The gateway's config (its token) and the plugin's copy stay hidden, not re-exposed read-only.
    assert.ok(!s.readOnly.includes('/home/ann/.openclaw/openclaw.json'));
    assert.ok(!s.readOnly.includes('/home/ann/.openclaw/extensions/continuity'));
    assert.ok(s.readOnly.includes('/home/ann/.local/state/continuity'));
    assert.deepEqual(s.unsetEnv, ['OPENCLAW_GATEWAY_TOKEN']);
  });

  it('the protect list is read-only from its literal folder; a pattern with none is left to the hooks', () => {
    const s = wallSpec(FACTS);
    for (const p of ['migrations', 'secrets', 'docs/plan.md']) assert.ok(s.readOnly.includes(`/home/ann/.openclaw/workspace/${p}`), p);
    assert.ok(!s.readOnly.some((p) => p.endsWith('.pem') || p.endsWith('outside')));
    assert.equal(literalPrefix('**/*.pem'), null);
    assert.equal(literalPrefix('src/*/gen/**'), 'src');
    assert.equal(literalPrefix('/ops/deploy.sh'), 'ops/deploy.sh');
  });

  it('the folders between the project and a read-only path are pinned as mount points, so none can be renamed away and made again', () => {
    const s = wallSpec({ ...FACTS, root: '/p', clientState: { dirs: [], files: [], keep: [] }, guarded: ['/p/node_modules/continuity/dist', '/p/.codex/hooks.json', '/p/.continuity', '/elsewhere/x'], protect: [], placeholders: ['/p/.gemini'] });
    assert.deepEqual(s.anchors, ['/p/.codex', '/p/node_modules', '/p/node_modules/continuity']);
    assert.deepEqual(s.placeholders, ['/p/.gemini']);
  });

  it('a home inside the temporary folder is read-only whole: no folder in it is pinned, those in the workspace inside it are', () => {
    const s = wallSpec({ ...FACTS, temp: ['/tmp'], root: '/tmp/h/.openclaw/workspace', home: '/tmp/h', clientState: { dirs: ['/tmp/h/.openclaw'], files: [], keep: [] }, guarded: ['/tmp/h/.codex/hooks.json', '/tmp/h/.openclaw/workspace/.codex/hooks.json'], protect: [] });
    assert.equal(s.readOnlyHome, '/tmp/h');
    assert.deepEqual(s.anchors, ['/tmp/h/.openclaw/workspace/.codex']);
  });

  it("a workspace that is OpenClaw's state folder itself does not bring the folder back", () => {
    const s = wallSpec({ ...FACTS, root: '/home/ann/.openclaw', clientState: { dirs: ['/home/ann/.openclaw'], files: [], keep: ['/home/ann/.openclaw', '/home/ann/.openclaw/workspace/sub'] } });
    assert.deepEqual(s.reopened, ['/home/ann/.openclaw/workspace/sub']);
  });

  it("git's exec paths and the engine's deny list are read-only, and the folders above them pinned (git's own .git/objects, refs and index stay writable)", () => {
    const s = wallSpec(FACTS);
    for (const p of ['.git/config', '.git/hooks', '.gitmodules']) assert.ok(s.readOnly.includes(`/home/ann/.openclaw/workspace/${p}`), p);
    assert.ok(s.anchors.includes('/home/ann/.openclaw/workspace/.git'));
    assert.ok(!s.readOnly.includes('/home/ann/.openclaw/workspace/.git'));
  });

  it('never makes the project itself read-only', () => {
    const s = wallSpec({ ...FACTS, protect: ['.', './**', '**'] });
    assert.ok(!s.readOnly.includes('/home/ann/.openclaw/workspace'));
  });
});

describe('sandbox.mode', () => {
  const ok = () => ({ ok: true as const, bwrap: '/usr/bin/bwrap' });
  const missing = () => ({ ok: false as const, why: 'bubblewrap (bwrap) is not installed', fix: 'Install bubblewrap (apt-get install bubblewrap)' });

  it('required wraps where the wall stands and denies with the fix where it cannot', () => {
    assert.deepEqual(wallVerdict('required', ok), { kind: 'wrap', bwrap: '/usr/bin/bwrap' });
    const v = wallVerdict('required', missing);
    assert.equal(v.kind, 'deny');
    assert.match(v.kind === 'deny' ? v.reason : '', /not installed.*Install bubblewrap.*"mode": "preferred"/);
    assert.equal(v.kind === 'deny' && v.reason.includes('\n'), false);
  });

  it('without a fix (not Linux) the reason says only the mode that lets commands run', () => {
    const v = wallVerdict('required', () => ({ ok: false, why: "continuity's own wall needs Linux (bubblewrap); this is darwin" }));
    assert.equal(v.kind === 'deny' && v.reason, 'continuity: this shell command was not run, because continuity\'s wall cannot stand here: continuity\'s own wall needs Linux (bubblewrap); this is darwin. Set "sandbox": {"mode": "preferred"} in .continuity/config.json to run commands with continuity\'s hooks only.');
  });

  it('preferred falls back to the hooks, said; off never probes', () => {
    assert.deepEqual(wallVerdict('preferred', missing), { kind: 'hooks-only', why: 'bubblewrap (bwrap) is not installed (sandbox.mode is preferred)' });
    assert.equal(wallVerdict('off', () => assert.fail('probed')).kind, 'hooks-only');
    assert.match(describeOwnWall('OpenClaw', wallVerdict('preferred', missing)), /^hooks only for OpenClaw, because bubblewrap/);
    assert.match(describeOwnWall('Gemini CLI', wallVerdict('required', ok)), /^continuity's own wall \(bubblewrap\) around every Gemini CLI shell command/);
  });

  it("a command the guards denied stays denied; an allowed one gets the rewrite beside the rules' context", () => {
    const wrap = { output: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'w' } } }, decision: { wall: 'wrapped' } };
    const denied = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
    assert.deepEqual(withWall(denied, wrap), denied);
    assert.deepEqual(withWall({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'c' } }, wrap), { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'c', updatedInput: { command: 'w' } } });
    assert.deepEqual(withWall(null, wrap), wrap.output);
    assert.equal(withWall(null, null), null);
  });
});

describe("the client's own shell", () => {
  it('Gemini CLI runs bash -c; OpenClaw its $SHELL with its own options, sh for a nologin shell, bash for fish', async () => {
    const { clientShell } = await import('../../src/hooks/rules/own-wall.js');
    const env = { PATH: '/usr/bin:/bin' };
    assert.deepEqual(clientShell('gemini', env).args, ['-c']);
    assert.match(clientShell('gemini', env).path, /\/bash$/);
    assert.deepEqual(clientShell('openclaw', { ...env, SHELL: '/bin/bash' }), { path: '/bin/bash', args: ['--noprofile', '--norc', '-c'] });
    assert.deepEqual(clientShell('openclaw', { ...env, SHELL: '/usr/bin/zsh' }), { path: '/usr/bin/zsh', args: ['-f', '-c'] });
    assert.match(clientShell('openclaw', { ...env, SHELL: '/usr/sbin/nologin' }).path, /\/sh$/);
    assert.match(clientShell('openclaw', { ...env, SHELL: '/usr/bin/fish' }).path, /\/bash$/);
    assert.match(clientShell('openclaw', env).path, /\/sh$/);
  });
});
