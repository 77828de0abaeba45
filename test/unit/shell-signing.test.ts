// An agent's command signing in continuity's namespace (ssh-keygen -Y sign
// -n continuity-approval) would make an approval every machine believes: it
// is refused wherever in the command it runs; any other ssh-keygen is not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeCommand, mightTouchProtected, protectedNamesFor, protectedPathMatcher } from '../../src/shell/index.js';
import { SIGNING_VIA } from '../../src/shell/handlers-sign.js';

const ROOT = '/home/dev/proj';
const PATTERNS = ['.continuity/**', '.continuity-signers'];
const names = protectedNamesFor(PATTERNS);
const analyze = (command: string) => analyzeCommand(command, { cwd: ROOT, projectRoot: ROOT, isProtected: protectedPathMatcher(ROOT, PATTERNS), protectedNames: names });

const REFUSED = [
  'ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n continuity-approval statement',
  'ssh-keygen -Ysign -ncontinuity-approval -f k statement',
  'ssh-keygen -q -Y sign -n continuity-other -f k < statement > statement.sig',
  '/usr/bin/ssh-keygen -n continuity-approval -Y sign -f k statement',
  'printf "x" | ssh-keygen -Y sign -f k -n continuity-approval',
  "bash -c 'ssh-keygen -Y sign -f k -n continuity-approval s'",
  'eval "ssh-keygen -Y sign -f k -n continuity-approval s"',
  'NS=continuity-approval; ssh-keygen -Y sign -f k -n "$NS" s',
  'ssh-keygen $ARGS s',
  'env SSH_AUTH_SOCK=/tmp/a ssh-keygen -Y sign -f k.pub -n continuity-approval s',
  'xargs ssh-keygen -Y sign -f k -n continuity-approval < files',
  'ssh-keygen -Y "$MODE" -f k -n continuity-approval s',
];

const ALLOWED = [
  'ssh-keygen -t ed25519 -N "" -f /tmp/k',
  'ssh-keygen -Y sign -f k -n git commit.txt',
  'ssh-keygen -Y verify -f .continuity-signers -I a@b -n continuity-approval -s s.sig < s',
  'ssh-keygen -Y find-principals -s s.sig -f .continuity-signers',
  'ssh-keygen -l -f ~/.ssh/id_ed25519.pub',
  'ssh-keygen -f "$HOME/.ssh/k" -y',
  'grep -rn continuity-approval src',
];

test('ssh-keygen signing in a continuity namespace is refused, however the command reaches it', async () => {
  for (const command of REFUSED) {
    assert.equal(mightTouchProtected(command, names), true, `pre-check: ${command}`);
    const r = await analyze(command);
    assert.equal(r.verdict, 'deny', `${command}: ${r.reason}`);
    assert.ok(r.writes.some((w) => w.via.includes(SIGNING_VIA)), `${command}: ${JSON.stringify(r.writes)}`);
  }
});

test('a key made over a guarded file is a write to it', async () => {
  for (const command of ['ssh-keygen -t ed25519 -N "" -f .continuity-signers', 'ssh-keygen -q -t ed25519 -f .continuity/x']) {
    const r = await analyze(command);
    assert.equal(r.verdict, 'deny', command);
    assert.ok(r.writes.some((w) => w.via === 'ssh-keygen -f'), JSON.stringify(r.writes));
  }
});

test('any other ssh-keygen (a key made, a git signature, a verification) goes through', async () => {
  for (const command of ALLOWED) {
    const r = await analyze(command);
    assert.equal(r.verdict, 'allow', `${command}: ${JSON.stringify(r.writes)}`);
  }
});
