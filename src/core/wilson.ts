/**
 * Wilson score interval for a proportion. Works for win *shares* (draws count 0.5) by
 * treating the summed share as the success count, the usual practice in engine testing.
 */
export interface Proportion {
  /** Point estimate (successes / n), NaN when n = 0. */
  readonly p: number;
  /** Lower and upper 95% bounds (or at the requested level). */
  readonly lo: number;
  readonly hi: number;
  /** Sample size. */
  readonly n: number;
}

/** z for a two-sided interval at `level` (0.95 → 1.959964). */
export function zFor(level: number): number {
  // Acklam's inverse-normal approximation (relative error < 1.2e-9).
  const p = 1 - (1 - level) / 2;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p <= 1 - pl) {
    const q = p - 0.5;
    const r = q * q;
    return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  const q = Math.sqrt(-2 * Math.log(1 - p));
  return -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
}

/** Wilson interval for `successes` out of `n` (successes may be fractional). */
export function wilson(successes: number, n: number, level = 0.95): Proportion {
  if (n <= 0) return { p: NaN, lo: 0, hi: 1, n: 0 };
  const z = zFor(level);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half), n };
}

/** "0.547 [0.512, 0.581] n=800" */
export function formatProportion(x: Proportion, digits = 3): string {
  return `${x.p.toFixed(digits)} [${x.lo.toFixed(digits)}, ${x.hi.toFixed(digits)}] n=${x.n}`;
}
