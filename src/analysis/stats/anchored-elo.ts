/**
 * Elo ratings anchored at a named player, from aggregated head-to-head shares that each
 * carry their own interval — what a training run records (checkpoint vs previous best,
 * checkpoint vs fixed baselines: a paired share with a 95% interval over pairs).
 *
 * Model: Bradley–Terry, P(a beats b) = σ(θ_a − θ_b), with θ_anchor = 0 and Elo = 400·θ/ln 10.
 * Each result is weighted by its effective number of games n_eff = s(1 − s) / se², where
 * se is read back from its interval: one share with its interval then gives exactly the
 * Elo interval the delta method gives (so the rating never claims more than the measured
 * interval did — seat-swapped pairs are usually less noisy than n coin flips, and this
 * credits that, no more). The fit is Newton–Raphson on the weighted log-likelihood with a
 * weak normal prior on every θ (sd 4, about ±700 Elo) that only keeps a player with all
 * wins or all losses finite; intervals are ±z·se from the inverse of the (penalised)
 * information matrix, relative to the anchor.
 */
import { spdInverse, zeros } from './linalg.js';
import { tFor } from './descriptive.js';

export interface ShareResult {
  readonly a: string;
  readonly b: string;
  /** a's share against b in [0, 1]. */
  readonly share: number;
  /** Its interval (at `level`, default 95%). */
  readonly lo: number;
  readonly hi: number;
  readonly level?: number;
  /** Units behind it (pairs); used when the interval has zero width. */
  readonly n: number;
  /**
   * Standard error of the share over its units, when known. It beats reading one back
   * from [lo, hi]: an interval cut to [0, 1] near a share of 1 is narrower than the spread
   * of the units, and would weigh the result as more games than it is worth.
   */
  readonly se?: number;
}

export interface AnchoredRating {
  readonly name: string;
  readonly elo: number;
  readonly lo: number;
  readonly hi: number;
  /** Results this player took part in. */
  readonly results: number;
}

const ELO = 400 / Math.LN10;
const PRIOR_SD = 4;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Effective games behind a share, from its interval (see the module comment). */
export function effectiveGames(r: ShareResult): number {
  const se = r.se !== undefined && Number.isFinite(r.se) ? r.se : (r.hi - r.lo) / (2 * tFor(r.level ?? 0.95, Infinity));
  const s = Math.min(Math.max(r.share, 0.5 / (r.n + 1)), 1 - 0.5 / (r.n + 1));
  return se > 0 ? (s * (1 - s)) / (se * se) : r.n;
}

/**
 * Anchored Bradley–Terry/Elo fit. `anchor` gets Elo 0 (with a zero-width interval); the
 * other players' intervals are at `level`. Players with no path of results to the anchor
 * keep the prior's 0 and a huge interval (the report shows it, never hides it).
 */
export function anchoredElo(results: readonly ShareResult[], anchor: string, level = 0.95): AnchoredRating[] {
  const names = [anchor, ...new Set(results.flatMap((r) => [r.a, r.b]).filter((n) => n !== anchor))];
  const index = new Map(names.map((n, i) => [n, i - 1])); // anchor → −1 (fixed at 0)
  const k = names.length - 1;
  if (k === 0) return [{ name: anchor, elo: 0, lo: 0, hi: 0, results: 0 }];
  const edges = results
    .filter((r) => r.a !== r.b && Number.isFinite(r.share))
    .map((r) => ({ i: index.get(r.a)!, j: index.get(r.b)!, s: r.share, w: effectiveGames(r) }));
  const theta = new Array<number>(k).fill(0);
  const at = (i: number) => (i < 0 ? 0 : theta[i]!);
  let info = zeros(k, k);
  for (let iter = 0; iter < 100; iter++) {
    const grad = theta.map((t) => -t / PRIOR_SD ** 2);
    info = zeros(k, k);
    for (let i = 0; i < k; i++) info[i]![i] = 1 / PRIOR_SD ** 2;
    for (const e of edges) {
      const p = sigmoid(at(e.i) - at(e.j));
      const g = e.w * (e.s - p);
      const h = e.w * p * (1 - p);
      if (e.i >= 0) {
        grad[e.i]! += g;
        info[e.i]![e.i]! += h;
      }
      if (e.j >= 0) {
        grad[e.j]! -= g;
        info[e.j]![e.j]! += h;
      }
      if (e.i >= 0 && e.j >= 0) {
        info[e.i]![e.j]! -= h;
        info[e.j]![e.i]! -= h;
      }
    }
    const inv = spdInverse(info);
    if (!inv) break;
    let change = 0;
    for (let i = 0; i < k; i++) {
      let step = 0;
      for (let j = 0; j < k; j++) step += inv[i]![j]! * grad[j]!;
      theta[i]! += step;
      change = Math.max(change, Math.abs(step));
    }
    if (change < 1e-10) break;
  }
  const cov = spdInverse(info);
  const z = tFor(level, Infinity);
  return names.map((name, idx) => {
    const i = idx - 1;
    const elo = i < 0 ? 0 : ELO * theta[i]!;
    const se = i < 0 || !cov ? 0 : ELO * Math.sqrt(cov[i]![i]!);
    return { name, elo, lo: elo - z * se, hi: elo + z * se, results: results.filter((r) => r.a === name || r.b === name).length };
  });
}
