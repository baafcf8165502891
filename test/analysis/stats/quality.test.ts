import { describe, expect, it } from 'vitest';
import { endedAtCap, isDraw, leadChanges, leader, qualityPanel } from '../../../src/analysis/stats/quality.js';
import { wilson } from '../../../src/core/wilson.js';
import type { GameRecord } from '../../../src/sim/types.js';

const rec = (index: number, returns: number[], length: number, endReason = 'rules', error?: string): GameRecord => ({
  index,
  seed: index,
  seats: returns.map(() => 'random'),
  slots: returns.map((_, i) => i),
  returns: error ? [] : returns,
  length,
  tags: { endReason },
  ...(error ? { error } : {}),
});

describe('game-quality panel', () => {
  // 10 games: seat 0 wins 6, seat 1 wins 2, 2 draws (one at the cap); one failed game.
  const records = [
    ...Array.from({ length: 6 }, (_, i) => rec(i, [1, 0], 10 + i)),
    rec(6, [0, 1], 20),
    rec(7, [0, 1], 22),
    rec(8, [0.5, 0.5], 30),
    rec(9, [0.5, 0.5], 40, 'cap'),
    rec(10, [1, 0], 5, 'rules', 'engine bug'),
  ];
  const q = qualityPanel(records);

  it('seat shares and balance = 1 − (max − min) share', () => {
    expect(q.games).toBe(10);
    expect(q.failed).toBe(1);
    expect(q.seatShares.map((s) => s.p)).toEqual([0.7, 0.3]);
    expect(q.balance).toBeCloseTo(0.6, 12);
  });
  it('first-player advantage is seat 0 share − 1/N with its Wilson interval', () => {
    expect(q.firstPlayerAdvantage.estimate).toBeCloseTo(0.2, 12);
    const w = wilson(7, 10);
    expect(q.firstPlayerAdvantage.lo).toBeCloseTo(w.lo - 0.5, 12);
    expect(q.firstPlayerAdvantage.n).toBe(10);
  });
  it('completion counts games not stopped at the cap; drawishness counts equal returns', () => {
    expect(q.completion.p).toBeCloseTo(0.9, 12);
    expect(q.drawishness.p).toBeCloseTo(0.2, 12);
    expect(isDraw(rec(0, [1 / 3, 1 / 3, 1 / 3], 1))).toBe(true);
    expect(endedAtCap(rec(0, [0.5, 0.5], 1, 'turn cap'))).toBe(true);
    expect(endedAtCap(rec(0, [0.5, 0.5], 1, 'capture'))).toBe(false);
    // Superhero Gladiators and Ophidian name their caps with a dash: a cap all the same.
    expect(endedAtCap(rec(0, [0.5, 0.5], 1, 'turn-cap'))).toBe(true);
    expect(endedAtCap(rec(0, [0.5, 0.5], 1, 'wave-cap'))).toBe(true);
    expect(endedAtCap(rec(0, [0.5, 0.5], 1, 'knockout'))).toBe(false);
    const custom = qualityPanel(records, { hitCap: (r) => r.length >= 30 });
    expect(custom.completion.p).toBeCloseTo(0.8, 12);
  });
  it('in a paired run the seat-swapped pair is the unit: t interval over pairs, n counts pairs', () => {
    // 8 pairs; in each pair seat 0 wins both games (the seed favours the first seat).
    const paired = Array.from({ length: 16 }, (_, i) => ({ ...rec(i, [1, 0], 10), seed: 500 + (i >> 1), pair: i >> 1 }));
    const p = qualityPanel(paired);
    expect(p.games).toBe(16);
    expect(p.units).toBe(8);
    expect(p.seatShares[0]!.n).toBe(8);
    expect(p.firstPlayerAdvantage.n).toBe(8);
    // No spread over pairs: the exact bound for 8 of 8 pairs (Clopper–Pearson 0.025^(1/8)), not over 16 games.
    expect(p.seatShares[0]!.lo).toBeCloseTo(0.025 ** (1 / 8), 12);
    expect(p.seatShares[0]!.lo).toBeLessThan(wilson(16, 16).lo - 0.05);
    // A study's own units (two tables, one seed per index) are honoured too.
    const own = qualityPanel(records.slice(0, 10), { unitOf: (r) => String(r.index % 5) });
    expect(own.units).toBe(5);
    expect(own.drawishness.n).toBe(5);
    expect(q.units).toBe(10); // unpaired: one game per unit, Wilson over games as before
  });
  it('duration: mean, quantiles of length', () => {
    expect(q.duration.mean).toBeCloseTo((10 + 11 + 12 + 13 + 14 + 15 + 20 + 22 + 30 + 40) / 10, 12);
    expect(q.duration.min).toBe(10);
    expect(q.duration.max).toBe(40);
    expect(q.duration.median).toBe(14.5);
  });
  it('lead changes are null without traces', () => {
    expect(q.leadChanges).toBeNull();
  });
});

describe('lead changes', () => {
  it('count switches of the unique leader; ties do not lead', () => {
    expect(leader([1, 2, 0])).toBe(1);
    expect(leader([2, 2, 0])).toBe(-1);
    // A leads, tie, A leads again (no change), B leads (1), A leads (2).
    expect(
      leadChanges([
        [1, 0],
        [1, 1],
        [2, 1],
        [2, 3],
        [5, 3],
      ]),
    ).toBe(2);
  });
  it('the panel averages them per game and per decision over traced games', () => {
    const recs = [rec(0, [1, 0], 4), rec(1, [0, 1], 6), rec(2, [1, 0], 10)];
    const traces = new Map([
      [0, [[1, 0], [0, 1], [1, 0]]],
      [1, [[1, 0]]],
    ]);
    const q = qualityPanel(recs, { trace: (r) => traces.get(r.index) });
    expect(q.leadChanges).toEqual({ perGame: 1, perDecision: 0.2, games: 2 });
  });
  it('falls back to a numeric tags.leadChanges counted by the game', () => {
    const recs = [rec(0, [1, 0], 10), rec(1, [0, 1], 10)].map((r, i) => ({ ...r, tags: { leadChanges: 3 * i } }));
    expect(qualityPanel(recs).leadChanges).toEqual({ perGame: 1.5, perDecision: 0.15, games: 2 });
  });
});
