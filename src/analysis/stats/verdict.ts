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

/**
 * "MDE 0.149 at 80% power": the minimum detectable effect of an interval for an evidence
 * line, or "MDE not estimable (…)" when the interval has no spread or no finite ends — a
 * zero-width interval says nothing about what could have been missed, so it gets no number.
 * `scale` maps the MDE to the unit the reader reads (e.g. log-odds to win share per 10 points).
 */
export function mdeText(e: Pick<Estimate, 'lo' | 'hi' | 'level'>, digits = 3, scale: (x: number) => number = (x) => x, unit = ''): string {
  const mde = minimumDetectableEffect(e);
  if (!Number.isFinite(mde)) return 'MDE not estimable (no finite interval)';
  if (!(mde > 0)) return 'MDE not estimable (the interval has no spread)';
  return `MDE ${fmt(scale(mde), digits)}${unit ? ` ${unit}` : ''} at 80% power`;
}

/**
 * The MDEs of a family of intervals (each at its own level) as one phrase: "MDE 0.041–0.087
 * (median 0.052) at 80% power", "MDE 0.061 at 80% power" when they agree, or "MDE not
 * estimable (…)" when none has spread. `scale`/`unit` as in mdeText.
 */
export function mdeRangeText(es: readonly Pick<Estimate, 'lo' | 'hi' | 'level'>[], digits = 3, scale: (x: number) => number = (x) => x, unit = ''): string {
  const mdes = es.map((e) => minimumDetectableEffect(e)).filter((x) => Number.isFinite(x) && x > 0).map(scale).sort((a, b) => a - b);
  if (mdes.length === 0) return es.length ? 'MDE not estimable (no interval has spread)' : 'MDE not estimable (nothing measured)';
  const u = unit ? ` ${unit}` : '';
  const lo = fmt(mdes[0]!, digits);
  const hi = fmt(mdes[mdes.length - 1]!, digits);
  if (lo === hi) return `MDE ${lo}${u} at 80% power`;
  return `MDE ${lo}–${hi}${u} (median ${fmt(mdes[Math.floor((mdes.length - 1) / 2)]!, digits)}) at 80% power`;
}

/**
 * The sentence an inconclusive verdict owes its reader: how large an effect this sample could
 * have missed — "no difference larger than 0.061 is shown (one that large would be found 80%
 * of the time at this sample size)", or that none can be measured here.
 */
export function noLargerShown(e: Pick<Estimate, 'lo' | 'hi' | 'level'>, what = 'effect', digits = 3, scale: (x: number) => number = (x) => x, unit = ''): string {
  const mde = minimumDetectableEffect(e);
  if (!(Number.isFinite(mde) && mde > 0)) return `no ${what} can be measured at this sample size (the interval has no spread)`;
  return `no ${what} larger than ${fmt(scale(mde), digits)}${unit ? ` ${unit}` : ''} is shown (one that large would be found 80% of the time at this sample size)`;
}

/**
 * Does an inconclusive verdict state its MDE? Every hand-built "not shown" verdict must say how
 * large an effect it could have missed ("MDE 0.061", or "MDE not estimable (…)" with the reason);
 * a verdict that is not a test says so ("no MDE: …", e.g. a point estimate or a search's pick).
 */
export function statesMde(v: Pick<ReportVerdict, 'statement' | 'evidence' | 'strength'>): boolean {
  if (v.strength !== 'inconclusive') return true;
  return /\bMDE (?:[-+]?\d|not estimable \()|\bno MDE: /.test(`${v.statement} ${v.evidence}`);
}

/** "0.537 (99.17% CI 0.433 to 0.642, n = 40 pairs; MDE 0.149 at 80% power)"; an interval that cannot be estimated says so instead of printing NaN. */
function evidence(e: Estimate, units: string, digits: number): string {
  if (!Number.isFinite(e.lo) || !Number.isFinite(e.hi)) return `${fmt(e.estimate, digits)} (interval not estimable at n = ${e.n} ${units}, so no MDE: nothing can be said about what was missed)`;
  return `${fmt(e.estimate, digits)} (${formatLevel(e.level ?? 0.95)} CI ${fmt(e.lo, digits)} to ${fmt(e.hi, digits)}, n = ${e.n} ${units}; ${mdeText(e, digits)})`;
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
  const evidence = `difference ${formatDifference(m)} (${formatLevel(level)} t interval${holmFamily ? `, Holm over ${holmFamily}` : ''}; ${mdeText({ ...m, level })})`;
  if (m.lo > 0) return { statement: `${what}: ${higher}.`, evidence, strength: 'supported' };
  if (m.hi < 0) return { statement: `${what}: ${lower}.`, evidence, strength: 'supported' };
  return { statement: `${what}: no difference shown at this sample size — ${noLargerShown({ ...m, level }, 'difference')}.`, evidence, strength: 'inconclusive' };
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
