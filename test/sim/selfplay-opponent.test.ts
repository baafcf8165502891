/**
 * Self-play with a fixed opponent (`crucible train --opponent`): every other game seats
 * the opponent, alternating seats, and only the searcher's decisions become samples; the
 * games stay seeded by (seed, generation, index).
 */
import { describe, expect, it } from 'vitest';
import { selfPlayGame, type SelfPlayConfig } from '../../src/sim/train/selfplay.js';

const config: SelfPlayConfig = {
  gameId: 'gladiator-duel',
  options: {},
  seed: 'opp',
  generation: 1,
  iterations: 8,
  c: 1,
  noise: { epsilon: 0.25, alpha: 0.5 },
  sampleMoves: 2,
  net: null,
  expert: 'mcts:iterations=16',
  valueMix: 0.5,
  opponent: 'heuristic',
};

const movers = (index: number) => new Set(selfPlayGame(config, index).rows.map((r) => r.mover));

describe('self-play against a fixed opponent', () => {
  it('even games are self-play; odd games seat the opponent in alternating seats and sample only the searcher', () => {
    expect(movers(0)).toEqual(new Set([0, 1]));
    expect(movers(1)).toEqual(new Set([1])); // opponent in seat (1 >> 1) % 2 = 0
    expect(movers(3)).toEqual(new Set([0])); // opponent in seat 1
    const { opponent: _, ...pure } = config;
    expect(new Set(selfPlayGame(pure, 1).rows.map((r) => r.mover))).toEqual(new Set([0, 1]));
  });

  it('is reproducible', () => {
    const a = selfPlayGame(config, 1);
    const b = selfPlayGame(config, 1);
    expect(b.z).toEqual(a.z);
    expect(b.rows.map((r) => r.pi)).toEqual(a.rows.map((r) => r.pi));
  });
});
