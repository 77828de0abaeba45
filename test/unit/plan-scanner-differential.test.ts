/**
 * The block scanner against markdown-it, its reference: for every document,
 * either the scanner declines (and says why), or it produces exactly
 * markdown-it's block structure and `parsePlan` returns exactly the same
 * result (or the same error) either way, in every markdown dialect.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { scanBlocks, type DeclineReason } from '../../src/formats/plan/block-scanner.js';
import { markdownItBlocks } from '../../src/formats/plan/markdown-it-blocks.js';
import { normalizeNewlines } from '../../src/formats/plan/markdown.js';
import { parsePlan, type DialectName, type ParsedPlan } from '../../src/formats/plan/index.js';
import { generatePlan } from '../../bench/parse-large-plan.js';
import { randomPlanDocument } from '../fixtures/plans/random-plans.js';

const FIXTURES = new URL('../fixtures/plans/', import.meta.url);
const MARKDOWN_FIXTURES = readdirSync(FIXTURES, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith('.md'))
  .sort();
const DIALECTS: (DialectName | undefined)[] = [undefined, 'superpowers', 'tdd-progress', 'checkbox'];
const RANDOM_CASES = 400;
const SEED = 20_240_601;

type Outcome = ParsedPlan | { error: string };

function outcome(text: string, dialect: DialectName | undefined, blockParser: 'scanner' | 'markdown-it'): Outcome {
  try {
    return parsePlan(text, { path: 'docs/plans/plan.md', dialect, blockParser });
  } catch (error) {
    return { error: String(error) };
  }
}

/** Asserts agreement with markdown-it; returns the decline reason, or null when the scanner handled the text. */
function assertMatchesMarkdownIt(name: string, text: string): DeclineReason | null {
  const source = normalizeNewlines(text);
  const scanned = scanBlocks(source);
  if (scanned.blocks) assert.deepEqual(scanned.blocks, markdownItBlocks(source), `${name}: block structure`);
  for (const dialect of DIALECTS) {
    const viaScanner = outcome(text, dialect, 'scanner');
    assert.deepEqual(viaScanner, outcome(text, dialect, 'markdown-it'), `${name}: parsePlan as ${dialect ?? 'detected'}`);
  }
  return scanned.declined;
}

/** LF as stored, CRLF, lone CR, and with a BOM: the scanner sees them all normalised, but parsePlan does not. */
function newlineVariants(text: string): [string, string][] {
  return [
    ['LF', text],
    ['CRLF', text.replaceAll('\n', '\r\n')],
    ['CR', text.replaceAll('\n', '\r')],
    ['BOM', `\uFEFF${text}`],
  ];
}

for (const name of MARKDOWN_FIXTURES) {
  test(`scanner matches markdown-it: fixture ${name}`, () => {
    const text = readFileSync(new URL(name, FIXTURES), 'utf8');
    for (const [ending, variant] of newlineVariants(text)) {
      const declined = assertMatchesMarkdownIt(`${name} (${ending})`, variant);
      // Only the fixture written to exercise it may fall back to markdown-it.
      assert.equal(declined, name.endsWith('link-reference.md') ? 'link-reference-definition' : null, `${name} (${ending})`);
    }
  });
}

test('scanner matches markdown-it: constructs better built in code', () => {
  const cases: Record<string, string> = {
    'NUL in a title and a step': '### Task 1: Nul \0 here\n\n- [ ] **Step 1: and \0 here**\n',
    'nesting past markdown-it\'s limit': `${'> '.repeat(25)}### Task 1: deep\n\n### Task 2: shallow\n`,
    'checkbox lists twelve deep': Array.from({ length: 12 }, (_, i) => `${'  '.repeat(i)}- [ ] item ${i}`).join('\n'),
    'a list marker run': `${'- '.repeat(12)}[ ] deep\n- [x] top\n`,
    'only whitespace after the last newline': '### Task 1: a\n\n- [ ] **Step 1: b**\n \t ',
    'empty document': '',
    'no trailing newline': '### Task 1: last line is a heading',
    'unicode spaces are content': '### Task 1:\u00a0nbsp title\u00a0\n\n**Step 1:**\u2003em space\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    assert.equal(assertMatchesMarkdownIt(name, text), null, name);
  }
});

test('scanner matches markdown-it: the generated large plan is scanned, never declined', () => {
  assert.equal(assertMatchesMarkdownIt('generated plan', generatePlan(40)), null);
});

test(`scanner matches markdown-it: ${RANDOM_CASES} seeded random plan-like documents`, (t) => {
  const declines = new Map<DeclineReason, number>();
  for (let i = 0; i < RANDOM_CASES; i++) {
    const declined = assertMatchesMarkdownIt(`random document #${i} (seed ${SEED + i})`, randomPlanDocument(SEED + i));
    if (declined) declines.set(declined, (declines.get(declined) ?? 0) + 1);
  }
  const declinedCount = [...declines.values()].reduce((a, b) => a + b, 0);
  t.diagnostic(`${RANDOM_CASES - declinedCount} scanned, declined: ${JSON.stringify(Object.fromEntries(declines))}`);
  // The generator writes a link reference definition into a few documents; nothing else is declined.
  assert.deepEqual([...declines.keys()].filter((reason) => reason !== 'link-reference-definition'), []);
  assert.ok(declinedCount < RANDOM_CASES / 10, `too many declines: ${declinedCount}`);
});
