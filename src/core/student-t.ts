/** Student-t quantiles for the 95% intervals over independent units (pairs, seeds, games). */
import { zFor } from './wilson.js';

/**
 * Two-sided Student-t critical value for `df` degrees of freedom (t such that
 * P(|T| ≤ t) = level). Exact for df = 1, 2; otherwise the Cornish–Fisher expansion of
 * t in z (Abramowitz & Stegun 26.7.5), accurate to ~1e-3 from df = 3 and better above.
 */
export function tFor(level: number, df: number): number {
  if (!(df > 0)) return NaN;
  if (!Number.isFinite(df) || df > 1e7) return zFor(level);
  const p = 1 - (1 - level) / 2;
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const z = zFor(level);
  const z2 = z * z;
  const g1 = (z2 * z + z) / 4;
  const g2 = ((5 * z2 + 16) * z2 * z + 3 * z) / 96;
  const g3 = (((3 * z2 + 19) * z2 + 17) * z2 * z - 15 * z) / 384;
  const g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 * z - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}
