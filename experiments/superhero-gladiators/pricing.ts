/**
 * The statistics of the Superhero Gladiators cost study, apart from the games:
 *
 * 1. Relative prices. A logistic regression of a seat-swapped pair's share on the
 *    difference of the two sides' build features (every feature in formula points; see
 *    buildFeatures) gives β_j, the win log-odds one formula point of feature j buys. The
 *    average formula point the sampled builds hold is worth λ = Σ_j a_j β_j (a_j = mean
 *    x_j / mean total points). The mispricing of j is the contrast d_j = β_j − λ (for an
 *    enhancement, its own β_j: the extra value per point of the powers bought with it):
 *    0 when the formula prices j like everything else, > 0 under-priced, < 0 over-priced.
 *    The two formula-shape features (limited uses, points per level) are extras like
 *    enhancements: what the uses factor's discount and the level growth buy beyond fair.
 *    The contrast is what the games identify: every build costs about the budget, so
 *    adding a constant to every per-point value barely changes any prediction, and λ
 *    itself (hence a price in points, r_j = β_j / λ) is known only as well as the
 *    builds' spending varies (80–100% of the budget). Intervals: delta method from the
 *    fit's covariance; Holm over the family on d_j.
 * 2. The formula refit. Cost_θ(build) under constants θ (the level base, the 3.15, the
 *    1.1, each enhancement modifier, the characteristic price) and a scale κ:
 *    logit P(A beats B) = κ (Cost_θ(A) − Cost_θ(B)), fitted by maximum likelihood on
 *    the training pairs (Nelder–Mead; Wald intervals from a numerical Hessian on the
 *    transformed scale). Judged on held-out builds by the spread of their field shares
 *    around what their cost predicts, before (the formula as written, κ refitted) and
 *    after.
 */
import { logisticFit, type CostCurveRow, type LogisticFit } from '../../src/analysis/stats/costcurve.js';
import { spdInverse } from '../../src/analysis/stats/linalg.js';
import { nelderMead, numericalHessian } from '../../src/analysis/stats/optimize.js';
import { zFor } from '../../src/core/wilson.js';
import type { BuildOptions, HeroSpec } from '../../src/games/superhero-gladiators/index.js';
import { Rng } from '../../src/core/rng.js';
import { formulaCost, isExtraFeature, PRICED_ENHANCEMENTS } from './common.js';

/** One seat-swapped pair: side A's team, side B's team, A's share of the pair. */
export interface PairUnit {
  readonly a: readonly HeroSpec[];
  readonly b: readonly HeroSpec[];
  readonly share: number;
}

export interface RelativePrice {
  readonly feature: string;
  /** d_j: win log-odds per point beyond the average point's (enhancements: β_j); 0 = fair. */
  readonly excess: number;
  readonly excessSe: number;
  /** β_j / λ (enhancements: extra value per point of the powers bought with it). */
  readonly ratio: number;
  readonly se: number;
  /** The value the formula implies (1 for powers and characteristics, 0 for enhancements). */
  readonly nullValue: number;
  /** Builds in the fit holding this feature. */
  readonly holders: number;
  /** Mean formula points of the feature among its holders. */
  readonly meanPoints: number;
}

export interface PriceFit {
  readonly fit: LogisticFit;
  /** The average point's value λ (win log-odds per formula point) and its standard error. */
  readonly lambda: number;
  readonly lambdaSe: number;
  readonly prices: readonly RelativePrice[];
  /** Features left out: held by fewer than `minHolders` builds. */
  readonly tooRare: readonly string[];
}

/**
 * Fits relative prices on pair units. `features(team)` gives a side's features;
 * features held by fewer than `minHolders` distinct builds are left out (their column is
 * nearly empty and would make the fit singular).
 */
export function fitRelativePrices(
  units: readonly PairUnit[],
  features: (team: readonly HeroSpec[]) => Record<string, number>,
  names: readonly string[],
  minHolders = 8,
): PriceFit {
  const builds = new Map<string, HeroSpec>();
  for (const u of units) for (const h of [...u.a, ...u.b]) builds.set(h.name, h);
  const perBuild = [...builds.values()].map((h) => features([h]));
  const holders = (f: string) => perBuild.filter((x) => (x[f] ?? 0) > 0).length;
  const used = names.filter((f) => holders(f) >= minHolders);
  const tooRare = names.filter((f) => !used.includes(f));
  const rows: CostCurveRow[] = units.map((u) => {
    const fa = features(u.a);
    const fb = features(u.b);
    const d: Record<string, number> = {};
    for (const f of used) d[f] = (fa[f] ?? 0) - (fb[f] ?? 0);
    return { features: d, outcome: u.share };
  });
  const fit = logisticFit(rows, { intercept: false, features: used });
  // Numeraire weights: a build's total formula points are its power features plus its characteristic features.
  const isTotal = (f: string) => !isExtraFeature(f);
  const meanOf = (f: string) => perBuild.reduce((s, x) => s + (x[f] ?? 0), 0) / Math.max(1, perBuild.length);
  const total = used.filter(isTotal).reduce((s, f) => s + meanOf(f), 0);
  const a = used.map((f) => (isTotal(f) ? meanOf(f) / total : 0));
  const beta = fit.coefficients.map((c) => c.estimate);
  const cov = fit.covariance;
  const lambda = a.reduce((s, w, j) => s + w * beta[j]!, 0);
  const quad = (g: readonly number[]) => g.reduce((s, gi, i) => s + gi * g.reduce((t, gk, k) => t + cov[i]![k]! * gk, 0), 0);
  const lambdaSe = Math.sqrt(Math.max(0, quad(a)));
  const prices = used.map((f, j): RelativePrice => {
    const ratio = beta[j]! / lambda;
    // ∂(β_j/λ)/∂β_k = [k = j]/λ − β_j a_k / λ²
    const g = a.map((ak, k) => (k === j ? 1 / lambda : 0) - (beta[j]! * ak) / (lambda * lambda));
    const held = perBuild.filter((x) => (x[f] ?? 0) > 0);
    // d_j = β_j − λ (enhancements: β_j), gradient e_j − a (enhancements: e_j).
    const enh = isExtraFeature(f);
    const ge = a.map((ak, k) => (k === j ? 1 : 0) - (enh ? 0 : ak));
    return {
      feature: f,
      excess: beta[j]! - (enh ? 0 : lambda),
      excessSe: Math.sqrt(Math.max(0, quad(ge))),
      ratio,
      se: Math.sqrt(Math.max(0, quad(g))),
      nullValue: enh ? 0 : 1,
      holders: held.length,
      meanPoints: held.reduce((s, x) => s + x[f]!, 0) / Math.max(1, held.length),
    };
  });
  return { fit, lambda, lambdaSe, prices, tooRare };
}

/** The interval of a mispricing contrast d_j at `level`. */
export function excessInterval(p: RelativePrice, level: number): { lo: number; hi: number } {
  const z = zFor(level);
  return { lo: p.excess - z * p.excessSe, hi: p.excess + z * p.excessSe };
}

/** The interval of a relative price (r_j, in average points) at `level`. */
export function priceInterval(p: RelativePrice, level: number): { lo: number; hi: number } {
  const z = zFor(level);
  return { lo: p.ratio - z * p.se, hi: p.ratio + z * p.se };
}

// ---------------------------------------------------------------- the formula refit

/** The constants the refit moves (unit, usesA and no-gizmo stay: the scale κ absorbs them). */
export const REFIT_CONSTANTS = ['levelBase', 'usesB', 'usesBase', ...PRICED_ENHANCEMENTS.map((e) => `modifiers.${e}`), 'characteristicPrice'] as const;

/** Transformed, unconstrained parameters (REFIT_CONSTANTS order; κ, when present, last) → build options. */
function optionsFrom(x: readonly number[], base: BuildOptions): BuildOptions {
  const usesBase = 1 + Math.exp(x[2]!);
  const modifiers = { ...base.modifiers };
  PRICED_ENHANCEMENTS.forEach((e, i) => (modifiers[e] = Math.exp(x[3 + i]!)));
  return {
    ...base,
    levelBase: Math.exp(x[0]!),
    // usesB below usesA·usesBase keeps the uses factor positive at one use.
    usesB: base.usesA * usesBase / (1 + Math.exp(-x[1]!)),
    usesBase,
    modifiers,
    characteristicPrice: Math.exp(x[3 + PRICED_ENHANCEMENTS.length]!),
  };
}

function pointFrom(o: BuildOptions): number[] {
  const s = o.usesB / (o.usesA * o.usesBase);
  return [
    Math.log(o.levelBase),
    Math.log(s / (1 - s)),
    Math.log(o.usesBase - 1),
    ...PRICED_ENHANCEMENTS.map((e) => Math.log(o.modifiers[e])),
    Math.log(o.characteristicPrice),
  ];
}

/** Bounds that keep the refit in a region a designer would print (outside: +∞). */
function plausible(o: BuildOptions): boolean {
  return (
    o.levelBase >= 0.5 && o.levelBase <= 4 && o.usesBase <= 4 && o.characteristicPrice >= 1 && o.characteristicPrice <= 300 && PRICED_ENHANCEMENTS.every((e) => o.modifiers[e] >= 0.05 && o.modifiers[e] <= 20)
  );
}

const teamCost = (t: readonly HeroSpec[], o: BuildOptions) => t.reduce((s, h) => s + formulaCost(h, o), 0);

/** Binomial negative log-likelihood of pair shares under logit = κ·ΔCost (each build's cost computed once). */
function nll(units: readonly PairUnit[], o: BuildOptions, kappa: number): number {
  const costs = new Map<HeroSpec, number>();
  const cost = (t: readonly HeroSpec[]): number => {
    let c = 0;
    for (const h of t) {
      let v = costs.get(h);
      if (v === undefined) costs.set(h, (v = formulaCost(h, o)));
      c += v;
    }
    return c;
  };
  let s = 0;
  for (const u of units) {
    const eta = kappa * (cost(u.a) - cost(u.b));
    // y log σ(η) + (1 − y) log σ(−η) = yη − log(1 + e^η)
    s -= u.share * eta - (eta > 0 ? eta + Math.log1p(Math.exp(-eta)) : Math.log1p(Math.exp(eta)));
  }
  return s;
}

export interface RefitConstant {
  readonly name: string;
  readonly original: number;
  readonly refit: number;
  /** 95% Wald interval from the transformed scale (NaN when the Hessian is singular). */
  readonly lo: number;
  readonly hi: number;
}

export interface FormulaFit {
  readonly options: BuildOptions;
  readonly kappa: number;
  readonly nll: number;
}

/** κ alone for the formula as it stands (one-dimensional maximum likelihood). */
export function fitScale(units: readonly PairUnit[], o: BuildOptions): FormulaFit {
  const r = nelderMead((x) => nll(units, o, x[0]!), [0], { step: 0.01, tolerance: 1e-12 });
  return { options: o, kappa: r.x[0]!, nll: r.value };
}

/** The refit: every constant of REFIT_CONSTANTS and κ, with Wald intervals. */
export function refitFormula(units: readonly PairUnit[], base: BuildOptions): { fit: FormulaFit; constants: RefitConstant[]; converged: boolean } {
  const start = [...pointFrom(base), fitScale(units, base).kappa];
  const k = start.length - 1;
  const f = (x: readonly number[]): number => {
    const o = optionsFrom(x, base);
    return plausible(o) ? nll(units, o, x[k]!) : Infinity;
  };
  const step = start.map((_, i) => (i === k ? Math.max(1e-3, Math.abs(start[k]!) * 0.5) : 0.2));
  const r = nelderMead(f, start, { step, tolerance: 1e-10, maxEvaluations: 20_000, restarts: 4 });
  const best = optionsFrom(r.x, base);
  const hessian = numericalHessian(f, r.x);
  const cov = spdInverse(hessian);
  const z = zFor(0.95);
  const values = (o: BuildOptions): number[] => [o.levelBase, o.usesB, o.usesBase, ...PRICED_ENHANCEMENTS.map((e) => o.modifiers[e]), o.characteristicPrice];
  const orig = values(base);
  const fitted = values(best);
  const constants = REFIT_CONSTANTS.map((name, i): RefitConstant => {
    const se = cov ? Math.sqrt(Math.max(0, cov[i]![i]!)) : NaN;
    if (!Number.isFinite(se)) return { name, original: orig[i]!, refit: fitted[i]!, lo: NaN, hi: NaN };
    // Map the transformed interval's ends back through the same (monotone) transform.
    const end = (d: number) => {
      const x = [...r.x];
      x[i]! += d;
      return values(optionsFrom(x, base))[i]!;
    };
    const a = end(-z * se);
    const b = end(z * se);
    return { name, original: orig[i]!, refit: fitted[i]!, lo: Math.min(a, b), hi: Math.max(a, b) };
  });
  return { fit: { options: best, kappa: r.x[k]!, nll: r.value }, constants, converged: r.converged };
}

export interface Spread {
  /** Root mean square of (field share − predicted share) over the held-out builds. */
  readonly rms: number;
  /** The same with the sampling noise of the field shares taken out (0 when noise explains all). */
  readonly excess: number;
  /** Mean sampling variance of a held-out build's field share (the noise floor). */
  readonly noise: number;
  /** Per held-out build squared residual (for the paired bootstrap). */
  readonly squared: readonly number[];
}

/**
 * The spread of held-out builds' field shares around what their formula cost predicts:
 * for each build, its mean pair share over its matchups against the mean of
 * σ(κ(Cost(build) − Cost(opponent))) over the same matchups.
 */
export function heldOutSpread(heldOut: readonly string[], units: readonly PairUnit[], f: FormulaFit): Spread {
  const squared: number[] = [];
  let noise = 0;
  for (const name of heldOut) {
    const shares: number[] = [];
    let predicted = 0;
    for (const u of units) {
      const inA = u.a.some((h) => h.name === name);
      const inB = u.b.some((h) => h.name === name);
      if (inA === inB) continue;
      const [mine, theirs, share] = inA ? [u.a, u.b, u.share] : [u.b, u.a, 1 - u.share];
      const eta = f.kappa * (teamCost(mine, f.options) - teamCost(theirs, f.options));
      predicted += 1 / (1 + Math.exp(-eta));
      shares.push(share);
    }
    if (shares.length === 0) continue;
    const n = shares.length;
    const mean = shares.reduce((s, x) => s + x, 0) / n;
    const v = n > 1 ? shares.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0.25;
    noise += v / n;
    squared.push((mean - predicted / n) ** 2);
  }
  const m = squared.length || 1;
  const ms = squared.reduce((s, x) => s + x, 0) / m;
  return { rms: Math.sqrt(ms), excess: Math.sqrt(Math.max(0, ms - noise / m)), noise: noise / m, squared };
}

/**
 * Paired bootstrap over held-out builds of the change in mean squared residual (after −
 * before): a 95% percentile interval. Negative = the refit predicts held-out builds better.
 */
export function spreadChange(before: Spread, after: Spread, seed: number, reps = 2000): { estimate: number; lo: number; hi: number; n: number } {
  const n = Math.min(before.squared.length, after.squared.length);
  const d = Array.from({ length: n }, (_, i) => after.squared[i]! - before.squared[i]!);
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const rng = new Rng(seed);
  const boots: number[] = [];
  for (let r = 0; r < reps; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[rng.int(n)]!;
    boots.push(s / Math.max(1, n));
  }
  boots.sort((x, y) => x - y);
  return { estimate: mean(d), lo: boots[Math.floor(0.025 * reps)] ?? NaN, hi: boots[Math.ceil(0.975 * reps) - 1] ?? NaN, n };
}
