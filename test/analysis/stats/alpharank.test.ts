import { describe, expect, it } from 'vitest';
import { alphaRankBimatrix, alphaRankMulti, alphaRankSingle, marginal, stationaryDistribution } from '../../../src/analysis/stats/alpharank.js';

describe('α-Rank, single population', () => {
  it("reproduces OpenSpiel's published test values for Han et al. (2013)'s commitment game (m = 20, α = 0.1)", () => {
    // open_spiel/python/egt/alpharank_test.py, test_stationary_distribution.
    const [r, t, p, s, delta, eps] = [1, 2, 0, -1, 4, 0.25];
    const payoffs = [
      [r - eps / 2, r - eps, 0, s + delta - eps, r - eps],
      [r, r, s, s, s],
      [0, t, p, p, p],
      [t - delta, t, p, p, p],
      [r, t, p, p, p],
    ];
    const res = alphaRankSingle(payoffs, { m: 20, alpha: 0.1 });
    const expected = [0.40966787, 0.07959841, 0.20506998, 0.08505983, 0.2206039];
    res.pi.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
    expect(res.ranking.map((e) => e.strategy)).toEqual([0, 4, 2, 3, 1]);
  });
  it('rock–paper–scissors: uniform mass, all tied for rank 1 (paper, Fig. 2)', () => {
    const res = alphaRankSingle(
      [
        [0, -1, 1],
        [1, 0, -1],
        [-1, 1, 0],
      ],
      { alpha: 50 },
    );
    for (const x of res.pi) expect(x).toBeCloseTo(1 / 3, 8);
    expect(res.ranking.every((e) => e.rank === 1)).toBe(true);
  });
  it('a dominant strategy takes almost all the mass at high α', () => {
    const shares = [
      [0.5, 0.7, 0.8],
      [0.3, 0.5, 0.6],
      [0.2, 0.4, 0.5],
    ];
    const res = alphaRankSingle(shares, { alpha: 100, m: 50 });
    expect(res.pi[0]).toBeGreaterThan(0.999);
    expect(res.ranking[0]!.strategy).toBe(0);
    // Rows of the transition matrix are probability distributions.
    for (const row of res.transitions) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it('stationaryDistribution solves a small chain by hand: P = [[0.5, 0.5], [0.25, 0.75]] → (1/3, 2/3)', () => {
    const pi = stationaryDistribution([
      [0.5, 0.5],
      [0.25, 0.75],
    ]);
    expect(pi[0]).toBeCloseTo(1 / 3, 12);
    expect(pi[1]).toBeCloseTo(2 / 3, 12);
  });
  it('stays finite at very large α (log-space fixation)', () => {
    const res = alphaRankSingle(
      [
        [0, 1],
        [-1, 0],
      ],
      { alpha: 1e4 },
    );
    expect(res.pi[0]).toBeCloseTo(1, 12);
  });
  it('rejects a bad population size', () => {
    expect(() => alphaRankSingle([[0]], { m: 1 })).toThrow(/m is 1; allowed: an integer ≥ 2/);
  });
});

describe('α-Rank, two populations', () => {
  it("Battle of the Sexes: the two pure equilibria share the mass equally (paper's BoS example)", () => {
    const a = [
      [3, 0],
      [0, 2],
    ];
    const b = [
      [2, 0],
      [0, 3],
    ];
    const res = alphaRankBimatrix(a, b, { alpha: 1, m: 10 });
    const top = res.ranking.slice(0, 2).map((e) => e.strategy.join(','));
    expect(top.sort()).toEqual(['0,0', '1,1']);
    expect(res.ranking[0]!.mass).toBeCloseTo(res.ranking[1]!.mass, 6);
    expect(res.ranking[0]!.mass).toBeGreaterThan(0.45);
    // At α = 10, m = 50 leaving an equilibrium has probability ~e^{−1470}: computed in logs,
    // the answer is still the symmetric one (OpenSpiel's eigen-solver fails here).
    const sharp = alphaRankBimatrix(a, b, { alpha: 10, m: 50 });
    expect(sharp.ranking[0]!.mass).toBeCloseTo(0.5, 9);
    expect(sharp.ranking[1]!.mass).toBeCloseTo(0.5, 9);
  });
  it("Prisoner's Dilemma: mutual defection is the sink and ranks first", () => {
    const a = [
      [-1, -3],
      [0, -2],
    ]; // 0 = cooperate, 1 = defect
    const b = [
      [-1, 0],
      [-3, -2],
    ];
    const res = alphaRankBimatrix(a, b, { alpha: 10 });
    expect(res.ranking[0]!.strategy).toEqual([1, 1]);
    expect(res.ranking[0]!.mass).toBeGreaterThan(0.99);
    expect(marginal(res, 0, 2)[1]).toBeGreaterThan(0.99);
  });
});

describe('α-Rank, three populations', () => {
  it('each population has a dominant strategy: that profile is the sink', () => {
    // Population k gains 1 for playing strategy 1, whatever the others do.
    const res = alphaRankMulti([2, 2, 2], (k, profile) => profile[k]!, { alpha: 5, m: 20 });
    expect(res.pi).toHaveLength(8);
    expect(res.ranking[0]!.strategy).toEqual([1, 1, 1]);
    expect(res.ranking[0]!.mass).toBeGreaterThan(0.99);
    for (const row of res.transitions) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it('with no payoff differences every profile has equal mass', () => {
    const res = alphaRankMulti([2, 3], () => 0, { alpha: 5, m: 20 });
    for (const p of res.pi) expect(p).toBeCloseTo(1 / 6, 10);
  });
});
