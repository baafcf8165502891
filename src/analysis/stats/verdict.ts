/**
 * Turning an estimate and its interval into a report verdict worded no more strongly
 * than the interval allows: a difference is stated only when its interval (95%, or the level
 * a multiplicity correction set, which the evidence then names) excludes the null value;
 * otherwise the verdict says the data do not show one.
 */
import type { ReportVerdict } from '../report-model.js';
import { formatLevel } from './multiplicity.js';
import { zFor, type Proportion } from '../../core/wilson.js';

/** An estimate with its interval and the number of independent units. */
export interface Estimate {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
  /** Confidence level of [lo, hi] (default 0.95): a Holm-level interval says its own level, not "95%". */
  readonly level?: number;
}

const fmt = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

/**
 * The minimum detectable effect: the smallest true difference from the null that a test at
 * this interval's level would find with probability `power` at this sample size,
 * (z₁₋α/₂ + z_power) · se, with se read off the interval (its half-width over z₁₋α/₂; for a
 * t interval over few units this slightly overstates se, so the MDE errs on the honest,
 * larger side). 80% power at 95%: 1.43 half-widths.
 */
export function minimumDetectableEffect(e: Pick<Estimate, 'lo' | 'hi' | 'level'>, power = 0.8): number {
  const level = e.level ?? 0.95;
  const z = zFor(level);
  const se = (e.hi - e.lo) / 2 / z;
  return (z + zFor(2 * power - 1)) * se;
}

/** "0.537 (99.17% CI 0.433 to 0.642, n = 40 pairs; MDE 0.149 at 80% power)"; an interval that cannot be estimated says so instead of printing NaN. */
function evidence(e: Estimate, units: string, digits: number): string {
  if (!Number.isFinite(e.lo) || !Number.isFinite(e.hi)) return `${fmt(e.estimate, digits)} (interval not estimable at n = ${e.n} ${units})`;
  return `${fmt(e.estimate, digits)} (${formatLevel(e.level ?? 0.95)} CI ${fmt(e.lo, digits)} to ${fmt(e.hi, digits)}, n = ${e.n} ${units}; MDE ${fmt(minimumDetectableEffect(e), digits)} at 80% power)`;
}

/**
 * Verdict on `estimate` against `nullValue` (0 for a difference, ½ or 1/N for a share).
 * `higher` / `lower` are the sentences to use when the interval lies wholly above /
 * below the null; `none` when it straddles it.
 */
export function verdict(
  e: Estimate,
  wording: { readonly higher: string; readonly lower: string; readonly none: string },
  options: { readonly nullValue?: number; readonly units?: string; readonly digits?: number } = {},
): ReportVerdict {
  const nullValue = options.nullValue ?? 0;
  const ev = evidence(e, options.units ?? 'games', options.digits ?? 3);
  if (e.lo > nullValue) return { statement: wording.higher, evidence: ev, strength: 'supported' };
  if (e.hi < nullValue) return { statement: wording.lower, evidence: ev, strength: 'supported' };
  // Silence is not evidence of no effect: say how large an effect this sample could have missed.
  const mde = minimumDetectableEffect(e);
  const power = Number.isFinite(mde) ? ` No effect larger than ${fmt(mde, options.digits ?? 3)} is shown: one that large would be found 80% of the time at this sample size; smaller ones could be missed.` : '';
  return { statement: `${wording.none}${power}`, evidence: ev, strength: 'inconclusive' };
}

/** A mean difference with its interval and the number of independent units ("0.123 [0.101, 0.145] n=400"). */
export interface Difference {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
}

/** "0.123 [0.101, 0.145] n=400" */
export function formatDifference(m: Difference, digits = 3): string {
  return `${m.mean.toFixed(digits)} [${m.lo.toFixed(digits)}, ${m.hi.toFixed(digits)}] n=${m.n}`;
}

/**
 * A verdict on a difference A − B (of shares or any per-unit measure): "supported" only when
 * its interval (95%, or the Holm level passed, which the evidence then names with its family)
 * excludes 0, and then stated in the direction the interval shows, "what: higher." or
 * "what: lower."; otherwise "what: no difference shown at this sample size.".
 */
export function differenceVerdict(what: string, m: Difference, higher: string, lower: string, level = 0.95, holmFamily?: string): ReportVerdict {
  const evidence = `difference ${formatDifference(m)} (${formatLevel(level)} t interval${holmFamily ? `, Holm over ${holmFamily}` : ''})`;
  if (m.lo > 0) return { statement: `${what}: ${higher}.`, evidence, strength: 'supported' };
  if (m.hi < 0) return { statement: `${what}: ${lower}.`, evidence, strength: 'supported' };
  return { statement: `${what}: no difference shown at this sample size.`, evidence, strength: 'inconclusive' };
}

/** Verdict on a win share against the fair share (½ in a duel, 1/N in general). */
export function shareVerdict(who: string, share: Proportion, fair: number): ReportVerdict {
  return verdict(
    { estimate: share.p, lo: share.lo, hi: share.hi, n: share.n },
    {
      higher: `${who} wins more than the fair share (${fmt(fair, 3)}).`,
      lower: `${who} wins less than the fair share (${fmt(fair, 3)}).`,
      none: `${who} is not shown to differ from the fair share (${fmt(fair, 3)}).`,
    },
    { nullValue: fair },
  );
}

/** "heuristic" / "mcts:iterations=100 vs random": the play behind a verdict. */
export function agentsPhrase(agents: readonly string[]): string {
  const distinct = [...new Set(agents)];
  return distinct.length === 1 ? `every seat played by ${distinct[0]}` : `agents ${agents.join(' vs ')} (seats rotated)`;
}

/** The first verdict of a report whose games failed: how many and why. */
export function failedGamesVerdict(failed: number, total: number, example: string | undefined, what = 'games'): ReportVerdict {
  return {
    statement: `${failed} of ${total} ${what} failed and are left out of every statistic below${failed * 2 > total ? ' — most of the study did not run, so its numbers describe a small remainder' : ''}.`,
    evidence: `most common error: ${example ?? 'unknown'}`,
    strength: 'warning',
  };
}
