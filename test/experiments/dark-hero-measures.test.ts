import { statesMde } from '../../src/analysis/stats/verdict.js';
import { describe, expect, it } from 'vitest';
import { differenceVerdict, holmDifferences, interval } from '../../experiments/dark-hero/measures.js';

/** n values with the given mean and spread ±1 around it (sd ≈ 1). */
function sample(mean: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => mean + (i % 2 === 0 ? 1 : -1));
}

describe('dark-hero studies: Holm over families of differences', () => {
  it('the strongest gap is tested at 1 − α/m, and a gap that passes alone at 95% can fail once 16 are tested', () => {
    // Mean 0.15, sd ≈ 1, n = 200: t ≈ 2.1, inside 95% but not 99.7%.
    const family = [sample(0.15, 200), ...Array.from({ length: 15 }, () => sample(0, 200))];
    const alone = interval(family[0]!);
    expect(alone.lo).toBeGreaterThan(0);
    const d = holmDifferences(family);
    expect(d[0]!.family).toBe(16);
    expect(d[0]!.level).toBeCloseTo(1 - 0.05 / 16, 10);
    expect(d[0]!.rejected).toBe(false);
    expect(d.every((x) => !x.rejected)).toBe(true);
    const v = differenceVerdict('Free − Safe', interval(family[0]!, d[0]!.level), 'Free wins more', 'Safe wins more', d[0]!.level, '16 settings');
    expect(v.strength).toBe('inconclusive');
    expect(v.evidence).toMatch(/99\.69% t interval, Holm over 16 settings/);
  });

  it('a clear gap is still supported after the correction, and evidence names its level', () => {
    const family = [sample(0.5, 200), sample(0, 200), sample(0, 200), sample(0, 200)];
    const d = holmDifferences(family);
    expect(d[0]!.rejected).toBe(true);
    expect(d[0]!.level).toBeCloseTo(1 - 0.05 / 4, 10);
    const v = differenceVerdict('4 heroes', interval(family[0]!, d[0]!.level), 'favoured side wins more', 'underdog wins more', d[0]!.level, '4 table sizes');
    expect(v.strength).toBe('supported');
    expect(v.statement).toBe('4 heroes: favoured side wins more.');
    expect(v.evidence).toMatch(/98\.75% t interval, Holm over 4 table sizes/);
  });

  it('without a family the verdict stays a plain 95% test', () => {
    expect(differenceVerdict('x', interval(sample(0.5, 50)), 'up', 'down').evidence).toMatch(/\(95% t interval; MDE [\d.]+ at 80% power\)$/);
  });

  it('an inconclusive difference states how large a difference it could have missed, at its own level (issue #28)', () => {
    // Differences ±1 around 0 over 50 games: MDE = (z₀.₉₇₅ + z₀.₈) · se, se read off the interval.
    const m = interval(sample(0, 50));
    const v = differenceVerdict('x', m, 'up', 'down');
    expect(v.strength).toBe('inconclusive');
    const mde = (1.959964 + 0.841621) * ((m.hi - m.lo) / 2 / 1.959964);
    expect(v.statement).toContain(`no difference larger than ${mde.toFixed(3)} is shown`);
    expect(v.evidence).toContain(`MDE ${mde.toFixed(3)} at 80% power`);
    expect(statesMde(v)).toBe(true);
    // At a Holm level the test is stricter, so it misses more: a larger MDE.
    const holmLevel = differenceVerdict('x', interval(sample(0, 50), 0.9875), 'up', 'down', 0.9875, '4 settings');
    expect(Number(/MDE ([\d.]+)/.exec(holmLevel.evidence)![1])).toBeGreaterThan(mde);
  });
});
