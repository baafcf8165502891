/**
 * Test oracle for the tfjs logistic fit: the exact Newton–Raphson fit in float64 plain
 * TypeScript (the production fit before it moved to tfjs). Same inputs and estimates,
 * without the validation and reporting the production code adds.
 */
import { sigmoid } from '../../../src/analysis/stats/descriptive.js';
import { spdInverse, type Matrix } from '../../../src/analysis/stats/linalg.js';
import type { CostCurveRow } from '../../../src/analysis/stats/costcurve.js';

export interface ExactFit {
  readonly names: readonly string[];
  readonly beta: readonly number[];
  readonly covariance: Matrix;
  readonly logLikelihood: number;
  readonly converged: boolean;
}

export function exactLogisticFit(rows: readonly CostCurveRow[], features: readonly string[], intercept = true, ridge = 0): ExactFit {
  const names = intercept ? ['(intercept)', ...features] : [...features];
  const p = names.length;
  const x = rows.map((r) => {
    const v = features.map((f) => r.features[f] ?? 0);
    return intercept ? [1, ...v] : v;
  });
  const w = rows.map((r) => r.weight ?? 1);
  const beta = new Array<number>(p).fill(0);
  let info: Matrix = [];
  let converged = false;
  for (let it = 0; it < 50 && !converged; it++) {
    const grad = new Array<number>(p).fill(0);
    info = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    for (let i = 0; i < rows.length; i++) {
      const xi = x[i]!;
      const mu = sigmoid(xi.reduce((s, v, j) => s + v * beta[j]!, 0));
      for (let j = 0; j < p; j++) {
        grad[j]! += w[i]! * (rows[i]!.outcome - mu) * xi[j]!;
        for (let k = 0; k < p; k++) info[j]![k]! += w[i]! * mu * (1 - mu) * xi[j]! * xi[k]!;
      }
    }
    for (let j = intercept ? 1 : 0; j < p; j++) {
      info[j]![j]! += ridge;
      grad[j]! -= ridge * beta[j]!;
    }
    const inv = spdInverse(info);
    if (!inv) break;
    let change = 0;
    for (let j = 0; j < p; j++) {
      const step = inv[j]!.reduce((s, v, k) => s + v * grad[k]!, 0);
      beta[j]! += step;
      change = Math.max(change, Math.abs(step));
    }
    converged = change < 1e-12;
  }
  let logLikelihood = 0;
  for (let i = 0; i < rows.length; i++) {
    const eta = x[i]!.reduce((s, v, j) => s + v * beta[j]!, 0);
    const y = rows[i]!.outcome;
    logLikelihood += w[i]! * (y * Math.log(sigmoid(eta)) + (1 - y) * Math.log(sigmoid(-eta)));
  }
  return { names, beta, covariance: spdInverse(info)!, logLikelihood, converged };
}
