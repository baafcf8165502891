import { describe, expect, it } from 'vitest';
import {
  gllr,
  mleWithMean,
  scoreFromElo,
  sprtBounds,
  sprtDifference,
  sprtPentanomial,
  sprtRecords,
  sprtStopper,
  sprtTrinomial,
  TRINOMIAL_SCORES,
} from '../../../src/analysis/stats/sprt.js';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import type { GameRecord } from '../../../src/sim/types.js';

/** Logistic Elo → expected score, as fishtest/fastchess convert their Elo hypotheses. */
const score = scoreFromElo;

describe('SPRT bounds', () => {
  it('are log(β/(1−α)) and log((1−β)/α): ±2.944 for α = β = 0.05', () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.lower).toBeCloseTo(-2.944, 3);
    expect(b.upper).toBeCloseTo(2.944, 3);
  });
});

describe('GLLR against published engine-testing values (fastchess test suite, logistic model)', () => {
  it('trinomial W=21404 L=21184 D=40708, elo0 = 0.5, elo1 = 2.5 → LLR −1.57', () => {
    const r = sprtTrinomial([21184, 40708, 21404], { h0: score(0.5), h1: score(2.5) });
    expect(r.llr).toBeCloseTo(-1.57, 2);
    expect(r.decision).toBe('continue');
  });
  it('trinomial W=57433 L=57030 D=106593, elo0 = 0, elo1 = 2 → LLR −2.59', () => {
    expect(sprtTrinomial([57030, 106593, 57433], { h0: score(0), h1: score(2) }).llr).toBeCloseTo(-2.59, 2);
  });
  it('pentanomial LL=223 LD=9863 WL=20279 DD=1000 WD=10037 WW=246, elo 0.5/2.5 → LLR −3.07, H0', () => {
    const r = sprtPentanomial([223, 9863, 20279 + 1000, 10037, 246], { h0: score(0.5), h1: score(2.5) });
    expect(r.llr).toBeCloseTo(-3.07, 2);
    expect(r.decision).toBe('H0');
  });
  it('pentanomial LL=871 LD=26175 WL=55003 DD=980 WD=26678 WW=821, elo 0/2 → LLR −4.98', () => {
    const r = sprtPentanomial([871, 26175, 55003 + 980, 26678, 821], { h0: score(0), h1: score(2) });
    expect(r.llr).toBeCloseTo(-4.98, 2);
  });
});

describe('GLLR by hand', () => {
  it('win/loss only: the MLE with mean s is Bernoulli(s), so LLR = W log(s1/s0) + L log((1−s1)/(1−s0))', () => {
    // With no draws the regularized draw cell is negligible: compare with the binomial LLR.
    const w = 60;
    const l = 40;
    const expected = w * Math.log(0.55 / 0.5) + l * Math.log(0.45 / 0.5);
    expect(gllr([0, 1], [l, w], 0.5, 0.55)).toBeCloseTo(expected, 10);
  });
  it('the constrained MLE has the requested mean and sums to 1', () => {
    const p = mleWithMean(TRINOMIAL_SCORES, [0.3, 0.3, 0.4], 0.52);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(p[1]! * 0.5 + p[2]!).toBeCloseTo(0.52, 10);
  });
});

describe('decisions', () => {
  it('accepts H1 on clearly better data and H0 on equal data', () => {
    expect(sprtTrinomial([300, 200, 500], { h0: 0.5, h1: 0.55 }).decision).toBe('H1');
    expect(sprtTrinomial([400, 200, 400], { h0: 0.5, h1: 0.55 }).decision).toBe('H0');
    expect(sprtTrinomial([4, 2, 5], { h0: 0.5, h1: 0.55 }).decision).toBe('continue');
  });
  it('rejects hypotheses outside the score range with a UserError naming the field', () => {
    expect(() => sprtTrinomial([1, 1, 1], { h0: 0.5, h1: 1.2 })).toThrow(UserError);
    expect(() => sprtTrinomial([1, 1, 1], { h0: 0.5, h1: 1.2 })).toThrow(/h1 is 1.2/);
    expect(() => sprtTrinomial([1, 1, 1], { h0: 0.5, h1: 0.55, alpha: 0 })).toThrow(/alpha/);
  });
});

/** Paired 2-player records where slot 0 wins each game with probability p. */
function pairedRecords(pairs: number, p: number, seed: number): GameRecord[] {
  const rng = new Rng(seed);
  const out: GameRecord[] = [];
  for (let k = 0; k < pairs; k++) {
    for (let g = 0; g < 2; g++) {
      const win0 = rng.float() < p;
      const slots = g === 0 ? [0, 1] : [1, 0];
      const seat0 = slots.indexOf(0);
      const returns = [0, 0];
      returns[seat0] = win0 ? 1 : 0;
      returns[1 - seat0] = win0 ? 0 : 1;
      out.push({ index: 2 * k + g, seed: 1000 + k, seats: slots.map((s) => `a${s}`), slots, returns, length: 10, tags: {}, pair: k });
    }
  }
  return out;
}

describe('SPRT on records', () => {
  it('uses pentanomial counts for paired 2-player runs and decides H1 for a 65% agent', () => {
    const r = sprtRecords(pairedRecords(400, 0.65, 1), 0, { h0: 0.5, h1: 0.55 });
    expect(r.n).toBe(400);
    expect(r.decision).toBe('H1');
  });
  it('the stopper stops once decided and not before', () => {
    const stop = sprtStopper(0, { h0: 0.5, h1: 0.6 });
    const recs = pairedRecords(400, 0.5, 2);
    expect(stop(recs.slice(0, 4)).stop).toBe(false);
    const all = stop(recs);
    expect(all.stop).toBe(true);
    expect(all.result.decision).toBe('H0');
  });
  it('tests a share difference between two configurations on common seeds', () => {
    const a = pairedRecords(500, 0.7, 3);
    const b = pairedRecords(500, 0.5, 4).map((r, i) => ({ ...r, seed: a[i]!.seed }));
    expect(sprtDifference(a, b, 0, { h0: 0, h1: 0.05 }).decision).toBe('H1');
    expect(sprtDifference(b, b, 0, { h0: 0, h1: 0.05 }).decision).toBe('H0');
  });
});

describe('SPRT for multi-player runs', () => {
  it('tests a 4-player share against 1/4 from per-game shares', () => {
    const rng = new Rng(21);
    const records: GameRecord[] = [];
    for (let i = 0; i < 3000; i++) {
      // Slot 0 wins 35% of 4-player games, the others share the rest.
      const winner = rng.float() < 0.35 ? 0 : 1 + rng.int(3);
      const slots = [0, 1, 2, 3].map((s) => (s + i) % 4);
      records.push({ index: i, seed: i, seats: slots.map((s) => `a${s}`), slots, returns: slots.map((s) => (s === winner ? 1 : 0)), length: 1, tags: {} });
    }
    const r = sprtRecords(records, 0, { h0: 0.25, h1: 0.3 });
    expect(r.n).toBe(3000);
    expect(r.score).toBeGreaterThan(0.3);
    expect(r.decision).toBe('H1');
  });
});

describe('operating characteristics (Monte Carlo)', () => {
  /** Runs an SPRT on simulated win/draw/loss games, checking every 20 games. */
  function decide(pWin: number, pDraw: number, rng: Rng): 'H0' | 'H1' | 'continue' {
    const counts: [number, number, number] = [0, 0, 0];
    for (let g = 1; g <= 20000; g++) {
      const u = rng.float();
      counts[u < pWin ? 2 : u < pWin + pDraw ? 1 : 0]++;
      if (g % 20 === 0) {
        const r = sprtTrinomial(counts, { h0: 0.5, h1: 0.55 });
        if (r.decision !== 'continue') return r.decision;
      }
    }
    return 'continue';
  }
  it('accepts H1 in about α = 5% of runs when H0 is true, and about 1 − β = 95% when H1 is', () => {
    const rng = new Rng(2024);
    const runs = 200;
    let falseH1 = 0;
    let trueH1 = 0;
    for (let i = 0; i < runs; i++) {
      if (decide(0.4, 0.2, rng) === 'H1') falseH1++; // expected score 0.5
      if (decide(0.45, 0.2, rng) === 'H1') trueH1++; // expected score 0.55
    }
    // Binomial(200, 0.05) exceeds 20 with probability < 0.1%; likewise for power.
    expect(falseH1 / runs).toBeLessThan(0.1);
    expect(trueH1 / runs).toBeGreaterThan(0.9);
  });
});
