import { describe, expect, it } from 'vitest';
import { pairedDifference, pairedShare, pentanomial, shareBySeed, slotShare, trinomial, unitScores, unitShareInterval } from '../../../src/analysis/stats/paired.js';
import { quantile, tFor, tInterval } from '../../../src/analysis/stats/descriptive.js';
import { wilson } from '../../../src/core/wilson.js';
import type { GameRecord } from '../../../src/sim/types.js';

/** A 2-player game of pair k, seats swapped in the second game; r0 is slot 0's return. */
function game(k: number, second: boolean, r0: number, seed = 100 + k): GameRecord {
  const slots = second ? [1, 0] : [0, 1];
  const returns = second ? [1 - r0, r0] : [r0, 1 - r0];
  return { index: 2 * k + (second ? 1 : 0), seed, seats: slots.map((s) => `a${s}`), slots, returns, length: 5, tags: {}, pair: k };
}

describe('t critical values', () => {
  it('match tables: df 1 → 12.706, 2 → 4.303, 5 → 2.571, 10 → 2.228, 30 → 2.042', () => {
    expect(tFor(0.95, 1)).toBeCloseTo(12.706, 2);
    expect(tFor(0.95, 2)).toBeCloseTo(4.303, 3);
    expect(tFor(0.95, 5)).toBeCloseTo(2.571, 2);
    expect(tFor(0.95, 10)).toBeCloseTo(2.228, 3);
    expect(tFor(0.95, 30)).toBeCloseTo(2.042, 3);
  });
  it('t interval of 1..5 is 3 ± 2.776·√2.5/√5', () => {
    const t = tInterval([1, 2, 3, 4, 5]);
    expect(t.mean).toBe(3);
    expect(t.hi - 3).toBeCloseTo((2.776 * Math.sqrt(2.5)) / Math.sqrt(5), 2);
  });
  it('quantile interpolates like numpy', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 0, 5], 0.25)).toBe(2.5);
  });
});

describe('paired games', () => {
  it('scores a slot per pair as the mean of its two games, whichever seat it held', () => {
    const recs = [game(0, false, 1), game(0, true, 0.5), game(1, false, 0), game(1, true, 0)];
    const units = unitScores(recs, 0);
    expect(units.map((u) => u.score)).toEqual([0.75, 0]);
    expect(slotShare(recs[1]!, 0)).toBe(0.5);
    expect(unitScores(recs, 1).map((u) => u.score)).toEqual([0.25, 1]);
  });
  it('drops incomplete pairs and failed games', () => {
    const failed: GameRecord = { ...game(1, true, 0), returns: [], error: 'boom' };
    const recs = [game(0, false, 1), game(0, true, 1), game(1, false, 0), failed, game(2, false, 1)];
    expect(unitScores(recs, 0).map((u) => u.key)).toEqual(['p0']);
  });
  it('puts a t interval over pairs, not games', () => {
    const recs = [0, 1, 2, 3].flatMap((k) => [game(k, false, k % 2), game(k, true, 1)]);
    const s = pairedShare(recs, 0);
    expect(s.n).toBe(4);
    expect(s.games).toBe(8);
    expect(s.mean).toBe(0.75); // pair scores 0.5, 1, 0.5, 1
    expect(s.mean - s.lo).toBeCloseTo((3.182 * Math.sqrt(1 / 12)) / 2, 2);
    expect(s.hi).toBe(1); // clamped to the share range
  });
  it('a slot that won every pair gets the exact (Clopper–Pearson) bound over pairs, not a zero-width t interval', () => {
    const recs = [0, 1, 2, 3, 4].flatMap((k) => [game(k, false, 1), game(k, true, 1)]);
    const s = pairedShare(recs, 0);
    expect(s.mean).toBe(1);
    expect(s.n).toBe(5);
    // Clopper–Pearson for 5 of 5: 0.025^(1/5) = 0.478; Wilson's 0.566 undercovers at n of n.
    expect(s.lo).toBeCloseTo(0.025 ** (1 / 5), 12);
    expect(s.lo).toBeLessThan(wilson(5, 5).lo);
    expect(s.hi).toBe(1);
    // The same for a constant middle score (every pair split 1–1).
    const split = unitShareInterval([0.5, 0.5, 0.5, 0.5]);
    expect(split.hi - split.lo).toBeGreaterThan(0.4);
  });
  it('shareBySeed makes the games that share a seed one unit (n counts seeds, not games)', () => {
    // Two tables on one master seed: game i of each has seed 100 + i. Three seeds, six games.
    const table = (r0: readonly number[]) => r0.map((x, i) => ({ ...game(i, false, x, 100 + i), pair: undefined, index: i }));
    const recs = [...table([1, 1, 0]), ...table([1, 0, 0])];
    const s = shareBySeed(recs, (r) => r.returns[0]!);
    expect(s.n).toBe(3);
    expect(s.games).toBe(6);
    expect(s.mean).toBeCloseTo(0.5); // seed scores 1, 0.5, 0
    expect(s.hi).toBeCloseTo(Math.min(1, tInterval([1, 0.5, 0]).hi), 12); // t over 3 seeds, not Wilson over 6 games
    expect(s.hi).toBeGreaterThan(wilson(3, 6).hi);
  });
  it('counts pentanomial outcomes [LL, LD, DD+WL, WD, WW]', () => {
    const recs = [
      [0, 0],
      [0, 0.5],
      [1, 0],
      [0.5, 0.5],
      [1, 0.5],
      [1, 1],
      [1, 1],
    ].flatMap(([a, b], k) => [game(k, false, a!), game(k, true, b!)]);
    expect(pentanomial(recs, 0)).toEqual([1, 1, 2, 1, 2]);
    expect(pentanomial(recs, 1)).toEqual([2, 1, 2, 1, 1]);
    expect(trinomial(recs, 0)).toEqual([4, 4, 6]);
  });
  it('takes the difference of two configurations on common seeds only', () => {
    const a = [game(0, false, 1), game(0, true, 1), game(1, false, 1), game(1, true, 0), game(2, false, 1), game(2, true, 1)];
    const b = [game(0, false, 0), game(0, true, 1), game(1, false, 0), game(1, true, 0), game(2, false, 1, 999), game(2, true, 1, 999)];
    const d = pairedDifference(a, b, 0);
    expect(d.n).toBe(2); // pair 2 has another seed in b: not common
    expect(d.mean).toBeCloseTo(0.5);
    expect(d.shareA).toBeCloseTo(0.75);
    expect(d.shareB).toBeCloseTo(0.25);
    expect(d.unmatched).toBe(2);
  });
});
