import { describe, expect, it } from 'vitest';
import { iteratedDominance, symmetricNash, symmetricNashBootstrap, zeroSumNash } from '../../../src/analysis/stats/nash.js';
import { Rng } from '../../../src/core/rng.js';

const RPS = [
  [0, -1, 1],
  [1, 0, -1],
  [-1, 1, 0],
];

describe('max-entropy Nash', () => {
  it('rock–paper–scissors: uniform for both players, value 0, every strategy scores 0', () => {
    const r = zeroSumNash(RPS);
    expect(r.value).toBeCloseTo(0, 8);
    for (const p of [...r.row.probabilities, ...r.col.probabilities]) expect(p).toBeCloseTo(1 / 3, 6);
    for (const s of r.row.scores) expect(s).toBeCloseTo(0, 6);
    expect(r.row.strictlyDominated).toEqual([]);
  });
  it('biased RPS (paper beats rock by 2): the unique equilibrium is (1/4, 1/4, 1/2)', () => {
    // By hand: x makes every column pay 0: 2y − z = 0, −2x + z = 0, x − y = 0, Σ = 1.
    const a = [
      [0, -2, 1],
      [2, 0, -1],
      [-1, 1, 0],
    ];
    const r = zeroSumNash(a);
    expect(r.row.probabilities[0]).toBeCloseTo(0.25, 6);
    expect(r.row.probabilities[1]).toBeCloseTo(0.25, 6);
    expect(r.row.probabilities[2]).toBeCloseTo(0.5, 6);
    expect(r.value).toBeCloseTo(0, 8);
  });
  it('finds a dominant row: pure strategy, and the others are strictly dominated', () => {
    const a = [
      [0.6, 0.7, 0.8],
      [0.4, 0.5, 0.9],
      [0.3, 0.2, 0.5],
    ];
    const r = zeroSumNash(a);
    expect(r.row.support).toEqual([0]);
    expect(r.row.probabilities[0]).toBeCloseTo(1, 8);
    expect(r.value).toBeCloseTo(0.6, 8);
    expect(r.col.support).toEqual([0]);
    expect([...r.row.strictlyDominated].sort()).toEqual([1, 2]);
  });
  it('with multiple equilibria returns the max-entropy one (a duplicated rock splits its third)', () => {
    // Rock appears twice: every x with x_R + x_R' = 1/3 is optimal; max entropy splits it evenly.
    const a = [
      [0, 0, -1, 1],
      [0, 0, -1, 1],
      [1, 1, 0, -1],
      [-1, -1, 1, 0],
    ];
    const r = zeroSumNash(a);
    expect(r.row.probabilities[0]).toBeCloseTo(1 / 6, 4);
    expect(r.row.probabilities[1]).toBeCloseTo(1 / 6, 4);
    expect(r.row.probabilities[2]).toBeCloseTo(1 / 3, 4);
    expect(r.row.entropy).toBeCloseTo(Math.log(3) + Math.log(2) / 3, 4);
    // A duplicate is not weakly dominated (equal everywhere).
    expect(r.row.weaklyDominated).toEqual([]);
  });
  it('a fully indifferent game has every mix optimal; max entropy is uniform', () => {
    const r = zeroSumNash([
      [0.5, 0.5],
      [0.5, 0.5],
    ]);
    expect(r.row.probabilities).toEqual([0.5, 0.5]);
  });
  it('symmetric win-share matrix: scores are shares against the equilibrium mix', () => {
    // Hero 2 loses to everyone; heroes 0 and 1 are even.
    const shares = [
      [0.5, 0.5, 0.7],
      [0.5, 0.5, 0.8],
      [0.3, 0.2, 0.5],
    ];
    const r = symmetricNash(shares);
    expect(r.support).toEqual([0, 1]);
    expect(r.probabilities[0]).toBeCloseTo(0.5, 4);
    expect(r.scores[2]).toBeLessThan(0.5);
    expect(r.value).toBeCloseTo(0.5, 8);
    expect(r.strictlyDominated).toEqual([2]);
  });
  it('weak dominance removes a strategy that is never better and sometimes worse', () => {
    const a = [
      [0, 1],
      [0, 0],
    ];
    expect(iteratedDominance(a, true)).toEqual({ rows: [1], cols: [1] });
    expect(iteratedDominance(a, false)).toEqual({ rows: [], cols: [] });
  });
  it('strict elimination iterates: a column removal can expose a dominated row', () => {
    // Column 0 is worse for the minimiser than column 1; once it goes, row 1 is strictly worse.
    const a = [
      [1, 0],
      [1, -1],
    ];
    expect(iteratedDominance(a, false)).toEqual({ rows: [1], cols: [0] });
  });
  it('rejects a ragged matrix naming the row', () => {
    expect(() => zeroSumNash([[1, 2], [3]])).toThrow(/payoff matrix row is \[3\]; allowed: 2 finite numbers/);
  });
});

describe('bootstrap of the Nash support', () => {
  it('a clearly dominated hero is never in the support; a clear meta hero always is', () => {
    const shares = [
      [0.5, 0.7, 0.9],
      [0.3, 0.5, 0.8],
      [0.1, 0.2, 0.5],
    ];
    const games = shares.map((row) => row.map(() => 400));
    const b = symmetricNashBootstrap(shares, games, { samples: 50, seed: 3 });
    expect(b.inSupport[0]).toBe(1);
    expect(b.inSupport[2]).toBe(0);
    expect(b.lo[0]).toBeGreaterThan(0.99);
    // Same seed, same answer.
    expect(symmetricNashBootstrap(shares, games, { samples: 50, seed: 3 }).mean).toEqual(b.mean);
  });
  it('RPS measured with noise keeps all three in the support with wide intervals', () => {
    const shares = [
      [0.5, 0.3, 0.7],
      [0.7, 0.5, 0.3],
      [0.3, 0.7, 0.5],
    ];
    const b = symmetricNashBootstrap(
      shares,
      shares.map((row) => row.map(() => 200)),
      { samples: 40, seed: 9 },
    );
    expect(b.inSupport).toEqual([1, 1, 1]);
    expect(b.lo[0]).toBeLessThan(1 / 3);
    expect(b.hi[0]).toBeGreaterThan(1 / 3);
  });
});

describe('equilibrium conditions on random matrices', () => {
  it('each side guarantees the value and no pure deviation beats it', () => {
    const rng = new Rng(99);
    for (let t = 0; t < 15; t++) {
      const rows = 2 + rng.int(6);
      const cols = 2 + rng.int(6);
      const a = Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.round(rng.float() * 20 - 10) / 4));
      const r = zeroSumNash(a);
      const x = r.row.probabilities;
      const y = r.col.probabilities;
      expect(x.reduce((p, q) => p + q, 0)).toBeCloseTo(1, 9);
      expect(y.reduce((p, q) => p + q, 0)).toBeCloseTo(1, 9);
      // Row payoff against y never exceeds the value; column payoff against x never falls below it.
      for (let i = 0; i < rows; i++) expect(r.row.scores[i]!).toBeLessThanOrEqual(r.value + 1e-6);
      for (let j = 0; j < cols; j++) expect(-r.col.scores[j]!).toBeGreaterThanOrEqual(r.value - 1e-6);
      // Support strategies are best responses.
      for (const i of r.row.support) expect(r.row.scores[i]!).toBeCloseTo(r.value, 5);
    }
  });
});

describe('matrices that once crashed the max-min LP (issue #31)', () => {
  // `study ophidian-teams --deck-file` with six copies of one deck exited 1 with "Nash: the
  // max-min LP failed": the solver's simplex with a free value variable failed on about 1 in
  // 1,000 share matrices. Three found by a seeded fuzz of quantised share matrices:
  const FAILED: number[][][] = [
    [[0.5,0.5,1,0,0,1,1,0,1],[0.5,0.5,1,1,0,1,0,0,0],[0,0,0.5,1,1,0,1,0,0],[1,0,0,0.5,1,1,0,1,0],[1,1,0,0,0.5,1,0,0,1],[0,0,1,0,0,0.5,0,1,0],[0,1,0,1,1,1,0.5,0,0],[1,1,1,0,1,0,1,0.5,0],[0,1,1,1,0,1,1,1,0.5]],
    [[0.5,0.5,0.5,1,0.2,0.2,0.4,0.6,0.2,0.2,0.6],[0.5,0.5,0.5,0.8,0.6,0,0,0.4,0.8,0,0.6],[0.5,0.5,0.5,0.6,0.4,0.2,0.6,0,0.4,0.8,0.2],[0,0.2,0.4,0.5,0.4,0.8,0.8,0.6,0.4,0,0.6],[0.8,0.4,0.6,0.6,0.5,0.2,0.8,0.8,0.6,0.4,0],[0.8,1,0.8,0.2,0.8,0.5,0,1,0,0.6,0.2],[0.6,1,0.4,0.2,0.2,1,0.5,0.6,0.6,0.8,0.8],[0.4,0.6,1,0.4,0.2,0,0.4,0.5,0.2,0.4,0.8],[0.8,0.2,0.6,0.6,0.4,1,0.4,0.8,0.5,0.4,0.8],[0.8,1,0.2,1,0.6,0.4,0.2,0.6,0.6,0.5,0.8],[0.4,0.4,0.8,0.4,1,0.8,0.2,0.2,0.2,0.2,0.5]],
  ];

  it.each(FAILED.map((m, i) => [i, m] as const))('matrix %i: an equilibrium, not a crash (no strategy does better against it than its value)', (_i, shares) => {
    const eq = symmetricNash(shares);
    expect(eq.probabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    // A symmetric game's value is 0.5, and every pure strategy scores at most that against the equilibrium.
    expect(eq.value).toBeCloseTo(0.5, 6);
    for (const score of eq.scores) expect(score).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  it('six copies of one deck (every share 0.5): all teams equal, the uniform mix, none dominated', () => {
    const shares = Array.from({ length: 6 }, () => new Array<number>(6).fill(0.5));
    const eq = symmetricNash(shares);
    expect(eq.probabilities).toEqual(new Array(6).fill(1 / 6));
    expect(eq.value).toBe(0.5);
    expect(eq.strictlyDominated).toEqual([]);
    expect(eq.weaklyDominated).toEqual([]);
  });
});
