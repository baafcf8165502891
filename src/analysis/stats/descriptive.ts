/**
 * Small descriptive statistics shared by the other methods: mean, variance, quantiles,
 * the Student-t quantiles used for 95% intervals, and the logistic link.
 */
import { tFor } from '../../core/student-t.js';

/** A mean with a two-sided interval and the number of independent units behind it. */
export interface MeanInterval {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
  /** Sample standard deviation of the units (NaN when n < 2). */
  readonly sd: number;
  readonly n: number;
}

export function mean(xs: ArrayLike<number>): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s / xs.length;
}

/** Unbiased sample variance (n − 1 denominator); NaN when n < 2. */
export function variance(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < n; i++) s += (xs[i]! - m) ** 2;
  return s / (n - 1);
}

/** Quantile with linear interpolation between order statistics (R type 7, numpy default). */
export function quantile(xs: ArrayLike<number>, q: number): number {
  const sorted = Array.from(xs).sort((a, b) => a - b);
  return quantileSorted(sorted, q);
}

export function quantileSorted(sorted: readonly number[], q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

// The t quantile lives in core (the runner's paired summaries need it too).
export { tFor } from '../../core/student-t.js';

/** The values a bounded quantity can take: a share [0, 1], a share difference or loss [−1, 1]. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

/**
 * Mean with a t interval over independent units (pairs, seeds, games). With `bounds` the
 * interval is cut to them. When every unit is the same (no spread) the t interval has no
 * width, which would claim certainty from a handful of identical units: with `bounds` the
 * exact interval for equal units is given instead (`equalUnitsInterval`), without them the
 * interval is NaN (not estimable at this n).
 */
export function tInterval(xs: ArrayLike<number>, level = 0.95, bounds?: Bounds): MeanInterval {
  const n = xs.length;
  return tFromMoments(mean(xs), n < 2 ? NaN : Math.sqrt(variance(xs)), n, level, bounds);
}

/**
 * The t interval from a sample's mean, sample standard deviation (n − 1) and size, as
 * tInterval computes it: for tables whose groups' moments come from a group-by
 * (src/analysis/table.ts groupStats) rather than from the raw values. Same rules as
 * tInterval for bounds and for units without spread.
 */
export function tFromMoments(m: number, sd: number, n: number, level = 0.95, bounds?: Bounds): MeanInterval {
  if (n < 2) return { mean: m, lo: NaN, hi: NaN, sd: NaN, n };
  if (!(sd > SPREAD_EPS * Math.max(1, Math.abs(m)))) {
    if (!bounds) return { mean: m, lo: NaN, hi: NaN, sd, n };
    const e = equalUnitsInterval(m, n, level, bounds);
    return { mean: m, lo: e.lo, hi: e.hi, sd, n };
  }
  const half = (tFor(level, n - 1) * sd) / Math.sqrt(n);
  if (!bounds) return { mean: m, lo: m - half, hi: m + half, sd, n };
  return { mean: m, lo: Math.max(bounds.min, m - half), hi: Math.min(bounds.max, m + half), sd, n };
}

/** Spread below this (relative) is no spread: rounding leaves ~1e-16 where every unit is equal. */
const SPREAD_EPS = 1e-12;

/**
 * The exact interval for the mean μ of a quantity in [min, max] when all n independent units
 * came out equal to v. An interval's upper end u is the largest μ for which n equal units
 * are still plausible: a distribution with mean μ > v must put mass at least
 * (μ − v)/(max − v) away from v, so P(n units all equal v) ≤ (1 − (μ − v)/(max − v))ⁿ; setting
 * that to (1 − level)/2 gives u = v + (1 − q)(max − v) with q = ((1 − level)/2)^(1/n), and the
 * lower end alike. At v = 0 or 1 on [0, 1] it is the Clopper–Pearson interval for 0 of n or
 * n of n (0.631 for 8 of 8 won, where Wilson's 0.676 undercovers). It never has zero width:
 * identical units say the spread is small, not that it is nil.
 */
export function equalUnitsInterval(v: number, n: number, level: number, bounds: Bounds): { lo: number; hi: number } {
  if (!(n >= 1)) return { lo: NaN, hi: NaN };
  const q = ((1 - level) / 2) ** (1 / n);
  return { lo: v - (1 - q) * (v - bounds.min), hi: v + (1 - q) * (bounds.max - v) };
}

/**
 * A standard error that never claims more than n units can show: the sample's sd/√n, but at
 * least the one implied by equalUnitsInterval at 95% (its half-width over t(n − 1)), which is
 * what n identical units leave open. For weights, rankings and gaps where a zero-spread
 * sample would otherwise count as exact (weight 1/se² infinite). NaN below two units.
 */
export function seFloored(xs: ArrayLike<number>, bounds: Bounds): number {
  const n = xs.length;
  if (n < 2) return NaN;
  return Math.max(Math.sqrt(variance(xs) / n), seFloor(n, bounds));
}

/**
 * The sample's standard error when its units differ, else (every unit equal) seFloor: for
 * tests whose intervals are t intervals on the sample's own spread, where only the
 * zero-spread case would claim certainty. Weights and rankings use seFloored.
 */
export function seOrFloor(xs: ArrayLike<number>, bounds: Bounds): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const sd = Math.sqrt(variance(xs));
  return sd > SPREAD_EPS * Math.max(1, Math.abs(mean(xs))) ? sd / Math.sqrt(n) : seFloor(n, bounds);
}

/** The smallest honest standard error at n units of a quantity in `bounds` (see seFloored). */
export function seFloor(n: number, bounds: Bounds): number {
  if (n < 2) return NaN;
  const q = 0.025 ** (1 / n);
  return ((1 - q) * (bounds.max - bounds.min)) / 2 / tFor(0.95, n - 1);
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}
