/**
 * Pooled shares in the studies whose tables share seeds: every table of a study plays
 * game i on a seed drawn from the master seed and i alone, so the games on one seed (the
 * two seatings of a matchup, every matchup's game i) share their dice and are one unit.
 */
import { describe, expect, it } from 'vitest';
import { firstMoverShare } from '../../experiments/gladiator-duel/matchups.js';
import { firstPlacerShare } from '../../experiments/superhero-gladiators/samples.js';
import { pairUnits } from '../../experiments/ophidian/common.js';
import { endingShares } from '../../experiments/ophidian/flow.js';
import { synergyInteraction } from '../../experiments/rumble/auction-meta.js';
import { analyseCards } from '../../experiments/ophidian/cards.js';
import { ratingGroup } from '../../experiments/dark-hero/builds.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { wilson } from '../../src/core/wilson.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { fieldScores } from '../../experiments/rumble/dominance.js';
import { Rng } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/sim/types.js';

/** Game i of a table: seed 1000 + i, `tag` names the seat that moved (or placed) first. */
function game(i: number, firstSeat: number, firstWon: boolean, tag: string): GameRecord {
  const returns = firstSeat === 0 ? [firstWon ? 1 : 0, firstWon ? 0 : 1] : [firstWon ? 0 : 1, firstWon ? 1 : 0];
  return { index: i, seed: 1000 + i, seats: ['a', 'a'], slots: [0, 0], returns, length: 10, tags: { [tag]: firstSeat } };
}

/** `tables` tables of `seeds` games; on seed i the first seat wins in every table when `wins[i]`. */
function tables(count: number, wins: readonly boolean[], tag: string): GameRecord[] {
  return Array.from({ length: count }, () => wins.map((w, i) => game(i, i % 2, w, tag))).flat();
}

describe('first-mover and first-placer shares count seeds, not games', () => {
  const wins = [true, true, false, true, false, true, true, false, true, true];
  it('gladiator-duel-matchups: 12 tables × 10 seeds is n = 10 seeds with a t interval over them', () => {
    const s = firstMoverShare(tables(12, wins, 'firstMover'));
    expect(s.n).toBe(10);
    expect(s.games).toBe(120);
    expect(s.p).toBeCloseTo(0.7);
    const t = tInterval(wins.map((w) => (w ? 1 : 0)));
    expect(s.lo).toBeCloseTo(t.lo, 12);
    // A Wilson interval over the 120 games would be about 3× narrower: 12 copies of one roll are not 12 rolls.
    expect(s.hi - s.lo).toBeGreaterThan(2.5 * (wilson(84, 120).hi - wilson(84, 120).lo));
  });
  it('superhero-gladiators-samples: the mirror games of every hero on one seed are one unit', () => {
    const s = firstPlacerShare(tables(6, wins, 'firstPlacer'));
    expect(s.n).toBe(10);
    expect(s.games).toBe(60);
    expect(s.p).toBeCloseTo(0.7);
  });
  it('failed games are left out and a seed keeps its completed games', () => {
    const recs = tables(2, [true, false], 'firstMover');
    const failed = { ...recs[3]!, returns: [], error: 'boom' };
    const s = firstMoverShare([recs[0]!, recs[1]!, recs[2]!, failed]);
    expect(s.n).toBe(2);
    expect(s.games).toBe(3);
  });
});

describe('ophidian matchup units are whole seat-swapped pairs', () => {
  const g = (index: number, r0: number, error?: string): GameRecord => ({ index, seed: 7 + index, seats: ['heuristic', 'heuristic'], slots: [0, 1], returns: error ? [] : [r0, 1 - r0], length: 30, tags: {}, ...(error ? { error } : {}) });
  it('a unit whose partner game failed or is missing is left out, not kept as half a pair', () => {
    const ab = [g(0, 1), g(1, 1), g(2, 0.5), g(3, 1)];
    const ba = [g(0, 1), g(1, 0, 'boom'), g(2, 0.5)]; // game 3 of B v A missing (dropped by the study table)
    const units = pairUnits('abe', 'betty', ab, ba);
    expect(units.map((u) => u.index)).toEqual([0, 2]);
    expect(units.map((u) => u.share)).toEqual([0.5, 0.5]); // A's return: seat 0 in ab, seat 1 in ba
    expect(units.every((u) => u.games.length === 2)).toBe(true);
  });
});

describe('ophidian-flow endings are shares over seat-swapped units', () => {
  const g = (index: number, endReason: string): GameRecord => ({ index, seed: 3 + index, seats: ['h', 'h'], slots: [0, 1], returns: [1, 0], length: 40, tags: { endReason } });
  it('n counts units and a unit whose two games end alike counts once', () => {
    // 6 units; in each the two games (same seed) end the same way: 4 by riot, 2 by points.
    const units = Array.from({ length: 6 }, (_, i) => {
      const reason = i < 4 ? 'crowd-riot' : 'points';
      return { a: 'abe', b: 'betty', index: i, share: 0.5, games: [g(i, reason), g(i, reason)] };
    });
    const ends = endingShares(units);
    const riot = ends.find((e) => e.reason === 'crowd-riot')!;
    expect(riot.units).toBe(6);
    expect(riot.games).toBe(8);
    expect(riot.share).toBeCloseTo(4 / 6, 12);
    const t = tInterval([1, 1, 1, 1, 0, 0]);
    expect(riot.lo).toBeCloseTo(Math.max(0, t.lo), 12);
    // Wilson over the 12 games would claim far more precision than 6 seeds give.
    expect(riot.hi - riot.lo).toBeGreaterThan(1.5 * (wilson(8, 12).hi - wilson(8, 12).lo));
  });
});

describe('rumble-auction-meta synergy: the factorial contrast is taken seed by seed', () => {
  const table = (r0: readonly number[]): GameRecord[] => r0.map((x, i) => ({ index: i, seed: 40 + i, seats: ['r', 'r', 'r', 'r'], slots: [0, 0, 0, 0], returns: [x, (1 - x) / 3, (1 - x) / 3, (1 - x) / 3], length: 20, tags: {} }));
  it('n counts the seeds all four cells completed; the interval is a t interval over their contrasts', () => {
    const both = table([1, 1, 0, 1, 1, 0]);
    const a = table([1, 0, 0, 1, 0, 0]);
    const b = table([0, 1, 0, 1, 0, 0]);
    const none = table([0, 0, 0, 1, 0, 0]);
    const failed = { ...none[5]!, returns: [], error: 'boom' };
    const s = synergyInteraction(both, a, b, [...none.slice(0, 5), failed]);
    expect(s.n).toBe(5); // seed 5 left out: its 'neither' game failed
    const contrasts = [0, 0, 0, 0, 1];
    const t = tInterval(contrasts);
    expect(s.interaction).toBeCloseTo(0.2, 12);
    expect(s.lo).toBeCloseTo(t.lo, 12);
    expect(s.both).toBeCloseTo(0.8, 12);
  });
});

describe('ophidian-cards: plays a game are counted over seat-swapped units', () => {
  it('the plays interval is over units (the two games on one seed), and says so', () => {
    // 4 units; in each the holding seat played the card 2 and 0 times (one game each seat order).
    const plays = [2, 0, 2, 0, 2, 0, 2, 0];
    const card = { id: 'war-cry', name: 'War Cry', cost: 2, inclusion: [0.5, 0.6], loss: [0.1, 0, 0.05], plays, playUnits: [1, 1, 1, 1].map((x) => ({ plays: x, played: 0.5 })) };
    const f = analyseCards([card]).findings[0]!;
    expect(f.plays.n).toBe(4);
    expect(f.plays.unit).toBe('seat-swapped units');
    expect(f.plays.mean).toBe(1);
    const bare = analyseCards([{ ...card, playUnits: undefined }]).findings[0]!;
    expect(bare.plays).toMatchObject({ n: 8, unit: 'games' });
  });
});

describe('dark-hero-builds: the rating bootstrap resamples seeds', () => {
  it("game i of table t's two seatings (a seat-swapped pair) and of every other table share one group", () => {
    expect(ratingGroup({ seed: 17 })).toBe(ratingGroup({ seed: 17 }));
    expect(ratingGroup({ seed: 17 })).not.toBe(ratingGroup({ seed: 18 }));
  });
});

describe('ophidian-flow: the seed is the unit of every interval', () => {
  it('10 matchups × 3 seed indices × 2 seat orders are 3 seeds, each holding its 20 games', async () => {
    const { seedUnits } = await import('../../experiments/ophidian/flow.js');
    const units = Array.from({ length: 10 }, (_, m) =>
      [0, 1, 2].map((i) => ({ a: `d${m}`, b: `e${m}`, index: i, share: 0.5, games: [0, 1].map((s) => ({ index: i, seed: 77 + i, seats: ['h', 'h'], slots: [0, 1], returns: [s, 1 - s], length: 4, tags: {} }) as GameRecord) })),
    ).flat();
    const seeds = seedUnits(units);
    expect(seeds.length).toBe(3);
    expect(seeds.map((u) => u.games.length)).toEqual([20, 20, 20]);
    expect(seeds.map((u) => u.games[0]!.seed)).toEqual([77, 78, 79]);
  });
});

describe('ophidian-teams field share: the seed is the unit (issue #28)', () => {
  // Every table plays game i on seed i, so a team's pairs against its 23 opponents on seed i share
  // their dice. In the full run of 2026-11-27 those pairs were correlated (intra-seed correlation
  // 0.043, F = 2.03 on 216 and 5,280 df): a design effect of 1 + 22 · 0.043 ≈ 1.9.
  it("averages a team's pairs on each seed into one unit, skipping its own diagonal", () => {
    const row = [new Map([[0, 0], [1, 0]]), new Map([[0, 1], [1, 0.5]]), new Map([[0, 0.5], [1, 1], [2, 1]])];
    expect(fieldScores(row, 0)).toEqual([0.75, 0.75, 1]);
    expect(fieldScores(row, 2)).toEqual([0.5, 0.25]);
  });

  it('with seed-shared dice, an interval over opponent × seed pairs misses a fair team far more than 5% of the time; over seeds it keeps its 95%', () => {
    // A fair team (true share 0.5) against 23 opponents on 10 seeds. A pair scores 1, ½ or 0;
    // its chance of a win moves with the seed (sd 0.1 on the win chance: correlation ≈ 0.05 among the pairs of a seed).
    const rng = new Rng(28);
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    let missPairs = 0;
    let missSeeds = 0;
    const runs = 1000;
    for (let r = 0; r < runs; r++) {
      const row: Map<number, number>[] = Array.from({ length: 24 }, () => new Map());
      for (let s = 0; s < 10; s++) {
        const p = Math.min(0.95, Math.max(0.05, 0.5 + 0.1 * normal()));
        for (let j = 1; j < 24; j++) row[j]!.set(s, ((rng.float() < p ? 1 : 0) + (rng.float() < p ? 1 : 0)) / 2);
      }
      const pairs = unitShareInterval(row.flatMap((us) => [...us.values()]));
      const seeds = unitShareInterval(fieldScores(row, 0));
      if (pairs.lo > 0.5 || pairs.hi < 0.5) missPairs++;
      if (seeds.lo > 0.5 || seeds.hi < 0.5) missSeeds++;
    }
    expect(missPairs / runs).toBeGreaterThan(0.15);
    expect(missSeeds / runs).toBeGreaterThan(0.02);
    expect(missSeeds / runs).toBeLessThan(0.08);
  });
});
