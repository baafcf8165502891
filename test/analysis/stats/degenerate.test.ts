import { describe, expect, it } from 'vitest';
import { equalUnitsInterval, seFloored, tFromMoments, tInterval } from '../../../src/analysis/stats/descriptive.js';
import { clusterShare, unitShareInterval } from '../../../src/analysis/stats/paired.js';

// Issue #28: "0.500 [0.500, 0.500]" from 8 pairs and "loss 0 [0, 0]" were printed as 95%
// intervals. Identical units say the spread is small, not that it is nil: no helper may
// return a zero-width interval.
describe('no zero-width interval from units without spread', () => {
  it('8 pairs all ½ (superhero-gladiators-samples, from group moments): the exact equal-units interval, not [0.5, 0.5]', () => {
    const t = tFromMoments(0.5, 0, 8, 0.95, { min: 0, max: 1 });
    const q = 0.025 ** (1 / 8);
    expect(t.lo).toBeCloseTo(0.5 - (1 - q) * 0.5, 12); // 0.315
    expect(t.hi).toBeCloseTo(0.5 + (1 - q) * 0.5, 12); // 0.685
    expect(t.hi - t.lo).toBeGreaterThan(0.3);
  });

  it('a loss of exactly 0 in every unit (a blank card): [−h, h], never [0, 0]; without bounds it is not estimable (NaN)', () => {
    const zeros = new Array(32).fill(0);
    const t = tInterval(zeros, 0.95, { min: -1, max: 1 });
    expect(t.lo).toBeCloseTo(-(1 - 0.025 ** (1 / 32)), 12); // −0.109
    expect(t.hi).toBeCloseTo(1 - 0.025 ** (1 / 32), 12);
    const free = tInterval(zeros);
    expect(free.lo).toBeNaN();
    expect(free.hi).toBeNaN();
    // A higher (Holm) level widens it, as it should.
    expect(tInterval(zeros, 0.999, { min: -1, max: 1 }).hi).toBeGreaterThan(t.hi);
  });

  it('at the ends of [0, 1] it is Clopper–Pearson for n of n and 0 of n', () => {
    const all = equalUnitsInterval(1, 8, 0.95, { min: 0, max: 1 });
    expect(all.lo).toBeCloseTo(0.025 ** (1 / 8), 12);
    expect(all.hi).toBe(1);
    expect(equalUnitsInterval(0, 10, 0.95, { min: 0, max: 1 }).hi).toBeCloseTo(1 - 0.025 ** (1 / 10), 12); // 0.308 (CP)
    expect(unitShareInterval([1, 1, 1, 1, 1, 1, 1, 1]).lo).toBeCloseTo(0.631, 3);
    expect(unitShareInterval([0.5]).hi).toBeCloseTo(0.9875, 4);
  });

  it('clusters that all scored the same ratio get the equal-units interval over clusters', () => {
    const s = clusterShare([
      { hits: 1, n: 2 },
      { hits: 2, n: 4 },
      { hits: 1, n: 2 },
    ]);
    expect(s.p).toBe(0.5);
    expect(s.hi - s.lo).toBeGreaterThan(0.5);
  });

  it('the floored standard error: identical units weigh like what n units can show, not 1/0', () => {
    const zeros = new Array(8).fill(0);
    const floor = seFloored(zeros, { min: -1, max: 1 });
    expect(floor).toBeGreaterThan(0.1); // (1 − 0.025^(1/8)) / t(7) = 0.156
    expect(floor).toBeCloseTo((1 - 0.025 ** (1 / 8)) / 2.364624251592785, 9);
    // A sample with real spread keeps its own standard error.
    const spread = [-1, 1, -1, 1, -1, 1, -1, 1];
    expect(seFloored(spread, { min: -1, max: 1 })).toBeCloseTo(Math.sqrt(8 / 7 / 8), 12);
  });
});

describe('intervals that cannot be estimated say so', () => {
  it('one cluster is one observation: NaN bounds, not Wilson at n = 1', () => {
    const s = clusterShare([{ hits: 0, n: 6 }]);
    expect(s.clusters).toBe(1);
    expect(s.p).toBe(0);
    expect(s.lo).toBeNaN();
    expect(s.hi).toBeNaN();
  });
});

describe('seOrFloor: the sample se where units differ, the floor only where they do not', () => {
  it('keeps a real spread and floors only the zero-spread case', async () => {
    const { seOrFloor, seFloor } = await import('../../../src/analysis/stats/descriptive.js');
    const b = { min: -1, max: 1 };
    expect(seOrFloor([0.5, 0.5, 0, 0.5], b)).toBeCloseTo(0.25 / 2, 12); // sd 0.25, n 4
    expect(seOrFloor([0, 0, 0, 0], b)).toBe(seFloor(4, b));
  });
});
