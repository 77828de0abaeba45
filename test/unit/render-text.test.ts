import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ago, clockParts, shortTime } from '../../src/cli/render/clock.js';
import { fitPieces, paint, renderLine, stripAnsi } from '../../src/cli/render/style.js';
import { colourWanted, terminalOptions, widthFor } from '../../src/cli/render/terminal.js';
import { count, displayWidth, printable, truncateEnd, truncateStart } from '../../src/cli/render/text.js';

test('widths are terminal columns: CJK and emoji take two, combining marks none', () => {
  assert.equal(displayWidth('abc'), 3);
  assert.equal(displayWidth('日本語'), 6);
  assert.equal(displayWidth('🚀 go'), 5);
  assert.equal(displayWidth('e\u0301'), 1);
});

test('truncation keeps within the width and marks the cut with an ellipsis', () => {
  assert.equal(truncateEnd('Tokenizer and stemmer', 10), 'Tokenizer…');
  assert.equal(truncateEnd('short', 10), 'short');
  assert.equal(truncateStart('docs/plans/2026-11-20-search.md', 16), '…11-20-search.md');
  const cjk = truncateEnd('検索インデックスを作る', 9);
  assert.ok(displayWidth(cjk) <= 9, cjk);
  assert.ok(cjk.endsWith('…'));
});

test('control characters from recorded text never reach the terminal', () => {
  assert.equal(printable('rm -rf x\n\techo \u001b[31mred\u001b[0m'), 'rm -rf x  echo \ufffd[31mred\ufffd[0m');
  const line = renderLine(['Task 1: ', { text: 'evil\u001b]0;title\u0007 title' }], 80, false);
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/);
});

test('fitting shrinks pieces in their order down to what they keep, then cuts the end', () => {
  const pieces = fitPieces([{ text: 'Plan ' }, { text: 'a-very-long-plan-identifier', shrink: 'end', keep: 12, order: 1 }, ' · ', { text: 'docs/plans/a-very-long-plan-identifier.md', shrink: 'start', keep: 16 }], 60);
  const text = pieces.map((p) => p.text).join('');
  assert.equal(displayWidth(text), 60);
  // The path gave way first (from its start: the file name stays); the id was left whole.
  assert.match(text, /^Plan a-very-long-plan-identifier · …/);
  assert.match(text, /identifier\.md$/);
  const cut = fitPieces(['0123456789', 'abcdefghij'], 15).map((p) => p.text).join('');
  assert.equal(cut, '0123456789abcd…');
  assert.equal(fitPieces(['0123456789', 'abcdefghij'], 10).map((p) => p.text).join(''), '012345678…');
});

test('paint adds escape sequences only with colour on', () => {
  const pieces = [{ text: 'approved', style: 'green' as const }, ' plan'];
  assert.equal(paint(fitPieces(pieces, 80), false), 'approved plan');
  const coloured = paint(fitPieces(pieces, 80), true);
  assert.equal(coloured, '\u001b[32mapproved\u001b[0m plan');
  assert.equal(stripAnsi(coloured), 'approved plan');
});

test('colour: NO_COLOR (any non-empty value) wins; FORCE_COLOR forces it into a pipe; otherwise only a terminal', () => {
  assert.equal(colourWanted(true, {}), true);
  assert.equal(colourWanted(false, {}), false);
  assert.equal(colourWanted(true, { NO_COLOR: '1' }), false);
  assert.equal(colourWanted(true, { NO_COLOR: 'false' }), false);
  assert.equal(colourWanted(true, { NO_COLOR: '' }), true);
  assert.equal(colourWanted(false, { FORCE_COLOR: '1' }), true);
  assert.equal(colourWanted(true, { FORCE_COLOR: '0' }), false);
  assert.equal(colourWanted(false, { FORCE_COLOR: '1', NO_COLOR: '1' }), false);
  assert.equal(colourWanted(true, { TERM: 'dumb' }), false);
});

test('width: the terminal\'s columns within bounds; 80 into a pipe', () => {
  assert.equal(widthFor({ isTTY: false, columns: 200 }), 80);
  assert.equal(widthFor({}), 80);
  assert.equal(widthFor({ isTTY: true, columns: 100 }), 100);
  assert.equal(widthFor({ isTTY: true, columns: 300 }), 120);
  assert.equal(widthFor({ isTTY: true, columns: 8 }), 20);
  assert.deepEqual(terminalOptions({ isTTY: true, columns: 90 }, { NO_COLOR: '1' }), { width: 90, colour: false });
});

test('times in a given zone, and ages', () => {
  assert.deepEqual(clockParts('2026-11-22T23:30:05.000Z', 'UTC'), { date: '2026-11-22', time: '23:30:05' });
  assert.deepEqual(clockParts('2026-11-22T23:30:05.000Z', 'Europe/Berlin'), { date: '2026-11-23', time: '00:30:05' });
  assert.equal(clockParts('not a time', 'UTC'), null);
  assert.equal(shortTime('2026-11-22T10:00:00Z', '2026-11-22T12:00:00Z', 'UTC'), '10:00');
  assert.equal(shortTime('2026-11-20T10:00:00Z', '2026-11-22T12:00:00Z', 'UTC'), '11-20 10:00');
  assert.equal(ago('2026-11-22T11:57:00Z', '2026-11-22T12:00:00Z'), '3 min ago');
  assert.equal(ago('2026-11-22T12:00:01Z', '2026-11-22T12:00:00Z'), 'just now');
  assert.equal(count(1234567), '1,234,567');
});
