import { beforeAll, describe, expect, it } from 'vitest';
import { fairPrices, logisticFit, shareCurve, type CostCurveRow, type LogisticFit } from '../../../src/analysis/stats/costcurve.js';
import { logit, sigmoid } from '../../../src/analysis/stats/descriptive.js';
import { initTf, type TfRuntime } from '../../../src/core/tf.js';
import { Rng } from '../../../src/core/rng.js';
import { exactLogisticFit, type ExactFit } from './exact-logistic.js';

// Starting tfjs on wasm takes ~0.2 s, once per file.
let rt: TfRuntime;
beforeAll(async () => {
  rt = await initTf();
});

/** Synthetic games: logit P(A wins) = 0.1 + Σ truth_i x_i with x_i uniform on ±range_i. */
function synthetic(seed: number, games: number): CostCurveRow[] {
  const rng = new Rng(seed);
  const rows: CostCurveRow[] = [];
  for (let g = 0; g < games; g++) {
    const f = { points: rng.range(-10, 10), sword: rng.range(-2, 2), net: rng.range(-1, 1) };
    const p = sigmoid(0.1 + 0.08 * f.points + 0.4 * f.sword + 0.64 * f.net);
    rows.push({ features: f, outcome: rng.float() < p ? 1 : 0 });
  }
  return rows;
}

/** The tfjs fit (float32) agrees with the exact float64 Newton fit to `tol`, relative. */
function expectAgrees(fit: LogisticFit, exact: ExactFit, tol = 2e-6): void {
  expect(exact.converged).toBe(true);
  expect(fit.converged).toBe(true);
  expect(fit.coefficients.map((c) => c.name)).toEqual(exact.names);
  const rel = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-3);
  fit.coefficients.forEach((c, j) => {
    expect(rel(c.estimate, exact.beta[j]!)).toBeLessThan(tol);
    exact.names.forEach((_, k) => {
      // Covariances relative to the diagonal scale (off-diagonals may be near 0).
      const scale = Math.sqrt(exact.covariance[j]![j]! * exact.covariance[k]![k]!);
      expect(Math.abs(fit.covariance[j]![k]! - exact.covariance[j]![k]!) / scale).toBeLessThan(tol);
    });
  });
  expect(rel(fit.logLikelihood, exact.logLikelihood)).toBeLessThan(tol);
}

describe('tfjs fit against the exact float64 Newton fit', () => {
  it('runs on the backend initTf chose (native if it registered, else wasm; never silently cpu)', () => {
    expect(rt.backend).toBe(rt.tf.findBackendFactory('tensorflow') ? 'tensorflow' : 'wasm');
    expect(rt.tf.getBackend()).toBe(rt.backend);
    expect(logisticFit(synthetic(1, 50)).backend).toBe(rt.backend);
  });

  it('agrees to ~1e-6 on three features, 20,000 games (estimates, covariance, log-likelihood)', () => {
    const rows = synthetic(11, 20000);
    expectAgrees(logisticFit(rows), exactLogisticFit(rows, ['net', 'points', 'sword']));
  });

  it('agrees on an uncentred handicap far from 0 (x in [40, 100]), weighted rows, no intercept, ridge', () => {
    const rng = new Rng(3);
    const handicap: CostCurveRow[] = [];
    for (let g = 0; g < 5000; g++) {
      const x = 40 + 60 * rng.float();
      handicap.push({ features: { x }, outcome: rng.float() < sigmoid(-4 + 0.06 * x) ? 1 : 0, weight: 1 + rng.int(3) });
    }
    expectAgrees(logisticFit(handicap), exactLogisticFit(handicap, ['x']));
    const centred = handicap.map((r) => ({ ...r, features: { x: r.features['x']! - 70 } }));
    expectAgrees(logisticFit(centred, { intercept: false }), exactLogisticFit(centred, ['x'], false));
    const rows = synthetic(12, 2000);
    expectAgrees(logisticFit(rows, { ridge: 50 }), exactLogisticFit(rows, ['net', 'points', 'sword'], true, 50));
  });

  it('is deterministic: two fits of the same data are identical to the last bit', () => {
    const rows = synthetic(13, 3000);
    const tensors = rt.tf.memory().numTensors;
    const a = logisticFit(rows);
    expect(rt.tf.memory().numTensors).toBe(tensors); // no tensors leaked
    const b = logisticFit(rows);
    expect(b.coefficients).toEqual(a.coefficients);
    expect(b.covariance).toEqual(a.covariance);
    expect(b.logLikelihood).toBe(a.logLikelihood);
  });
});

describe('logistic fit', () => {
  it('rows of one game share a group: a duel entered once per seat is one observation, not two (≈ √2 wider)', () => {
    // 2,000 duels, each as two rows (seat A with x, seat B with −x and the other outcome), no intercept.
    const one = synthetic(7, 2000).map((r) => ({ features: { points: r.features['points']! }, outcome: r.outcome }));
    const both = (group: boolean): CostCurveRow[] =>
      one.flatMap((r, g) => [
        { ...r, ...(group ? { group: g } : {}) },
        { features: { points: -r.features['points']! }, outcome: 1 - r.outcome, ...(group ? { group: g } : {}) },
      ]);
    const naive = logisticFit(both(false), { intercept: false }).coefficients[0]!;
    const clustered = logisticFit(both(true), { intercept: false }).coefficients[0]!;
    const single = logisticFit(one, { intercept: false }).coefficients[0]!;
    expect(clustered.estimate).toBeCloseTo(naive.estimate, 9); // the estimate does not move
    expect(clustered.se / naive.se).toBeGreaterThan(1.3); // the two rows of a game are one observation
    expect(clustered.se / naive.se).toBeLessThan(1.5);
    expect(Math.abs(clustered.se / single.se - 1)).toBeLessThan(0.1); // as the game entered once
    // Groups of one row change nothing.
    const alone = logisticFit(one.map((r, g) => ({ ...r, group: g })), { intercept: false }).coefficients[0]!;
    expect(alone.se).toBe(single.se);
  });
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
    // tfjs computes in float32: six decimals.
    expect(b0!.estimate).toBeCloseTo(logit(0.3), 6);
    expect(b1!.estimate).toBeCloseTo(logit(0.6) - logit(0.3), 6);
    expect(b1!.se).toBeCloseTo(Math.sqrt(1 / 30 + 1 / 70 + 1 / 60 + 1 / 40), 6);
    expect(b1!.hi - b1!.estimate).toBeCloseTo(1.959964 * b1!.se, 6);
    expect(fit.n).toBe(200);
  });

  it('recovers known coefficients from synthetic games and prices items in points', () => {
    // True model: side advantage 0.1, 0.08 log-odds per point, sword 0.4 (= 5 points), net 0.64 (= 8 points).
    const truth = { points: 0.08, sword: 0.4, net: 0.64 };
    const fit = logisticFit(synthetic(11, 20000));
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
    expect(c.backend).toBe(rt.backend);
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
