/**
 * Bradley–Terry ratings: P(i beats j) = π_i / (π_i + π_j), fitted by Hunter's (2004)
 * minorization–maximization (MM) algorithm, "MM algorithms for generalized Bradley–Terry
 * models", Ann. Statist. 32(1). Draws count as half a win for each side (so fractional
 * shares are fine). Strengths are reported on a log scale and on the Elo scale
 * (400·log10 π, mean 0), with percentile-bootstrap 95% intervals that resample whole
 * groups (games) with a seeded Rng.
 *
 * Multi-player games are decomposed into pairwise results (`pairwiseFromRecords`).
 */
import type { GameRecord } from '../../core/record.js';
import { Rng } from '../../core/rng.js';
import { invalid } from '../../core/errors.js';
import { quantileSorted } from './descriptive.js';

/** One head-to-head result: `score` is a's share against b in [0, 1] (draw = 0.5). */
export interface PairResult {
  readonly a: string;
  readonly b: string;
  readonly score: number;
  /** How many games this result stands for (default 1). */
  readonly weight?: number;
  /** Resampling unit for the bootstrap (e.g. the game index); default: the result itself. */
  readonly group?: string | number;
}

export interface Rating {
  readonly name: string;
  /** Bradley–Terry strength π (geometric mean of all strengths = 1). */
  readonly strength: number;
  /** 400·log10(π), centred on the mean player. */
  readonly elo: number;
  /** 95% bootstrap interval of the Elo rating (NaN without bootstrap). */
  readonly lo: number;
  readonly hi: number;
  /** Sorted bootstrap Elo ratings (empty without bootstrap): intervals at other levels, e.g. Holm's. */
  readonly bootstrapElo: readonly number[];
  /** Games played (sum of weights). */
  readonly games: number;
  /** Share of points scored. */
  readonly share: number;
}

export interface BradleyTerryOptions {
  /**
   * Virtual games per player drawn against an average (π = 1) opponent. Keeps a player
   * with all wins or all losses finite; 0 gives the plain maximum-likelihood fit.
   * Default 1.
   */
  readonly prior?: number;
  /** Bootstrap resamples for intervals (0 = none). Default 200. */
  readonly bootstrap?: number;
  /** Seed for the bootstrap stream. Default 1. */
  readonly seed?: number;
  readonly level?: number;
  readonly maxIterations?: number;
  readonly tolerance?: number;
}

export interface BradleyTerryFit {
  readonly ratings: readonly Rating[];
  readonly iterations: number;
  readonly converged: boolean;
}

interface Tally {
  readonly names: string[];
  /** wins[i] = points scored by i. */
  readonly wins: Float64Array;
  /** games[i][j] = games between i and j (symmetric). */
  readonly games: Float64Array[];
}

/**
 * Points and games per player. `multiplicity[u]` (bootstrap) counts how often group u
 * was drawn; without it every result counts once.
 */
function tally(results: readonly PairResult[], names: string[], groups?: readonly (readonly number[])[], multiplicity?: Uint32Array): Tally {
  const index = new Map(names.map((n, i) => [n, i]));
  const k = names.length;
  const wins = new Float64Array(k);
  const games = Array.from({ length: k }, () => new Float64Array(k));
  const add = (r: PairResult, times: number): void => {
    const i = index.get(r.a)!;
    const j = index.get(r.b)!;
    if (i === j) return;
    const w = (r.weight ?? 1) * times;
    wins[i]! += w * r.score;
    wins[j]! += w * (1 - r.score);
    games[i]![j]! += w;
    games[j]![i]! += w;
  };
  if (groups && multiplicity) {
    groups.forEach((g, u) => {
      if (multiplicity[u]! > 0) for (const r of g) add(results[r]!, multiplicity[u]!);
    });
  } else {
    for (const r of results) add(r, 1);
  }
  return { names, wins, games };
}

/** MM iterations: π_i ← (W_i + prior/2) / (Σ_j n_ij/(π_i+π_j) + prior/(π_i+1)). */
function fitStrengths(t: Tally, prior: number, maxIterations: number, tolerance: number): { pi: Float64Array; iterations: number; converged: boolean } {
  const k = t.names.length;
  let pi = new Float64Array(k).fill(1);
  for (let it = 1; it <= maxIterations; it++) {
    const next = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      let denom = prior / (pi[i]! + 1);
      const row = t.games[i]!;
      for (let j = 0; j < k; j++) if (row[j]! > 0) denom += row[j]! / (pi[i]! + pi[j]!);
      next[i] = denom > 0 ? (t.wins[i]! + prior / 2) / denom : 1;
    }
    // Fix the scale: geometric mean 1 (the model only identifies ratios).
    let logMean = 0;
    for (let i = 0; i < k; i++) logMean += Math.log(Math.max(next[i]!, 1e-300));
    const g = Math.exp(logMean / k);
    let change = 0;
    for (let i = 0; i < k; i++) {
      next[i] = Math.max(next[i]! / g, 1e-300);
      change = Math.max(change, Math.abs(Math.log(next[i]!) - Math.log(pi[i]!)));
    }
    pi = next;
    if (change < tolerance) return { pi, iterations: it, converged: true };
  }
  return { pi, iterations: maxIterations, converged: false };
}

const toElo = (pi: number): number => (400 * Math.log(pi)) / Math.LN10;

/** Fits Bradley–Terry strengths with bootstrap intervals on the Elo scale. */
export function bradleyTerry(results: readonly PairResult[], options: BradleyTerryOptions = {}): BradleyTerryFit {
  const prior = options.prior ?? 1;
  const boots = options.bootstrap ?? 200;
  const level = options.level ?? 0.95;
  const maxIterations = options.maxIterations ?? 10_000;
  const tolerance = options.tolerance ?? 1e-10;
  if (!(prior >= 0)) throw invalid('Bradley–Terry options', 'prior', prior, 'a number ≥ 0');
  for (const r of results) {
    if (!(r.score >= 0 && r.score <= 1)) throw invalid('Bradley–Terry results', 'score', r.score, 'a share in [0, 1]');
  }
  const names = [...new Set(results.flatMap((r) => [r.a, r.b]))].sort();
  const t = tally(results, names);
  const fit = fitStrengths(t, prior, maxIterations, tolerance);

  const samples: number[][] = names.map(() => []);
  if (boots > 0 && results.length > 0) {
    const byKey = new Map<string, number[]>();
    results.forEach((r, i) => {
      const key = r.group !== undefined ? String(r.group) : `#${i}`;
      const g = byKey.get(key);
      if (g) g.push(i);
      else byKey.set(key, [i]);
    });
    const groups = [...byKey.values()];
    const rng = new Rng(options.seed ?? 1);
    const drawn = new Uint32Array(groups.length);
    for (let b = 0; b < boots; b++) {
      drawn.fill(0);
      for (let u = 0; u < groups.length; u++) drawn[rng.int(groups.length)]!++;
      const bt = fitStrengths(tally(results, names, groups, drawn), prior, 2000, 1e-8);
      for (let i = 0; i < names.length; i++) samples[i]!.push(toElo(bt.pi[i]!));
    }
  }
  const ratings = names.map((name, i): Rating => {
    const s = samples[i]!.sort((x, y) => x - y);
    let games = 0;
    for (let j = 0; j < names.length; j++) games += t.games[i]![j]!;
    return {
      name,
      strength: fit.pi[i]!,
      elo: toElo(fit.pi[i]!),
      lo: s.length ? quantileSorted(s, (1 - level) / 2) : NaN,
      hi: s.length ? quantileSorted(s, 1 - (1 - level) / 2) : NaN,
      bootstrapElo: s,
      games,
      share: games > 0 ? t.wins[i]! / games : NaN,
    };
  });
  ratings.sort((x, y) => y.strength - x.strength);
  return { ratings, iterations: fit.iterations, converged: fit.converged };
}

/** Bradley–Terry win probability of a against b. */
export function winProbability(a: Rating, b: Rating): number {
  return a.strength / (a.strength + b.strength);
}

/**
 * Pairwise results from game records: every two seats with different names give one
 * result, score = r_i / (r_i + r_j) (½ when both got nothing). In a 2-player game that is
 * the share itself; in a multi-player game the winner beats each loser and losers draw
 * among themselves. Each result is grouped by game, so the bootstrap resamples games.
 * `name` picks what is rated (default the agent spec in the seat; use a tag for builds).
 */
export function pairwiseFromRecords(
  records: readonly GameRecord[],
  name: (r: GameRecord, seat: number) => string = (r, seat) => r.seats[seat]!,
): PairResult[] {
  const out: PairResult[] = [];
  for (const r of records) {
    if (r.error !== undefined || r.returns.length === 0) continue;
    const n = r.returns.length;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const a = name(r, i);
        const b = name(r, j);
        if (a === b) continue;
        const ri = r.returns[i]!;
        const rj = r.returns[j]!;
        out.push({ a, b, score: ri + rj > 0 ? ri / (ri + rj) : 0.5, group: r.index });
      }
    }
  }
  return out;
}
