/**
 * What a study's design can detect (issue #28, "Default sizes are chosen so the MDE of the
 * primary measure is ≤ 0.05 share, or the report says why not"): every study report says,
 * in one section written here, what its primary measure is, the minimum detectable effect
 * (80% power, at each finding's tested level) this run reached — read off the report's own
 * key findings — and what the full design reaches (measured on a --full run, or estimated
 * from the quick spread), against the 0.05-share target; where the full design stays above
 * the target, why (the time it would take, from the design's full-run time and the
 * (MDE / 0.05)² games it would need) and the command that gets closer.
 *
 * A study declares its design once (Study.power); the statement is composed here, so every
 * report words it alike (README "Sample sizes and what they can detect" is the same table).
 */
import type { KeyFinding, Report, ReportSection } from '../src/analysis/report-model.js';
import { minimumDetectableEffect } from '../src/analysis/stats/verdict.js';
import { zFor } from '../src/core/wilson.js';

/** The target: the primary measure's MDE at the full design, on a share's scale. */
export const MDE_TARGET = 0.05;

/** A study's full-design power, as measured or estimated (README "Sample sizes and what they can detect"). */
export interface DesignPower {
  /** The primary measure, e.g. "a type matchup's share (Holm over 6)". */
  readonly measure: string;
  /** Its scale: a share or a difference of shares (the 0.05 target applies), or another unit ("Energy"). */
  readonly unit: 'share' | 'share difference' | (string & {});
  /** The key findings (Report.findings) that are the primary measure; absent: it is not among them. */
  readonly primary?: (f: KeyFinding) => boolean;
  /** The full design's size, e.g. "650 seat-swapped pairs a matchup". */
  readonly fullSize: string;
  /**
   * The primary measure's MDE at the full design: the median over its items and the range
   * (one number: the range is that number), and how it is known ("measured on …" or
   * "estimated: the quick spread scaled by √(n quick / n full)").
   */
  readonly full: { readonly median: number; readonly range?: readonly [number, number]; readonly how: string };
  /** Minutes a --full run takes on 2 cores (README study-time table, measured idle on 28 Nov); `atLeast`: a lower bound. */
  readonly fullMinutes?: { readonly minutes: number; readonly atLeast?: boolean };
  /** Why the full design stays above the target, beyond the time (e.g. an analysis that does not scale); or why the target does not apply. */
  readonly why?: string;
}

/** A study that is not a sample-size design (a training run): why it has no MDE to state. */
export interface NoDesignPower {
  readonly none: string;
}

const fmt = (x: number): string => (Math.abs(x) >= 10 ? x.toFixed(0) : x.toFixed(3));
const isShare = (p: DesignPower): boolean => p.unit === 'share' || p.unit === 'share difference';

/** An interval's width at 95% whose MDE (80% power) is `mde`: what --precision must reach. */
export function widthForMde(mde: number, level = 0.95): number {
  const z = zFor(level);
  return (mde * 2 * z) / (z + zFor(0.6));
}

/** The MDEs of the report's primary findings (finite, with spread), sorted. */
export function primaryMdes(report: Pick<Report, 'findings'>, power: DesignPower): number[] {
  if (!power.primary) return [];
  return (report.findings ?? [])
    .filter(power.primary)
    .map((f) => minimumDetectableEffect(f))
    .filter((m) => Number.isFinite(m) && m > 0)
    .sort((a, b) => a - b);
}

const median = (xs: readonly number[]): number => xs[Math.floor((xs.length - 1) / 2)]!;
const spread = (med: number, range: readonly [number, number] | undefined, items: string): string =>
  range && (fmt(range[0]) !== fmt(med) || fmt(range[1]) !== fmt(med)) ? `${fmt(med)} (median; ${fmt(range[0])}–${fmt(range[1])} over ${items})` : fmt(med);

/**
 * The statement, in words: target, primary measure, this run's MDE, the full design's, and —
 * where the full design's widest item stays above 0.05 (or the measure is not a share) — why,
 * with the time 0.05 would take and the command that gets closer.
 */
export function designPowerText(study: string, power: DesignPower | NoDesignPower | undefined, report: Pick<Report, 'findings'>, full: boolean, grown?: { readonly scale: number }): string {
  if (!power) {
    return (report.findings ?? []).length === 0
      ? 'This study has no MDE: it declares no key findings to size (its verdicts are counts or descriptions, each stating its own interval).'
      : `This study does not yet state its design's power (no Study.power); each verdict states its own MDE.`;
  }
  if ('none' in power) return `This study has no MDE: ${power.none}`;
  const unit = power.unit === 'share' || power.unit === 'share difference' ? '' : ` ${power.unit}`;
  // A --precision run grew its tables to `scale` times the base sizes: its MDE is that design's,
  // of the study's own intervals (the anytime-valid ones that decide such a run are wider).
  const scale = grown?.scale ?? 1;
  const run = `This ${full ? '--full' : 'quick'} run${grown ? `, grown to ${scale}× its sizes by --precision,` : ''}`;
  const ownIntervals = grown ? ' (of the study\'s own intervals; the anytime-valid intervals that decide a --precision run are wider)' : '';
  const live = primaryMdes(report, power);
  const liveText = power.primary
    ? live.length
      ? `${run} reaches MDE ${spread(median(live), [live[0]!, live[live.length - 1]!], `${live.length} items`)}${unit} at 80% power${ownIntervals}${full || scale > 1 ? '' : ' (a quick run\'s MDE is always wider than the full design\'s)'}.`
      : `${run}: MDE not estimable (no primary finding has an interval with spread).`
    : `${run}: the primary measure is not among its key findings; its verdicts state their own MDE.`;
  const f = power.full;
  const fullText = `The full design (--full: ${power.fullSize}) reaches MDE ${spread(f.median, f.range, 'items')}${unit} (${f.how}).`;
  // A --full run is judged by its own findings where it has them (the recorded design may be stale); else by the record.
  const own = full && live.length > 0;
  const mid = own ? median(live) : f.median;
  const widest = own ? live[live.length - 1]! : f.range ? f.range[1] : f.median;
  const several = own ? live.length > 1 : f.range !== undefined;
  const head = `Target: the primary measure's minimum detectable effect (80% power, at each finding's tested level) at most ${MDE_TARGET} share at the full design. Primary measure: ${power.measure}. ${liveText} ${fullText}`;
  if (isShare(power) && widest <= MDE_TARGET) return `${head} Within the target.`;
  if (!isShare(power)) return `${head} Not held to the ${MDE_TARGET}-share target: ${power.why ?? `its unit is ${power.unit}, not a share`}. To get more: \`crucible study ${study} --full --minutes 30\` grows the full design in doubling rounds for 30 minutes.`;
  // Games scale as (MDE / target)²: at the median item and at the widest.
  const times = (mde: number): string => {
    const k = (mde / MDE_TARGET) ** 2;
    const t = power.fullMinutes;
    return `≈ ${k.toFixed(1)}× the games${t ? ` (${t.atLeast ? '≥' : '≈'} ${Math.ceil(t.minutes * k)} min)` : ''}`;
  };
  const t = power.fullMinutes;
  const took = t ? ` on 2 cores, where the full run takes ${t.atLeast ? 'at least ' : ''}${t.minutes} min` : '';
  const whose = own ? 'this run\'s' : 'the full design\'s';
  const need = mid > MDE_TARGET ? `0.05 at ${whose} median item would take ${times(mid)}${several ? `, at the widest ${times(widest)}` : ''}${took}` : `${whose} median item is within it, but the widest (${fmt(widest)}) is not: 0.05 for every item would take ${times(widest)}${took}`;
  // The command's time limit: what 0.05 for every item would take, at least 30 minutes; an hour when the full run is not timed.
  const minutes = t ? Math.max(30, Math.ceil(t.minutes * (widest / MDE_TARGET) ** 2)) : 60;
  const width = widthForMde(MDE_TARGET);
  return `${head} Above the target: ${need}${power.why ? `; ${power.why}` : ''}. To get more: \`crucible study ${study} --full --precision ${width.toFixed(2)} --minutes ${minutes}\` grows the full design in doubling rounds until every key finding's anytime-valid interval is ${width.toFixed(2)} wide (at 95%, the width whose MDE is ${MDE_TARGET}) or the time is up.`;
}

/** The report with its "Sample size and power" section (after the verdicts) and meta.details.power. */
export function withDesignPower(report: Report, study: { readonly name: string; readonly power?: DesignPower | NoDesignPower }, full: boolean): Report {
  const precision = report.meta.details?.['precision'] as { readonly scale?: number } | undefined;
  const text = designPowerText(study.name, study.power, report, full, precision ? { scale: precision.scale ?? 1 } : undefined);
  const section: ReportSection = { heading: 'Sample size and power', blocks: [{ kind: 'text', text }] };
  const p = study.power;
  const live = p && !('none' in p) ? primaryMdes(report, p) : [];
  const record = p && !('none' in p) ? { measure: p.measure, unit: p.unit, target: MDE_TARGET, thisRun: live.length ? { median: median(live), lo: live[0], hi: live[live.length - 1], items: live.length } : null, fullDesign: p.full } : p ? { none: p.none } : null;
  return { ...report, sections: [section, ...report.sections], meta: { ...report.meta, details: { ...report.meta.details, power: record } } };
}
