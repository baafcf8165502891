/**
 * Anytime-valid intervals (confidence sequences) for `--precision` runs, which play in
 * batches and look at their intervals after every batch. A fixed-n interval looked at
 * after every batch, stopping when it looks good, excludes the truth far more often than
 * its level says (test/analysis/stats/confidence-sequence.test.ts measures it: about 4–5×
 * the nominal 5% over 50 looks). A confidence sequence holds at every n at once, so any
 * stopping rule keeps its coverage.
 *
 * Bounded means (a win share, a seat-swapped pair's share, a change of shares): the
 * hedged-capital betting CS of Waudby-Smith & Ramdas (2023), "Estimating means of bounded
 * random variables by betting", JRSS B 86(1), section 4 / Theorem 3: for a candidate mean
 * m, a gambler bets λ_i(X_i − m) on each unit and its wealth K_t(m) is a nonnegative
 * martingale when m is the true mean, so by Ville's inequality P(∃t: K_t(m) ≥ 1/α) ≤ α.
 * The CS at time t is {m : K_t(m) < 1/α}. Bets are the predictable plug-in
 * λ_i = √(2 log(2/α) / (σ̂²_{i−1} · i · log(1 + i))), truncated at c/m (up bets) and
 * c/(1 − m) (down bets) with c = 1/2, hedged half up, half down (θ = 1/2).
 * Unlike a t interval it is never zero-width: units that all agree narrow it like
 * log(1/α)/n, not to a point.
 *
 * Unbounded measures (game length) and a study's findings that give no bounded units get
 * the group-sequential union bound instead (`lookLevel`, `widenInterval`): a run with at
 * most L looks tests each look at α/L, so the chance that any look excludes the truth
 * stays ≤ α (Bonferroni over looks).
 */
import { tFor } from '../../core/student-t.js';
import { zFor } from '../../core/wilson.js';

/** An anytime-valid interval for one mean, at the level its family gives it. */
export interface SequenceInterval {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** Units behind it. */
  readonly n: number;
  /** 1 − α of this interval (after any correction over measures). */
  readonly level: number;
}

/** The truncation of the bets (c in the paper; 1/2 or 3/4 are its suggestions). */
const TRUNCATION = 0.5;

/**
 * The running estimate behind the predictable bets: σ̂² with a prior weight,
 * (1/4 + Σ (x_j − μ̂_j)²) / (i + 1), and the bet size λ_i it gives for unit i (units
 * 1..i−1 only). One place for the plug-in, which the interval and the test share.
 */
class BetSizer {
  private i = 0;
  private sum = 0;
  private sq = 0.25;
  constructor(private readonly log2a: number) {}

  /** λ for the next unit (before the truncation at c/m), then x folded into the estimate. */
  next(x: number): number {
    const i = ++this.i;
    const lambda = Math.sqrt((2 * this.log2a) / ((this.sq / i) * i * Math.log(1 + i)));
    this.sum += x;
    const mu = (0.5 + this.sum) / (i + 1);
    this.sq += (x - mu) * (x - mu);
    return lambda;
  }
}

/**
 * The predictable bet sizes λ_1..λ_n for units xs already scaled to [0, 1] (before the
 * truncation at c/m, which depends on the candidate mean). λ_i uses units 1..i−1 only.
 */
function betSizes(xs: ArrayLike<number>, alpha: number): Float64Array {
  const sizer = new BetSizer(Math.log(2 / alpha));
  const out = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = sizer.next(xs[i]!);
  return out;
}

/**
 * log of the hedged capital K_n(m) = ½ Π(1 + λ⁺_i(x_i − m)) + ½ Π(1 − λ⁻_i(x_i − m)),
 * with xs in [0, 1] and m in (0, 1).
 */
function logCapital(xs: ArrayLike<number>, lambda: Float64Array, m: number): number {
  const capUp = TRUNCATION / m;
  const capDown = TRUNCATION / (1 - m);
  let up = 0;
  let down = 0;
  for (let i = 0; i < xs.length; i++) {
    const l = lambda[i]!;
    const d = xs[i]! - m;
    up += Math.log1p((l < capUp ? l : capUp) * d);
    down += Math.log1p(-(l < capDown ? l : capDown) * d);
  }
  const hi = Math.max(up, down);
  return hi + Math.log(0.5 * Math.exp(up - hi) + 0.5 * Math.exp(down - hi));
}

function checkAlpha(alpha: number): void {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha is ${alpha}; allowed: a number strictly between 0 and 1`);
}

/** Scales xs from [lo, hi] to [0, 1] (values are clamped: a bounded measure cannot leave its range). */
function toUnit(xs: ArrayLike<number>, lo: number, hi: number): Float64Array {
  if (!(hi > lo)) throw new RangeError(`range [${lo}, ${hi}] is empty; allowed: lo < hi`);
  const out = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = Math.min(1, Math.max(0, (xs[i]! - lo) / (hi - lo)));
  return out;
}

/**
 * The sequential test of "the mean is m" behind the betting CS, fed one unit at a time
 * (units in [lo, hi], in the order they were played): `rejected` turns true at the first
 * unit where the capital reaches 1/α, i.e. where the CS first excludes m. Looking at it
 * after every batch and stopping at the first rejection keeps the false-alarm rate ≤ α.
 */
export class BettingTest {
  private readonly mu: number;
  private readonly capUp: number;
  private readonly capDown: number;
  private readonly sizer: BetSizer;
  private readonly bar: number;
  private up = 0;
  private down = 0;
  rejected = false;

  constructor(
    m: number,
    private readonly alpha: number,
    private readonly range: readonly [number, number] = [0, 1],
  ) {
    checkAlpha(alpha);
    this.mu = (m - range[0]) / (range[1] - range[0]);
    this.capUp = TRUNCATION / this.mu;
    this.capDown = TRUNCATION / (1 - this.mu);
    this.sizer = new BetSizer(Math.log(2 / alpha));
    this.bar = Math.log(1 / alpha);
    if (!(this.mu > 0 && this.mu < 1)) this.rejected = true;
  }

  push(raw: number): boolean {
    const x = Math.min(1, Math.max(0, (raw - this.range[0]) / (this.range[1] - this.range[0])));
    const l = this.sizer.next(x);
    const d = x - this.mu;
    this.up += Math.log1p((l < this.capUp ? l : this.capUp) * d);
    this.down += Math.log1p(-(l < this.capDown ? l : this.capDown) * d);
    const hi = Math.max(this.up, this.down);
    if (hi + Math.log(0.5 * Math.exp(this.up - hi) + 0.5 * Math.exp(this.down - hi)) >= this.bar) this.rejected = true;
    return this.rejected;
  }
}

/** True when the betting CS at level 1 − α over units xs has excluded `m` at some unit (BettingTest over the whole path). */
export function bettingRejects(xs: ArrayLike<number>, m: number, alpha: number, range: readonly [number, number] = [0, 1]): boolean {
  const test = new BettingTest(m, alpha, range);
  for (let i = 0; i < xs.length && !test.rejected; i++) test.push(xs[i]!);
  return test.rejected;
}

/**
 * The hedged-capital betting confidence sequence at its latest unit: the means m in
 * [lo, hi] with K_n(m) < 1/α, found by scanning out from the sample mean and bisecting
 * each edge (the set is an interval in practice; Waudby-Smith & Ramdas, section 4.2).
 * Units must be in the order they were played (the bets are predictable).
 */
export function bettingInterval(xs: ArrayLike<number>, alpha = 0.05, range: readonly [number, number] = [0, 1]): SequenceInterval {
  checkAlpha(alpha);
  const [lo, hi] = range;
  const n = xs.length;
  if (n === 0) return { estimate: NaN, lo, hi, n: 0, level: 1 - alpha };
  const u = toUnit(xs, lo, hi);
  const lambda = betSizes(u, alpha);
  const bar = Math.log(1 / alpha);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += u[i]!;
  const center = Math.min(1 - 1e-9, Math.max(1e-9, sum / n));
  const inside = (m: number): boolean => logCapital(u, lambda, m) < bar;
  const edge = (towards: 0 | 1): number => {
    // Walk out from the mean in 64 steps to the first rejected point, then bisect.
    const steps = 64;
    let inPoint = center;
    for (let s = 1; s <= steps; s++) {
      const m = center + ((towards - center) * s) / steps;
      const probe = Math.min(1 - 1e-12, Math.max(1e-12, m));
      if (!inside(probe)) {
        let a = inPoint;
        let b = probe;
        for (let k = 0; k < 40; k++) {
          const mid = (a + b) / 2;
          if (inside(mid)) a = mid;
          else b = mid;
        }
        return a;
      }
      inPoint = probe;
    }
    return towards;
  };
  const scale = hi - lo;
  return { estimate: lo + (sum / n) * scale, lo: lo + edge(0) * scale, hi: lo + edge(1) * scale, n, level: 1 - alpha };
}

/**
 * Each measure's betting CS at α/m (Bonferroni over the m measures reported: the chance
 * that any of them ever excludes its truth stays ≤ α).
 */
export function bettingIntervals(measures: readonly { readonly units: ArrayLike<number>; readonly range: readonly [number, number] }[], alpha = 0.05): SequenceInterval[] {
  const each = alpha / Math.max(1, measures.length);
  return measures.map((m) => bettingInterval(m.units, each, m.range));
}

/**
 * The level each look must use so that a run with at most `looks` looks holds
 * `level` over all of them (Bonferroni over looks: 1 − (1 − level)/looks).
 */
export function lookLevel(level: number, looks: number): number {
  if (!(looks >= 1)) throw new RangeError(`looks is ${looks}; allowed: 1 or more`);
  return 1 - (1 - level) / looks;
}

/**
 * Widens an interval given at `from` (estimate ± q·se on each side, so asymmetric intervals
 * keep their shape) to the level `to`: q is Student t's at `df` degrees of freedom, or the
 * normal's without. The t ratio is exact for a t interval over df + 1 units and at least
 * the normal ratio (t's tails are heavier), so it never widens a t interval too little.
 * Infinite or missing ends stay as they are.
 */
export function widenInterval(estimate: number, lo: number, hi: number, from: number, to: number, df?: number): { lo: number; hi: number } {
  const k = df !== undefined && df >= 1 ? tFor(to, df) / tFor(from, df) : zFor(to) / zFor(from);
  return { lo: estimate - (estimate - lo) * k, hi: estimate + (hi - estimate) * k };
}
