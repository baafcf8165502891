/**
 * The "Your content" section that opens a report run with a user's content file: each
 * user item by name with its verdict and interval, its rank among the study's own content
 * measured the same way, and a chart of both (the user's items highlighted).
 */
import { forestPlot } from '../charts.js';
import type { ReportChart, ReportVerdict, YourContent, YourItem } from '../report-model.js';
import { holm } from '../stats/multiplicity.js';
import { unitShareInterval } from '../stats/paired.js';
import { mdeText } from '../stats/verdict.js';

/** Id of the section's chart (its SVG/PNG/Vega-Lite files carry it). */
export const YOUR_CONTENT_CHART = 'your-content';

/** Rank of `item` (1 = highest estimate) among the field and the user's items; ties share the better rank. */
export function rankOf(item: YourItem, content: YourContent): { rank: number; of: number } {
  const all = [...content.field.map((f) => f.estimate), ...content.items.map((i) => i.estimate)];
  return { rank: 1 + all.filter((x) => x > item.estimate).length, of: all.length };
}

/** "12th", "1st", "22nd". */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}

/**
 * One line per item: "0.62 [0.48, 0.75] (95% interval, n = 8); 3rd of 41 by …; MDE 0.19 at
 * 80% power". The evidence of every user item, in the report and in the index's "Your
 * content" card: like every other verdict it says how large an effect its sample could
 * have missed (issue #28), or that none can be measured (an interval with no spread).
 */
export function describeItem(item: YourItem, content: YourContent): string {
  const { rank, of } = rankOf(item, content);
  // A price in Energy reads in tenths; a share in thousandths, as its interval.
  const digits = Number.isFinite(item.hi - item.lo) && item.hi - item.lo >= 10 ? 1 : 3;
  return `${item.estimate.toFixed(3)} [${item.lo.toFixed(3)}, ${item.hi.toFixed(3)}] (${(item.level * 100).toFixed(item.level * 100 >= 99.5 || Number.isInteger(item.level * 100) ? 0 : 2)}% interval, n = ${item.n}); ${ordinal(rank)} of ${of} by ${content.measure}, among ${content.fieldName} and yours; ${mdeText(item, digits)}`;
}

/** A user item as the verdict it is (its sentence, its evidence line, its strength): what statesMde checks. */
export function yourItemVerdict(item: YourItem, content: YourContent): ReportVerdict {
  return { statement: item.verdict, evidence: describeItem(item, content), strength: item.strength };
}

/** The measure's range for the chart's axis: given, or [0, 1] for a share (a no-effect value strictly inside it). */
function boundsOf(content: YourContent): { bounds?: { min: number; max: number } } {
  if (content.bounds) return { bounds: content.bounds };
  const v = content.nullValue;
  return v !== undefined && v > 0 && v < 1 ? { bounds: { min: 0, max: 1 } } : {};
}

/**
 * The chart: every user item and the field items nearest it (five above and five below
 * each, so a large field stays readable), ordered by estimate, the user's in orange.
 */
export function yourContentChart(content: YourContent): ReportChart {
  const rows = [
    ...content.field.map((f) => ({ ...f, yours: false })),
    ...content.items.map((i) => ({ name: i.name, estimate: i.estimate, lo: i.lo, hi: i.hi, yours: true })),
  ].sort((a, b) => b.estimate - a.estimate);
  const keep = new Set<number>();
  rows.forEach((r, i) => {
    if (r.yours) for (let k = Math.max(0, i - 5); k <= Math.min(rows.length - 1, i + 5); k++) keep.add(k);
  });
  const shown = rows.filter((_, i) => keep.has(i));
  const spec = forestPlot(
    shown.map((r) => ({ label: r.yours ? `${r.name} (yours)` : r.name, estimate: r.estimate, lo: r.lo, hi: r.hi, group: r.yours ? 'your content' : content.fieldName })),
    { title: `Your content among ${content.fieldName}`, xTitle: content.measure, zero: content.nullValue ?? 0, intervalLabel: 'interval', ...boundsOf(content) },
  );
  // No no-effect line for a measure without one (a price): drop forestPlot's dashed rule.
  if (content.nullValue === undefined && Array.isArray(spec['layer'])) spec['layer'] = (spec['layer'] as unknown[]).slice(0, 2);
  return {
    kind: 'chart',
    id: YOUR_CONTENT_CHART,
    title: `Your content among ${content.fieldName}`,
    caption: `${content.measure}, highest first, with intervals; your items and the ${shown.length - content.items.length} of ${content.field.length} others nearest them.${content.nullValue === undefined ? '' : ' Dashed line: no effect.'}`,
    spec,
  };
}

/** A user's item or a field item as share units (one number in [0, 1] per independent unit). */
export interface ShareUnits {
  readonly name: string;
  readonly units: readonly number[];
}

/**
 * "Your content" for a share measure: each user item's mean share over its units with a t
 * interval cut to [0, 1], tested against an even 0.5 with Holm over the user's items (each
 * interval at the level it was tested at); the field at 95%. `say` words the verdict.
 */
export function yourShares(opts: {
  readonly measure: string;
  readonly fieldName: string;
  readonly users: readonly ShareUnits[];
  readonly field: readonly ShareUnits[];
  readonly say: { readonly higher: string; readonly lower: string; readonly none: string };
}): YourContent {
  const users = opts.users.filter((u) => u.units.length > 0);
  const decisions = holm(
    users,
    (u) => {
      const t = unitShareInterval(u.units, 0.95);
      return Math.abs(t.mean - 0.5) / Math.max(1e-9, (t.hi - t.lo) / 3.92);
    },
    (u, level) => {
      const t = unitShareInterval(u.units, level);
      return t.lo > 0.5 || t.hi < 0.5;
    },
  );
  return {
    measure: opts.measure,
    fieldName: opts.fieldName,
    nullValue: 0.5,
    items: users.map((u, i) => {
      const { level, rejected } = decisions[i]!;
      const t = unitShareInterval(u.units, level);
      return { name: u.name, estimate: t.mean, lo: Math.max(0, t.lo), hi: Math.min(1, t.hi), level, n: u.units.length, verdict: rejected ? (t.mean > 0.5 ? opts.say.higher : opts.say.lower) : opts.say.none, strength: rejected ? ('supported' as const) : ('inconclusive' as const) };
    }),
    field: opts.field
      .filter((f) => f.units.length > 0)
      .map((f) => {
        const t = unitShareInterval(f.units, 0.95);
        return { name: f.name, estimate: t.mean, lo: Math.max(0, t.lo), hi: Math.min(1, t.hi) };
      }),
  };
}
