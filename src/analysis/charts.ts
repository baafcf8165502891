/**
 * Vega-Lite v6 chart specs for balance reports. Each function takes plain rows (the
 * numbers a study computed) and returns a self-contained spec with the data embedded,
 * a title, axis titles with units, intervals drawn as error bars or bands, and
 * tooltips. The report writer renders them to HTML, SVG and PNG.
 */
import type { VegaLiteSpec } from './report-model.js';
import { mean } from './stats/descriptive.js';
import { formatLevel } from './stats/multiplicity.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Shared look: readable fonts, no chart border, white background (for PNG export). */
const CONFIG = {
  background: 'white',
  font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 14, anchor: 'start' },
} as const;

function base(title: string, subtitle?: string): VegaLiteSpec {
  return {
    $schema: SCHEMA,
    title: subtitle ? { text: title, subtitle } : { text: title },
    config: CONFIG,
  };
}

/**
 * Distinct values in natural order: numbers inside names compare as numbers, so a
 * legend reads 2, 4, 6, 10 heroes (not 10, 2, 4, 6). Used as the `sort` of colour
 * legends whose order carries no other meaning.
 */
export function naturalOrder(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
}

/** Width of an axis label at the shared 11 px font, in pixels (a generous per-character estimate). */
const LABEL_CHAR_PX = 7;
const LABEL_LIMIT_PX = 180;

/**
 * Axis settings for a band axis whose labels must not overlap: horizontal when the
 * longest label fits its band (`step` pixels), else slanted at 40° (anchored on the tick,
 * away from the plot), cut at LABEL_LIMIT_PX with an ellipsis (the full name is in the
 * tooltip).
 */
export function bandAxisLabels(labels: readonly string[], step: number, orient: 'top' | 'bottom' = 'bottom'): Record<string, unknown> {
  const widest = Math.max(0, ...labels.map((l) => l.length)) * LABEL_CHAR_PX;
  if (widest <= step - 6) return { labelAngle: 0, labelLimit: step };
  return { labelAngle: -40, labelAlign: orient === 'top' ? 'left' : 'right', labelBaseline: 'middle', labelLimit: LABEL_LIMIT_PX, labelOverlap: false };
}

/** The widest a row label may grow before it is cut (long Ophidian team names fit). */
const LABEL_MAX_PX = 600;
/**
 * Vega's own width estimate per character where it has no canvas (the SVG and PNG files are
 * rendered in Node): 0.8 × the 11 px font. Room is sized by it, or those files cut the label.
 */
const LABEL_ESTIMATE_PX = 0.8 * 11;

/**
 * Room for row labels: the widest label's width as Vega estimates it (never below Vega's
 * 180 px default, never above LABEL_MAX_PX), so names are shown whole instead of cut mid-word.
 */
export function labelRoom(labels: readonly string[]): number {
  const widest = Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * LABEL_ESTIMATE_PX) + 4;
  return Math.min(LABEL_MAX_PX, Math.max(LABEL_LIMIT_PX, widest));
}

/**
 * Legend order: groups named by a number (2, 4, 10 heroes; 6, 12 turns) in natural order,
 * any other groups by their value, highest first, so the legend reads in the order the
 * marks stand (top curve first).
 */
export function legendOrder(groups: readonly { readonly group: string; readonly value: number }[]): string[] {
  const names = [...new Set(groups.map((g) => g.group))];
  if (names.every((n) => /\d/.test(n))) return naturalOrder(names);
  const valueOf = (n: string) => {
    const xs = groups.filter((g) => g.group === n && Number.isFinite(g.value)).map((g) => g.value);
    return xs.length ? mean(xs) : -Infinity;
  };
  return names.sort((a, b) => valueOf(b) - valueOf(a) || a.localeCompare(b, 'en', { numeric: true }));
}

/** What a quantity can take (a share [0, 1], a change of a share [−1, 1]): axes and intervals stay inside. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

/** Clamps x into `bounds` (no bounds: x itself). */
function clampTo(x: number, bounds?: Bounds): number {
  return bounds && Number.isFinite(x) ? Math.min(bounds.max, Math.max(bounds.min, x)) : x;
}

/**
 * The axis domain for values that must stay within `bounds`: the data's extent (and the
 * reference line) padded by 5% of the bounds' span, never past the bounds; no `nice`
 * rounding, which would push the axis out again (a share axis to 1.2).
 */
export function boundedScale(xs: readonly number[], bounds: Bounds): { domain: [number, number]; nice: false; clamp: true } {
  const finite = xs.filter(Number.isFinite);
  const pad = 0.05 * (bounds.max - bounds.min);
  const lo = finite.length ? Math.max(bounds.min, Math.min(...finite) - pad) : bounds.min;
  const hi = finite.length ? Math.min(bounds.max, Math.max(...finite) + pad) : bounds.max;
  return { domain: [r3(lo), r3(hi)], nice: false, clamp: true };
}

/** Rounds for display in tooltips and labels (keeps specs small and readable). */
function r3(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1000) / 1000 : x;
}

/** A share with its 95% interval and sample size. */
export interface IntervalRow {
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
}

export interface MatchupCell extends IntervalRow {
  /** The row agent/build (whose share is shown). */
  readonly row: string;
  /** The column agent/build it played against. */
  readonly col: string;
  /** Confidence level of [lo, hi] (default 0.95): a Holm-level interval is labelled with its own level. */
  readonly level?: number;
}

/**
 * Matchup heatmap: cell (row, col) is the row side's win share against the column side,
 * coloured on a diverging scale centred at 0.5, labelled with the share, with the
 * interval and sample size in the tooltip.
 */
export function matchupHeatmap(
  cells: readonly MatchupCell[],
  /** `nTitle`: what n counts, for the tooltip (default "games"; "pairs" when a seat-swapped pair is the unit). */
  opts: { title: string; subtitle?: string; rowTitle?: string; colTitle?: string; order?: readonly string[]; nTitle?: string },
): VegaLiteSpec {
  const values = cells.map((c) => ({
    row: c.row,
    col: c.col,
    share: r3(c.share),
    lo: r3(c.lo),
    hi: r3(c.hi),
    n: c.n,
    label: Number.isFinite(c.share) ? c.share.toFixed(2) : '–',
    interval: Number.isFinite(c.lo) && Number.isFinite(c.hi) ? `[${c.lo.toFixed(2)}, ${c.hi.toFixed(2)}]` : 'not estimable',
    level: formatLevel(c.level ?? 0.95),
  }));
  const sort = opts.order ? [...opts.order] : undefined;
  const step = 56;
  // Column names sit on top; long ones slant instead of running into each other.
  const x = { field: 'col', type: 'nominal', title: opts.colTitle ?? 'opponent', sort, axis: { orient: 'top', ...bandAxisLabels(cells.map((c) => c.col), step, 'top') } };
  const y = { field: 'row', type: 'nominal', title: opts.rowTitle ?? 'side (its win share)', sort, axis: { labelLimit: labelRoom(cells.map((c) => c.row)) } };
  return {
    ...base(opts.title, opts.subtitle),
    data: { values },
    width: { step },
    height: { step: 40 },
    encoding: { x, y },
    layer: [
      {
        mark: { type: 'rect' },
        encoding: {
          color: {
            field: 'share',
            type: 'quantitative',
            title: 'win share',
            scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 },
          },
          tooltip: [
            { field: 'row', type: 'nominal', title: 'side' },
            { field: 'col', type: 'nominal', title: 'opponent' },
            { field: 'share', type: 'quantitative', title: 'win share', format: '.3f' },
            { field: 'interval', type: 'nominal', title: 'interval' },
            { field: 'level', type: 'nominal', title: 'interval level' },
            { field: 'n', type: 'quantitative', title: opts.nTitle ?? 'games' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 12 },
        encoding: {
          text: { field: 'label', type: 'nominal' },
          color: { condition: { test: 'datum.share < 0.25 || datum.share > 0.75', value: 'white' }, value: 'black' },
        },
      },
    ],
  };
}

export interface Effect {
  readonly label: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly n?: number;
  /** Optional group (e.g. "quality" vs "seat share"), shown as colour. */
  readonly group?: string;
}

/**
 * Forest plot: one row per effect, a point at the estimate and a rule across its
 * interval, with a vertical line at zero (no effect). Used for A/B house-rule
 * comparisons and restricted play.
 */
export function forestPlot(
  effects: readonly Effect[],
  /** `intervalLabel`: what the intervals are, for the tooltip (default "95%"; e.g. "Holm-level"). */
  /** `bounds`: what the quantity can take; estimates and interval ends are clamped into it and so is the axis. */
  opts: { title: string; subtitle?: string; xTitle: string; yTitle?: string; zero?: number; intervalLabel?: string; bounds?: Bounds },
): VegaLiteSpec {
  const values = effects.map((e) => ({
    label: e.label,
    estimate: r3(clampTo(e.estimate, opts.bounds)),
    lo: r3(clampTo(e.lo, opts.bounds)),
    hi: r3(clampTo(e.hi, opts.bounds)),
    n: e.n ?? null,
    group: e.group ?? 'effect',
  }));
  const zero = opts.zero ?? 0;
  const y = { field: 'label', type: 'nominal', title: opts.yTitle ?? null, sort: null, axis: { labelLimit: labelRoom(values.map((v) => v.label)) } };
  const scale = opts.bounds ? { scale: boundedScale([...values.flatMap((v) => [v.lo, v.hi, v.estimate]), zero], opts.bounds) } : {};
  const tooltip = [
    { field: 'label', type: 'nominal', title: 'effect' },
    { field: 'estimate', type: 'quantitative', title: 'estimate', format: '.3f' },
    { field: 'lo', type: 'quantitative', title: `${opts.intervalLabel ?? '95%'} low`, format: '.3f' },
    { field: 'hi', type: 'quantitative', title: `${opts.intervalLabel ?? '95%'} high`, format: '.3f' },
    { field: 'n', type: 'quantitative', title: 'n' },
  ];
  const hasGroups = new Set(values.map((v) => v.group)).size > 1;
  const color = hasGroups ? { field: 'group', type: 'nominal', title: null, sort: legendOrder(values.map((v) => ({ group: v.group, value: v.estimate }))), legend: { orient: 'bottom', direction: 'vertical', labelLimit: 360 } } : { value: '#1f4e79' };
  return {
    ...base(opts.title, opts.subtitle),
    width: 420,
    height: { step: 26 },
    layer: [
      {
        data: { values },
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          y,
          x: { field: 'lo', type: 'quantitative', title: opts.xTitle, ...scale },
          x2: { field: 'hi' },
          color,
          tooltip,
        },
      },
      {
        data: { values },
        mark: { type: 'point', filled: true, size: 70 },
        encoding: { y, x: { field: 'estimate', type: 'quantitative', ...scale }, color, tooltip },
      },
      {
        data: { values: [{ zero }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#666' },
        encoding: { x: { field: 'zero', type: 'quantitative', ...scale } },
      },
    ],
  };
}

export interface CostPoint {
  readonly name: string;
  /** The cost printed in the rules. */
  readonly listed: number;
  /** The cost the fit says is fair. */
  readonly fitted: number;
  readonly lo?: number;
  readonly hi?: number;
}

/**
 * Fitted value against listed cost: points on the y = x line are fairly priced; points
 * further than `outlierGap` from it are labelled by name.
 */
export function costScatter(
  points: readonly CostPoint[],
  opts: { title: string; subtitle?: string; unit?: string; outlierGap?: number },
): VegaLiteSpec {
  const unit = opts.unit ?? 'points';
  const gap = opts.outlierGap ?? 0;
  const values = points.map((p) => ({
    name: p.name,
    listed: r3(p.listed),
    fitted: r3(p.fitted),
    lo: r3(p.lo ?? p.fitted),
    hi: r3(p.hi ?? p.fitted),
    gap: r3(p.fitted - p.listed),
    outlier: Math.abs(p.fitted - p.listed) > gap,
  }));
  const all = points.flatMap((p) => [p.listed, p.fitted, p.lo ?? p.fitted, p.hi ?? p.fitted]).filter(Number.isFinite);
  const lo = all.length ? Math.min(...all) : 0;
  const hi = all.length ? Math.max(...all) : 1;
  const x = { field: 'listed', type: 'quantitative', title: `listed cost (${unit})`, scale: { domain: [lo, hi] } };
  const yTitle = `fitted fair cost (${unit})`;
  return {
    ...base(opts.title, opts.subtitle),
    width: 360,
    height: 360,
    layer: [
      {
        data: { values: [{ listed: lo, fitted: lo }, { listed: hi, fitted: hi }] },
        mark: { type: 'line', strokeDash: [4, 3], color: '#888' },
        encoding: { x, y: { field: 'fitted', type: 'quantitative', title: yTitle } },
      },
      {
        data: { values },
        mark: { type: 'rule', color: '#9bb7d4' },
        encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
      },
      {
        data: { values },
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          x,
          y: { field: 'fitted', type: 'quantitative', title: yTitle },
          color: { condition: { test: 'datum.outlier', value: '#c0392b' }, value: '#1f4e79' },
          tooltip: [
            { field: 'name', type: 'nominal' },
            { field: 'listed', type: 'quantitative', title: 'listed' },
            { field: 'fitted', type: 'quantitative', title: 'fitted' },
            { field: 'lo', type: 'quantitative', title: '95% low' },
            { field: 'hi', type: 'quantitative', title: '95% high' },
            { field: 'gap', type: 'quantitative', title: 'fitted − listed' },
          ],
        },
      },
      {
        data: { values },
        transform: [{ filter: 'datum.outlier' }],
        mark: { type: 'text', align: 'left', dx: 6, dy: -6, fontSize: 11 },
        encoding: { x, y: { field: 'fitted', type: 'quantitative' }, text: { field: 'name', type: 'nominal' } },
      },
    ],
  };
}

export interface RatingRow {
  readonly name: string;
  readonly rating: number;
  readonly lo: number;
  readonly hi: number;
  readonly n?: number;
}

/** Rating bars (Elo / Bradley–Terry) sorted by rating, with interval error bars. */
export function ratingBars(
  rows: readonly RatingRow[],
  /** `intervalLabel`: what the interval is, for the tooltip (default "95%"; e.g. "Holm-level"). */
  /** `nTitle`: what each row's n counts (default "games"). */
  opts: { title: string; subtitle?: string; unit?: string; intervalLabel?: string; nTitle?: string },
): VegaLiteSpec {
  const values = rows.map((r) => ({ name: r.name, rating: r3(r.rating), lo: r3(r.lo), hi: r3(r.hi), n: r.n ?? null }));
  // An explicit order (highest first): a field sort across layers makes Vega-Lite warn.
  const order = [...values].sort((a, b) => b.rating - a.rating).map((v) => v.name);
  const y = { field: 'name', type: 'nominal', title: null, sort: order, axis: { labelLimit: labelRoom(order) } };
  const xTitle = `rating (${opts.unit ?? 'Elo points'})`;
  return {
    ...base(opts.title, opts.subtitle),
    data: { values },
    width: 400,
    height: { step: 24 },
    // y is shared by both layers so the descending sort applies once.
    encoding: { y },
    layer: [
      {
        mark: { type: 'bar', color: '#7fa7cf' },
        encoding: {
          x: { field: 'rating', type: 'quantitative', title: xTitle },
          tooltip: [
            { field: 'name', type: 'nominal' },
            { field: 'rating', type: 'quantitative', format: '.1f' },
            { field: 'lo', type: 'quantitative', title: `${opts.intervalLabel ?? '95%'} low`, format: '.1f' },
            { field: 'hi', type: 'quantitative', title: `${opts.intervalLabel ?? '95%'} high`, format: '.1f' },
            { field: 'n', type: 'quantitative', title: opts.nTitle ?? 'games' },
          ],
        },
      },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  };
}

export interface EquilibriumRow {
  readonly name: string;
  /** Probability (Nash mixture weight) or mass (α-Rank stationary distribution). */
  readonly mass: number;
  /** e.g. "Nash" or "α-Rank"; several methods are shown side by side. */
  readonly method: string;
}

/** Nash / α-Rank bars: how much weight each strategy gets, one panel row per method. */
export function equilibriumBars(rows: readonly EquilibriumRow[], opts: { title: string; subtitle?: string }): VegaLiteSpec {
  const values = rows.map((r) => ({ name: r.name, mass: r3(r.mass), method: r.method }));
  return {
    ...base(opts.title, opts.subtitle),
    data: { values },
    mark: { type: 'bar' },
    width: 400,
    height: { step: 14 },
    encoding: {
      // Strategies by their largest mass (the order of names carries no meaning).
      y: { field: 'name', type: 'nominal', title: null, sort: massOrder(rows), axis: { labelLimit: labelRoom(rows.map((r) => r.name)) } },
      yOffset: { field: 'method', type: 'nominal', sort: naturalOrder(rows.map((r) => r.method)) },
      x: { field: 'mass', type: 'quantitative', title: 'probability mass (0–1)', scale: { domain: [0, 1] } },
      color: { field: 'method', type: 'nominal', title: 'method', sort: naturalOrder(rows.map((r) => r.method)) },
      tooltip: [
        { field: 'name', type: 'nominal' },
        { field: 'method', type: 'nominal' },
        { field: 'mass', type: 'quantitative', format: '.3f' },
      ],
    },
  };
}

/** Names by their largest mass under any method, highest first (ties by name, naturally). */
function massOrder(rows: readonly EquilibriumRow[]): string[] {
  const best = new Map<string, number>();
  for (const r of rows) best.set(r.name, Math.max(best.get(r.name) ?? 0, r.mass));
  return [...best].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en', { numeric: true })).map(([name]) => name);
}

/** Histogram of game lengths (decisions per game), with the mean marked. */
export function lengthHistogram(
  lengths: readonly number[],
  opts: { title: string; subtitle?: string; unit?: string; maxBins?: number },
): VegaLiteSpec {
  const values = lengths.map((length) => ({ length }));
  const unit = opts.unit ?? 'decisions';
  const meanLength = lengths.length ? mean(lengths) : 0;
  return {
    ...base(opts.title, opts.subtitle),
    width: 420,
    height: 200,
    layer: [
      {
        data: { values },
        mark: { type: 'bar', color: '#7fa7cf' },
        encoding: {
          x: { field: 'length', type: 'quantitative', bin: { maxbins: opts.maxBins ?? 30 }, title: `game length (${unit})` },
          y: { aggregate: 'count', type: 'quantitative', title: 'games' },
          tooltip: [
            { field: 'length', type: 'quantitative', bin: { maxbins: opts.maxBins ?? 30 }, title: `length (${unit})` },
            { aggregate: 'count', type: 'quantitative', title: 'games' },
          ],
        },
      },
      {
        data: { values: [{ mean: r3(meanLength) }] },
        mark: { type: 'rule', color: '#c0392b', strokeDash: [4, 3] },
        encoding: { x: { field: 'mean', type: 'quantitative' }, tooltip: [{ field: 'mean', type: 'quantitative', title: 'mean length' }] },
      },
    ],
  };
}

export interface ResponsePoint {
  /** The swept option's value. */
  readonly x: number;
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  readonly n?: number;
  /** Several curves (e.g. one per matchup) share one chart. */
  readonly series?: string;
}

/** More curves than this in one chart tangle their bands: they are drawn as small multiples instead. */
export const MAX_OVERLAID_SERIES = 4;

/**
 * Response curve for a swept option: the measured value (line + points) with its 95%
 * interval as a band, the target as a dashed horizontal rule and the chosen setting as
 * a vertical rule. Up to MAX_OVERLAID_SERIES curves share one plot (legend in the order
 * they stand); more are small multiples, one panel per curve with a shared y axis.
 */
export function responseCurve(
  points: readonly ResponsePoint[],
  /** `bounds`: what the value can take (a share: { min: 0, max: 1 }); points and bands are clamped into it and so is the axis. */
  opts: { title: string; subtitle?: string; xTitle: string; yTitle: string; target?: number; best?: number; integerX?: boolean; bounds?: Bounds },
): VegaLiteSpec {
  const values = points.map((p) => ({
    x: p.x,
    value: r3(clampTo(p.value, opts.bounds)),
    lo: r3(clampTo(p.lo, opts.bounds)),
    hi: r3(clampTo(p.hi, opts.bounds)),
    n: p.n ?? null,
    series: p.series ?? 'value',
  }));
  const seriesCount = new Set(values.map((v) => v.series)).size;
  const facet = seriesCount > MAX_OVERLAID_SERIES;
  const multi = seriesCount > 1 && !facet;
  // Ordered by value: each curve by its last point, where a reader's eye meets the legend.
  const lastOf = new Map<string, number>();
  for (const v of [...values].sort((a, b) => a.x - b.x)) lastOf.set(v.series, v.value);
  const order = legendOrder([...lastOf].map(([group, value]) => ({ group, value })));
  const color = multi ? { field: 'series', type: 'nominal', title: null, sort: order } : { value: '#1f4e79' };
  const x = { field: 'x', type: 'quantitative', title: opts.xTitle, ...(opts.integerX ? { axis: { tickMinStep: 1, format: 'd' } } : {}) };
  const yScale = opts.bounds ? { scale: boundedScale([...values.flatMap((v) => [v.lo, v.hi, v.value]), ...(opts.target === undefined ? [] : [opts.target])], opts.bounds) } : {};
  const data = (rows: unknown[]) => (facet ? {} : { data: { values: rows } });
  const layer: VegaLiteSpec[] = [
    {
      ...data(values),
      mark: { type: 'area', opacity: 0.18 },
      encoding: { x, y: { field: 'lo', type: 'quantitative', title: opts.yTitle, ...yScale }, y2: { field: 'hi' }, color },
    },
    {
      ...data(values),
      mark: { type: 'line', point: true },
      encoding: {
        x,
        y: { field: 'value', type: 'quantitative', title: opts.yTitle, ...yScale },
        color,
        tooltip: [
          { field: 'series', type: 'nominal', title: 'series' },
          { field: 'x', type: 'quantitative', title: opts.xTitle },
          { field: 'value', type: 'quantitative', format: '.3f', title: opts.yTitle },
          { field: 'lo', type: 'quantitative', format: '.3f', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.3f', title: '95% high' },
          { field: 'n', type: 'quantitative', title: 'n' },
        ],
      },
    },
  ];
  // In small multiples the reference lines are constants (datum), drawn in every panel.
  if (opts.target !== undefined) {
    layer.push(
      facet
        ? { mark: { type: 'rule', strokeDash: [6, 4], color: '#2e7d32' }, encoding: { y: { datum: opts.target, type: 'quantitative', ...yScale } } }
        : {
            data: { values: [{ target: opts.target, label: `target ${opts.target}` }] },
            mark: { type: 'rule', strokeDash: [6, 4], color: '#2e7d32' },
            encoding: { y: { field: 'target', type: 'quantitative', ...yScale }, tooltip: [{ field: 'label', type: 'nominal', title: 'target' }] },
          },
    );
  }
  if (opts.best !== undefined) {
    layer.push(
      facet
        ? { mark: { type: 'rule', strokeDash: [2, 2], color: '#c0392b' }, encoding: { x: { datum: opts.best, type: 'quantitative' } } }
        : {
            data: { values: [{ best: opts.best, label: `best setting ${opts.best}` }] },
            mark: { type: 'rule', strokeDash: [2, 2], color: '#c0392b' },
            encoding: { x: { field: 'best', type: 'quantitative' }, tooltip: [{ field: 'label', type: 'nominal', title: 'chosen' }] },
          },
    );
  }
  if (!facet) return { ...base(opts.title, opts.subtitle), width: 420, height: 240, layer };
  // Each panel row would repeat the y title, and long titles run into each other: the subtitle names it once.
  for (const l of layer) {
    const y = (l['encoding'] as Record<string, Record<string, unknown>>)['y'];
    if (y && 'title' in y) y['title'] = null;
  }
  return {
    ...base(opts.title, [opts.subtitle, `each panel: ${opts.yTitle} against ${opts.xTitle}, one panel per curve`].filter(Boolean).join('; ')),
    data: { values },
    facet: { field: 'series', type: 'nominal', title: null, sort: order, header: { labelFontSize: 12, labelLimit: 240 } },
    columns: 3,
    spec: { width: 220, height: 150, layer },
    resolve: { scale: { y: 'shared', x: 'shared' } },
  };
}

export interface SeatShare extends IntervalRow {
  /** Seat label, e.g. "seat 1 (first)". */
  readonly seat: string;
}

/** Win share by seat with interval error bars and the fair share (1 / players) marked. */
export function seatShareBars(
  rows: readonly SeatShare[],
  /** `nTitle`: what n counts (default "games"; "seeds" when the games sharing a seed are one unit). */
  opts: { title: string; subtitle?: string; fair?: number; nTitle?: string },
): VegaLiteSpec {
  const values = rows.map((r) => ({ seat: r.seat, share: r3(r.share), lo: r3(r.lo), hi: r3(r.hi), n: r.n }));
  const fair = opts.fair ?? (rows.length ? 1 / rows.length : 0.5);
  // Bands wide enough for their labels (up to 120 px); longer labels slant.
  const step = Math.min(120, Math.max(60, Math.max(0, ...rows.map((r) => r.seat.length)) * LABEL_CHAR_PX + 10));
  const x = { field: 'seat', type: 'nominal', title: 'seat', sort: null, axis: bandAxisLabels(rows.map((r) => r.seat), step) };
  return {
    ...base(opts.title, opts.subtitle),
    width: { step },
    height: 220,
    layer: [
      {
        data: { values },
        mark: { type: 'bar', color: '#7fa7cf' },
        encoding: {
          x,
          y: { field: 'share', type: 'quantitative', title: 'win share (0–1)', scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'seat', type: 'nominal' },
            { field: 'share', type: 'quantitative', format: '.3f', title: 'win share' },
            { field: 'lo', type: 'quantitative', format: '.3f', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.3f', title: '95% high' },
            { field: 'n', type: 'quantitative', title: opts.nTitle ?? 'games' },
          ],
        },
      },
      { data: { values }, mark: { type: 'rule', color: 'black' }, encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      {
        data: { values: [{ fair: r3(fair) }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#c0392b' },
        encoding: { y: { field: 'fair', type: 'quantitative' }, tooltip: [{ field: 'fair', type: 'quantitative', title: 'fair share' }] },
      },
    ],
  };
}
