import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeParsed, MAX_COMMAND_CHARS } from '../../src/shell/analyze.js';
import { analyzeCommand, mightTouchProtected, protectedNamesFor, protectedPathMatcher, type WriteAnalysis } from '../../src/shell/index.js';
import { analyzeOptions, HOME, isProtected, loadCorpus, matchesExpected, PROJECT_ROOT, PROTECTED_NAMES } from '../fixtures/shell/corpus.js';

const ROOT = PROJECT_ROOT;
const analyze = (command: string, cwd = ROOT) => analyzeCommand(command, { ...analyzeOptions, cwd });
const paths = (r: WriteAnalysis) => r.writes.map((w) => w.path);

const writeForms = loadCorpus('write-forms');
const benign = loadCorpus('benign');

test('the corpora are large enough and every write form says what it expects', () => {
  assert.ok(writeForms.length >= 60, `${writeForms.length} write forms`);
  assert.ok(benign.length >= 40, `${benign.length} benign commands`);
  assert.ok(writeForms.some((e) => e.command.includes('\n')), 'multi-line entries are read');
  assert.deepEqual(
    writeForms.filter((e) => !e.expect).map((e) => e.line),
    [],
  );
});

test('every write form is denied, naming the protected path and the construct', async (t) => {
  for (const entry of writeForms) {
    await t.test(`line ${entry.line}: ${entry.command.split('\n')[0]}`, async () => {
      const r = await analyze(entry.command);
      assert.equal(r.verdict, 'deny', r.reason);
      const { via, path } = entry.expect!;
      assert.ok(
        r.writes.some((w) => w.via.includes(via) && matchesExpected(w.path, path)),
        `expected a write via "${via}" to ${path}, got ${JSON.stringify(r.writes)}`,
      );
      assert.match(r.reason, /could write|unparseable/);
    });
  }
});

test('every benign command is allowed', async (t) => {
  for (const entry of benign) {
    await t.test(`line ${entry.line}: ${entry.command.split('\n')[0]}`, async () => {
      const r = await analyze(entry.command);
      assert.equal(r.verdict, 'allow', JSON.stringify(r.writes));
      assert.deepEqual(r.writes, []);
    });
  }
});

test('the pre-check never rules out what the full analysis would deny', async () => {
  const extra = ['ls', 'echo hi > out.txt', 'git status', 'cp a b', 'rm -f build.log', 'node --test', 'npm test 2>&1 | tail'];
  for (const command of [...writeForms, ...benign].map((e) => e.command).concat(extra)) {
    if (mightTouchProtected(command, PROTECTED_NAMES)) continue;
    const r = await analyzeParsed(command, analyzeOptions);
    assert.equal(r.verdict, 'allow', `pre-check said no, analysis said deny: ${command}`);
  }
});

test('paths are resolved against the working directory, tracking cd, subshells and pushd/popd', async () => {
  assert.deepEqual(paths(await analyze('cd docs && rm plans/approved-plan.md')), [`${ROOT}/docs/plans/approved-plan.md`]);
  assert.deepEqual(paths(await analyze('cd docs/plans; cd ..; rm -f plans/approved-plan.md')), [`${ROOT}/docs/plans/approved-plan.md`]);
  assert.deepEqual(paths(await analyze('rm plans/approved-plan.md', `${ROOT}/docs`)), [`${ROOT}/docs/plans/approved-plan.md`]);
  assert.deepEqual(paths(await analyze('cd /tmp && rm -f .tdd-progress.md')), []);
  assert.deepEqual(paths(await analyze('(cd docs/plans) && rm -f approved-plan.md')), [], 'a subshell cd does not last');
  assert.deepEqual(paths(await analyze('pushd docs/plans && popd && rm -f approved-plan.md')), []);
  assert.deepEqual(paths(await analyze(`cd ${ROOT}/src && rm ../.tdd-progress.md`)), [`${ROOT}/.tdd-progress.md`]);
  assert.deepEqual(paths(await analyze('rm -f ~/proj/.tdd-progress.md')), [`${HOME}/proj/.tdd-progress.md`]);
  assert.deepEqual(paths(await analyze('cd && rm -rf proj')), [`${HOME}/proj`]);
  // After `cd "$DIR"` the directory is unknown: a relative protected name is still denied.
  assert.equal((await analyze('cd "$DIR" && rm -f progress.md')).verdict, 'deny');
});

test('unparseable input: denied when it mentions a protected name, allowed otherwise', async () => {
  const denied = await analyze('echo "unterminated > .tdd-progress.md');
  assert.equal(denied.verdict, 'deny');
  assert.deepEqual(denied.writes, [{ path: `${ROOT}/.tdd-progress.md`, via: 'unparseable command' }]);
  assert.match(denied.reason, /unparseable/);
  const allowed = await analyzeParsed('if true; then echo "x > notes.md', analyzeOptions);
  assert.equal(allowed.verdict, 'allow');
  assert.match(allowed.reason, /unparseable/);
  // Nested code that does not parse follows the same rule.
  assert.equal((await analyze('bash -c "echo \\"oops > .tdd-progress.md"')).verdict, 'deny');
});

test('dynamic words are denied only when they could name a protected path', async () => {
  const verdict = async (c: string) => (await analyze(c)).verdict;
  // unknown last segment, reachable from the known directory
  assert.equal(await verdict('echo x > $F'), 'deny');
  assert.equal(await verdict('echo x > "docs/plans/$NAME"'), 'deny');
  assert.equal(await verdict('echo x > "/tmp/$F"'), 'allow');
  // unknown directory: only a protected name spelled after it counts
  assert.equal(await verdict('echo x > "$TMPDIR/out.log"'), 'allow');
  assert.equal(await verdict('echo x > "$ROOT/.continuity/ledger.db"'), 'deny');
  assert.equal(await verdict('echo x > "$DIR/progress.md"'), 'deny');
  assert.equal(await verdict('echo x > "$DIR/progress-$N.md"'), 'allow');
  // globs follow bash: no leading dot unless written
  assert.equal(await verdict('rm -f *.log'), 'allow');
  assert.equal(await verdict('rm -f build/*.md'), 'allow');
  assert.equal(await verdict('rm -f .tdd-*'), 'deny');
  assert.equal(await verdict('rm -f *'), 'allow', 'no -r: directories are not removed');
  assert.equal(await verdict('rm -rf *'), 'deny', 'docs/ holds the approved plan');
  // find walks the tree, dotfiles included
  assert.equal(await verdict("find src -name '*.tmp' -delete"), 'allow');
  assert.equal(await verdict("find . -name '*.tmp' -delete"), 'deny');
  // a temporary file from mktemp is not protected
  assert.equal(await verdict('t=$(mktemp); echo x > "$t"'), 'allow');
  // variables assigned in the command are followed
  assert.equal(await verdict('F=notes.md; echo x > "$F"'), 'allow');
  assert.equal(await verdict('F=.tdd-progress.md; echo x > "$F"'), 'deny');
});

test('reading through inline code is allowed; writing through it is denied', async () => {
  assert.equal((await analyze("python3 -c \"print(open('.tdd-progress.md').read())\"")).verdict, 'allow');
  assert.equal((await analyze("python3 -c \"open('.tdd-progress.md','w').write('x')\"")).verdict, 'deny');
  assert.equal((await analyze("python3 -c \"open('/tmp/x','w').write('x')\"")).verdict, 'allow');
  const spliced = await analyze('python3 -c "open(\'$F\', \'w\').write(\'x\')"');
  assert.equal(spliced.verdict, 'deny', 'a shell variable spliced into the code could be a protected name');
  assert.equal(spliced.writes[0]!.via, 'python3 -c');
});

test('nested shells and functions report the path through every layer', async () => {
  const r = await analyze(`bash -c "sh -c 'rm -f .tdd-progress.md'"`);
  assert.deepEqual(r.writes, [{ path: `${ROOT}/.tdd-progress.md`, via: 'bash -c: sh -c: rm' }]);
  const f = await analyze('wipe() { rm -f "$1"; }; wipe /tmp/x; wipe .tdd-progress.md');
  assert.deepEqual(f.writes, [{ path: `${ROOT}/.tdd-progress.md`, via: 'wipe(): rm' }]);
  assert.equal((await analyze('wipe() { rm -f .tdd-progress.md; }')).verdict, 'allow', 'a function that is never called writes nothing');
});

test('protectedPathMatcher: ** covers the directory and everything below, * one segment', () => {
  const m = protectedPathMatcher('/p', ['.continuity/**', '.superpowers/sdd/*/progress.md', '.tdd-progress.md']);
  assert.equal(m('/p/.continuity'), true);
  assert.equal(m('/p/.continuity/a/b.db'), true);
  assert.equal(m('/p/.superpowers/sdd/x/progress.md'), true);
  assert.equal(m('/p/.superpowers/sdd/x/y/progress.md'), false);
  assert.equal(m('/p/src/.tdd-progress.md'), false);
  assert.equal(m('/q/.tdd-progress.md'), false);
  assert.equal(isProtected(`${ROOT}/docs/plans/approved-plan.md`), true);
});

test('a command that fans out past the analysis budget is denied, not let through, and the walk stops', async () => {
  const items = Array.from({ length: 16 }, (_, i) => i).join(' ');
  const loops = Array.from({ length: 6 }, (_, k) => `for a${k} in ${items}; do `).join('') + 'echo x > "$a0"; ' + 'done; '.repeat(6);
  const r = await analyzeCommand(loops, analyzeOptions);
  assert.equal(r.verdict, 'deny');
  assert.ok(r.writes.some((w) => w.via === 'analysis budget exhausted'), JSON.stringify(r.writes));
  assert.match(r.reason, /ran out of its budget/);
  const long = `echo ${'x'.repeat(MAX_COMMAND_CHARS)} > "$OUT"`;
  const l = await analyzeCommand(long, analyzeOptions);
  assert.equal(l.verdict, 'deny');
  assert.match(l.reason, /over the analysis budget/);
});

test('an unknown folder is not taken for a folder guarded whole that also holds a guarded name: "$TMPDIR/t" stays allowed, a name under the guarded folder is still denied', async () => {
  // pi's extensions folder is guarded whole, and continuity's own extension is a wiring file inside it.
  const patterns = ['.continuity/**', '.pi/extensions/**', '.pi/extensions/continuity.ts', '.github/hooks/*.json', '.github/hooks/continuity.json'];
  const options = { ...analyzeOptions, isProtected: protectedPathMatcher(PROJECT_ROOT, patterns), protectedNames: protectedNamesFor(patterns) };
  for (const command of ['echo x > "$TMPDIR/t"', 'echo x > "$OUT/report.json"', 'cp a.txt "$DIR/b.txt"']) {
    const r = await analyzeCommand(command, options);
    assert.equal(r.verdict, 'allow', `${command}: ${r.reason}`);
  }
  for (const command of ['echo x > .pi/extensions/evil.ts', 'echo x > "$D"', 'echo "{}" > .github/hooks/off.json']) {
    const r = await analyzeCommand(command, options);
    assert.equal(r.verdict, 'deny', command);
  }
});
