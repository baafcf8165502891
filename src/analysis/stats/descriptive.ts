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

/** Mean with a t interval over independent units (pairs, seeds, games). */
export function tInterval(xs: ArrayLike<number>, level = 0.95): MeanInterval {
  const n = xs.length;
  return tFromMoments(mean(xs), n < 2 ? NaN : Math.sqrt(variance(xs)), n, level);
}

/**
 * The t interval from a sample's mean, sample standard deviation (n − 1) and size, as
 * tInterval computes it: for tables whose groups' moments come from a group-by
 * (src/analysis/table.ts groupStats) rather than from the raw values.
 */
export function tFromMoments(m: number, sd: number, n: number, level = 0.95): MeanInterval {
  if (n < 2) return { mean: m, lo: NaN, hi: NaN, sd: NaN, n };
  const half = (tFor(level, n - 1) * sd) / Math.sqrt(n);
  return { mean: m, lo: m - half, hi: m + half, sd, n };
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}
