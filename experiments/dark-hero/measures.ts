/**
 * Measures the Dark Hero studies read from game records, and verdict wording that is
 * only as strong as its interval.
 *
 * Dark Hero is not zero-sum and teammates (heroes with the same goal) always get the same
 * return, so the studies compare *teams* (Free vs Safe) or heroes of opposite goals,
 * never heroes of the same goal.
 */
import { tInterval, type MeanInterval } from '../../src/analysis/stats/descriptive.js';
import { holm, type HolmDecision } from '../../src/analysis/stats/multiplicity.js';
import type { GameRecord } from '../../src/sim/types.js';

function goalsOf(r: GameRecord): readonly string[] {
  return r.tags['goals'] as readonly string[];
}

/** Mean return of the heroes of `goal` in one game (NaN when the goal is absent). */
export function teamShare(r: GameRecord, goal: 'free' | 'safe'): number {
  const goals = goalsOf(r);
  let sum = 0;
  let k = 0;
  for (let seat = 0; seat < goals.length; seat++)
    if (goals[seat] === goal) {
      sum += r.returns[seat]!;
      k++;
    }
  return k ? sum / k : NaN;
}

/** The goal the starting Bent favours: Bent 1–2 pull toward Chaos (Free's side), 3–4 toward Fascist (Safe's). */
export function favouredGoal(r: GameRecord): 'free' | 'safe' {
  return Number(r.tags['bentRoll']) <= 2 ? 'free' : 'safe';
}

/** Favoured team's share minus the underdog team's share in one game, in [-1, 1]. */
export function underdogGap(r: GameRecord): number {
  const fav = favouredGoal(r);
  return teamShare(r, fav) - teamShare(r, fav === 'free' ? 'safe' : 'free');
}

/** True when every hero scored 0 (the meter ended at an extreme, or far from both goals). */
export function allLost(r: GameRecord): number {
  return r.returns.every((x) => x === 0) ? 1 : 0;
}

/** t interval over the non-NaN values, at `level` (95% unless a multiplicity correction asks for more). */
export function interval(xs: readonly number[], level = 0.95): MeanInterval {
  return tInterval(xs.filter((x) => !Number.isNaN(x)), level);
}

/** A mean share with its t interval clipped to [0, 1] (shares cannot leave it). */
export function shareInterval(xs: readonly number[]): MeanInterval {
  const m = interval(xs);
  return { ...m, lo: Math.max(0, m.lo), hi: Math.min(1, m.hi) };
}

/** Per-game differences of `metric` between two runs on the same seeds (game i against game i), t interval at `level`. */
export function pairedByGame(a: readonly GameRecord[], b: readonly GameRecord[], metric: (r: GameRecord) => number, level = 0.95): MeanInterval {
  const byIndex = new Map(b.map((r) => [r.index, r]));
  const diffs: number[] = [];
  for (const r of a) {
    const s = byIndex.get(r.index);
    if (s && s.seed === r.seed) diffs.push(metric(r) - metric(s));
  }
  return interval(diffs, level);
}

/** The difference verdict and its interval format ("0.123 [0.101, 0.145] n=400") are the analysis layer's, shared with every study. */
export { differenceVerdict, formatDifference as fmt } from '../../src/analysis/stats/verdict.js';

/**
 * Holm over a family of per-game difference samples (null: mean 0). Ordered by |t|; each
 * decision's level is the confidence its interval must be shown at.
 */
export function holmDifferences(samples: readonly (readonly number[])[]): HolmDecision[] {
  return holm(
    samples,
    (xs) => {
      const t = interval(xs);
      return t.sd > 0 ? Math.abs(t.mean) / (t.sd / Math.sqrt(t.n)) : 0;
    },
    (xs, level) => {
      const t = interval(xs, level);
      return t.lo > 0 || t.hi < 0;
    },
  );
}

/** Rounds for tables. */
export function r3(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1000) / 1000 : x;
}
