import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import * as charts from '../../../src/analysis/charts.js';
import { sampleReport } from './fixture.js';

type Spec = Record<string, any>;
const layers = (s: Spec): Spec[] => (s['layer'] as Spec[]) ?? [s];
const allData = (s: Spec): Spec[] => [s['data'], ...layers(s).map((l) => l['data'])].filter(Boolean).flatMap((d) => d.values);

describe('chart specs', () => {
  const specs = sampleReport().sections[0]!.blocks.flatMap((b) => (b.kind === 'chart' ? [b] : []));

  it.each(specs.map((c) => [c.id, c.spec] as const))('%s is valid Vega-Lite v6 with a title and embedded data', (_id, spec) => {
    expect(spec['$schema']).toMatch(/vega-lite\/v6/);
    expect((spec['title'] as Spec).text).toBeTruthy();
    expect(allData(spec as Spec).length).toBeGreaterThan(0);
    expect(() => compile(spec as never)).not.toThrow();
  });

  it('heatmap puts the interval and n in the tooltip and labels cells', () => {
    const s = charts.matchupHeatmap([{ row: 'Heavy', col: 'Light', share: 0.6, lo: 0.5, hi: 0.7, n: 100 }], { title: 't' }) as Spec;
    const rect = layers(s)[0]!;
    const tips = rect['encoding'].tooltip.map((t: Spec) => t['title']);
    expect(tips).toEqual(expect.arrayContaining(['interval', 'interval level', 'games', 'win share']));
    expect(s['data'].values[0]).toMatchObject({ interval: '[0.50, 0.70]', level: '95%', label: '0.60', n: 100 });
    expect(rect['encoding'].color.scale.domainMid).toBe(0.5);
    expect(layers(s)[1]!['mark'].type).toBe('text');
  });

  it('forest plot draws intervals as rules and a vertical line at zero', () => {
    const s = charts.forestPlot([{ label: 'x', estimate: 0.1, lo: 0.05, hi: 0.15 }], { title: 't', xTitle: 'change' }) as Spec;
    const [interval, , zero] = layers(s);
    expect(interval!['encoding'].x2.field).toBe('hi');
    expect(zero!['data'].values).toEqual([{ zero: 0 }]);
    expect(zero!['encoding'].x.field).toBe('zero');
  });

  it('forest plot tooltips name the interval level: 95% unless told (e.g. Holm-level)', () => {
    const e = [{ label: 'x', estimate: 0.1, lo: 0.05, hi: 0.15 }];
    expect(JSON.stringify(charts.forestPlot(e, { title: 't', xTitle: 'change' }))).toContain('"95% low"');
    const holm = JSON.stringify(charts.forestPlot(e, { title: 't', xTitle: 'change', intervalLabel: 'Holm-level' }));
    expect(holm).toContain('"Holm-level high"');
    expect(holm).not.toContain('95% low');
  });

  it('cost scatter has the y = x line and labels only the outliers', () => {
    const s = charts.costScatter([{ name: 'Cheap', listed: 10, fitted: 15 }, { name: 'Fair', listed: 5, fitted: 5.2 }], { title: 't', outlierGap: 1 }) as Spec;
    const diag = layers(s)[0]!['data'].values;
    expect(diag.every((p: Spec) => p['listed'] === p['fitted'])).toBe(true);
    const pts = layers(s)[2]!['data'].values as Spec[];
    expect(pts.filter((p) => p['outlier']).map((p) => p['name'])).toEqual(['Cheap']);
    expect(layers(s)[3]!['transform']).toEqual([{ filter: 'datum.outlier' }]);
  });

  it('response curve marks the target and the best setting; seat bars mark the fair share', () => {
    const r = charts.responseCurve([{ x: 1, value: 0.5, lo: 0.4, hi: 0.6 }], { title: 't', xTitle: 'x', yTitle: 'y', target: 0.5, best: 1 }) as Spec;
    expect(layers(r).map((l) => l['mark'].type)).toEqual(['area', 'line', 'rule', 'rule']);
    const b = charts.seatShareBars([{ seat: 's1', share: 0.3, lo: 0.2, hi: 0.4, n: 50 }, { seat: 's2', share: 0.3, lo: 0.2, hi: 0.4, n: 50 }, { seat: 's3', share: 0.4, lo: 0.3, hi: 0.5, n: 50 }], { title: 't' }) as Spec;
    expect(layers(b)[2]!['data'].values[0].fair).toBeCloseTo(1 / 3, 3);
  });

  it('axis titles carry units', () => {
    const h = charts.lengthHistogram([1, 2], { title: 't' }) as Spec;
    expect(layers(h)[0]!['encoding'].x.title).toBe('game length (decisions)');
    const r = charts.ratingBars([{ name: 'a', rating: 1, lo: 0, hi: 2 }], { title: 't' }) as Spec;
    expect(layers(r)[0]!['encoding'].x.title).toBe('rating (Elo points)');
  });
});

describe('chart legends and labels', () => {
  it('numbered groups sort as numbers (2, 4, 6, 10 heroes), in every legend', () => {
    expect(charts.naturalOrder(['10 heroes', '2 heroes', '6 heroes', '4 heroes', '2 heroes'])).toEqual(['2 heroes', '4 heroes', '6 heroes', '10 heroes']);
    const forest = charts.forestPlot(
      ['10 heroes', '2 heroes', '4 heroes'].map((group) => ({ label: group, estimate: 0, lo: -1, hi: 1, group })),
      { title: 't', xTitle: 'x' },
    );
    expect(JSON.stringify(forest)).toContain('"sort":["2 heroes","4 heroes","10 heroes"]');
    const curve = charts.responseCurve(
      ['12 turns', '6 turns'].flatMap((series) => [{ x: 0, value: 0.5, lo: 0.4, hi: 0.6, series }]),
      { title: 't', xTitle: 'x', yTitle: 'y' },
    );
    expect(JSON.stringify(curve)).toContain('"sort":["6 turns","12 turns"]');
  });

  it('band-axis labels stay level when they fit their band and slant when they would collide', () => {
    expect(charts.bandAxisLabels(['seat 1', 'seat 2'], 60)).toMatchObject({ labelAngle: 0 });
    expect(charts.bandAxisLabels(['Galactic Ray Gun', 'Flight'], 56, 'top')).toMatchObject({ labelAngle: -40, labelAlign: 'left' });
    expect(charts.bandAxisLabels(['Galactic Ray Gun'], 56)).toMatchObject({ labelAngle: -40, labelAlign: 'right' });
  });

  it('equilibrium bars list strategies by their mass, highest first', () => {
    const spec = charts.equilibriumBars(
      [
        { name: 'Flight', mass: 0.1, method: 'Nash' },
        { name: 'Tough Skin', mass: 0.9, method: 'Nash' },
        { name: 'Flight', mass: 0.2, method: 'α-Rank' },
        { name: 'Tough Skin', mass: 0.8, method: 'α-Rank' },
      ],
      { title: 't' },
    );
    expect((spec['encoding'] as { y: { sort: string[] } }).y.sort).toEqual(['Tough Skin', 'Flight']);
  });
});
