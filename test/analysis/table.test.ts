import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { groupMeans, groupStats, groupSums, sortRows, toCsv } from '../../src/analysis/table.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';

describe('report tables through DataFrames (src/analysis/table.ts)', () => {
  it('groupMeans: mean and count per group, NaN left out, sorted by the keys', () => {
    const rows = [
      { build: 'F3', share: 1 },
      { build: 'F1 I1 R2', share: 0 },
      { build: 'F3', share: 0.5 },
      { build: 'F3', share: NaN },
      { build: 'F1 I1 R2', share: 0.25 },
    ];
    expect(groupMeans(rows, ['build'], 'share')).toEqual([
      { build: 'F1 I1 R2', mean: 0.125, n: 2 },
      { build: 'F3', mean: 0.75, n: 2 },
    ]);
    expect(groupMeans([], ['build'], 'share')).toEqual([]);
  });

  it('keys that danfojs would merge (it names a group by joining keys with "-") stay apart, and 1 is not "1"', () => {
    // The defect being guarded against, in danfojs itself:
    const dfd = createRequire(import.meta.url)('danfojs-node');
    const raw = dfd.toJSON(new dfd.DataFrame([{ a: 'x-y', b: 'z', v: 1 }, { a: 'x', b: 'y-z', v: 2 }]).groupby(['a', 'b']).agg({ v: ['sum'] }), { format: 'column' });
    expect(raw).toHaveLength(1);
    const rows = [
      { power: 'x-y', heroes: 'z', v: 1 },
      { power: 'x', heroes: 'y-z', v: 2 },
      { power: 'x', heroes: 'y-z', v: 4 },
    ];
    expect(groupSums(rows, ['power', 'heroes'], ['v'])).toEqual([
      { power: 'x', heroes: 'y-z', v: 6, n: 2 },
      { power: 'x-y', heroes: 'z', v: 1, n: 1 },
    ]);
    const mixed = groupMeans([{ k: 1, v: 1 }, { k: '1', v: 3 }] as { k: string | number; v: number }[], ['k'], 'v');
    expect(mixed).toHaveLength(2);
  });

  it('groupSums sums several columns per group; groupStats gives the sd a t interval needs', () => {
    const events = [
      { power: 'Flight', offered: 1, bought: 1, wins: 0 },
      { power: 'Flight', offered: 1, bought: 0, wins: 0 },
      { power: 'Brainswap', offered: 0, bought: 0, wins: 1 },
    ];
    expect(groupSums(events, ['power'], ['offered', 'bought', 'wins'])).toEqual([
      { power: 'Brainswap', offered: 0, bought: 0, wins: 1, n: 1 },
      { power: 'Flight', offered: 2, bought: 1, wins: 0, n: 2 },
    ]);
    const xs = [0.5, 1, 0, 0.5, 1, 1, 0.25];
    const [g] = groupStats(xs.map((share) => ({ matchup: 'Heavy v Light', share })), ['matchup'], 'share');
    const t = tInterval(xs);
    expect(g!.n).toBe(7);
    expect(g!.mean).toBeCloseTo(t.mean, 14);
    expect(g!.sd).toBeCloseTo(t.sd, 14);
    expect(groupStats([{ g: 'a', x: 1 }], ['g'], 'x')[0]!.sd).toBeNaN();
  });

  it('sortRows: several keys, descending, ties in input order, empty cells last, values untouched', () => {
    const rows = [
      { power: 'b', heroes: 4, price: 3.14159265358979, note: 'x, "y"' },
      { power: 'a', heroes: 2, price: null },
      { power: 'c', heroes: 2, price: 10 },
      { power: 'd', heroes: 4, price: 3.14159265358979 },
      { power: 'e', heroes: 2, price: NaN },
      { power: 'f', heroes: 2, price: 0.1 + 0.2 },
    ];
    const sorted = sortRows(rows, [{ column: 'heroes' }, { column: 'price', descending: true }]);
    expect(sorted.map((r) => r.power)).toEqual(['c', 'f', 'a', 'e', 'b', 'd']);
    expect(sorted[1]!.price).toBe(0.1 + 0.2);
    expect(sorted[4]).toBe(rows[0]); // the same row objects
    expect(sortRows(rows, [{ column: 'price' }]).map((r) => r.power)).toEqual(['f', 'b', 'd', 'c', 'a', 'e']);
    expect(() => sortRows([{ k: 1 }, { k: 'a' }], [{ column: 'k' }])).toThrow(/only numbers or only strings/);
  });

  it('toCsv quotes commas, quotes and line breaks in user strings (danfojs toCSV does not) and leaves empty cells empty', () => {
    const rows = [
      { power: 'Ray, Gun', name: 'the "big" one', note: 'line one\nline two', price: 1.5, ok: true },
      { power: 'Flight', name: null, note: 'cr\r', price: -2, ok: false },
    ];
    expect(toCsv(rows)).toBe('power,name,note,price,ok\n"Ray, Gun","the ""big"" one","line one\nline two",1.5,true\nFlight,,"cr\r",-2,false\n');
    const dfd = createRequire(import.meta.url)('danfojs-node');
    expect(dfd.toCSV(new dfd.DataFrame([{ power: 'Ray, Gun', price: 1 }]))).toBe('power,price\nRay, Gun,1\n'); // three fields in a two-column file
  });
});
