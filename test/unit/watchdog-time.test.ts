/**
 * The watchdog's fast ISO 8601 reader must answer exactly as parseIsoInstant
 * (the reference, receipts.ts) for every text, valid or not.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { instantMs } from '../../src/domain/watchdog-time.js';
import { parseIsoInstant } from '../../src/domain/receipts.js';

const pad = (v: number, width: number) => String(v).padStart(width, '0');

describe('watchdog instantMs', () => {
  it('reads common instants to the millisecond, with offsets', () => {
    assert.equal(instantMs('1970-01-01T00:00:00Z'), 0);
    assert.equal(instantMs('2026-04-24T10:00:00.123Z'), Date.UTC(2026, 3, 24, 10, 0, 0, 123));
    assert.equal(instantMs('2026-04-24T12:15+02:00'), Date.UTC(2026, 3, 24, 10, 15));
    assert.equal(instantMs('1969-12-31T23:59:59.999Z'), -1);
    assert.equal(instantMs('2026-04-24T10:00:00'), null, 'no timezone');
    assert.equal(instantMs('2026-04-24T10:00:00Z '), null);
  });

  it('agrees with parseIsoInstant on 50,000 generated texts, in and out of range', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const fractions = ['', '.5', '.123', '.1234', '.000', '.999'];
    const zones = ['Z', '+02:00', '-05:30', '+23:59', '-00:00', '+24:00', '+12:60', 'z', '+0200', ''];
    for (let i = 0; i < 50_000; i++) {
      const seconds = i % 7 === 0 ? '' : `:${pad(rand(61), 2)}${fractions[rand(fractions.length)]}`;
      const text = `${pad(900 + rand(9200), 4)}-${pad(rand(14), 2)}-${pad(rand(33), 2)}T${pad(rand(26), 2)}:${pad(rand(61), 2)}${seconds}${zones[rand(zones.length)]}`;
      assert.equal(instantMs(text), parseIsoInstant(text), text);
    }
    for (const text of ['', 'x', ' 2026-04-24T10:00:00Z', '2026-04-24t10:00:00Z', '2026-04-24T10:00:00.Z', '2026-04-24T10:00:0Z', '2026-04-24T10:00:00+02', '2026-04-24T10:00:00+02:00 ', '2026-04-24T10:00:00.123-05:30:00', '2026-04-24T24:00:00Z', '2026-02-30T10:00:00Z']) {
      assert.equal(instantMs(text), parseIsoInstant(text), JSON.stringify(text));
    }
  });
});
