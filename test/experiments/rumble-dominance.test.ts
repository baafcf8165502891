import { describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive } from './mde-check.js';
import { tempDir } from '../agents/learned/helpers.js';
import { classifyDominance, dominanceFindings, duelPairScores, effectiveGames, fieldScores, fieldShare } from '../../experiments/rumble/dominance.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { wilson } from '../../src/core/wilson.js';
import type { GameRecord } from '../../src/sim/types.js';

const base = {
  field: { p: 0.5, lo: 0.45, hi: 0.55, n: 400 },
  fieldTest: { level: 0.99, rejected: false, family: 6 },
  nash: 0.2,
  inSupport: 0.5,
  alpha: 0.2,
  strictly: false,
  weakly: false,
};

describe('rumble-dominance: one classification for verdict and table (regressions from the review)', () => {
  it('a strictly dominated power is never "neither dominant nor dominated"', () => {
    const c = classifyDominance('Flight', 0, { ...base, strictly: true, nash: 0, inSupport: 0.3 });
    expect(c.verdict.statement).not.toMatch(/neither/);
    expect(c.verdict.statement).toMatch(/strictly dominated in the estimated matrix/);
    expect(c.label).toBe('strictly dominated in the estimates, not confirmed');
    const sure = classifyDominance('Flight', 0, { ...base, strictly: true, nash: 0, inSupport: 0.01, field: { p: 0.3, lo: 0.25, hi: 0.35, n: 400 }, fieldTest: { level: 0.99, rejected: true, family: 6 } });
    expect(sure.label).toBe('dominated');
    expect(sure.verdict.strength).toBe('supported');
  });

  it('Nash weight 1.000 and α-Rank 0.999 is named dominant, or the report says in words why not', () => {
    const unconfirmed = classifyDominance('Tough Skin', 0, { ...base, nash: 1, alpha: 0.999, inSupport: 0.7 });
    expect(unconfirmed.verdict.statement).toMatch(/only power the estimated equilibrium plays \(Nash 1\.000, α-Rank 0\.999\), but the bootstrap keeps it in the support in only 70% of resamples and its share against the field is not shown above 0\.5/);
    const confirmed = classifyDominance('Tough Skin', 0, { ...base, nash: 1, alpha: 0.999, inSupport: 0.99, field: { p: 0.7, lo: 0.65, hi: 0.75, n: 400 }, fieldTest: { level: 0.99, rejected: true, family: 6 } });
    expect(confirmed.label).toBe('dominant');
    expect(confirmed.verdict.statement).toMatch(/played by "random" in every seat/);
  });
});

describe('rumble-dominance: key findings for --skill', () => {
  it("each power's share against the field, at its Holm level, null 0.5, n = seeds", () => {
    const strong = [0.75, 0.5, 1, 0.75, 0.5, 1, 0.75, 0.75];
    const weak = strong.map((x) => 1 - x);
    const f = dominanceFindings(['tough-skin', 'flight'], [strong, weak], [{ level: 0.975 }, { level: 0.95 }]);
    expect(f.map((x) => x.id)).toEqual(['field-tough-skin', 'field-flight']);
    expect(f[0]).toMatchObject({ label: 'Tough Skin: share against the field', nullValue: 0.5, n: 8, level: 0.975, family: 'Holm over 2 powers' });
    expect(f[0]!.estimate).toBeCloseTo(0.75);
    expect(f[0]!.lo).toBeCloseTo(tInterval(strong, 0.975).lo, 12);
    // The interval at 97.5% is wider than at 95% for the same units.
    const at95 = dominanceFindings(['tough-skin'], [strong], [{ level: 0.95 }])[0]!;
    expect(f[0]!.hi - f[0]!.lo).toBeGreaterThan(at95.hi - at95.lo);
    expect(f[0]!.lo).toBeGreaterThan(0.5);
    // Its seed units, in seed order: what study --precision's betting confidence sequence reads.
    expect(f[0]!.units).toEqual({ values: strong, range: [0, 1] });
  });

  it('a duel cell is scored per seat-swapped pair; a pair with a failed game is left out whole', () => {
    const g = (index: number, r0: number, error?: string): GameRecord => ({ index, seed: 50 + index, seats: ['a', 'a'], slots: [0, 0], returns: error ? [] : [r0, 1 - r0], length: 9, tags: {}, ...(error ? { error } : {}) });
    const ab = [g(0, 1), g(1, 1), g(2, 0), g(3, 1)];
    const ba = [g(0, 1), g(1, 0), g(2, 0), g(3, 0, 'boom')]; // A is seat 1 here: its return is returns[1]
    const scores = duelPairScores(ab, ba);
    expect([...scores]).toEqual([
      [0, 0.5],
      [1, 1],
      [2, 0.5],
    ]);
  });

  it('the field share takes the seed as its unit: the pairs against every opponent on one seed are averaged first', () => {
    // Power 0 against powers 1 and 2 on seeds 0..3: on each seed both opponents give the same score
    // (the same dice), so there are 4 units, not 8.
    const row = [new Map<number, number>(), new Map([[0, 1], [1, 0.5], [2, 1], [3, 0]]), new Map([[0, 1], [1, 0.5], [2, 1], [3, 0]])];
    const units = fieldScores(row, 0);
    expect(units).toEqual([1, 0.5, 1, 0]);
    const share = fieldShare(units);
    expect(share.n).toBe(4);
    expect(share.p).toBeCloseTo(0.625);
    // A Wilson interval over the 16 games (the old field share) was far narrower than the data support.
    expect(share.hi - share.lo).toBeGreaterThan(2 * (wilson(10, 16).hi - wilson(10, 16).lo));
  });

  it('the Nash bootstrap draws a cell with the games its interval over pairs is worth', () => {
    // 40 pairs each scoring 0 or 1 (one outcome played twice) carry the spread of single games.
    const coinPairs = Array.from({ length: 40 }, (_, i) => (i % 2 ? 1 : 0));
    expect(effectiveGames(tInterval(coinPairs))).toBeCloseTo(0.25 / (tInterval(coinPairs).sd ** 2 / 40), 9);
    expect(effectiveGames(tInterval(coinPairs))).toBeLessThan(41); // 80 games, but worth ~40: each pair played one outcome twice
    expect(effectiveGames(tInterval([0.5, 0.5, 0.5]))).toBe(3); // no spread: the pairs themselves
    expect(effectiveGames(tInterval([0.5, 0.5, 1, 0.5, 0.5, 0.5]))).toBeLessThanOrEqual(12); // never more than the games played
  });

  it('the study returns them (a small run)', async () => {
    const { rumbleDominance } = await import('../../experiments/rumble/dominance.js');
    const study = rumbleDominance({ powers: ['tough-skin', 'flight', 'regeneration'], duelsPerOrder: 4 });
    const report = await study.run({ seed: 1, full: false, workers: 1, runDir: tempDir('dominance-'), command: 'test', progress: false });
    expectMdeOnInconclusive(report.verdicts);
    expect(report.findings!.map((x) => x.id)).toEqual(['field-tough-skin', 'field-flight', 'field-regeneration']);
    for (const x of report.findings!) expect(x.n).toBe(4); // seeds: 4 duels in each order against each of 2 opponents, 4 seeds
  });
});
