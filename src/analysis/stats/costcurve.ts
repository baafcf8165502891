/**
 * Cost curves: what is a build element worth, in the game's own currency?
 *
 * A logistic regression of side A's outcome on the *differences* between the two sides'
 * build features (A − B; e.g. points spent, number of swords, has-net as 0/1):
 *   logit P(A wins) = β₀ + Σ_i β_i (x_i,A − x_i,B).
 * β₀ is the side (seat) advantage. If `unit` is the currency feature (points, Energy,
 * VP), the fair price of feature i is β_i / β_unit currency units, i.e. the amount of
 * currency that buys the same change in win odds. Intervals: Wald for coefficients
 * (standard errors from the inverse observed information matrix XᵀWX), delta method for
 * prices. An item is flagged when its listed cost lies outside its price interval.
 *
 * The one-dimensional version fits share against a handicap x (logit p = a + b x) and
 * solves for the x* where the share equals a target (e.g. ½, or 1/N in an N-player
 * game), with Fieller's interval for the ratio (a − logit t)/b.
 *
 * Fitting: Newton–Raphson (= IRLS) in plain TypeScript rather than tfjs. These problems
 * have a handful of features, Newton reaches machine precision in under ten iterations,
 * and its Hessian is exactly the observed information the standard errors need; a
 * gradient-descent fit in tfjs would need a separate Hessian step, a backend start-up of
 * about a second, and would differ slightly across backends.
 */
import { invalid, UserError } from '../../core/errors.js';
import { zFor } from './wilson.js';
import { logit, sigmoid } from './descriptive.js';
import { spdInverse, type Matrix } from './linalg.js';

export interface CostCurveRow {
  /** Feature differences (side A − side B), by name; missing names count as 0. */
  readonly features: Readonly<Record<string, number>>;
  /** Side A's outcome: 1 win, 0 loss, ½ draw (any share in [0, 1]). */
  readonly outcome: number;
  /** Games this row stands for (default 1). */
  readonly weight?: number;
}

export interface Coefficient {
  readonly name: string;
  readonly estimate: number;
  readonly se: number;
  readonly lo: number;
  readonly hi: number;
  /** Wald z statistic. */
  readonly z: number;
}

export interface LogisticFit {
  readonly coefficients: readonly Coefficient[];
  /** Covariance of the estimates, in the order of `coefficients`. */
  readonly covariance: Matrix;
  readonly logLikelihood: number;
  readonly n: number;
  readonly iterations: number;
  /** False when Newton did not settle (e.g. perfect separation): estimates unreliable. */
  readonly converged: boolean;
  readonly level: number;
}

export interface LogisticOptions {
  /** Fit β₀ (the side advantage). Default true. */
  readonly intercept?: boolean;
  /** Features to use, in order. Default: every name seen, sorted. */
  readonly features?: readonly string[];
  /** L2 penalty on the slopes (not the intercept). Default 0 (plain maximum likelihood). */
  readonly ridge?: number;
  readonly level?: number;
  readonly maxIterations?: number;
}

export const INTERCEPT = '(intercept)';

/** Logistic regression by Newton–Raphson on weighted rows. */
export function logisticFit(rows: readonly CostCurveRow[], options: LogisticOptions = {}): LogisticFit {
  const where = 'cost-curve data';
  rows.forEach((r, i) => {
    if (!(r.outcome >= 0 && r.outcome <= 1)) throw invalid(where, `row ${i} outcome`, r.outcome, 'a share in [0, 1]');
    for (const [k, v] of Object.entries(r.features)) {
      if (!Number.isFinite(v)) throw invalid(where, `row ${i} feature ${k}`, v, 'a finite number');
    }
  });
  const features = options.features ?? [...new Set(rows.flatMap((r) => Object.keys(r.features)))].sort();
  const intercept = options.intercept ?? true;
  const names = intercept ? [INTERCEPT, ...features] : [...features];
  const p = names.length;
  if (p === 0) throw invalid(where, 'features', [], 'at least one feature or the intercept');
  const ridge = options.ridge ?? 0;
  const level = options.level ?? 0.95;
  const x = rows.map((r) => {
    const v = features.map((f) => r.features[f] ?? 0);
    return intercept ? [1, ...v] : v;
  });
  const w = rows.map((r) => r.weight ?? 1);
  const beta = new Array<number>(p).fill(0);
  let info: Matrix = [];
  let converged = false;
  let iterations = 0;
  const maxIterations = options.maxIterations ?? 50;
  for (iterations = 1; iterations <= maxIterations; iterations++) {
    const grad = new Array<number>(p).fill(0);
    info = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    for (let i = 0; i < rows.length; i++) {
      const xi = x[i]!;
      let eta = 0;
      for (let j = 0; j < p; j++) eta += xi[j]! * beta[j]!;
      const mu = sigmoid(eta);
      const wi = w[i]!;
      const r = wi * (rows[i]!.outcome - mu);
      const v = wi * mu * (1 - mu);
      for (let j = 0; j < p; j++) {
        grad[j]! += r * xi[j]!;
        for (let k = 0; k <= j; k++) info[j]![k]! += v * xi[j]! * xi[k]!;
      }
    }
    for (let j = 0; j < p; j++) {
      for (let k = 0; k < j; k++) info[k]![j] = info[j]![k]!;
      if (ridge > 0 && names[j] !== INTERCEPT) {
        info[j]![j]! += ridge;
        grad[j]! -= ridge * beta[j]!;
      }
    }
    const inv = spdInverse(info);
    // Later in the loop a singular information means fitted probabilities at 0 or 1 (separation).
    if (!inv && iterations > 1) break;
    if (!inv) throw new UserError(`${where}: features are collinear or constant (${names.join(', ')}); allowed: linearly independent feature columns`);
    let change = 0;
    for (let j = 0; j < p; j++) {
      let step = 0;
      for (let k = 0; k < p; k++) step += inv[j]![k]! * grad[k]!;
      beta[j]! += step;
      change = Math.max(change, Math.abs(step));
    }
    if (beta.some((b) => Math.abs(b) > 50)) break; // separation: the MLE is at infinity
    if (change < 1e-10) {
      converged = true;
      break;
    }
  }
  const covariance = spdInverse(info) ?? info.map((row) => row.map(() => NaN));
  const z = zFor(level);
  let logLikelihood = 0;
  for (let i = 0; i < rows.length; i++) {
    const eta = x[i]!.reduce((s, xij, j) => s + xij * beta[j]!, 0);
    const y = rows[i]!.outcome;
    // log σ(η) = −log(1 + e^{−η}), written to stay finite for large |η|.
    const logP = -Math.log1p(Math.exp(-Math.abs(eta))) + Math.min(0, eta);
    const logQ = -Math.log1p(Math.exp(-Math.abs(eta))) + Math.min(0, -eta);
    logLikelihood += w[i]! * (y * logP + (1 - y) * logQ);
  }
  const coefficients = names.map((name, j): Coefficient => {
    const se = Math.sqrt(covariance[j]![j]!);
    return { name, estimate: beta[j]!, se, lo: beta[j]! - z * se, hi: beta[j]! + z * se, z: beta[j]! / se };
  });
  return { coefficients, covariance, logLikelihood, n: w.reduce((a, b) => a + b, 0), iterations, converged, level };
}

export interface FairPrice {
  readonly name: string;
  /** β_i / β_unit, in currency units. */
  readonly price: number;
  readonly lo: number;
  readonly hi: number;
  /** The listed cost, when given. */
  readonly listed: number | null;
  /** Listed cost outside the interval (only when the unit coefficient is itself significant). */
  readonly mispriced: boolean;
}

export interface FairPrices {
  readonly unit: string;
  /** The currency's own coefficient: win log-odds per currency unit. */
  readonly unitCoefficient: Coefficient;
  /** False when β_unit's interval includes 0: prices are then not identified. */
  readonly unitSignificant: boolean;
  readonly prices: readonly FairPrice[];
}

/**
 * Fair prices of every non-intercept, non-unit feature in units of `unit`, with delta-
 * method intervals: Var(β_i/β_u) ≈ (Var β_i − 2r Cov(β_i, β_u) + r² Var β_u) / β_u².
 */
export function fairPrices(fit: LogisticFit, unit: string, listedCosts: Readonly<Record<string, number>> = {}): FairPrices {
  const names = fit.coefficients.map((c) => c.name);
  const u = names.indexOf(unit);
  if (u < 0) throw invalid('cost-curve prices', 'unit', unit, names.filter((n) => n !== INTERCEPT).join(', ') || 'a fitted feature');
  const bu = fit.coefficients[u]!;
  const unitSignificant = bu.lo > 0 || bu.hi < 0;
  const z = zFor(fit.level);
  const prices = fit.coefficients.flatMap((c, i): FairPrice[] => {
    if (i === u || c.name === INTERCEPT) return [];
    const r = c.estimate / bu.estimate;
    const cov = fit.covariance;
    const v = (cov[i]![i]! - 2 * r * cov[i]![u]! + r * r * cov[u]![u]!) / (bu.estimate * bu.estimate);
    const half = z * Math.sqrt(Math.max(0, v));
    const listed = listedCosts[c.name] ?? null;
    const lo = r - half;
    const hi = r + half;
    return [{ name: c.name, price: r, lo, hi, listed, mispriced: unitSignificant && listed !== null && (listed < lo || listed > hi) }];
  });
  return { unit, unitCoefficient: bu, unitSignificant, prices };
}

export interface SharePoint {
  /** The handicap (e.g. extra Energy for one side). */
  readonly x: number;
  /** Outcome share of the side receiving x, in [0, 1]. */
  readonly outcome: number;
  readonly weight?: number;
}

export interface ShareCurve {
  readonly intercept: Coefficient;
  readonly slope: Coefficient;
  readonly target: number;
  /** Handicap where the fitted share equals the target. */
  readonly xStar: number;
  /** Fieller interval; ±Infinity when the slope is not significant (x* unbounded). */
  readonly lo: number;
  readonly hi: number;
  readonly converged: boolean;
  /** Fitted share at x. */
  share(x: number): number;
}

/** Logistic share curve in one variable and the x* giving the `target` share. */
export function shareCurve(points: readonly SharePoint[], target = 0.5, level = 0.95): ShareCurve {
  if (!(target > 0 && target < 1)) throw invalid('share curve', 'target', target, 'a share strictly between 0 and 1');
  const fit = logisticFit(
    points.map((p) => ({ features: { x: p.x }, outcome: p.outcome, weight: p.weight })),
    { features: ['x'], level },
  );
  const [ic, sl] = fit.coefficients as [Coefficient, Coefficient];
  const a = ic.estimate;
  const b = sl.estimate;
  const l = logit(target);
  const xStar = (l - a) / b;
  // Fieller: the x with (a + b x − L)² ≤ z² Var(a + b x), a quadratic q2 x² + q1 x + q0 ≤ 0.
  const z = zFor(level);
  const [[vaa, vab], [, vbb]] = fit.covariance as [[number, number], [number, number]];
  const z2 = z * z;
  const q2 = b * b - z2 * vbb;
  const q1 = 2 * ((a - l) * b - z2 * vab);
  const q0 = (a - l) ** 2 - z2 * vaa;
  let lo = -Infinity;
  let hi = Infinity;
  const disc = q1 * q1 - 4 * q2 * q0;
  if (q2 > 0 && disc >= 0) {
    const r1 = (-q1 - Math.sqrt(disc)) / (2 * q2);
    const r2 = (-q1 + Math.sqrt(disc)) / (2 * q2);
    lo = Math.min(r1, r2);
    hi = Math.max(r1, r2);
  }
  return { intercept: ic, slope: sl, target, xStar, lo, hi, converged: fit.converged, share: (x: number) => sigmoid(a + b * x) };
}
