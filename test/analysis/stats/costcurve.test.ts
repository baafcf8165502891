import { describe, expect, it } from 'vitest';
import { fairPrices, logisticFit, shareCurve, type CostCurveRow } from '../../../src/analysis/stats/costcurve.js';
import { logit, sigmoid } from '../../../src/analysis/stats/descriptive.js';
import { Rng } from '../../../src/core/rng.js';

describe('logistic fit', () => {
  it('one binary feature: slope = log odds ratio, SE = √(1/a + 1/b + 1/c + 1/d) (textbook 2×2 table)', () => {
    // x = 0: 30 wins / 70 losses; x = 1: 60 wins / 40 losses.
    const rows: CostCurveRow[] = [
      { features: { x: 0 }, outcome: 1, weight: 30 },
      { features: { x: 0 }, outcome: 0, weight: 70 },
      { features: { x: 1 }, outcome: 1, weight: 60 },
      { features: { x: 1 }, outcome: 0, weight: 40 },
    ];
    const fit = logisticFit(rows);
    const [b0, b1] = fit.coefficients;
    expect(fit.converged).toBe(true);
    expect(b0!.estimate).toBeCloseTo(logit(0.3), 10);
    expect(b1!.estimate).toBeCloseTo(logit(0.6) - logit(0.3), 10);
    expect(b1!.se).toBeCloseTo(Math.sqrt(1 / 30 + 1 / 70 + 1 / 60 + 1 / 40), 10);
    expect(b1!.hi - b1!.estimate).toBeCloseTo(1.959964 * b1!.se, 6);
    expect(fit.n).toBe(200);
  });

  it('recovers known coefficients from synthetic games and prices items in points', () => {
    // True model: side advantage 0.1, 0.08 log-odds per point, sword 0.4 (= 5 points), net 0.64 (= 8 points).
    const truth = { points: 0.08, sword: 0.4, net: 0.64 };
    const rng = new Rng(11);
    const rows: CostCurveRow[] = [];
    for (let g = 0; g < 20000; g++) {
      const f = { points: rng.range(-10, 10), sword: rng.range(-2, 2), net: rng.range(-1, 1) };
      const p = sigmoid(0.1 + truth.points * f.points + truth.sword * f.sword + truth.net * f.net);
      rows.push({ features: f, outcome: rng.float() < p ? 1 : 0 });
    }
    const fit = logisticFit(rows);
    const by = Object.fromEntries(fit.coefficients.map((c) => [c.name, c]));
    for (const [k, v] of Object.entries(truth)) {
      expect(by[k]!.lo).toBeLessThan(v);
      expect(by[k]!.hi).toBeGreaterThan(v);
    }
    const prices = fairPrices(fit, 'points', { sword: 5, net: 3 });
    expect(prices.unitSignificant).toBe(true);
    const sword = prices.prices.find((p) => p.name === 'sword')!;
    const net = prices.prices.find((p) => p.name === 'net')!;
    expect(sword.price).toBeGreaterThan(4);
    expect(sword.price).toBeLessThan(6);
    expect(sword.lo).toBeLessThan(5);
    expect(sword.hi).toBeGreaterThan(5);
    expect(sword.mispriced).toBe(false);
    // The net is worth ~8 points but listed at 3: flagged.
    expect(net.lo).toBeGreaterThan(3);
    expect(net.mispriced).toBe(true);
  });

  it('reports non-convergence under perfect separation instead of a fake estimate', () => {
    const rows: CostCurveRow[] = [-2, -1, 1, 2].map((x) => ({ features: { x }, outcome: x > 0 ? 1 : 0 }));
    expect(logisticFit(rows).converged).toBe(false);
  });

  it('rejects bad rows and unknown units, naming them', () => {
    expect(() => logisticFit([{ features: { x: 1 }, outcome: 2 }])).toThrow(/row 0 outcome is 2; allowed: a share in \[0, 1\]/);
    const fit = logisticFit([
      { features: { x: 0 }, outcome: 1 },
      { features: { x: 0 }, outcome: 0 },
      { features: { x: 1 }, outcome: 1 },
      { features: { x: 1 }, outcome: 0 },
    ]);
    expect(() => fairPrices(fit, 'gold')).toThrow(/unit is "gold"; allowed: x/);
  });

  it('rejects collinear features (a column that is twice another)', () => {
    const rows: CostCurveRow[] = [0, 1, 2, 3].map((x, i) => ({ features: { gold: x, silver: 2 * x }, outcome: i % 2 }));
    expect(() => logisticFit(rows)).toThrow(/collinear/);
  });
});

describe('share curve', () => {
  it('finds the handicap x* giving a 1/3 share, with a Fieller interval covering the truth', () => {
    // True curve: logit p = −1.5 + 0.25 x  →  x* for p = 1/3 is (logit(1/3) + 1.5) / 0.25 = 3.227.
    const trueX = (logit(1 / 3) + 1.5) / 0.25;
    const rng = new Rng(5);
    const points = [];
    for (let g = 0; g < 8000; g++) {
      const x = rng.range(0, 12);
      points.push({ x, outcome: rng.float() < sigmoid(-1.5 + 0.25 * x) ? 1 : 0 });
    }
    const c = shareCurve(points, 1 / 3);
    expect(c.xStar).toBeCloseTo(trueX, 0);
    expect(c.lo).toBeLessThan(trueX);
    expect(c.hi).toBeGreaterThan(trueX);
    expect(c.share(c.xStar)).toBeCloseTo(1 / 3, 10);
  });
  it('gives an unbounded interval when share does not depend on x', () => {
    const points = [0, 1, 2, 3].flatMap((x) => [
      { x, outcome: 1, weight: 10 },
      { x, outcome: 0, weight: 10 },
    ]);
    const c = shareCurve(points, 0.4);
    expect(c.lo).toBe(-Infinity);
    expect(c.hi).toBe(Infinity);
  });
});
