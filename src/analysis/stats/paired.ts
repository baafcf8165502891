/**
 * Paired games. With `paired: true` the runner plays games 2k and 2k+1 on the same seed
 * with the seats swapped, so seat and dice luck largely cancel inside a pair. The pair,
 * not the game, is then the independent unit: we score an agent slot per pair (mean of
 * its two games) and put a t interval over pairs. Unpaired records fall back to one game
 * per unit, so the same functions serve both kinds of run.
 *
 * Two configurations run with the same master seed share their seeds unit by unit, so
 * their difference can be taken per unit too ("common random numbers"), which is what
 * house-rule A/B comparisons and restricted play need.
 */
import type { GameRecord } from '../../core/record.js';
import { equalUnitsInterval, mean, tFor, tInterval, type MeanInterval } from './descriptive.js';
import { wilson } from '../../core/wilson.js';

/** A slot's score in one independent unit (a pair, or a single unpaired game). */
export interface UnitScore {
  /** `p<pair>` for a pair, `g<index>` for an unpaired game. */
  readonly key: string;
  readonly seed: number;
  /** Mean share of the slot over the unit's games (in [0, 1]). */
  readonly score: number;
  /** Games in the unit (2 for a complete pair). */
  readonly games: number;
}

/** A game is usable when it finished without error and has returns. */
export function isComplete(r: GameRecord): boolean {
  return r.error === undefined && r.returns.length > 0;
}

/**
 * The slot's share in one game: the mean of its returns over the seats it holds (a slot
 * holds several seats only when the agent list is shorter than the seat count). NaN when
 * the slot does not play in the game.
 */
export function slotShare(r: GameRecord, slot: number): number {
  let s = 0;
  let k = 0;
  for (let seat = 0; seat < r.slots.length; seat++) {
    if (r.slots[seat] === slot) {
      s += r.returns[seat] ?? NaN;
      k++;
    }
  }
  return k === 0 ? NaN : s / k;
}

function unitKey(r: GameRecord): string {
  return r.pair !== undefined ? `p${r.pair}` : `g${r.index}`;
}

/**
 * Per-unit scores of `slot`. A pair counts only when both of its games completed (a
 * half pair would bring the seat bias back); failed games drop their whole unit.
 */
export function unitScores(records: readonly GameRecord[], slot: number): UnitScore[] {
  const groups = new Map<string, GameRecord[]>();
  for (const r of records) {
    const k = unitKey(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const out: UnitScore[] = [];
  for (const [key, games] of groups) {
    const paired = games[0]!.pair !== undefined;
    if (paired && games.length !== 2) continue;
    if (!games.every(isComplete)) continue;
    const shares = games.map((g) => slotShare(g, slot));
    if (shares.some((x) => Number.isNaN(x))) continue;
    out.push({ key, seed: games[0]!.seed, score: mean(shares), games: games.length });
  }
  return out.sort((a, b) => compareKeys(a.key, b.key));
}

function compareKeys(a: string, b: string): number {
  return a[0] === b[0] ? Number(a.slice(1)) - Number(b.slice(1)) : a < b ? -1 : 1;
}

/** Win share of a slot as a mean over units, with a t interval over units. */
export interface PairedShare extends MeanInterval {
  /** Games behind the estimate (n counts units). */
  readonly games: number;
}

export function pairedShare(records: readonly GameRecord[], slot: number, level = 0.95): PairedShare {
  const units = unitScores(records, slot);
  return {
    ...unitShareInterval(
      units.map((u) => u.score),
      level,
    ),
    games: units.reduce((a, u) => a + u.games, 0),
  };
}

/**
 * A share as the mean of per-unit scores in [0, 1] (pairs, seeds or games), with a t
 * interval over the units cut to [0, 1]. When every unit scored the same (no spread: a
 * checkpoint that won every pair, 8 pairs each split ½) the t interval has no width and
 * would claim certainty, so the exact interval for equal units is given instead
 * (`equalUnitsInterval`: Clopper–Pearson for n of n; 0.500 [0.315, 0.685] for 8 pairs all ½).
 */
export function unitShareInterval(scores: readonly number[], level = 0.95): MeanInterval {
  if (scores.length === 1) {
    // One unit: no spread can be seen at all; the equal-units bound at n = 1 is what it allows.
    const e = equalUnitsInterval(scores[0]!, 1, level, SHARE);
    return { mean: scores[0]!, lo: e.lo, hi: e.hi, sd: NaN, n: 1 };
  }
  return tInterval(scores, level, SHARE);
}

const SHARE = { min: 0, max: 1 } as const;

/**
 * A share over the units the games of `records` form when games sharing a seed are one
 * unit: every table of a study draws game i's seed from the master seed and i alone, so
 * game i of every table (and both games of a seat-swapped pair) see the same dice and are
 * not independent. `value` is the game's share (NaN leaves the game out); a unit scores
 * the mean of its games. n counts seeds.
 */
export function shareBySeed(records: readonly GameRecord[], value: (r: GameRecord) => number, level = 0.95): MeanInterval & { readonly games: number } {
  const bySeed = new Map<number, number[]>();
  let games = 0;
  for (const r of records) {
    if (!isComplete(r)) continue;
    const x = value(r);
    if (Number.isNaN(x)) continue;
    games++;
    const g = bySeed.get(r.seed);
    if (g) g.push(x);
    else bySeed.set(r.seed, [x]);
  }
  return { ...unitShareInterval([...bySeed.values()].map((xs) => mean(xs)), level), games };
}

/**
 * A share Σ hits / Σ n over clusters whose members are not independent (the heroes of one
 * game, the games on one seed). When no cluster holds more than one member it is the
 * Wilson interval over members; otherwise the ratio's cluster standard error
 * √(k/(k−1) · Σ (hits − p·n)²) / Σ n with a t quantile over the k clusters, cut to [0, 1]
 * (the exact interval for equal units over clusters when that error is 0); NaN bounds (not
 * estimable) from one cluster. `clusters` counts clusters.
 */
export function clusterShare(clusters: readonly { readonly hits: number; readonly n: number }[], level = 0.95): { p: number; lo: number; hi: number; clusters: number } {
  const used = clusters.filter((c) => c.n > 0);
  const total = used.reduce((a, c) => a + c.n, 0);
  const hits = used.reduce((a, c) => a + c.hits, 0);
  const k = used.length;
  // One cluster is one observation: no interval over it can be estimated (Wilson's [0, 0.793]
  // for 0 of 1 is not a 95% interval). The callers print "not estimable".
  if (k < 2) return { p: total > 0 ? hits / total : NaN, lo: NaN, hi: NaN, clusters: k };
  if (used.every((c) => c.n === 1)) {
    const w = wilson(hits, total, level);
    return { p: w.p, lo: w.lo, hi: w.hi, clusters: k };
  }
  const p = hits / total;
  const ss = used.reduce((a, c) => a + (c.hits - p * c.n) ** 2, 0);
  const se = Math.sqrt((k / Math.max(1, k - 1)) * ss) / total;
  if (!(se > 0)) {
    // Every cluster at the same ratio: the exact interval for equal units over clusters.
    const e = equalUnitsInterval(p, k, level, SHARE);
    return { p, lo: e.lo, hi: e.hi, clusters: k };
  }
  const half = tFor(level, k - 1) * se;
  return { p, lo: Math.max(0, p - half), hi: Math.min(1, p + half), clusters: k };
}

/** Difference of a slot's share between configurations A and B on their common units. */
export interface PairedDifference extends MeanInterval {
  /** Share of the slot in A and in B over the same common units. */
  readonly shareA: number;
  readonly shareB: number;
  /** Units present in only one run, or whose seeds differ (not common, so left out). */
  readonly unmatched: number;
}

/**
 * A − B share difference for `slot`, unit by unit over the units both runs completed
 * with the same seed, with a t interval over those units. Runs with different master
 * seeds share no units and give n = 0.
 */
export function pairedDifference(
  recordsA: readonly GameRecord[],
  recordsB: readonly GameRecord[],
  slot: number,
  level = 0.95,
  slotB = slot,
): PairedDifference {
  const a = unitScores(recordsA, slot);
  const b = new Map(unitScores(recordsB, slotB).map((u) => [u.key, u]));
  const diffs: number[] = [];
  let sa = 0;
  let sb = 0;
  let matched = 0;
  for (const u of a) {
    const v = b.get(u.key);
    if (!v || v.seed !== u.seed) continue;
    diffs.push(u.score - v.score);
    sa += u.score;
    sb += v.score;
    matched++;
  }
  // A difference of two shares lies in [−1, 1]: cut there, and never of zero width (see tInterval).
  const t = tInterval(diffs, level, { min: -1, max: 1 });
  return { ...t, shareA: sa / matched, shareB: sb / matched, unmatched: a.length + b.size - 2 * matched };
}

/**
 * Pentanomial counts for a 2-player paired run: how many pairs gave the slot 0, ½, 1,
 * 1½ or 2 points over its two games ([LL, LD, DD+WL, WD, WW] in engine-testing terms).
 * Fractional returns are rounded to the nearest half point per game first.
 */
export function pentanomial(records: readonly GameRecord[], slot: number): [number, number, number, number, number] {
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const u of unitScores(records, slot)) {
    if (u.games !== 2) continue;
    // score is the mean of two games; 4 × score is the pair total in half points.
    counts[Math.min(4, Math.max(0, Math.round(u.score * 4)))]!++;
  }
  return counts;
}

/** Trinomial counts [losses, draws, wins] of a slot over single games (share < ½, = ½, > ½). */
export function trinomial(records: readonly GameRecord[], slot: number): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (const r of records) {
    if (!isComplete(r)) continue;
    const s = slotShare(r, slot);
    if (Number.isNaN(s)) continue;
    counts[s > 0.5 + 1e-9 ? 2 : s < 0.5 - 1e-9 ? 0 : 1]++;
  }
  return counts;
}

function clamp01(x: number): number {
  return Number.isNaN(x) ? x : Math.min(1, Math.max(0, x));
}
