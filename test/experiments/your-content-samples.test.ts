/**
 * "Your content" in superhero-gladiators-samples (issue #29: "A report run with
 * --hero-file opens with a 'Your content' section: each of the user's items by its name,
 * its verdict with interval, its rank among the sample content, and a chart"), from
 * synthetic pair shares with a known answer (the study plays these tables; its play is
 * tested in test/games/superhero-gladiators/studies.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { yourHeroes } from '../../experiments/superhero-gladiators/samples.js';
import { describeItem, rankOf, yourContentChart } from '../../src/analysis/report/yours.js';
import { expectMdeOnYourContent } from './mde-check.js';

/** A table's pair shares on seed indices 0..n-1 (A's share in each pair). */
const table = (shares: readonly number[]) => shares.map((score, index) => ({ index, score }));

describe('superhero-gladiators-samples with --hero-file: "Your content"', () => {
  const samples = ['Amazon', 'Ironclad', 'Mimic'];
  // Glass Cannon (the user's) wins every pair against every sample hero; the samples are even among themselves.
  const even = [0.5, 0.5, 0.5, 1, 0, 0.5, 0.5, 0.5];
  const pairs = new Map([
    ['Amazon|Ironclad', table(even)],
    ['Amazon|Mimic', table(even)],
    ['Ironclad|Mimic', table(even)],
    // The user's hero sits on side A against Amazon and Ironclad, on side B against Mimic (its share is 1 - A's).
    ['Amazon|Glass Cannon', table([0, 0, 0, 0, 0, 0, 0, 0.5])],
    ['Glass Cannon|Ironclad', table([1, 1, 1, 1, 1, 1, 1, 1])],
    ['Mimic|Glass Cannon', table([0, 0, 0, 0, 0, 0, 0, 0])],
  ]);

  it('names the hero, tests its field share against 0.5 over seed indices (not pairs), and ranks it among the samples', () => {
    const { yourContent } = yourHeroes(samples, ['Glass Cannon'], pairs);
    const item = yourContent!.items[0]!;
    expect(item.name).toBe('Glass Cannon');
    // Eight seed indices, each the mean over its three opponents: 3 tables x 8 pairs would be 24 "units" sharing dice.
    expect(item.n).toBe(8);
    expect(item.estimate).toBeCloseTo((7 + (1 + 1 + 0.5) / 3) / 8, 10);
    expect(item.level).toBe(0.95); // Holm over one user hero
    expect(item.strength).toBe('supported');
    expect(item.lo).toBeGreaterThan(0.5);
    expect(item.hi).toBeLessThanOrEqual(1);
    expect(item.verdict).toMatch(/^beats the sample heroes/);
    // The field: each sample hero against the other sample heroes only, all even here.
    expect(yourContent!.field.map((f) => [f.name, f.estimate])).toEqual([['Amazon', 0.5], ['Ironclad', 0.5], ['Mimic', 0.5]]);
    expect(rankOf(item, yourContent!)).toEqual({ rank: 1, of: 4 });
    expect(JSON.stringify(yourContentChart(yourContent!).spec)).toContain('Glass Cannon (yours)');
  });

  it('an even hero is not called stronger or weaker; no hero file, no section', () => {
    const level = new Map([...pairs].filter(([k]) => !k.includes('Glass')).concat([['Glass Cannon|Amazon', table(even)], ['Glass Cannon|Ironclad', table(even)], ['Glass Cannon|Mimic', table(even)]]));
    const item = yourHeroes(samples, ['Glass Cannon'], level).yourContent!.items[0]!;
    expect(item).toMatchObject({ strength: 'inconclusive', estimate: 0.5 });
    expect(item.verdict).toMatch(/^not shown/);
    // Issue #28: the inconclusive row says how large an effect its 8 seed units could have missed, like every other verdict.
    const content = yourHeroes(samples, ['Glass Cannon'], level).yourContent!;
    expect(expectMdeOnYourContent(content)).toBe(1);
    expect(describeItem(item, content)).toMatch(/; MDE 0\.\d{3} at 80% power$|; MDE not estimable \(/);
    expect(yourHeroes(samples, [], pairs)).toEqual({});
  });
});
