import { describe, expect, it } from 'vitest';
import { bradleyTerry, pairwiseFromRecords, winProbability, type PairResult } from '../../../src/analysis/stats/ratings.js';
import { Rng } from '../../../src/core/rng.js';
import type { GameRecord } from '../../../src/sim/types.js';

const repeat = (n: number, r: PairResult): PairResult[] => Array.from({ length: n }, () => r);

describe('Bradley–Terry', () => {
  it('two players, 3 wins of 4: π_A/π_B = 3, an Elo gap of 400·log10 3 = 190.8', () => {
    const results = [...repeat(3, { a: 'A', b: 'B', score: 1 }), { a: 'A', b: 'B', score: 0 }];
    const fit = bradleyTerry(results, { prior: 0, bootstrap: 0 });
    const [a, b] = fit.ratings;
    expect(a!.name).toBe('A');
    expect(a!.strength / b!.strength).toBeCloseTo(3, 6);
    expect(a!.elo - b!.elo).toBeCloseTo(190.85, 1);
    expect(a!.elo + b!.elo).toBeCloseTo(0, 6);
  });
  it('counts draws as half wins: 1 win + 2 draws of 3 is 2 points of 3, ratio 2', () => {
    const results = [{ a: 'A', b: 'B', score: 1 }, ...repeat(2, { a: 'B', b: 'A', score: 0.5 })];
    const [a, b] = bradleyTerry(results, { prior: 0, bootstrap: 0 }).ratings;
    expect(a!.strength / b!.strength).toBeCloseTo(2, 6);
  });
  it('satisfies the likelihood equations on a 3-player example: expected wins = observed wins', () => {
    const results = [
      ...repeat(7, { a: 'A', b: 'B', score: 1 }),
      ...repeat(3, { a: 'A', b: 'B', score: 0 }),
      ...repeat(4, { a: 'B', b: 'C', score: 1 }),
      ...repeat(6, { a: 'B', b: 'C', score: 0 }),
      ...repeat(2, { a: 'A', b: 'C', score: 1 }),
      ...repeat(8, { a: 'A', b: 'C', score: 0 }),
    ];
    const fit = bradleyTerry(results, { prior: 0, bootstrap: 0 });
    const by = Object.fromEntries(fit.ratings.map((r) => [r.name, r]));
    const p = (x: string, y: string): number => winProbability(by[x]!, by[y]!);
    expect(10 * p('A', 'B') + 10 * p('A', 'C')).toBeCloseTo(9, 6);
    expect(10 * p('B', 'A') + 10 * p('B', 'C')).toBeCloseTo(7, 6);
    expect(fit.converged).toBe(true);
  });
  it('recovers known strengths from synthetic data, with intervals covering the truth', () => {
    const truth: Record<string, number> = { w: -200, x: -50, y: 50, z: 200 };
    const names = Object.keys(truth);
    const rng = new Rng(42);
    const results: PairResult[] = [];
    for (let g = 0; g < 6000; g++) {
      const a = names[rng.int(4)]!;
      let b = names[rng.int(4)]!;
      while (b === a) b = names[rng.int(4)]!;
      const p = 1 / (1 + 10 ** ((truth[b]! - truth[a]!) / 400));
      results.push({ a, b, score: rng.float() < p ? 1 : 0, group: g });
    }
    const fit = bradleyTerry(results, { bootstrap: 100, seed: 7 });
    for (const r of fit.ratings) {
      expect(Math.abs(r.elo - truth[r.name]!)).toBeLessThan(30);
      expect(r.lo).toBeLessThan(truth[r.name]!);
      expect(r.hi).toBeGreaterThan(truth[r.name]!);
    }
    expect(fit.ratings.map((r) => r.name)).toEqual(['z', 'y', 'x', 'w']);
    // Same seed → same intervals.
    expect(bradleyTerry(results, { bootstrap: 100, seed: 7 }).ratings[0]!.lo).toBe(fit.ratings[0]!.lo);
  });
  it('keeps an unbeaten player finite with the default prior', () => {
    const fit = bradleyTerry(repeat(5, { a: 'A', b: 'B', score: 1 }), { bootstrap: 0 });
    expect(Number.isFinite(fit.ratings[0]!.elo)).toBe(true);
    expect(fit.ratings[0]!.elo).toBeGreaterThan(100);
  });
  it('rejects a score outside [0, 1]', () => {
    expect(() => bradleyTerry([{ a: 'A', b: 'B', score: 2 }])).toThrow(/score is 2; allowed: a share in \[0, 1\]/);
  });
});

describe('pairwise decomposition of multi-player games', () => {
  it('the winner beats each loser, losers draw; 2-player shares pass through', () => {
    const rec = (index: number, seats: string[], returns: number[]): GameRecord => ({
      index,
      seed: index,
      seats,
      slots: seats.map((_, i) => i),
      returns,
      length: 1,
      tags: {},
    });
    const pairs = pairwiseFromRecords([rec(0, ['a', 'b', 'c'], [0, 1, 0]), rec(1, ['a', 'b'], [0.5, 0.5])]);
    expect(pairs).toEqual([
      { a: 'a', b: 'b', score: 0, group: 0 },
      { a: 'a', b: 'c', score: 0.5, group: 0 },
      { a: 'b', b: 'c', score: 1, group: 0 },
      { a: 'a', b: 'b', score: 0.5, group: 1 },
    ]);
  });
});

describe('rating builds from records', () => {
  it('rates what the name function picks (a build tag per seat), pooling agents', () => {
    const records: GameRecord[] = [];
    for (let i = 0; i < 40; i++) {
      // The "heavy" build wins 3 games in 4 whichever seat it holds.
      const heavySeat = i % 2;
      const heavyWins = i % 4 !== 3;
      const returns = heavySeat === 0 ? [heavyWins ? 1 : 0, heavyWins ? 0 : 1] : [heavyWins ? 0 : 1, heavyWins ? 1 : 0];
      records.push({ index: i, seed: i, seats: ['mcts', 'mcts'], slots: [0, 1], returns, length: 1, tags: { builds: heavySeat === 0 ? ['heavy', 'light'] : ['light', 'heavy'] } });
    }
    const pairs = pairwiseFromRecords(records, (r, seat) => String((r.tags['builds'] as string[])[seat]));
    const fit = bradleyTerry(pairs, { prior: 0, bootstrap: 0 });
    expect(fit.ratings[0]!.name).toBe('heavy');
    expect(fit.ratings[0]!.share).toBe(0.75);
    expect(fit.ratings[0]!.strength / fit.ratings[1]!.strength).toBeCloseTo(3, 6);
  });
});
