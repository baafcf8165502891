/**
 * Fair prices from a handicap sweep, and the rule that turns one into a verdict.
 *
 * A side holding an item plays with a handicap x on a grid of values; its share falls as
 * x grows, and the price is the x* where it reaches the fair share. A logistic fit gives
 * x* with a Fieller interval — but only where the response actually is a smooth falling
 * curve that crosses the fair share inside the tested grid. Everything else gets a name
 * rather than a made-up number:
 *
 * - `price`: x* and its interval inside the grid, interval excludes 0 → "worth about X".
 * - `zero`: the interval includes 0 → no value shown.
 * - `beyond`: the share is still above fair at the largest handicap (or x* lies past it)
 *   → "worth more than max" (a lower bound), never the extrapolated number.
 * - `negative`: the holder is below fair even with no handicap → worth less than nothing
 *   *to these agents*; for an optional item this means the agents misuse it.
 * - `step`: the share jumps from near-certain win to near-certain loss between two
 *   adjacent grid points → the price is bracketed by them; a logistic fit would report a
 *   falsely tight interval wherever the grid happens to step.
 * - `not-estimable`: flat, rising or non-monotone response, or the fit failed.
 */
import { wilson } from '../../core/wilson.js';
import { mdeText } from './verdict.js';

/** The holder's share at one grid point. */
export interface GridShare {
  readonly x: number;
  /** Summed outcome share of the holder. */
  readonly wins: number;
  readonly n: number;
}

/** A logistic share curve's answer (see costcurve.ts shareCurve), when a fit ran. */
export interface CurveAnswer {
  readonly xStar: number;
  readonly lo: number;
  readonly hi: number;
  /** Slope interval on the logit scale. */
  readonly slopeLo: number;
  readonly slopeHi: number;
  readonly converged: boolean;
}

export type PriceKind = 'price' | 'zero' | 'beyond' | 'negative' | 'step' | 'not-estimable';

export interface PriceAnswer {
  readonly kind: PriceKind;
  /** Point price (NaN unless kind is 'price' or 'zero'). */
  readonly xStar: number;
  /** Interval (or bracket, for 'step'; lower bound only for 'beyond'). */
  readonly lo: number;
  readonly hi: number;
  /** The interval was cut at the tested range (its true end lies beyond it). */
  readonly clipped: boolean;
  /** One sentence on why a number is or is not given. */
  readonly reason: string;
  /** The answer's claim holds at the tested level (for a step: both ends of the bracket are significant). */
  readonly shown: boolean;
  /** Games behind the price (all grid points) and behind the share at x = 0. */
  readonly games: number;
  readonly games0: number;
}

/** Near-certain win / loss thresholds that make a jump between two grid points a step. */
const STEP_HIGH = 0.9;
const STEP_LOW = 0.1;

/** A number for a sentence: no "-0", no "-0.0". */
export function fmtNum(x: number, digits = 0): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : x < 0 ? '−∞' : 'n/a';
  const s = x.toFixed(digits);
  return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
}

/** "between 3 and 12", with enough digits that the ends differ ("about 10" when they cannot). */
export function fmtRange(lo: number, hi: number): string {
  for (let d = 0; d <= 2; d++) {
    const a = fmtNum(lo, d);
    const b = fmtNum(hi, d);
    if (a !== b) return `between ${a} and ${b}`;
  }
  return `about ${fmtNum(lo, 2)}`;
}

/**
 * Classifies a handicap sweep. `fair` is the fair share (1/N); `curve` the logistic
 * answer (undefined when the fit failed); `level` the confidence of the share tests.
 */
export function classifyPrice(shares: readonly GridShare[], fair: number, curve: CurveAnswer | undefined, level = 0.95): PriceAnswer {
  const pts = [...shares].filter((s) => s.n > 0).sort((a, b) => a.x - b.x);
  const games = pts.reduce((s, p) => s + p.n, 0);
  const first = pts[0];
  const last = pts[pts.length - 1];
  const games0 = first?.n ?? 0;
  const base = { games, games0 };
  const none = (kind: PriceKind, reason: string, lo = NaN, hi = NaN): PriceAnswer => ({ kind, xStar: NaN, lo, hi, clipped: false, reason, shown: kind === 'negative', ...base });
  if (!first || !last || pts.length < 2) return none('not-estimable', 'fewer than two handicaps were played');
  const w = pts.map((p) => wilson(p.wins, p.n, level));
  const share = (i: number): number => w[i]!.p;

  // Below fair with no handicap: the item costs its holder even for free.
  if (w[0]!.hi < fair) {
    return none('negative', `the holder wins less than ${fmtNum(fair, 3)} even with no handicap (${fmtNum(share(0), 3)} at x = ${fmtNum(first.x)})`);
  }
  // Non-monotone: a later (larger) handicap scores clearly better than an earlier one.
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      if (w[j]!.lo > w[i]!.hi) {
        return none(
          'not-estimable',
          `the share rises with the handicap (${fmtNum(share(i), 2)} at x = ${fmtNum(pts[i]!.x)}, ${fmtNum(share(j), 2)} at x = ${fmtNum(pts[j]!.x)}), so no price fits`,
        );
      }
    }
  // Still clearly above fair at the largest handicap: only a lower bound is known.
  if (w[w.length - 1]!.lo > fair) {
    return { kind: 'beyond', xStar: NaN, lo: last.x, hi: Infinity, clipped: true, shown: true, reason: `the holder still wins ${fmtNum(share(pts.length - 1), 3)} at the largest handicap tested (${fmtNum(last.x)})`, ...base };
  }
  // A step: the share crosses fair between two adjacent grid points, either as a jump
  // from near-certain win to near-certain loss, or so steeply that the logistic fit does
  // not converge. The price is then bracketed by those two points.
  const fitFailed = !curve || !curve.converged || !Number.isFinite(curve.xStar);
  for (let i = 0; i + 1 < pts.length; i++) {
    if (!(share(i) >= fair && share(i + 1) < fair)) continue;
    const jump = share(i) >= STEP_HIGH && share(i + 1) <= STEP_LOW;
    if (!jump && !fitFailed) break;
    const lo = pts[i]!.x;
    const hi = pts[i + 1]!.x;
    const shown = w[i]!.lo > fair && w[i + 1]!.hi < fair;
    return {
      kind: 'step',
      xStar: NaN,
      lo,
      hi,
      clipped: false,
      shown,
      reason: `the share drops from ${fmtNum(share(i), 2)} at x = ${fmtNum(lo)} to ${fmtNum(share(i + 1), 2)} at x = ${fmtNum(hi)}${jump ? ': a step' : ', too steeply for a smooth fit'}, so the price lies between them${shown ? '' : ' (one end of the bracket is not significant)'}`,
      ...base,
    };
  }
  if (!curve || !curve.converged || !Number.isFinite(curve.xStar)) return none('not-estimable', 'the logistic fit of share on handicap did not converge');
  if (!(curve.slopeHi < 0)) return none('not-estimable', 'the share does not fall with the handicap (slope not shown to be negative)');
  if (curve.xStar > last.x) {
    return { kind: 'beyond', xStar: NaN, lo: Math.max(last.x, Number.isFinite(curve.lo) ? curve.lo : last.x), hi: Infinity, clipped: true, shown: w[w.length - 1]!.p > fair, reason: `the fitted price lies beyond the largest handicap tested (${fmtNum(last.x)})`, ...base };
  }
  if (curve.xStar < first.x) {
    return none('not-estimable', `the fitted price lies below the smallest handicap tested (${fmtNum(first.x)})`);
  }
  const lo = Math.max(curve.lo, first.x - (last.x - first.x));
  const hi = Math.min(curve.hi, last.x);
  const clipped = lo !== curve.lo || hi !== curve.hi;
  const kind: PriceKind = curve.lo > 0 ? 'price' : 'zero';
  return {
    kind,
    xStar: curve.xStar,
    lo,
    hi,
    clipped,
    shown: kind === 'price',
    reason: kind === 'price' ? 'the price interval lies above 0' : 'the price interval includes 0',
    ...base,
  };
}

/**
 * The verdict on one price, worded only as strongly as the answer allows. `play` names
 * the agents ("under random menu play"); `optional` says the holder may decline to use
 * the item (then a negative price is the agents' misuse, not the item's value);
 * `supported` is the multiple-comparison decision for 'price' (default: interval above 0).
 */
export function priceVerdict(
  who: string,
  a: PriceAnswer,
  opts: { unit: string; play: string; optional?: boolean; supported?: boolean; share0?: string; level?: number },
): { statement: string; evidence: string; strength: 'supported' | 'inconclusive' } {
  const u = opts.unit;
  const ev0 = opts.share0 ? `${opts.share0}; ` : '';
  const evidence = (price: string): string => `${ev0}${price}; ${a.reason}; n = ${a.games} games over the handicap grid (${a.games0} at no handicap)`;
  // What a price interval could have missed (its own level: the Holm level when the caller tested one).
  const priceMde = (): string => (a.clipped ? `MDE not estimable (the interval is cut at the tested range)` : mdeText({ lo: a.lo, hi: a.hi, level: opts.level ?? 0.95 }, 1, (x) => x, u));
  switch (a.kind) {
    case 'price': {
      const upper = a.clipped && a.hi !== Infinity ? ' (upper end cut at the tested range)' : '';
      const supported = opts.supported ?? true;
      return supported
        ? { statement: `${who} is worth about ${fmtNum(a.xStar)} ${u} (${fmtRange(a.lo, a.hi)}${upper}), ${opts.play}.`, evidence: evidence(`price ${fmtNum(a.xStar, 1)} [${fmtNum(a.lo, 1)}, ${fmtNum(a.hi, 1)}] ${u}`), strength: 'supported' }
        : {
            statement: `${who}: a price of about ${fmtNum(a.xStar)} ${u} is suggested but not shown once all powers are tested together, ${opts.play}.`,
            evidence: evidence(`price ${fmtNum(a.xStar, 1)} [${fmtNum(a.lo, 1)}, ${fmtNum(a.hi, 1)}] ${u}; ${priceMde()}`),
            strength: 'inconclusive',
          };
    }
    case 'zero':
      return { statement: `${who}: no value is shown — its price interval includes 0 ${u}, ${opts.play}.`, evidence: evidence(`price ${fmtNum(a.xStar, 1)} [${fmtNum(a.lo, 1)}, ${fmtNum(a.hi, 1)}] ${u}; ${priceMde()}`), strength: 'inconclusive' };
    case 'beyond':
      if (!a.shown || opts.supported === false) {
        return { statement: `${who}: its fitted price lies beyond the tested range (above ${fmtNum(a.lo)} ${u}), but that is not shown by the games at the largest handicap, ${opts.play}.`, evidence: evidence(`lower bound ${fmtNum(a.lo, 1)} ${u}; price MDE not estimable (a bound, not an interval)`), strength: 'inconclusive' };
      }
      return { statement: `${who} is worth more than ${fmtNum(a.lo)} ${u} — beyond the tested range, so no point price is given, ${opts.play}.`, evidence: evidence(`lower bound ${fmtNum(a.lo, 1)} ${u}`), strength: 'supported' };
    case 'step':
      if (!a.shown || opts.supported === false) {
        return {
          statement: `${who}: its share crosses the fair share between ${fmtNum(a.lo)} and ${fmtNum(a.hi)} ${u} of handicap, but not clearly at both ends, so no price is shown, ${opts.play}.`,
          evidence: evidence(`bracket [${fmtNum(a.lo)}, ${fmtNum(a.hi)}] ${u}; price MDE not estimable (a bracket, not an interval)`),
          strength: 'inconclusive',
        };
      }
      return {
        statement: `${who} is worth ${fmtRange(a.lo, a.hi)} ${u}: the outcome steps from win to loss inside that bracket, so no finer price is estimable from this grid, ${opts.play}.`,
        evidence: evidence(`bracket [${fmtNum(a.lo)}, ${fmtNum(a.hi)}] ${u}`),
        strength: 'supported',
      };
    case 'negative':
      if (opts.supported === false) {
        return { statement: `${who}: its holder scores below the fair share even for free, but this is not confirmed once all items are tested together, ${opts.play}.`, evidence: evidence('price below 0; price MDE not estimable (no crossing of the fair share, so no price interval)'), strength: 'inconclusive' };
      }
      return opts.optional
        ? {
            statement: `${who} lowers its holder's share even for free, ${opts.play}. A player may decline an optional power, so it cannot be worth less than nothing to a good player: this measures the agents misusing it, not the power's value.`,
            evidence: evidence('price below 0'),
            strength: 'supported',
          }
        : { statement: `${who} hurts its holder even for free (worth less than nothing), ${opts.play}.`, evidence: evidence('price below 0'), strength: 'supported' };
    case 'not-estimable':
      return { statement: `${who}: price not estimable — ${a.reason}, ${opts.play}.`, evidence: evidence('no price, so price MDE not estimable (no interval)'), strength: 'inconclusive' };
  }
}
