import { describe, expect, it } from 'vitest';
import { differenceVerdict, statesMde, verdict } from '../../../src/analysis/stats/verdict.js';
import { matchupHeatmap } from '../../../src/analysis/charts.js';

// Issue #28: "95% CI 0.433 to 0.642 … 99.17% interval": the evidence named 95% for a Holm-level interval.
describe('an interval is labelled with its own level', () => {
  const words = { higher: 'up', lower: 'down', none: 'none' };
  it('a Holm-level interval says its level, a plain one 95%', () => {
    const holmLevel = verdict({ estimate: 0.537, lo: 0.433, hi: 0.642, n: 40, level: 1 - 0.05 / 6 }, words, { nullValue: 0.5, units: 'pairs' });
    expect(holmLevel.evidence).toMatch(/^0\.537 \(99\.17% CI 0\.433 to 0\.642, n = 40 pairs; MDE 0\.1\d\d at 80% power\)$/);
    expect(verdict({ estimate: 0.6, lo: 0.55, hi: 0.65, n: 40 }, words, { nullValue: 0.5 }).evidence).toMatch(/\(95% CI/);
    expect(differenceVerdict('A − B', { mean: 0.1, lo: 0.01, hi: 0.2, n: 30 }, 'up', 'down', 0.99).evidence).toMatch(/\(99% t interval; MDE [\d.]+ at 80% power\)$/);
  });
  it('an interval that cannot be estimated is said to be so, never printed as "95% CI NaN"', () => {
    const v = verdict({ estimate: 0.5, lo: NaN, hi: NaN, n: 1 }, words, { nullValue: 0.5, units: 'seeds' });
    expect(v.evidence).toBe('0.500 (interval not estimable at n = 1 seeds, so no MDE: nothing can be said about what was missed)');
    expect(statesMde(v)).toBe(true);
    expect(v.strength).toBe('inconclusive');
  });
  it('the heat map tooltip shows each cell\'s level', () => {
    const spec = matchupHeatmap([{ row: 'a', col: 'b', share: 0.6, lo: 0.4, hi: 0.8, n: 10, level: 0.9917 }], { title: 't' });
    const json = JSON.stringify(spec);
    expect(json).toContain('"level":"99.17%"');
    expect(json).not.toContain('95% interval');
  });
});
