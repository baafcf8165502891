/**
 * Multiple comparisons. A report that tests m items (measures, powers, builds, settings)
 * at 95% each would show a false "supported" verdict in about 1 − 0.95^m of null
 * reports (40% for m = 10). Holm's step-down procedure keeps the chance of even one
 * false claim in a report (the family-wise error rate) at most α, and is uniformly more
 * powerful than Bonferroni.
 *
 * Holm (1979), "A simple sequentially rejective multiple test procedure", Scand. J.
 * Statist. 6. Items are taken from the strongest evidence down; the k-th (from 0) is
 * tested at level α/(m − k); the procedure stops at the first item that fails, and every
 * item from there on is not rejected. Here a test is "the interval at confidence
 * 1 − α/(m − k) excludes the null", so the interval a report shows for an item is the
 * one its verdict was decided on — verdict and table cannot disagree.
 */

export interface HolmDecision {
  /** Confidence level the item was tested at (its interval should be shown at it). */
  readonly level: number;
  /** The item's null hypothesis is rejected (its verdict may be 'supported'). */
  readonly rejected: boolean;
  /** Number of items in the family (m). */
  readonly family: number;
}

/**
 * Holm's step-down procedure over `items`. `strength(item)` orders them (larger = more
 * evidence, e.g. |estimate| / standard error); `excludesNull(item, level)` says whether
 * the item's interval at that confidence level excludes its null value. Decisions are
 * returned in the items' order.
 */
export function holm<T>(
  items: readonly T[],
  strength: (item: T) => number,
  excludesNull: (item: T, level: number) => boolean,
  alpha = 0.05,
): HolmDecision[] {
  const m = items.length;
  const order = items.map((_, i) => i).sort((a, b) => (strength(items[b]!) || 0) - (strength(items[a]!) || 0));
  const out: HolmDecision[] = new Array(m);
  let stopped = false;
  let stopLevel = 1 - alpha / m;
  for (let k = 0; k < m; k++) {
    const i = order[k]!;
    if (stopped) {
      out[i] = { level: stopLevel, rejected: false, family: m };
      continue;
    }
    const level = 1 - alpha / (m - k);
    const rejected = excludesNull(items[i]!, level);
    if (!rejected) {
      stopped = true;
      stopLevel = level;
    }
    out[i] = { level, rejected, family: m };
  }
  return out;
}

/** "95%" / "99.5%": a confidence level as people write it. */
export function formatLevel(level: number): string {
  return `${Number((level * 100).toFixed(2))}%`;
}

/** The sentence every report with a family of tests carries. */
export function holmNote(family: number, what: string, alpha = 0.05): string {
  return family <= 1
    ? `One ${what} tested at ${formatLevel(1 - alpha)}.`
    : `${family} ${what} tested together; Holm's step-down correction keeps the chance of any false "supported" verdict among them at most ${formatLevel(alpha)} (intervals are shown at the confidence level each was tested at, ${formatLevel(1 - alpha / family)} for the strongest).`;
}
