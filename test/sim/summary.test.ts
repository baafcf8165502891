import { describe, expect, it } from 'vitest';
import { pairedShare } from '../../src/analysis/stats/paired.js';
import { wilson } from '../../src/core/wilson.js';
import { formatSummary, summarize } from '../../src/sim/summary.js';
import type { GameRecord, MatchConfig } from '../../src/sim/types.js';

const config: MatchConfig = { gameId: 'g', options: {}, agents: ['mcts', 'random'], games: 5, seed: 1 };
const rec = (index: number, slots: number[], returns: number[], length = 10, error?: string): GameRecord => ({
  index,
  seed: index,
  seats: slots.map((s) => config.agents[s]!),
  slots,
  returns,
  length,
  tags: {},
  ...(error ? { error } : {}),
});

describe('summarize', () => {
  const records = [
    rec(0, [0, 1], [1, 0], 10),
    rec(1, [1, 0], [0, 1], 20),
    rec(2, [0, 1], [0.5, 0.5], 30),
    rec(3, [1, 0], [1, 0], 40),
    rec(4, [0, 1], [], 2, 'boom'),
  ];

  it('gives each slot its win share (draws split) with a Wilson interval over completed games', () => {
    const s = summarize(config, records);
    expect(s.completed).toBe(4);
    expect(s.failed).toBe(1);
    expect(s.meanLength).toBe(25);
    const mcts = s.shares[0]!;
    const w = wilson(2.5, 4);
    expect(mcts).toEqual({ slot: 0, agent: 'mcts', seat: null, share: 2.5 / 4, lo: w.lo, hi: w.hi, n: 4, unit: 'game' });
    expect(s.shares[1]!.share).toBe(1.5 / 4);
  });

  it('splits each slot by seat', () => {
    const s = summarize(config, records);
    const seat = (slot: number, st: number) => s.sharesBySeat.find((x) => x.slot === slot && x.seat === st)!;
    expect(seat(0, 0)).toMatchObject({ share: 0.75, n: 2 }); // games 0 and 2
    expect(seat(0, 1)).toMatchObject({ share: 0.5, n: 2 }); // games 1 and 3
    expect(seat(1, 0)).toMatchObject({ share: 0.5, n: 2 });
  });

  it('averages the seats a slot holds when the agent list repeats, so n counts games', () => {
    const four: MatchConfig = { ...config, agents: ['a', 'b'] };
    const s = summarize(four, [rec(0, [0, 1, 0, 1], [1, 0, 0, 0]), rec(1, [1, 0, 1, 0], [0, 0, 0, 1])]);
    expect(s.shares[0]).toMatchObject({ share: 0.5, n: 2 });
    expect(s.shares[1]).toMatchObject({ share: 0, n: 2 });
  });

  it('formats a readable table with intervals and sample sizes', () => {
    const text = formatSummary(summarize(config, records));
    expect(text).toContain('5 games: 4 completed, 1 failed, mean length 25.0 decisions');
    // Agents and seats are printed from 1 (as compare and tune do); the JSON keeps 0-based slot/seat.
    expect(text).toMatch(/^1:mcts\s+0\.625 {2}\[0\.\d{3}, 0\.\d{3}\] {2}4$/m);
    expect(text).toMatch(/^1:mcts\s+1 {5}0\.750 {2}\[0\.\d{3}, 0\.\d{3}\] {2}2$/m);
    expect(text).toMatch(/^1:mcts\s+2 {5}0\.500 /m);
    expect(text).not.toMatch(/^0:/m);
    expect(text).not.toMatch(/^\S+\s+0 {5}\d/m);
  });

  describe('paired runs: a pair of seat-swapped games is one unit', () => {
    const pairedConfig: MatchConfig = { ...config, games: 10, paired: true };
    // Pair k is games 2k (slot 0 in seat 0) and 2k + 1 (seats swapped), on one seed.
    const game = (index: number, ret0: number, error?: string): GameRecord => ({
      ...rec(index, index % 2 === 0 ? [0, 1] : [1, 0], error ? [] : index % 2 === 0 ? [ret0, 1 - ret0] : [1 - ret0, ret0], 10, error),
      seed: Math.floor(index / 2),
      pair: Math.floor(index / 2),
    });
    // Slot 0 scores per pair: 1, 0.5, 0.5, 0.75 (a draw and a win); pair 4 has a failed game.
    const records = [game(0, 1), game(1, 1), game(2, 1), game(3, 0), game(4, 0), game(5, 1), game(6, 0.5), game(7, 1), game(8, 1), game(9, 0, 'boom')];

    it('gives the overall share over complete pairs with the t interval the analysis puts on them', () => {
      const s = summarize(pairedConfig, records);
      const byPair = pairedShare(records, 0);
      expect(s.shares[0]).toMatchObject({ unit: 'pair', n: 4 });
      expect(byPair.n).toBe(4);
      expect(s.shares[0]!.share).toBeCloseTo(0.6875, 12);
      expect(s.shares[0]!.share).toBeCloseTo(byPair.mean, 12);
      expect(s.shares[0]!.lo).toBeCloseTo(byPair.lo, 12);
      expect(s.shares[0]!.hi).toBeCloseTo(byPair.hi, 12);
      // Not the Wilson interval over the 9 completed games, which counts each pair twice.
      expect(s.shares[0]!.n).not.toBe(9);
      expect(s.shares[1]!.share).toBeCloseTo(0.3125, 12);
      // The per-seat rows stay per game.
      expect(s.sharesBySeat.every((x) => x.unit === 'game')).toBe(true);
      expect(s.completed).toBe(9);
      expect(s.failed).toBe(1);
    });

    it('gives the exact (Clopper–Pearson) interval over pairs when every pair scored the same (a t interval would have no width; Wilson undercovers)', () => {
      const allWon = [0, 1, 2, 3, 4, 5].map((i) => game(i, 1));
      const s = summarize({ ...pairedConfig, games: 6 }, allWon);
      // 3 of 3 pairs won: the lower bound solves p³ = 0.025 (Wilson's 0.438 is too high).
      expect(s.shares[0]).toMatchObject({ share: 1, hi: 1, n: 3, unit: 'pair' });
      expect(s.shares[0]!.lo).toBeCloseTo(0.025 ** (1 / 3), 12);
      expect(s.shares[0]!.lo).toBeLessThan(wilson(3, 3).lo);
      expect(s.shares[0]!.lo).toBeLessThan(0.5);
    });

    it('says in the table that n counts pairs', () => {
      const text = formatSummary(summarize(pairedConfig, records));
      expect(text).toContain('paired: a pair of seat-swapped games is one unit, t interval over pairs');
      expect(text).toMatch(/share {2}95% interval {5}n pairs/);
      expect(text).toMatch(/^1:mcts\s+0\.688 {2}\[0\.\d{3}, 1\.000\] {2}4$/m);
      expect(text).toMatch(/seat {2}share {2}95% interval {5}n games/);
    });
  });
});
