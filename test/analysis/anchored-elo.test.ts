/** Anchored Elo of training checkpoints from recorded shares with intervals (synthetic results). */
import { describe, expect, it } from 'vitest';
import { anchoredElo, effectiveGames, type ShareResult } from '../../src/analysis/stats/anchored-elo.js';
import { checkpointElo, checkpointResults, trainReport } from '../../src/analysis/train-report.js';
import type { GenerationRecord } from '../../src/sim/train/loop.js';

const ELO = 400 / Math.LN10;
const expected = (ea: number, eb: number) => 1 / (1 + 10 ** ((eb - ea) / 400));

/** An exact share between two players of known Elo, with the 95% interval n Bernoulli games would give. */
function exact(a: string, ea: number, b: string, eb: number, n = 1000): ShareResult {
  const p = expected(ea, eb);
  const half = 1.959964 * Math.sqrt((p * (1 - p)) / n);
  return { a, b, share: p, lo: p - half, hi: p + half, n };
}

describe('anchoredElo', () => {
  it('one result: the Elo difference and the delta-method interval of its share', () => {
    const [anchor, cp] = anchoredElo([{ a: 'gen 1', b: 'heuristic', share: 0.64, lo: 0.54, hi: 0.74, n: 30 }], 'heuristic');
    expect(anchor).toMatchObject({ name: 'heuristic', elo: 0, lo: 0, hi: 0 });
    expect(cp!.elo).toBeCloseTo(400 * Math.log10(0.64 / 0.36), 0);
    // se of the share 0.1/1.96; dθ/ds = 1/(s(1−s)); Elo half-width = 1.96·ELO·se/(s(1−s)).
    const half = (ELO * 0.1) / (0.64 * 0.36);
    expect(cp!.hi - cp!.elo).toBeCloseTo(half, 0);
    expect(cp!.elo - cp!.lo).toBeCloseTo(half, 0);
  });

  it('recovers known ratings from a chain of checkpoints against two baselines and the previous best', () => {
    const truth: Record<string, number> = { heuristic: 0, mcts: 60, 'gen 1': -150, 'gen 2': 10, 'gen 3': 130 };
    const results = [
      exact('gen 1', truth['gen 1']!, 'heuristic', 0),
      exact('gen 1', truth['gen 1']!, 'mcts', 60),
      exact('gen 2', truth['gen 2']!, 'heuristic', 0),
      exact('gen 2', truth['gen 2']!, 'mcts', 60),
      exact('gen 2', truth['gen 2']!, 'gen 1', truth['gen 1']!),
      exact('gen 3', truth['gen 3']!, 'heuristic', 0),
      exact('gen 3', truth['gen 3']!, 'mcts', 60),
      exact('gen 3', truth['gen 3']!, 'gen 2', truth['gen 2']!),
    ];
    const ratings = anchoredElo(results, 'heuristic');
    for (const r of ratings) {
      expect(r.elo).toBeCloseTo(truth[r.name]!, -0.3); // within ±1 Elo (the prior's pull)
      expect(r.lo).toBeLessThanOrEqual(truth[r.name]!);
      expect(r.hi).toBeGreaterThanOrEqual(truth[r.name]!);
    }
    // Ten times the games: intervals about √10 narrower.
    const wide = anchoredElo(results.map((r) => ({ ...r, lo: r.share - (r.share - r.lo) * Math.sqrt(10), hi: r.share + (r.hi - r.share) * Math.sqrt(10) })), 'heuristic');
    const width = (xs: typeof ratings, n: string) => xs.find((r) => r.name === n)!.hi - xs.find((r) => r.name === n)!.lo;
    expect(width(wide, 'gen 3') / width(ratings, 'gen 3')).toBeCloseTo(Math.sqrt(10), 1);
  });

  it('a checkpoint that won every game stays finite, with a wide interval', () => {
    const [, cp] = anchoredElo([{ a: 'gen 1', b: 'random', share: 1, lo: 1, hi: 1, n: 10 }], 'random');
    expect(Number.isFinite(cp!.elo)).toBe(true);
    expect(cp!.elo).toBeGreaterThan(300);
    expect(cp!.hi - cp!.lo).toBeGreaterThan(200);
    expect(effectiveGames({ a: 'x', b: 'y', share: 1, lo: 1, hi: 1, n: 10 })).toBe(10);
  });

  it('weighs a share near 1 by the spread of its pairs, not by its interval cut at 1', () => {
    // 20 pairs, mean 0.95, sd 0.15: the t interval 0.95 ± 0.070 is cut to [0.880, 1].
    const se = 0.15 / Math.sqrt(20);
    const cut = { a: 'gen 3', b: 'random', share: 0.95, lo: 0.95 - 2.093 * se, hi: 1, n: 20 };
    const honest = effectiveGames({ ...cut, se });
    expect(honest).toBeCloseTo((0.95 * 0.05) / se ** 2, 6);
    // Read back from the cut interval the result looked like ~20% more games than it is worth.
    expect(effectiveGames(cut)).toBeGreaterThan(1.15 * honest);
    const [, wide] = anchoredElo([{ ...cut, se }], 'random');
    const [, narrow] = anchoredElo([cut], 'random');
    expect(wide!.hi - wide!.lo).toBeGreaterThan(narrow!.hi - narrow!.lo);
  });
});

const gen = (g: number, heur: number, vsBest: number | null, best: number, rival?: number): GenerationRecord => ({
  generation: g,
  selfPlayGames: 10,
  samples: 100,
  bufferSamples: 100,
  seconds: { selfPlay: 1, fit: 1, eval: 1 },
  gamesPerSecond: 10,
  loss: { policy: 1, value: 0.2, entropy: 1, total: 1.2 },
  vsBest: vsBest === null ? null : { mean: vsBest, lo: vsBest - 0.08, hi: vsBest + 0.08, n: 40, rival: rival ?? 1 - vsBest },
  vsBaselines: [{ agent: 'heuristic', mean: heur, lo: heur - 0.08, hi: heur + 0.08, n: 40, rival: rival ?? 1 - heur }],
  promoted: g === best,
  bestGeneration: best,
  backend: 'wasm',
});

describe('checkpoint Elo in the training report', () => {
  it('passes the pairs\' standard error to the fit, scaled like the share', () => {
    const h = gen(1, 0.6, null, 1);
    const withSd: GenerationRecord = { ...h, vsBaselines: [{ ...h.vsBaselines[0]!, sd: 0.2, rival: 0.3 }] };
    const [r] = checkpointResults([withSd]);
    expect(r!.se).toBeCloseTo((0.2 / Math.sqrt(40)) * (1 / 0.9), 12);
  });

  it('pairs each checkpoint with the best before it (not the best after it)', () => {
    // Generation 2 is not promoted, so generation 3 played generation 1.
    const history = [gen(1, 0.4, null, 1), gen(2, 0.45, 0.45, 1), gen(3, 0.6, 0.65, 3)];
    const results = checkpointResults(history);
    expect(results.filter((r) => r.b.startsWith('generation')).map((r) => `${r.a} v ${r.b}`)).toEqual(['generation 2 v generation 1', 'generation 3 v generation 1']);
    const { anchor, ratings } = checkpointElo(history);
    expect(anchor).toBe('heuristic');
    const elo = (n: string) => ratings.find((r) => r.name === n)!.elo;
    expect(elo('generation 1')).toBeLessThan(0);
    expect(elo('generation 3')).toBeGreaterThan(0);
    expect(elo('generation 3')).toBeGreaterThan(elo('generation 2'));
  });

  it('general-sum games compare the checkpoint with its opponent, not with one half', () => {
    // Dark Hero: both can lose; 0.3 against the rival's 0.3 is an even match.
    const [r] = checkpointResults([gen(1, 0.3, null, 1, 0.3)]);
    expect(r!.share).toBeCloseTo(0.5, 10);
    expect(r!.hi - r!.lo).toBeCloseTo(0.16 / 0.6, 10);
  });

  it('the report has an Elo chart anchored at the named baseline, and a ratings table', () => {
    const report = trainReport([gen(1, 0.4, null, 1), gen(2, 0.6, 0.62, 2)], { gameId: 'gladiator-duel', seed: '1', command: 'x', out: 'models/x', backend: 'wasm', evalIterations: 50 });
    const section = report.sections.find((s) => s.heading === 'Elo of the checkpoints')!;
    const chart = section.blocks.find((b) => b.kind === 'chart')!;
    expect(chart.kind === 'chart' && chart.title).toBe('Elo of each checkpoint, anchored at heuristic = 0');
    const table = section.blocks.find((b) => b.kind === 'table')!;
    expect(table.kind === 'table' && table.rows.map((r) => r['player'])).toEqual(['heuristic', 'generation 1', 'generation 2']);
    expect(table.kind === 'table' && table.rows[0]!['95% low']).toBe('anchor');
  });
});
