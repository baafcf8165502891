/**
 * Issue #28: "intervals exactly as wide as they should be". The 95% interval over pairs is
 * checked against the truth by simulation on nulls at small n: it must cover 93–97% of the
 * time, neither conservative (compare claiming 3% where it states 5%) nor anti-conservative.
 *
 * Pair scores are drawn from distributions a seat-swapped pair produces (its mean share over
 * two games: 0, ¼, ½, ¾, 1): a wide symmetric pentanomial, two independent coin-flip games,
 * deterministic duels where the seat mostly decides (80% of pairs split ½), and skewed ones.
 * Shares: the interval of the mean pair score must cover the true mean share (½ on the nulls).
 * A/A differences: B − A per pair from two independent runs of one distribution; the
 * interval of the change must cover 0. Seeded (same numbers every run), 2,000 samples a cell.
 */
import { describe, expect, it } from 'vitest';
import { unitShareInterval } from '../../../src/analysis/stats/paired.js';
import { changeInterval } from '../../../src/analysis/house-rules/metrics.js';
import { Rng } from '../../../src/core/rng.js';

interface Dist {
  readonly name: string;
  readonly v: readonly number[];
  readonly p: readonly number[];
}
const PENT = [0, 0.25, 0.5, 0.75, 1];
const twoGames = (q: number): Dist => ({ name: `two coin games at ${q}`, v: [0, 0.5, 1], p: [(1 - q) ** 2, 2 * q * (1 - q), q * q] });
const SYMMETRIC: readonly Dist[] = [
  { name: 'wide pentanomial', v: PENT, p: [0.1, 0.2, 0.4, 0.2, 0.1] },
  twoGames(0.5),
  { name: 'seat decides (80% of pairs split)', v: [0, 0.5, 1], p: [0.1, 0.8, 0.1] },
];
const SKEWED: readonly Dist[] = [twoGames(0.3), { name: 'skewed pentanomial', v: PENT, p: [0.3, 0.3, 0.25, 0.1, 0.05] }];

const meanOf = (d: Dist): number => d.v.reduce((a, x, i) => a + x * d.p[i]!, 0);
function draw(d: Dist, rng: Rng): number {
  let u = rng.float();
  for (let i = 0; i < d.p.length; i++) if ((u -= d.p[i]!) < 0) return d.v[i]!;
  return d.v[d.v.length - 1]!;
}

const REPS = 2000;

/** Share of REPS samples of n units whose interval holds `truth`. */
function coverage(n: number, unit: (rng: Rng) => number, interval: (xs: number[]) => { lo: number; hi: number }, truth: number, seed: number): number {
  const rng = new Rng(seed);
  let hits = 0;
  for (let r = 0; r < REPS; r++) {
    const xs = Array.from({ length: n }, () => unit(rng));
    const ci = interval(xs);
    if (ci.lo <= truth + 1e-12 && truth - 1e-12 <= ci.hi) hits++;
  }
  return hits / REPS;
}

function table(ns: readonly number[], dists: readonly Dist[], cell: (d: Dist, n: number, seed: number) => number): number[][] {
  return dists.map((d, i) => ns.map((n) => cell(d, n, 1000 * i + n)));
}

describe('95% pair intervals cover what they claim (simulated, small n)', () => {
  it('A/A changes (compare): covered 93–97% from 5 pairs on, averaged over the null shapes; no shape below 92%', () => {
    const ns = [5, 6, 8, 10, 15, 20, 30];
    const dists = [...SYMMETRIC, ...SKEWED];
    const cov = table(ns, dists, (d, n, seed) => coverage(n, (rng) => draw(d, rng) - draw(d, rng), (xs) => changeInterval('share', xs), 0, seed));
    ns.forEach((n, j) => {
      const avg = cov.reduce((a, row) => a + row[j]!, 0) / cov.length;
      expect(avg, `n = ${n}: ${cov.map((row) => row[j]).join(', ')}`).toBeGreaterThanOrEqual(0.93);
      expect(avg, `n = ${n}: ${cov.map((row) => row[j]).join(', ')}`).toBeLessThanOrEqual(0.97);
      for (const row of cov) expect(row[j]!).toBeGreaterThanOrEqual(0.92);
    });
  });

  it('shares over pairs: covered 93–97% from 6 pairs on, averaged over the shapes; no shape below 91%', () => {
    const ns = [6, 8, 10, 15, 20, 30];
    const dists = [...SYMMETRIC, ...SKEWED];
    const cov = table(ns, dists, (d, n, seed) => coverage(n, (rng) => draw(d, rng), (xs) => unitShareInterval(xs), meanOf(d), seed));
    ns.forEach((n, j) => {
      const avg = cov.reduce((a, row) => a + row[j]!, 0) / cov.length;
      expect(avg, `n = ${n}: ${cov.map((row) => row[j]).join(', ')}`).toBeGreaterThanOrEqual(0.93);
      expect(avg, `n = ${n}: ${cov.map((row) => row[j]).join(', ')}`).toBeLessThanOrEqual(0.97);
      for (const row of cov) expect(row[j]!).toBeGreaterThanOrEqual(0.91);
    });
  });

  it('never gives a zero-width interval, also when every pair is the same (the exact interval for equal units)', () => {
    for (const n of [2, 3, 5, 8]) {
      const share = unitShareInterval(Array(n).fill(0.5));
      expect(share.hi - share.lo).toBeGreaterThan(0.1);
      const change = changeInterval('share', Array(n).fill(0));
      expect(change.hi - change.lo).toBeGreaterThan(0.1);
    }
  });
});
