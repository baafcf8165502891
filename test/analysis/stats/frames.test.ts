// frames.ts lives in src/analysis/, its test sits with the statistics tests (D1's folder).
import { describe, expect, it } from 'vitest';
import { frameRows, groupShares, recordsFrame, seatRows, shareByAgent, shareByAgentSeat } from '../../../src/analysis/frames.js';
import { groupMeans } from '../../../src/analysis/table.js';
import { unitShareInterval } from '../../../src/analysis/stats/paired.js';
import { wilson } from '../../../src/core/wilson.js';
import type { GameRecord } from '../../../src/sim/types.js';

const rec = (index: number, seats: string[], returns: number[], pair?: number, error?: string): GameRecord => ({
  index,
  seed: 50 + index,
  seats,
  slots: seats.map((_, i) => (seats[0] === 'mcts' ? i : 1 - i)),
  returns,
  length: 7,
  tags: {},
  ...(pair !== undefined ? { pair } : {}),
  ...(error ? { error } : {}),
});

const records = [
  rec(0, ['mcts', 'random'], [1, 0], 0),
  rec(1, ['random', 'mcts'], [0, 1], 0),
  rec(2, ['mcts', 'random'], [0.5, 0.5], 1),
  rec(3, ['random', 'mcts'], [1, 0], 1),
  rec(4, ['mcts', 'random'], [], 2, 'boom'),
];

describe('frames', () => {
  it('one row per seat of each completed game', () => {
    const rows = seatRows(records);
    expect(rows).toHaveLength(8);
    expect(rows[1]).toEqual({ game: 0, pair: 0, seed: 50, seat: 1, slot: 1, agent: 'random', share: 0, length: 7 });
    const df = recordsFrame(records);
    expect(df.shape).toEqual([8, 8]);
    expect(frameRows(df)[3]).toMatchObject({ agent: 'mcts', share: 1, seat: 1 });
  });
  it('share by agent over pairs in a paired run (the two games of a pair are one unit)', () => {
    const t = shareByAgent(records);
    expect(t.map((r) => r.agent)).toEqual(['mcts', 'random']);
    expect(t[0]).toMatchObject({ games: 4, units: 2, share: 0.625 });
    // Pair scores 1 and 0.25: a t interval over 2 pairs, not Wilson over 4 games.
    const u = unitShareInterval([1, 0.25]);
    expect(t[0]!.lo).toBeCloseTo(u.lo, 12);
    expect(t[0]!.hi - t[0]!.lo).toBeGreaterThan(wilson(2.5, 4).hi - wilson(2.5, 4).lo);
  });
  it('unpaired: Wilson over games; an agent in both seats of a game is one observation', () => {
    const unpaired = records.slice(0, 4).map((r) => ({ ...r, pair: undefined }));
    const t = shareByAgent(unpaired);
    expect(t[0]).toMatchObject({ games: 4, units: 4, share: 0.625 });
    expect(t[0]!.lo).toBeCloseTo(wilson(2.5, 4).lo, 12);
    const selfPlay = unpaired.map((r) => ({ ...r, seats: ['mcts', 'mcts'] }));
    const s = shareByAgent(selfPlay)[0]!;
    expect(s).toMatchObject({ games: 8, units: 4, share: 0.5 });
    // Each game is one observation of ½ (not 8 coin flips): no spread, so the exact bound for 4 equal units, not a zero-width interval.
    expect(s.lo).toBeCloseTo(0.5 - (1 - 0.025 ** (1 / 4)) * 0.5, 12);
    expect(s.lo).toBeLessThan(wilson(4, 8).lo);
  });
  it('share by agent and seat', () => {
    const t = shareByAgentSeat(records);
    expect(t.map((r) => `${r.agent}@${r.seat}:${r.share}`)).toEqual(['mcts@0:0.75', 'mcts@1:0.5', 'random@0:0.5', 'random@1:0.25']);
  });
  it('groups by extra per-seat columns drawn from tags', () => {
    const withTags = records.map((r) => ({ ...r, tags: { type0: r.index % 2 ? 'net' : 'sword', type1: 'sword' } }));
    const t = groupShares(withTags, ['type'], 0.95, (r, seat) => ({ type: String(r.tags[`type${seat}`]) }));
    // net sits in seat 0 of games 1 and 3: returns 0 and 1.
    expect(t.map((g) => [g.type, g.games, g.share])).toEqual([
      ['net', 2, 0.5],
      ['sword', 6, 0.5],
    ]);
  });
  it('empty input gives empty tables', () => {
    expect(groupShares([], ['agent'])).toEqual([]);
    expect(frameRows(recordsFrame([]))).toEqual([]);
  });
});

describe('groupMeans (the per-build / per-power tables of the reports)', () => {
  it('gives each group the same mean and count as plain arithmetic, NaN left out, groups sorted by key', () => {
    const rows = [
      { build: 'F3', share: 1 },
      { build: 'F1 I1 R2', share: 0 },
      { build: 'F3', share: 0.5 },
      { build: 'F1 I1 R2', share: NaN },
      { build: 'A3', share: 0.25 },
      { build: 'F3', share: 0 },
    ];
    expect(groupMeans(rows, ['build'], 'share')).toEqual([
      { build: 'A3', mean: 0.25, n: 1 },
      { build: 'F1 I1 R2', mean: 0, n: 1 },
      { build: 'F3', mean: 0.5, n: 3 },
    ]);
    expect(groupMeans([], ['build'], 'share')).toEqual([]);
  });

  it('groups by several keys', () => {
    const rows = [
      { players: 4, bent: 1, gap: 0.2 },
      { players: 4, bent: 1, gap: 0.4 },
      { players: 2, bent: 3, gap: -0.1 },
    ];
    const g = groupMeans(rows, ['players', 'bent'], 'gap');
    expect(g.map((x) => [x['players'], x['bent'], x.n])).toEqual([[2, 3, 1], [4, 1, 2]]);
    expect(g[1]!.mean).toBeCloseTo(0.3, 12);
  });
});
