import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/analysis/stats/wilson.js';
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
    expect(mcts).toEqual({ slot: 0, agent: 'mcts', seat: null, share: 2.5 / 4, lo: w.lo, hi: w.hi, n: 4 });
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
});
