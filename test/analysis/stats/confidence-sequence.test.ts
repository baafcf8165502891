/**
 * Issue #28, "Answers to a chosen precision": a run that plays in batches and stops when
 * its interval looks good must not inflate its errors. Simulated nulls, peeked at after
 * every batch: the fixed-n t interval's false-alarm rate climbs far above its nominal 5%,
 * the betting confidence sequence's stays below it.
 */
import { describe, expect, it } from 'vitest';
import { BettingTest, bettingInterval, bettingIntervals, bettingRejects, lookLevel, widenInterval } from '../../../src/analysis/stats/confidence-sequence.js';
import { tFor, tInterval } from '../../../src/analysis/stats/descriptive.js';
import { Rng } from '../../../src/core/rng.js';

const ALPHA = 0.05;
const BATCH = 20;
const LOOKS = 50;
const RUNS = 1000;

/** A seat-swapped pair's share under a fair game: 0, ½ or 1 (both won, split, both lost). */
function pairShare(rng: Rng): number {
  return (rng.int(2) + rng.int(2)) / 2;
}

/** A watcher of one null run: `add` takes a unit, `alarm` says whether a look now is a false alarm. */
interface Watcher {
  add(x: number): void;
  alarm(): boolean;
}

/** Runs RUNS null sequences of LOOKS batches, looking after every batch. */
function falseAlarmRate(seed: number, watcher: () => Watcher): number {
  const rng = new Rng(seed);
  let alarms = 0;
  for (let r = 0; r < RUNS; r++) {
    const w = watcher();
    for (let look = 0; look < LOOKS; look++) {
      for (let i = 0; i < BATCH; i++) w.add(pairShare(rng));
      if (w.alarm()) {
        alarms++;
        break;
      }
    }
  }
  return alarms / RUNS;
}

describe('betting confidence sequence (Waudby-Smith & Ramdas): anytime coverage under optional stopping', () => {
  it('peeking every batch at a fixed-n 95% t interval raises false alarms well above 5%; the CS keeps them at most 5%', () => {
    const tRate = falseAlarmRate(11, () => {
      let n = 0;
      let sum = 0;
      let sq = 0;
      return {
        add: (x) => {
          n++;
          sum += x;
          sq += x * x;
        },
        alarm: () => {
          const m = sum / n;
          const sd = Math.sqrt((sq - n * m * m) / (n - 1));
          const half = (tFor(1 - ALPHA, n - 1) * sd) / Math.sqrt(n);
          return m - half > 0.5 || m + half < 0.5;
        },
      };
    });
    // The CS's test of "mean = 0.5", fed unit by unit and looked at after each batch: it
    // alarms when the CS has excluded 0.5 at some unit so far (stricter than looking only
    // at batch ends, so its rate bounds the per-look one).
    const csRate = falseAlarmRate(11, () => {
      const test = new BettingTest(0.5, ALPHA);
      return { add: (x) => void test.push(x), alarm: () => test.rejected };
    });
    // Measured (seed 11, 1000 runs, 50 looks of 20 pairs): t 0.322, CS 0.037.
    expect(tRate).toBeGreaterThan(0.15);
    expect(csRate).toBeLessThanOrEqual(ALPHA);
  });

  it('the interval at the last unit is the set the sequential test has not rejected there', () => {
    const rng = new Rng(3);
    const xs = Array.from({ length: 400 }, () => pairShare(rng));
    const ci = bettingInterval(xs, ALPHA);
    expect(ci.lo).toBeLessThan(ci.estimate);
    expect(ci.hi).toBeGreaterThan(ci.estimate);
    expect(ci.lo).toBeGreaterThan(0.35);
    expect(ci.hi).toBeLessThan(0.65);
    // Wider than the fixed-n t interval (the price of being valid at every n).
    const t = tInterval(xs, 1 - ALPHA);
    expect(ci.hi - ci.lo).toBeGreaterThan(t.hi - t.lo);
    // Just outside the interval the path's capital has passed 1/α (the test rejects).
    expect(bettingRejects(xs, ci.lo - 0.01, ALPHA)).toBe(true);
    expect(bettingRejects(xs, ci.hi + 0.01, ALPHA)).toBe(true);
  });

  it('covers the truth at every look on simulated nulls (a sample of looks: coverage ≥ 95% at the stopping time of "stop when narrow")', () => {
    const rng = new Rng(5);
    let miss = 0;
    const runs = 120;
    for (let r = 0; r < runs; r++) {
      const p = 0.3;
      const xs: number[] = [];
      let ci = bettingInterval([], ALPHA);
      // Stop as soon as the interval is at most 0.2 wide: the stopping rule reads the data.
      for (let look = 0; look < 40; look++) {
        for (let i = 0; i < BATCH; i++) xs.push(rng.float() < p ? 1 : 0);
        ci = bettingInterval(xs, ALPHA);
        if (ci.hi - ci.lo <= 0.2) break;
      }
      if (ci.lo > p || ci.hi < p) miss++;
    }
    expect(miss / runs).toBeLessThanOrEqual(ALPHA);
  });

  it('is never zero-width: units that all agree give an interval that still has its coverage', () => {
    const ci = bettingInterval(new Array(8).fill(0.5), ALPHA);
    expect(ci.estimate).toBe(0.5);
    expect(ci.hi - ci.lo).toBeGreaterThan(0.2);
    const many = bettingInterval(new Array(2000).fill(0.5), ALPHA);
    expect(many.hi - many.lo).toBeGreaterThan(0);
    expect(many.hi - many.lo).toBeLessThan(ci.hi - ci.lo);
  });

  it('works on any bounded range: a change of shares in [−1, 1]', () => {
    const rng = new Rng(9);
    const xs = Array.from({ length: 600 }, () => pairShare(rng) - pairShare(rng) + 0.2 * (rng.float() < 0.5 ? 1 : 0));
    const ci = bettingInterval(xs, ALPHA, [-1, 1.2]);
    expect(ci.lo).toBeLessThan(0.1);
    expect(ci.hi).toBeGreaterThan(0.1);
    expect(ci.lo).toBeGreaterThan(-0.2);
  });

  it('a union bound over measures: three null measures peeked at every batch, any false alarm in at most 5% of runs', () => {
    const rng = new Rng(21);
    let alarms = 0;
    const runs = 400;
    for (let r = 0; r < runs; r++) {
      let alarm = false;
      const tests = [0, 1, 2].map(() => new BettingTest(0.5, ALPHA / 3));
      for (let look = 0; look < 20 && !alarm; look++) {
        for (const t of tests) for (let i = 0; i < BATCH; i++) t.push(pairShare(rng));
        alarm = tests.some((t) => t.rejected);
      }
      if (alarm) alarms++;
    }
    expect(alarms / runs).toBeLessThanOrEqual(ALPHA);
    expect(bettingIntervals([{ units: [0, 1, 0.5], range: [0, 1] }, { units: [1, 1], range: [0, 1] }])[0]!.level).toBeCloseTo(1 - ALPHA / 2, 10);
  });

  it('look-corrected levels: Bonferroni over the planned looks, and a normal interval widened to that level', () => {
    expect(lookLevel(0.95, 5)).toBeCloseTo(0.99, 10);
    const w = widenInterval(0.5, 0.4, 0.6, 0.95, 0.99);
    expect(w.hi - 0.5).toBeCloseTo(0.1 * (2.5758 / 1.96), 3);
    expect(0.5 - w.lo).toBeCloseTo(w.hi - 0.5, 10);
  });
});
