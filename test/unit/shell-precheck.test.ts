import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mightTouchProtected } from '../../src/shell/index.js';
import { NOT_WRITERS, WRITER_NAMES } from '../../src/shell/writer-names.js';
import { namesAWriter } from '../../src/shell/writer-scan.js';
import { alwaysMight } from '../../src/shell/precheck.js';
import { nameFragments, squash, withFragments } from '../../src/shell/mentions.js';
import { protectedNamesFor } from '../../src/shell/protected-model.js';
import { knownWriterNames } from '../../src/shell/handlers.js';
import { loadCorpus, PROTECTED_NAMES } from '../fixtures/shell/corpus.js';

const names = PROTECTED_NAMES;
const squashLower = (c: string) => squash(c).toLowerCase();

test('the pre-check flags every write form of the corpus', () => {
  const missed = loadCorpus('write-forms').filter((e) => !mightTouchProtected(e.command, names));
  assert.deepEqual(
    missed.map((e) => `line ${e.line}: ${e.command}`),
    [],
  );
});

test('the pre-check rules out everyday commands that cannot reach a protected path', () => {
  for (const c of [
    'npm test 2>&1 | tail -n 50',
    'ls -la src',
    'git status',
    'git checkout main',
    'echo hi > out.txt',
    'echo done >&2',
    'node dist/cli.mjs task done 3',
    'continuity status',
    'grep -rn TODO src/ 2>/dev/null',
    'npx tsc --noEmit -p .',
    'cat package.json | jq .version',
    'rm -f build.log',
    'cp src/a.ts src/b.ts',
    'python3 script.py',
    'set -o pipefail; npm run build',
  ]) {
    assert.equal(mightTouchProtected(c, names), false, c);
  }
});

test('the pre-check sees through quoting, escapes and case', () => {
  assert.equal(mightTouchProtected("echo x > .tdd-pro''gress.md", names), true);
  assert.equal(mightTouchProtected('echo x > .tdd-pro\\gress.md', names), true);
  assert.equal(mightTouchProtected('echo x > ".TDD-Progress.md"', names), true);
  assert.equal(mightTouchProtected("python3 -c \"open('.tdd-' + 'progress.md','w')\"", names), true);
});

test('the pre-check flags constructs that reach a protected path without naming it', () => {
  for (const c of [
    'rm -f .tdd-*', // glob
    'echo x > $F', // variable
    'cp a "$(cat target)"', // substitution
    'cp a `cat target`', // backticks
    'eval "$CMD"', // eval
    '$(echo rm) -f notes', // computed command name
    'sudo $TOOL -f notes', // computed command behind a wrapper
    "echo x > $'\\x2efoo'", // ANSI-C escapes
    'ls >& $F', // `>&WORD` is a file when WORD is not a descriptor
    'rm -rf docs', // a directory that holds a protected file
    'rm -rf .', // an ancestor
    'rm -rf ../proj', // an ancestor, by a relative path
    'chmod -R a-w /home/agent/proj', // an absolute path
    'cd; rm -rf proj', // bare cd: home
    'git restore :/', // git pathspec magic for the top
    'tar xzf backup.tgz', // extracts into the working directory
    'unzip plans.zip',
    'ls | xargs rm', // names read from input
    'find -delete',
    'python3 -c "import os; os.remove(chr(46)+\'x\')"', // name-building code
    'printf \'\\x2etdd\' | xargs rm',
  ]) {
    assert.equal(mightTouchProtected(c, names), true, c);
  }
});

test('with no protected names the pre-check cannot rule anything out; an empty command is harmless', () => {
  assert.equal(mightTouchProtected('ls', []), true);
  assert.equal(mightTouchProtected('   ', names), false);
});

test('every command with a handler is known to the pre-check as a writer or as a non-writer', () => {
  const listed = new Set([...WRITER_NAMES, ...NOT_WRITERS]);
  assert.deepEqual(
    knownWriterNames().filter((n) => !listed.has(n)),
    [],
  );
});

test('mvdan-sh is loaded only for a command neither the pre-check nor the plain reader can decide', () => {
  // A fresh process, so nothing else in this run has loaded the parser yet.
  const index = new URL('../../src/shell/index.ts', import.meta.url).href;
  const corpus = new URL('../fixtures/shell/corpus.ts', import.meta.url).href;
  const script = `
    const { analyzeCommand, parserLoadCount } = await import(${JSON.stringify(index)});
    const { analyzeOptions } = await import(${JSON.stringify(corpus)});
    const out = [];
    for (const c of ['ls -la', 'npm test 2>&1 | tail', 'git status']) {
      const r = await analyzeCommand(c, analyzeOptions);
      out.push([c, r.verdict, parserLoadCount()]);
    }
    for (const [label, c] of [['tee', 'cat plan.md | tee .tdd-progress.md'], ['tee "$(pwd)/…"', 'cat plan.md | tee "$(pwd)/.tdd-progress.md"']]) {
      const r = await analyzeCommand(c, analyzeOptions);
      out.push([label, r.verdict, parserLoadCount()]);
    }
    const stackTraceLimit = Error.stackTraceLimit;
    console.log(JSON.stringify({ out, stackTraceLimit, globalRequire: typeof globalThis.require }));
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout.trim().split('\n').pop()!);
  assert.deepEqual(result.out, [
    ['ls -la', 'allow', 0],
    ['npm test 2>&1 | tail', 'allow', 0],
    ['git status', 'allow', 0],
    ['tee', 'deny', 0],
    ['tee "$(pwd)/…"', 'deny', 1],
  ]);
  // Loading the GopherJS parser leaves the process's globals as they were.
  assert.equal(result.stackTraceLimit, 10);
  assert.equal(result.globalRequire, 'undefined');
});

test('the writer scan answers as the expression it replaces, on the corpora and on generated text', () => {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expression = new RegExp(`(?:^|[\\s;&|(){}!\`/]|\\$\\()(?:${WRITER_NAMES.map((n) => escape(n.toLowerCase())).join('|')})(?:[\\d.]*|@[\\w.^~-]*)(?=$|[\\s;&|()<>])`);
  const samples = [...loadCorpus('write-forms'), ...loadCorpus('benign')].map((e) => e.command.toLowerCase());
  let s = 11;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ['rm', 'tee', 'bzip2', 'python3.12', 'node@24', 'npx@latest', 'sed', 'ls', 'x', '2', '.', '@', '@v1.2', '-', '/usr/bin/', ' ', '\t', '\u00a0', ';', '&', '|', '(', ')', '{', '}', '!', '`', '$(', '<', '>', '/', 'cp-', 'mv_', 'vim~', 'ed^', 'eval',
    // White space other than the ASCII space (and two characters that are none: NEL, the Mongolian vowel separator), tags and versions, upper case.
    '\n', '\v', '\r', '\f', '\u2003', '\u2028', '\u3000', '\ufeff', '\u0085', '\u180e', '@^1.2~', '@x_y-z', '9', '..', 'A', 'RM', '<>', 'rscript'];
  for (let i = 0; i < 20000; i++) {
    let text = '';
    for (let j = 0, n = 1 + rand(4); j < n; j++) text += atoms[rand(atoms.length)];
    samples.push(text);
  }
  const differ = samples.filter((t) => namesAWriter(t) !== expression.test(t));
  assert.deepEqual(differ.slice(0, 5), []);
  // Both answers occur often enough for the comparison to mean something.
  const yes = samples.filter((t) => expression.test(t)).length;
  assert.ok(yes > 2000 && samples.length - yes > 2000, `${yes} of ${samples.length} name a writer`);
});

test('the commands that always might write answer as the one expression they were split from, on the corpora and on generated text', () => {
  const expression = /\bssh-keygen\b|\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b|(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(|\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b|\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b|\bgit\b[^;&|]*\bclean\b/;
  const samples = [...loadCorpus('write-forms'), ...loadCorpus('benign')].map((e) => squashLower(e.command));
  let s = 7;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ['ssh-keygen', 'git', 'clean', 'find', '-delete', '-exec', 'tar', 'xargs', 'flock', '7z', '7za', 'unzip', 'parallel', 'bsdtar', 'sh', 'bash', 'sudo', 'env', 'source', '.', '<(', '|', '|&', '/bin/', ' ', ';', '&', '(', 'x', '-', 'ls'];
  for (let i = 0; i < 20000; i++) {
    let text = '';
    for (let j = 0, n = 1 + rand(5); j < n; j++) text += atoms[rand(atoms.length)];
    samples.push(text);
  }
  const differ = samples.filter((t) => alwaysMight(t) !== expression.test(t));
  assert.deepEqual(differ.slice(0, 5), []);
  const yes = samples.filter((t) => expression.test(t)).length;
  assert.ok(yes > 2000 && samples.length - yes > 2000, `${yes} of ${samples.length} always might`);
});

test('the pre-check answers the corpora as it did before any of its expressions was skipped for a missing word', () => {
  // The skipped expressions are the answer's only source for these: each must still be reached when its word is there.
  for (const c of ['git -c core.editor=vim commit', 'git config alias.x "!rm -rf ."', 'git remote add o u', 'npm ci', 'pnpm prune', 'yarn', 'bun add x', 'git checkout -- .', 'gcc -o ../out x.c', 'tool --log-file=../l', 'sudo $CMD a']) {
    assert.equal(mightTouchProtected(c, names), true, c);
  }
  for (const c of ['ls -la src', 'cat README.md', 'echo hi > /dev/null', 'grep -rn foo src']) assert.equal(mightTouchProtected(c, names), false, c);
});

test('the pre-check answers the corpora the same from fragments computed in parts (the hot state keeps its names\' fragments, the call adds its own)', () => {
  const half = Math.floor(names.length / 2);
  const parts = withFragments(nameFragments(names.slice(0, half)), nameFragments(names.slice(half)));
  assert.deepEqual(new Set(parts.names), new Set(nameFragments(names).names));
  assert.deepEqual(new Set(parts.dirSegments), new Set(nameFragments(names).dirSegments));
  for (const corpus of ['write-forms', 'benign'] as const) {
    const differ = loadCorpus(corpus).filter((e) => mightTouchProtected(e.command, names, parts) !== mightTouchProtected(e.command, names));
    assert.deepEqual(differ.map((e) => `line ${e.line}: ${e.command}`), []);
  }
});

test('the names and fragments of guarded patterns are those the expressions gave, on generated patterns', () => {
  // Both as they were written with regular expressions, slices and closures; the sources now scan by hand.
  const noStars = (s: string) => s.replace(/(\/\*\*)+$/, '');
  const outsideName = (segs: string[]) => segs.slice(segs.length >= 3 && segs[segs.length - 2] === 'git' ? -3 : -2).join('/');
  const namesBefore = (patterns: readonly string[]) => {
    const out = new Set<string>();
    for (const p of patterns) {
      const n = noStars(p.startsWith('/') ? outsideName(noStars(p).split('/')) : p.replace(/^(\.\/)+/, ''));
      out.add(n);
      if (p.startsWith('/') && p.endsWith('/**')) out.add(noStars(p));
      const base = n.split('/').pop();
      if (base && !base.includes('*') && !/(^|\/)\.?git\//.test(n)) out.add(base);
    }
    return [...out];
  };
  const fragmentsBefore = (names: readonly string[]) => {
    const all = new Set<string>();
    const dirs = new Set<string>();
    for (const raw of names) {
      const n = raw.trim().replace(/^(\.\/)+/, '').replace(/(\/\*\*)+$/, '').replace(/\/+$/, '').toLowerCase();
      if (!n) continue;
      const segs = n.split('/').filter(Boolean);
      if (!n.includes('*')) all.add(n);
      const base = segs[segs.length - 1];
      const gitDir = segs.slice(0, -1).some((s) => s === '.git' || s === 'git');
      if (base && !base.includes('*') && !gitDir) all.add(base);
      for (const s of segs.slice(0, -1)) if (!s.includes('*') && s !== '.' && s !== '..' && s !== 'git') dirs.add(s);
    }
    return { names: [...all], dirSegments: [...dirs] };
  };
  let s = 5;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ['/', '//', './', '.', '..', '*', '**', '/**', '.git', 'git', '.Git', 'xgit', 'git/', '.config', 'docs', 'Plan.md', ' ', 'a*b', 'hooks', '~'];
  for (let i = 0; i < 5000; i++) {
    const patterns: string[] = [];
    for (let k = 0, m = 1 + rand(3); k < m; k++) {
      let p = '';
      for (let j = 0, n = 1 + rand(6); j < n; j++) p += atoms[rand(atoms.length)];
      patterns.push(p);
    }
    assert.deepEqual(protectedNamesFor(patterns), namesBefore(patterns), JSON.stringify(patterns));
    assert.deepEqual(nameFragments(patterns), fragmentsBefore(patterns), JSON.stringify(patterns));
  }
});

test('squash answers as its two expressions, also on text it returns untouched', () => {
  const expressions = (t: string) => t.replace(/(['"`])\s*\+?\s*(['"`])/g, '').replace(/['"`\\]/g, '');
  let s = 3;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ["'", '"', '`', '\\', '+', ' ', '\t', 'a', '.tdd', '-progress', 'ls -la'];
  for (let i = 0; i < 5000; i++) {
    let text = '';
    for (let j = 0, n = rand(7); j < n; j++) text += atoms[rand(atoms.length)];
    assert.equal(squash(text), expressions(text), JSON.stringify(text));
  }
});
