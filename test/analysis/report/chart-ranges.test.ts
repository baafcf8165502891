/**
 * Charts read at a glance (issue #29, "Charts: axes within their range (a 'win share per
 * 10 points' axis runs to 1.6), no clipped labels, no six-band tangles (small multiples
 * instead), legends sorted by value"). Each test asserts the spec.
 */
import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import * as charts from '../../../src/analysis/charts.js';
import { sharePer10 } from '../../../experiments/superhero-gladiators/costs.js';
import { yourContentChart } from '../../../src/analysis/report/yours.js';

type Spec = Record<string, any>;
const layers = (s: Spec): Spec[] => (s['layer'] as Spec[]) ?? s['spec']?.['layer'] ?? [s];
const domainsOf = (s: Spec): number[][] => layers(s).flatMap((l) => Object.values(l['encoding'] ?? {}).flatMap((e: any) => (e?.scale?.domain ? [e.scale.domain] : [])));

describe('axes stay within what the quantity can take', () => {
  it('"win share per 10 points" is the logistic change of an even pair\'s share: within (−½, ½), near 2.5·d at 0', () => {
    // The SHG costs fit's largest log-odds excess per point in a quick run was about 0.64: the straight 2.5·d charted 1.6.
    expect(sharePer10(0.64)).toBeLessThan(0.5);
    expect(sharePer10(-0.64)).toBeGreaterThan(-0.5);
    expect(sharePer10(0.004)).toBeCloseTo(2.5 * 0.004, 5);
    expect(sharePer10(0)).toBe(0);
  });

  it('a bounded forest plot clamps interval ends into the range and its axis never leaves it', () => {
    const spec = charts.forestPlot(
      [
        { label: 'Webbing', estimate: 0.45, lo: 0.2, hi: 0.7 },
        { label: 'Flight', estimate: -0.1, lo: -0.62, hi: 0.3 },
      ],
      { title: 't', xTitle: 'win share per 10 points moved in', zero: 0, bounds: { min: -0.5, max: 0.5 } },
    ) as Spec;
    const values = layers(spec)[0]!['data'].values as { lo: number; hi: number }[];
    expect(Math.max(...values.map((v) => v.hi))).toBe(0.5);
    expect(Math.min(...values.map((v) => v.lo))).toBe(-0.5);
    const domains = domainsOf(spec);
    expect(domains.length).toBeGreaterThan(0);
    for (const [lo, hi] of domains) expect(lo! >= -0.5 && hi! <= 0.5).toBe(true);
    for (const l of layers(spec)) for (const e of Object.values(l['encoding'] ?? {}) as any[]) if (e?.scale) expect(e.scale.nice).toBe(false);
    expect(() => compile(spec as never)).not.toThrow();
  });

  it('a share curve\'s band ends are cut to [0, 1] and so is its axis', () => {
    const spec = charts.responseCurve([{ x: 0, value: 0.97, lo: 0.9, hi: 1.04 }, { x: 1, value: 0.5, lo: -0.02, hi: 1.02 }], { title: 't', xTitle: 'x', yTitle: 'share', target: 0.5, bounds: { min: 0, max: 1 } }) as Spec;
    for (const [lo, hi] of domainsOf(spec)) expect(lo! >= 0 && hi! <= 1).toBe(true);
    const values = layers(spec)[0]!['data'].values as { lo: number; hi: number }[];
    expect(values.every((v) => v.lo >= 0 && v.hi <= 1)).toBe(true);
  });

  it('"Your content" of a share is charted on [0, 1]; a loss on [−1, 1]', () => {
    const item = { name: 'Glass Cannon', estimate: 0.98, lo: 0.9, hi: 1, level: 0.95, n: 8, verdict: 'v', strength: 'supported' as const };
    const share = yourContentChart({ measure: 'field share', fieldName: 'the samples', nullValue: 0.5, items: [item], field: [{ name: 'Amazon', estimate: 0.5, lo: -0.1, hi: 1.1 }] });
    for (const [lo, hi] of domainsOf(share.spec as Spec)) expect(lo! >= 0 && hi! <= 1).toBe(true);
    const loss = yourContentChart({ measure: 'share lost', fieldName: 'cards', nullValue: 0, bounds: { min: -1, max: 1 }, items: [{ ...item, estimate: 0.9, lo: 0.2, hi: 1.3 }], field: [] });
    for (const [lo, hi] of domainsOf(loss.spec as Spec)) expect(lo! >= -1 && hi! <= 1).toBe(true);
  });
});

describe('more than four curves are small multiples, not a tangle of bands', () => {
  const matchups = ['Heavy v Light', 'Heavy v Medium', 'Heavy v Retiarius', 'Light v Medium', 'Light v Retiarius', 'Medium v Retiarius'];
  const points = (series: readonly string[]) => series.flatMap((s, i) => [0, 1, 2].map((x) => ({ x, value: 0.3 + 0.07 * i, lo: 0.2 + 0.07 * i, hi: 0.4 + 0.07 * i, n: 20, series: s })));

  it('six matchups (gladiator-duel-tuning) facet into one panel each, reference lines in every panel', () => {
    const spec = charts.responseCurve(points(matchups), { title: 't', xTitle: 'Light AP bonus', yTitle: 'share', target: 0.5, best: 1, integerX: true, bounds: { min: 0, max: 1 } }) as Spec;
    expect(spec['facet']).toMatchObject({ field: 'series' });
    expect(spec['columns']).toBe(3);
    // No colour legend to decode: the panel header names the curve.
    for (const l of spec['spec'].layer.slice(0, 2) as Spec[]) expect(l['encoding'].color).toEqual({ value: '#1f4e79' });
    const marks = (spec['spec'].layer as Spec[]).map((l) => l['mark'].type);
    expect(marks).toEqual(['area', 'line', 'rule', 'rule']);
    expect(() => compile(spec as never)).not.toThrow();
    // Panels in the order of their values, highest first.
    expect(spec['facet'].sort).toEqual([...matchups].reverse());
  });

  it('up to four curves share one plot, legend ordered by each curve\'s last value (highest first)', () => {
    const spec = charts.responseCurve(points(matchups.slice(0, 3)), { title: 't', xTitle: 'x', yTitle: 'y' }) as Spec;
    expect(spec['facet']).toBeUndefined();
    expect(layers(spec)[1]!['encoding'].color.sort).toEqual(['Heavy v Retiarius', 'Heavy v Medium', 'Heavy v Light']);
  });
});

describe('legends sorted by value, labels whole', () => {
  it('forest plot groups read in the order of their estimates (numbered groups stay in number order)', () => {
    const spec = charts.forestPlot(
      [
        { label: 'Flight', estimate: -0.2, lo: -0.3, hi: -0.1, group: 'over-priced (Holm)' },
        { label: 'Webbing', estimate: 0.01, lo: -0.1, hi: 0.1, group: 'not shown' },
        { label: 'Blast', estimate: 0.3, lo: 0.2, hi: 0.4, group: 'under-priced (Holm)' },
      ],
      { title: 't', xTitle: 'x' },
    ) as Spec;
    expect(layers(spec)[0]!['encoding'].color.sort).toEqual(['under-priced (Holm)', 'not shown', 'over-priced (Holm)']);
    expect(charts.legendOrder([{ group: '10 heroes', value: 0.9 }, { group: '2 heroes', value: 0.1 }])).toEqual(['2 heroes', '10 heroes']);
  });

  // Vega estimates 0.8 x font size a character where it has no canvas (the SVG/PNG files): "Galactic Ray Gun (yours)" was cut at 180 px.
  it('row labels get room for the longest name as Vega measures it (a 50-character Ophidian team is not cut at 180 px)', () => {
    const team = 'Goth Garal + Lothar + Madame Petice + Simon Bantus';
    const forest = charts.forestPlot([{ label: team, estimate: 0.5, lo: 0.4, hi: 0.6 }], { title: 't', xTitle: 'x' }) as Spec;
    expect(layers(forest)[0]!['encoding'].y.axis.labelLimit).toBeGreaterThanOrEqual(team.length * 8.8);
    const rating = charts.ratingBars([{ name: team, rating: 10, lo: 0, hi: 20 }], { title: 't' }) as Spec;
    expect(rating['encoding'].y.axis.labelLimit).toBeGreaterThanOrEqual(team.length * 8.8);
    const eq = charts.equilibriumBars([{ name: team, mass: 1, method: 'Nash' }], { title: 't' }) as Spec;
    expect(eq['encoding'].y.axis.labelLimit).toBeGreaterThanOrEqual(team.length * 8.8);
    const heat = charts.matchupHeatmap([{ row: team, col: 'x', share: 0.5, lo: 0.4, hi: 0.6, n: 4 }], { title: 't' }) as Spec;
    expect(heat['encoding'].y.axis.labelLimit).toBeGreaterThanOrEqual(team.length * 8.8);
  });
});
