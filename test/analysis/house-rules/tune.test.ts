import { describe, expect, it } from 'vitest';
import { measureTarget, parseRange, searchGrid, sweepRange, tuneReport, tuneRules, type TuneResult } from '../../../src/analysis/house-rules/tune.js';
import type { GameRecord } from '../../../src/sim/types.js';
import { getGame } from '../../../src/games/index.js';
import { resolveCoin } from './coin-game.js';

describe('searchGrid', () => {
  it('finds the minimum of a known function with refinement', async () => {
    const { best, all } = await searchGrid(
      [{ path: 'x', lo: 0, hi: 8, integer: true }],
      async ([x]) => ({ value: x!, lo: x!, hi: x!, n: 1, objective: Math.abs(x! - 3) }),
      { points: 3, refinements: 2 },
    );
    expect(best.values).toEqual([3]);
    expect(new Set(all.map((e) => e.values[0])).size).toBe(all.length); // no setting evaluated twice
  });
});

describe('tuneRules', () => {
  it('finds the fair coin (bias 0.5) for target balance, on common seeds', async () => {
    const config = {
      gameId: 'coin',
      baseOptions: {},
      params: [{ path: 'bias', lo: 0.1, hi: 0.9 }],
      target: 'balance' as const,
      agents: ['random'],
      games: 400,
      seed: 5,
      points: 5,
      refinements: 1,
    };
    const res = await tuneRules(config, { resolveGame: resolveCoin });
    expect(res.best.values[0]).toBeCloseTo(0.5, 5);
    expect(res.best.evaluation.lo).toBeLessThan(0.5);
    expect(res.best.evaluation.hi).toBeGreaterThan(0.5);
    // The response is monotone in the bias because every setting uses the same seeds.
    const values = [...res.all].sort((a, b) => a.values[0]! - b.values[0]!).map((e) => e.evaluation.value);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThanOrEqual(values[i - 1]!);
    const report = tuneReport(config, res, { id: 'coin-tune', command: 'test' });
    expect(report.sections[0]!.blocks.some((b) => b.kind === 'chart')).toBe(true);
    // "Consistent with the goal" states how large a miss this sample could have missed (its MDE at 80% power; issue #28).
    const head = report.verdicts.find((v) => /consistent with the goal/.test(v.statement))!;
    expect(head.statement).toMatch(/no miss larger than 0\.\d+ is shown \(one that large would be found 80% of the time/);
    expect(head.evidence).toMatch(/MDE 0\.\d+ at 80% power\)$/);
  });

  it('tunes a nested integer option for a length goal', async () => {
    const res = await tuneRules(
      { gameId: 'coin', baseOptions: {}, params: [{ path: 'nested.steps', lo: 1, hi: 9 }], target: 'length', goal: 6, agents: ['random'], games: 10, seed: 1 },
      { resolveGame: resolveCoin },
    );
    expect(res.params[0]!.integer).toBe(true);
    expect(res.best.values).toEqual([6]);
  });

  it('rejects unknown paths, non-numeric options and bad ranges', async () => {
    const run = (path: string) =>
      tuneRules({ gameId: 'coin', baseOptions: {}, params: [{ path, lo: 0, hi: 1 }], target: 'balance', agents: ['random'], games: 2, seed: 1 }, { resolveGame: resolveCoin });
    await expect(run('nope')).rejects.toThrow(/field "nope" does not exist/);
    await expect(run('nested')).rejects.toThrow(/not a number/);
    expect(() => parseRange('bias', '3..1')).toThrow(/lo < hi/);
    expect(parseRange('bias', '0..2.5')).toEqual({ lo: 0, hi: 2.5 });
  });
});

describe('tune verdicts', () => {
  const config = { gameId: 'coin', baseOptions: {}, target: 'balance' as const, agents: ['random'], games: 400, seed: 5, points: 5, refinements: 0 };

  it('reports "no effect in this setup" when every setting scores the same (no green tie)', async () => {
    // nested.steps changes only the recorded length, never who wins.
    const cfg = { ...config, params: [{ path: 'nested.steps', lo: 1, hi: 9 }] };
    const res = await tuneRules(cfg, { resolveGame: resolveCoin });
    const report = tuneReport(cfg, res, { id: 'coin-flat', command: 'test' });
    expect(report.verdicts[0]!.statement).toMatch(/has no effect on the first seat win share in this setup: all 5 settings score/);
    expect(report.verdicts.every((v) => v.strength !== 'supported')).toBe(true);
  });

  it('puts pair-based intervals on paired games (400 games = 200 pairs, not 400 independent games)', async () => {
    const cfg = { ...config, params: [{ path: 'bias', lo: 0.1, hi: 0.9 }] };
    const res = await tuneRules(cfg, { resolveGame: resolveCoin });
    const e = res.best.evaluation;
    expect(e.n).toBe(200);
    // The coin's pair plays one flip twice: the pair share is 0 or 1, so the half-width
    // is about 1.97·0.5/√200 ≈ 0.070 — not the 0.049 of 400 independent games.
    expect((e.hi - e.lo) / 2).toBeGreaterThan(0.06);
  });

  it('flags a best setting at the edge of the tested range', async () => {
    const cfg = { ...config, params: [{ path: 'bias', lo: 0.6, hi: 0.9 }] };
    const res = await tuneRules(cfg, { resolveGame: resolveCoin });
    expect(res.best.values[0]).toBe(0.6);
    const report = tuneReport(cfg, res, { id: 'coin-edge', command: 'test' });
    const edge = report.verdicts.find((v) => /edge of the tested range/.test(v.statement))!;
    expect(edge.statement).toMatch(/bias \(0\.6\.\.0\.9\)/);
    // The goal ½ lies outside every tested setting's interval: the verdict says it is missed.
    expect(report.verdicts[0]!.statement).toMatch(/misses it: its first seat win share stays above 0\.500/);
  });
});

describe('sweepRange (tune without --range)', () => {
  it("reads the option's declared sweep range from the game's option docs", () => {
    expect(sweepRange(getGame('gladiator-duel'), 'lightApBonus')).toEqual({ lo: -1, hi: 3 });
    expect(sweepRange(getGame('dark-hero'), 'map.spokeLength')).toEqual({ lo: 2, hi: 6 });
  });

  it('names the options that have one when the option has none', () => {
    expect(() => sweepRange(getGame('gladiator-duel'), 'strikeArc')).toThrow(/--range for strikeArc is missing.*allowed: --range lo\.\.hi.*lightApBonus/);
  });
});

describe('measureTarget and the tune report: what n counts', () => {
  /** Pair k: seat 0 scores `r0` in both games (seats swapped, same seed). */
  const pair = (k: number, r0: number): GameRecord[] => [0, 1].map((h) => ({ index: 2 * k + h, seed: 90 + k, seats: ['a', 'b'], slots: h ? [1, 0] : [0, 1], returns: [r0, 1 - r0], length: 12, tags: {}, pair: k }));
  it('a share with no spread over pairs gets the Wilson interval over pairs, not a zero-width interval', () => {
    const recs = Array.from({ length: 10 }, (_, k) => [...pair(k, 1)]).flat();
    const e = measureTarget(recs, 'balance', 0.5);
    expect(e.n).toBe(10);
    expect(e.value).toBe(1);
    expect(e.lo).toBeLessThan(0.75); // Wilson 10 of 10: about 0.72; a t interval claimed [1, 1]
    const draws = measureTarget(recs, 'draws', 0);
    expect(draws.value).toBe(0);
    expect(draws.hi).toBeGreaterThan(0.2);
  });
  it("target stalls: the share of games at the cap; a setting under the goal always beats one over it, and the mildest under it wins", () => {
    const games = (capped: number, n = 20): GameRecord[] => Array.from({ length: n }, (_, i) => ({ index: i, seed: 500 + i, seats: ['a', 'b'], slots: [0, 1], returns: [1, 0], length: 12, tags: { endReason: i < capped ? 'turn-cap' : 'knockout' } }));
    const over = measureTarget(games(4), 'stalls', 0.05); // 20%
    const justUnder = measureTarget(games(0, 20).map((r, i) => (i === 0 ? { ...r, tags: { endReason: 'round cap' } } : r)), 'stalls', 0.05); // 5%
    const none = measureTarget(games(0), 'stalls', 0.05); // 0%
    expect(over.value).toBeCloseTo(0.2, 12);
    expect(justUnder.value).toBeCloseTo(0.05, 12);
    expect(justUnder.objective).toBeLessThan(none.objective); // milder: just under the goal
    expect(none.objective).toBeLessThan(over.objective);
  });
  it('an unpaired (odd) run says games even when most games failed', () => {
    const e = { value: 0.5, lo: 0.4, hi: 0.6, n: 150, objective: 0 };
    const result: TuneResult = { params: [{ path: 'bias', lo: 0, hi: 1, integer: false }], target: 'balance', goal: 0.5, metricLabel: 'first seat win share', best: { values: [0.5], evaluation: e }, all: [{ values: [0.5], evaluation: e }, { values: [0.6], evaluation: { ...e, value: 0.6 } }] };
    const cfg = { gameId: 'coin', baseOptions: {}, params: [{ path: 'bias', lo: 0, hi: 1 }], target: 'balance' as const, agents: ['random'], games: 401, seed: 1 };
    const report = tuneReport(cfg, result, { id: 't', command: 'test' });
    expect(report.verdicts.map((v) => v.evidence).join(' ')).toMatch(/n = 150 games/);
    expect(tuneReport({ ...cfg, games: 400 }, result, { id: 't', command: 'test' }).verdicts.map((v) => v.evidence).join(' ')).toMatch(/n = 150 pairs/);
  });
});
