import assert from 'node:assert/strict';
import { test } from 'node:test';
import { globRegex, globTest, protectedPathMatcher } from '../../src/shell/protected-model.js';
import { PROJECT_ROOT, PROTECTED_PATTERNS } from '../fixtures/shell/corpus.js';

test('a pattern tested by string comparison answers as its regular expression, on generated patterns and paths', () => {
  let s = 5;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ['a', 'b', '.git', 'hooks', 'config', '/', '/', '*', '**', '?', '.', '-', '+', '$', '(', '[', '\\', '\n', '\u2028', 'x.md'];
  const patterns = [...PROTECTED_PATTERNS, 'a/**', 'a//**', 'a/**/**', '**', '/**', 'a/b/**', '.continuity/**', 'a.b', 'a+b/**'];
  for (let i = 0; i < 3000; i++) {
    let t = '';
    for (let j = 0, n = 1 + rand(5); j < n; j++) t += atoms[rand(atoms.length)];
    patterns.push(t, `${t}/**`);
  }
  const paths: string[] = [];
  for (const p of patterns) {
    // The pattern's own text, the folder it names, and paths under and beside it.
    const folder = p.replace(/(?:\/\*\*)+$/, '');
    paths.push(p, folder, `${folder}/`, `${folder}/x`, `${folder}/x/y`, `${folder}x`, `${folder}/a\nb`, `${folder}\u2028`, folder.slice(0, -1));
  }
  // Paths sharing a prefix are neighbours once sorted: each pattern's are found by a binary search, not a scan of them all.
  const sorted = [...paths].sort();
  const under = (prefix: string): string[] => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && out.length < 200 && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  };
  let fast = 0;
  const differ: string[] = [];
  for (const p of patterns) {
    const t = globTest(p);
    const re = globRegex(p);
    if (!/[*?]/.test(p) || /^[^*?]+\/\*\*$/.test(p)) fast++;
    for (const path of paths.slice(0, 400).concat(under(p.replace(/(?:\/\*\*)+$/, '')))) {
      if (t(path) !== re.test(path)) differ.push(`${JSON.stringify(p)} on ${JSON.stringify(path)}`);
    }
  }
  assert.deepEqual(differ.slice(0, 5), []);
  // Both ways of testing are exercised.
  assert.ok(fast > 1000 && patterns.length - fast > 1000, `${fast} of ${patterns.length} tested by comparison`);
});

test('the matcher of the corpus patterns guards what it guarded: files, folders with everything under them, the person\'s files outside the project', () => {
  const isProtected = protectedPathMatcher(PROJECT_ROOT, PROTECTED_PATTERNS);
  for (const p of ['.continuity', '.continuity/ledger.db', '.tdd-progress.md', '.superpowers/sdd/x/progress.md', '.git/config', '.git/hooks', '.git/hooks/pre-commit']) assert.equal(isProtected(`${PROJECT_ROOT}/${p}`), true, p);
  for (const p of ['.continuityx', 'src/a.ts', '.git/HEAD', '.superpowers/sdd/x/y/progress.md', '.git/hooks\n']) assert.equal(isProtected(`${PROJECT_ROOT}/${p}`), false, p);
  assert.equal(isProtected('/home/agent/.bashrc'), true);
  assert.equal(isProtected('/home/agent/.bashrc.bak'), false);
});
