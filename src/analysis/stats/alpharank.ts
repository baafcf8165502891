/**
 * α-Rank (Omidshafiei et al. 2019, "α-Rank: Multi-Agent Evaluation by Evolution",
 * Scientific Reports 9:9937). Strategies are ranked by the stationary distribution of
 * a Markov chain over monomorphic populations: a population of m individuals all
 * playing s is invaded by a single mutant r, which takes over with the Fermi/Moran
 * fixation probability ρ(r → s) under selection intensity α. Transition probabilities
 * are η·ρ with η = 1 / Σ_k (|S_k| − 1); the stationary mass of each strategy (profile)
 * is its long-run share of time, and the ranking sorts by it.
 *
 * Single population (symmetric 2-player games, payoff M[r][s] to r against s): the
 * mutant count p changes by selection with fitness
 *   f_r(p) = ((p − 1) M[r][r] + (m − p) M[r][s]) / (m − 1),
 *   f_s(p) = ((m − p − 1) M[s][s] + p M[s][r]) / (m − 1),
 *   ρ = 1 / (1 + Σ_{l=1}^{m−1} Π_{p=1}^{l} exp(−α (f_r(p) − f_s(p)))).
 * Multi-population (one population per player, payoff tables per population): the
 * fitness of the deviating population k is its payoff in the profile, so
 *   ρ = (1 − e^{−u}) / (1 − e^{−m u}),  u = α (f_k(r) − f_k(s))  (1/m when u = 0).
 * Fixation probabilities are computed as logarithms and the stationary distribution by
 * GTH state reduction in log space, so large α (the paper recommends "as large as
 * numerically possible") neither overflows nor makes the chain look reducible. Matches
 * OpenSpiel's `alpharank.compute` with use_local_selection_model=False.
 */
import { invalid, UserError } from '../../core/errors.js';

export interface AlphaRankOptions {
  /** Selection intensity α (default 10; larger separates strategies more sharply). */
  readonly alpha?: number;
  /** Population size m (default 50). */
  readonly m?: number;
}

export interface AlphaRankEntry<P> {
  /** The strategy index (single population) or the profile (multi-population). */
  readonly strategy: P;
  /** Stationary mass. */
  readonly mass: number;
  /** 1 = highest mass; ties (within 1e-9) share a rank. */
  readonly rank: number;
}

export interface AlphaRankResult<P> {
  /** Stationary distribution, indexed like the strategies / profiles. */
  readonly pi: readonly number[];
  readonly ranking: readonly AlphaRankEntry<P>[];
  /** Markov transition matrix (row = current, column = next). */
  readonly transitions: readonly (readonly number[])[];
}

function checkParams(o: AlphaRankOptions): { alpha: number; m: number } {
  const alpha = o.alpha ?? 10;
  const m = o.m ?? 50;
  if (!(alpha >= 0 && Number.isFinite(alpha))) throw invalid('α-Rank options', 'alpha', alpha, 'a finite number ≥ 0');
  if (!(Number.isInteger(m) && m >= 2)) throw invalid('α-Rank options', 'm', m, 'an integer ≥ 2');
  return { alpha, m };
}

function logSumExp(xs: readonly number[]): number {
  const max = Math.max(...xs);
  if (max === -Infinity) return -Infinity;
  let s = 0;
  for (const x of xs) s += Math.exp(x - max);
  return max + Math.log(s);
}

/** log ρ, where ρ = 1 / Σ_{l=0}^{m−1} exp(L_l) with L_0 = 0 and L_l = −α Σ_{p≤l} Δ_p. */
function logFixation(deltas: readonly number[], alpha: number): number {
  const logs = [0];
  let acc = 0;
  for (const d of deltas) {
    acc -= alpha * d;
    logs.push(acc);
  }
  return -logSumExp(logs);
}

function logAddExp(x: number, y: number): number {
  if (x === -Infinity) return y;
  if (y === -Infinity) return x;
  return Math.max(x, y) + Math.log1p(Math.exp(-Math.abs(x - y)));
}

/**
 * Stationary distribution from the *logarithms* of the off-diagonal transition
 * probabilities (diagonal ignored), by the Grassmann–Taksar–Heyman state reduction.
 * GTH never subtracts, so it stays accurate for nearly reducible chains, and working in
 * logs means transitions like e^{−2000} (large α·m) neither underflow nor split the chain.
 */
export function stationaryFromLog(logP: readonly (readonly number[])[]): number[] {
  const n = logP.length;
  const l = logP.map((row) => row.slice());
  const logS = new Array<number>(n).fill(-Infinity);
  for (let k = n - 1; k >= 1; k--) {
    let sk = -Infinity;
    for (let j = 0; j < k; j++) sk = logAddExp(sk, l[k]![j]!);
    if (sk === -Infinity) {
      throw new UserError('α-Rank payoffs: the Markov chain is reducible (some strategy profile can never be left); allowed: payoffs under which every profile can be invaded');
    }
    logS[k] = sk;
    for (let i = 0; i < k; i++) {
      const via = l[i]![k]! - sk;
      if (via === -Infinity) continue;
      for (let j = 0; j < k; j++) if (j !== i) l[i]![j] = logAddExp(l[i]![j]!, via + l[k]![j]!);
    }
  }
  const logPi = new Array<number>(n).fill(0);
  for (let k = 1; k < n; k++) {
    let acc = -Infinity;
    for (let i = 0; i < k; i++) acc = logAddExp(acc, logPi[i]! + l[i]![k]!);
    logPi[k] = acc - logS[k]!;
  }
  const norm = logSumExp(logPi);
  return logPi.map((x) => Math.exp(x - norm));
}

/** Stationary distribution π of a row-stochastic matrix C (π C = π, Σ π = 1). */
export function stationaryDistribution(c: readonly (readonly number[])[]): number[] {
  return stationaryFromLog(c.map((row, i) => row.map((p, j) => (i === j || p <= 0 ? -Infinity : Math.log(p)))));
}

/** Transition matrix from log off-diagonals, with the diagonal as the staying mass. */
function toProbabilities(logC: readonly (readonly number[])[]): number[][] {
  return logC.map((row, i) => {
    const out = row.map((x, j) => (i === j ? 0 : Math.exp(x)));
    out[i] = 1 - out.reduce((a, b) => a + b, 0);
    return out;
  });
}

function rank<P>(pi: readonly number[], label: (i: number) => P): AlphaRankEntry<P>[] {
  const order = pi.map((_, i) => i).sort((x, y) => pi[y]! - pi[x]! || x - y);
  const out: AlphaRankEntry<P>[] = [];
  order.forEach((i, pos) => {
    const prev = out[pos - 1];
    const r = prev && Math.abs(prev.mass - pi[i]!) < 1e-9 ? prev.rank : pos + 1;
    out.push({ strategy: label(i), mass: pi[i]!, rank: r });
  });
  return out;
}

/**
 * Single-population α-Rank for a symmetric game: payoffs[r][s] is the payoff to a
 * player using r against one using s (e.g. r's win share).
 */
export function alphaRankSingle(payoffs: readonly (readonly number[])[], options: AlphaRankOptions = {}): AlphaRankResult<number> {
  const { alpha, m } = checkParams(options);
  const n = payoffs.length;
  if (n === 0 || payoffs.some((row) => row.length !== n || row.some((x) => !Number.isFinite(x)))) {
    throw invalid('α-Rank payoffs', 'payoff matrix', payoffs, 'a non-empty square matrix of finite numbers');
  }
  if (n === 1) return { pi: [1], ranking: [{ strategy: 0, mass: 1, rank: 1 }], transitions: [[1]] };
  const logEta = -Math.log(n - 1);
  const logC = Array.from({ length: n }, () => new Array<number>(n).fill(-Infinity));
  for (let s = 0; s < n; s++) {
    for (let r = 0; r < n; r++) {
      if (r === s) continue;
      const deltas: number[] = [];
      for (let p = 1; p < m; p++) {
        const fr = ((p - 1) * payoffs[r]![r]! + (m - p) * payoffs[r]![s]!) / (m - 1);
        const fs = ((m - p - 1) * payoffs[s]![s]! + p * payoffs[s]![r]!) / (m - 1);
        deltas.push(fr - fs);
      }
      logC[s]![r] = logEta + logFixation(deltas, alpha);
    }
  }
  const pi = stationaryFromLog(logC);
  return { pi, ranking: rank(pi, (i) => i), transitions: toProbabilities(logC) };
}

/**
 * Multi-population α-Rank. `counts[k]` strategies for population k; `payoff(k, profile)`
 * is population k's payoff when each population j plays profile[j]. Profiles are
 * indexed with population 0 varying slowest.
 */
export function alphaRankMulti(
  counts: readonly number[],
  payoff: (population: number, profile: readonly number[]) => number,
  options: AlphaRankOptions = {},
): AlphaRankResult<readonly number[]> {
  const { alpha, m } = checkParams(options);
  if (counts.length < 2 || counts.some((k) => !(Number.isInteger(k) && k >= 1))) {
    throw invalid('α-Rank', 'strategy counts', counts, 'one positive integer per population, at least two populations');
  }
  const profiles: number[][] = [[]];
  for (const k of counts) {
    const next: number[][] = [];
    for (const p of profiles) for (let s = 0; s < k; s++) next.push([...p, s]);
    profiles.splice(0, profiles.length, ...next);
  }
  const index = (p: readonly number[]): number => p.reduce((acc, s, k) => acc * counts[k]! + s, 0);
  const logEta = -Math.log(counts.reduce((acc, k) => acc + k - 1, 0));
  const n = profiles.length;
  const logC = Array.from({ length: n }, () => new Array<number>(n).fill(-Infinity));
  for (let i = 0; i < n; i++) {
    const s = profiles[i]!;
    for (let k = 0; k < counts.length; k++) {
      const fs = payoff(k, s);
      for (let r = 0; r < counts[k]!; r++) {
        if (r === s[k]) continue;
        const mutant = s.slice();
        mutant[k] = r;
        const u = payoff(k, mutant) - fs;
        logC[i]![index(mutant)] = logEta + logFixation(new Array<number>(m - 1).fill(u), alpha);
      }
    }
  }
  const pi = stationaryFromLog(logC);
  return { pi, ranking: rank(pi, (i) => profiles[i]!), transitions: toProbabilities(logC) };
}

/** Two-population α-Rank of a bimatrix game (row payoffs a, column payoffs b). */
export function alphaRankBimatrix(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  options: AlphaRankOptions = {},
): AlphaRankResult<readonly number[]> {
  const rows = a.length;
  const cols = a[0]?.length ?? 0;
  if (b.length !== rows || a.some((r) => r.length !== cols) || b.some((r) => r.length !== cols)) {
    throw invalid('α-Rank bimatrix', 'shape', `${rows}x${cols}`, 'two matrices of the same shape');
  }
  return alphaRankMulti([rows, cols], (k, p) => (k === 0 ? a : b)[p[0]!]![p[1]!]!, options);
}

/** Marginal mass of each strategy of population k (multi-population results). */
export function marginal(result: AlphaRankResult<readonly number[]>, k: number, count: number): number[] {
  const out = new Array<number>(count).fill(0);
  for (const e of result.ranking) out[e.strategy[k]!]! += e.mass;
  return out;
}
