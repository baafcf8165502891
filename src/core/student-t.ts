/** Student-t quantiles for the intervals over independent units (pairs, seeds, games). */
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { zFor } from './wilson.js';

/**
 * Two-sided Student-t critical value for `df` degrees of freedom: t such that
 * P(|T| ≤ t) = level. The exact quantile from stdlib (inverse regularized incomplete beta,
 * the Boost algorithm; agrees with R's qt and scipy to ~1e-15). The Cornish–Fisher
 * expansion used before gave 12.02 for the exact 12.51 at df 3 and 99.89%: Holm-level
 * intervals 4% too narrow exactly where samples are small.
 */
export function tFor(level: number, df: number): number {
  if (!(df > 0) || !(level > 0 && level < 1)) return NaN;
  if (!Number.isFinite(df)) return zFor(level);
  return tQuantile(1 - (1 - level) / 2, df);
}
