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
 * Fitting: Newton–Raphson (= IRLS) written against the @tensorflow/tfjs API, on the backend
 * `initTf()` chose (native 'tensorflow', else 'wasm', else 'cpu'; recorded in the result).
 * The data-sized work — linear predictor, fitted probabilities, gradient Xᵀ(w(y − μ)) and
 * information XᵀWX — is tf ops; each Newton step solves the small p × p system through
 * tf.linalg.qr (Householder QR, then back-substitution). tfjs computes in float32, so
 * the columns are centred and scaled to unit spread first (in float64, before the data
 * reach tfjs), which keeps XᵀWX well conditioned; estimates and covariance are mapped back
 * to the original columns in float64. Agreement with an exact float64 Newton fit is
 * about 1e-6 relative (test/analysis/stats/costcurve.test.ts).
 *
 * The fit is synchronous (tfjs runs ops synchronously on every backend once started):
 * await `initTf()` once before fitting, or the fit runs on tfjs's 'cpu' backend and says so.
 */
import { invalid, UserError } from '../../core/errors.js';
import { zFor } from '../../core/wilson.js';
import { logit, sigmoid } from './descriptive.js';
import { solveUpper, type Matrix } from './linalg.js';
import { tfNow, type TfBackend, type TfRuntime } from '../../core/tf.js';

export interface CostCurveRow {
  /** Feature differences (side A − side B), by name; missing names count as 0. */
  readonly features: Readonly<Record<string, number>>;
  /** Side A's outcome: 1 win, 0 loss, ½ draw (any share in [0, 1]). */
  readonly outcome: number;
  /** Games this row stands for (default 1). */
  readonly weight?: number;
  /**
   * The independent unit the row belongs to, when rows are not independent: e.g. the game,
   * when each hero of a game is a row (their outcomes sum to one game's result; a two-player
   * game entered once per seat is one observation, not two). Rows sharing a group get a
   * cluster-robust (sandwich) covariance over groups instead of the model's own.
   */
  readonly group?: string | number;
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
  /** The tfjs backend that ran the fit. */
  readonly backend: TfBackend;
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

/** Logistic regression by Newton–Raphson on weighted rows, in tfjs (see the file comment). */
export function logisticFit(rows: readonly CostCurveRow[], options: LogisticOptions = {}): LogisticFit {
  const where = 'cost-curve data';
  rows.forEach((r, i) => {
    if (!(r.outcome >= 0 && r.outcome <= 1)) throw invalid(where, `row ${i} outcome`, r.outcome, 'a share in [0, 1]');
    if (r.weight !== undefined && !(r.weight >= 0 && Number.isFinite(r.weight))) throw invalid(where, `row ${i} weight`, r.weight, 'a finite number ≥ 0');
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
  if (!(ridge >= 0)) throw invalid(where, 'ridge', ridge, 'a number ≥ 0');
  const level = options.level ?? 0.95;
  const w = rows.map((r) => r.weight ?? 1);
  const n = w.reduce((a, b) => a + b, 0);
  if (!(n > 0)) throw invalid(where, 'total weight', n, 'more than 0 games');

  // Standardise the columns in float64: z_j = (x_j − c_j) / s_j (centred only with an
  // intercept to absorb the shift), so that β = A β_z with A mapping back.
  const centre = features.map((f) => (intercept ? rows.reduce((s, r, i) => s + w[i]! * (r.features[f] ?? 0), 0) / n : 0));
  const scale = features.map((f, j) => {
    const ss = rows.reduce((s, r, i) => s + w[i]! * ((r.features[f] ?? 0) - centre[j]!) ** 2, 0) / n;
    return ss > 0 ? Math.sqrt(ss) : 1;
  });
  const off = intercept ? 1 : 0;
  const z = new Float32Array(rows.length * p);
  rows.forEach((r, i) => {
    if (intercept) z[i * p] = 1;
    features.forEach((f, j) => (z[i * p + off + j] = ((r.features[f] ?? 0) - centre[j]!) / scale[j]!));
  });
  // The ridge penalty λβ_j² on an original slope is λ/s_j² · β_z,j² on the standardised one.
  const penalty = names.map((name, j) => (name === INTERCEPT ? 0 : ridge / scale[j - off]! ** 2));

  const rt = tfNow();
  const newton = tfNewton(rt, z, Float32Array.from(rows, (r) => r.outcome), Float32Array.from(w), p, penalty, options.maxIterations ?? 50);
  if (newton.singularAtStart) {
    throw new UserError(`${where}: features are collinear or constant (${names.join(', ')}); allowed: linearly independent feature columns`);
  }
  // Back to the original columns: β_j = β_z,j / s_j, β₀ = β_z,0 − Σ_j β_z,j c_j / s_j.
  const map: Matrix = names.map(() => new Array<number>(p).fill(0));
  if (intercept) map[0]![0] = 1;
  features.forEach((_, j) => {
    map[off + j]![off + j] = 1 / scale[j]!;
    if (intercept) map[0]![off + j] = -centre[j]! / scale[j]!;
  });
  const beta = map.map((row) => row.reduce((s, a, k) => s + a * newton.beta[k]!, 0));
  const standardCov = newton.covariance ? clusterCovariance(rows, z, p, w, newton.beta, newton.covariance) : null;
  const covariance = standardCov ? sandwich(map, standardCov) : names.map(() => names.map(() => NaN));
  const zq = zFor(level);
  const coefficients = names.map((name, j): Coefficient => {
    const se = Math.sqrt(covariance[j]![j]!);
    return { name, estimate: beta[j]!, se, lo: beta[j]! - zq * se, hi: beta[j]! + zq * se, z: beta[j]! / se };
  });
  return {
    coefficients,
    covariance,
    logLikelihood: newton.logLikelihood,
    n,
    iterations: newton.iterations,
    converged: newton.converged,
    level,
    backend: rt.backend,
  };
}

/**
 * The covariance of the standardised estimates: the model's inverse information `inv`,
 * or — when rows name groups and some group holds several rows — the cluster-robust
 * sandwich inv · (k/(k−1) Σ_g s_g s_gᵀ) · inv over the k groups, s_g the group's summed
 * score w_i (y_i − π_i) z_i. Rows of one game are not independent observations (a duel
 * entered once per seat carries one outcome twice), which the model's own covariance
 * would count as independent.
 */
function clusterCovariance(rows: readonly CostCurveRow[], z: Float32Array, p: number, w: readonly number[], beta: readonly number[], inv: Matrix): Matrix {
  if (!rows.some((r) => r.group !== undefined)) return inv;
  const scores = new Map<string | number, number[]>();
  let shared = false;
  rows.forEach((r, i) => {
    let eta = 0;
    for (let k = 0; k < p; k++) eta += z[i * p + k]! * beta[k]!;
    const resid = w[i]! * (r.outcome - sigmoid(eta));
    const key = r.group ?? `row ${i}`;
    let s = scores.get(key);
    if (s) shared = true;
    else scores.set(key, (s = new Array<number>(p).fill(0)));
    for (let k = 0; k < p; k++) s[k]! += resid * z[i * p + k]!;
  });
  if (!shared) return inv;
  const g = scores.size;
  const meat: Matrix = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (const s of scores.values()) for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) meat[a]![b]! += s[a]! * s[b]!;
  const f = g > 1 ? g / (g - 1) : 1;
  for (const row of meat) for (let b = 0; b < p; b++) row[b]! *= f;
  // inv is symmetric, so inv · meat · inv = A C Aᵀ with A = inv.
  return sandwich(inv, meat);
}

/** A C Aᵀ. */
function sandwich(a: Matrix, c: Matrix): Matrix {
  const ac = a.map((row) => c[0]!.map((_, k) => row.reduce((s, v, m) => s + v * c[m]![k]!, 0)));
  return ac.map((row) => a.map((arow) => row.reduce((s, v, m) => s + v * arow[m]!, 0)));
}

interface NewtonResult {
  readonly beta: readonly number[];
  /** Inverse information at the estimate; null when it is singular (separation). */
  readonly covariance: Matrix | null;
  readonly logLikelihood: number;
  readonly iterations: number;
  readonly converged: boolean;
  /** The information was singular before any step: collinear or constant columns. */
  readonly singularAtStart: boolean;
}

/**
 * Newton–Raphson for the (penalised) logistic likelihood on a standardised design z
 * (n × p row-major), outcomes y, row weights w. The iterate β stays in float64; tfjs
 * computes the n-sized sums in float32. A step below 1e-7 (standardised units, well
 * under the float32 noise of the sums it is computed from, about 1e-7 relative) counts
 * as converged.
 */
function tfNewton(rt: TfRuntime, z: Float32Array, y: Float32Array, w: Float32Array, p: number, penalty: readonly number[], maxIterations: number): NewtonResult {
  const { tf } = rt;
  const n = w.length;
  const X = tf.tensor2d(z, [n, p]);
  const Y = tf.tensor2d(y, [n, 1]);
  const W = tf.tensor2d(w, [n, 1]);
  const beta = new Array<number>(p).fill(0);
  // Gradient and information at β, read back as float64 arrays.
  const derivatives = (b: readonly number[]): { grad: number[]; info: Matrix } =>
    tf.tidy(() => {
      const mu = tf.sigmoid(tf.matMul(X, tf.tensor2d([...b], [p, 1])));
      const grad = tf.matMul(X, tf.mul(W, tf.sub(Y, mu)), true, false);
      const v = tf.mul(W, tf.mul(mu, tf.sub(1, mu)));
      const info = tf.matMul(X, tf.mul(X, v), true, false);
      const g = Array.from(grad.dataSync(), (gj, j) => gj - penalty[j]! * b[j]!);
      const h = info.dataSync();
      return { grad: g, info: b.map((_, j) => b.map((__, k) => h[j * p + k]! + (j === k ? penalty[j]! : 0))) };
    });
  let iterations = 0;
  let converged = false;
  let singularAtStart = false;
  let current = derivatives(beta);
  try {
    for (iterations = 1; iterations <= maxIterations; iterations++) {
      const step = qrSolve(rt, current.info, [current.grad]);
      if (!step) {
        singularAtStart = iterations === 1;
        break; // later: fitted probabilities at 0 or 1 (separation)
      }
      let change = 0;
      for (let j = 0; j < p; j++) {
        beta[j]! += step[0]![j]!;
        change = Math.max(change, Math.abs(step[0]![j]!));
      }
      current = derivatives(beta);
      // Separation: the maximum-likelihood estimate is at infinity (a standardised
      // coefficient of 50 is an odds ratio of e⁵⁰ per standard deviation).
      if (beta.some((b) => Math.abs(b) > 50)) break;
      if (change < 1e-7) {
        converged = true;
        break;
      }
    }
    const identity = beta.map((_, j) => beta.map((__, k) => (j === k ? 1 : 0)));
    const covariance = singularAtStart ? null : qrSolve(rt, current.info, identity);
    const logLikelihood = tf.tidy(() => {
      const eta = tf.matMul(X, tf.tensor2d(beta, [p, 1]));
      // y log σ(η) + (1 − y) log σ(−η), via logSigmoid to stay finite for large |η|.
      const ll = tf.add(tf.mul(Y, tf.logSigmoid(eta)), tf.mul(tf.sub(1, Y), tf.logSigmoid(tf.neg(eta))));
      // Summed in float64: a float32 sum of thousands of terms drifts in the 5th digit.
      return (tf.mul(W, ll).dataSync() as Float32Array).reduce((a, b) => a + b, 0);
    });
    return { beta, covariance, logLikelihood, iterations: Math.min(iterations, maxIterations), converged, singularAtStart };
  } finally {
    tf.dispose([X, Y, W]);
  }
}

/**
 * Solves H x = b for each right-hand side b (H symmetric, p × p) by tf.linalg.qr:
 * H = QR, x = R⁻¹ Qᵀ b. Null when R has a pivot below 1e-5 of the largest, which for
 * standardised columns means collinear columns or fitted probabilities at 0 or 1 — and
 * is about where float32 stops resolving the system.
 */
function qrSolve(rt: TfRuntime, h: Matrix, rhs: readonly (readonly number[])[]): Matrix | null {
  const { tf } = rt;
  const p = h.length;
  const { r, qtb } = tf.tidy(() => {
    const [q, r] = tf.linalg.qr(tf.tensor2d(h));
    const qtb = tf.matMul(q!, tf.tensor2d(rhs.map((b) => [...b])), true, true);
    return { r: r!.arraySync() as number[][], qtb: qtb.arraySync() as number[][] };
  });
  const pivots = r.map((row, j) => Math.abs(row[j]!));
  const largest = Math.max(...pivots);
  if (!(largest > 0) || pivots.some((d) => !(d > 1e-5 * largest))) return null;
  return rhs.map((_, c) => solveUpper(r, qtb.map((row) => row[c]!)));
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
  /** The tfjs backend that ran the fit. */
  readonly backend: TfBackend;
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
  return { intercept: ic, slope: sl, target, xStar, lo, hi, converged: fit.converged, backend: fit.backend, share: (x: number) => sigmoid(a + b * x) };
}
