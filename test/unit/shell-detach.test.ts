import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findDetached, mightDetach } from '../../src/shell/detach.js';
import { DETACH_WORDS, DETACH_WORD_NEEDLES, INLINE_DETACH, INLINE_DETACH_NEEDLES } from '../../src/shell/detaching-commands.js';
import { parserLoadCount } from '../../src/shell/parser.js';
import { HOME, loadCorpus, PROJECT_ROOT } from '../fixtures/shell/corpus.js';

const opts = { cwd: PROJECT_ROOT, projectRoot: PROJECT_ROOT, home: HOME };

test('every detaching form of the corpus is found, named by the construct that detaches', async () => {
  const forms = loadCorpus('detach-forms');
  assert.ok(forms.length >= 30);
  for (const e of forms) {
    assert.ok(mightDetach(e.command), `pre-check misses line ${e.line}: ${e.command}`);
    const r = await findDetached(e.command, opts);
    assert.ok(r.detached.length > 0, `line ${e.line} not found: ${e.command}`);
    assert.ok(e.expect, `line ${e.line} has no expectation`);
    assert.ok(r.detached.some((d) => d.includes(e.expect!.via)), `line ${e.line}: ${JSON.stringify(r.detached)} names no ${e.expect!.via}`);
  }
});

test('commands that start nothing that outlives them are not taken for detaching (a `&` job a bare `wait` waits for included)', async () => {
  for (const e of loadCorpus('detach-benign')) {
    const r = await findDetached(e.command, opts);
    assert.deepEqual(r.detached, [], `line ${e.line} taken as detaching: ${e.command}`);
  }
});

test('the write corpus\'s benign commands start nothing detached either', async () => {
  for (const e of loadCorpus('benign')) assert.deepEqual((await findDetached(e.command, opts)).detached, [], `line ${e.line}: ${e.command}`);
});

test('a `wait` waits only for its own shell: one inside a subshell, or with an operand, leaves the outer job detached', async () => {
  assert.deepEqual((await findDetached('sleep 9 & (wait)', opts)).detached, ['&']);
  assert.deepEqual((await findDetached('(sleep 9 &); wait', opts)).detached, ['&']);
  assert.deepEqual((await findDetached('sleep 1 & sleep 9 & wait %1', opts)).detached, ['&']);
  assert.deepEqual((await findDetached('sleep 1 & wait', opts)).detached, []);
});

test('the pre-check rules out most commands without the parser; `&&`, `2>&1`, `&>` and `|&` are no detaching `&`', () => {
  for (const c of ['npm test', 'a && b', 'x 2>&1', 'make &> log', 'a |& b', 'cat <&3']) assert.equal(mightDetach(c), false, c);
  for (const c of ['a &', 'a & b', 'nohup x', 'setsid x']) assert.equal(mightDetach(c), true, c);
});

test('a plain command with a `&` is read without loading mvdan-sh', async () => {
  const before = parserLoadCount();
  assert.deepEqual((await findDetached('sleep 60 &', opts)).detached, ['&']);
  assert.deepEqual((await findDetached('sleep 1 & wait', opts)).detached, []);
  assert.equal(parserLoadCount(), before);
});

test('the pre-check runs its expressions only where they can match, with the same answer as running them all', () => {
  const all = (c: string) => /\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/.test(c) || /(?<![&>|<])&(?![&>])/.test(c) || INLINE_DETACH.test(c);
  const inline = ["python -c \"os.system('sleep 9 &')\"", 'python -c "subprocess.Popen(x, start_new_session=True)"', 'python -c "os.fork()"', 'python -c "os.setsid()"', "node -e \"spawn('x', { detached: true })\"", 'node -e "child.unref()"', 'ruby -e "Process.daemon"', 'perl -e "fork()"', 'python -c "x(creationflags=DETACHED_PROCESS)"', 'python -c "daemonize()"', 'ruby -e "Process.detach(pid)"'];
  const commands = [...(['write-forms', 'benign', 'detach-forms', 'detach-benign'] as const).flatMap((n) => loadCorpus(n).map((e) => e.command)), ...inline];
  for (const c of commands) assert.equal(mightDetach(c), all(c), c);
  for (const c of inline) assert.equal(mightDetach(c), true, c);
  // Each alternative of INLINE_DETACH needs one of the words the pre-check looks for first.
  for (const c of inline) assert.ok(INLINE_DETACH_NEEDLES.some((n) => c.includes(n)), c);
  // Each word of DETACH_WORDS holds one of the words the pre-check looks for before running it, and is found alone.
  const words = /\(\?:([^)]*)\)/.exec(DETACH_WORDS.source)![1]!.split('|');
  assert.ok(words.length >= 18, DETACH_WORDS.source);
  for (const w of words) {
    assert.ok(DETACH_WORD_NEEDLES.some((n) => w.includes(n)), w);
    assert.equal(mightDetach(`x ${w} y`), true, w);
  }
});
