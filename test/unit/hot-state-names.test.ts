// The guarded names and their fragments in the hot state (src/app/hot-state.ts namesOfPatterns) are kept from the last
// patterns a process computed them for: each answer is the one protectedNamesFor and nameFragments give for the patterns
// asked about, whatever was asked before, and a caller that changes its copy changes no later answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namesOfPatterns } from '../../src/app/hot-state.js';
import { nameFragments } from '../../src/shell/mentions.js';
import { protectedNamesFor } from '../../src/shell/protected-model.js';

const fresh = (patterns: string[]) => {
  const names = protectedNamesFor(patterns);
  return { guardedNames: names, guardedFragments: nameFragments(names) };
};

test('the names of each pattern list are its own, asked in any order and again', () => {
  const a = ['.continuity/config.json', 'docs/plans/**', '.git/hooks/**', '/home/p/.gitconfig'];
  const b = [...a, 'src/secret/*.key'];
  // One list a prefix of another, and lists that differ only in how their items split.
  const c = ['docs/a', 'b'];
  const d = ['docs/a,b'];
  // As many patterns as the list before.
  const e = ['docs/x', 'b'];
  for (const list of [a, a, b, a, c, d, c, e, b]) assert.deepEqual(namesOfPatterns(list), fresh(list));
});

test("a caller's changes to its answer are not seen by the next caller", () => {
  const list = ['.claude/settings.json', 'plans/**'];
  const first = namesOfPatterns(list);
  first.guardedNames.push('changed');
  first.guardedFragments.names.length = 0;
  first.guardedFragments.dirSegments.push('changed');
  assert.deepEqual(namesOfPatterns(list), fresh(list));
});
