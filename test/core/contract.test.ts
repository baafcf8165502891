import { describe, expect, it } from 'vitest';
import { checkGameContract, deepFreeze } from './contract.js';
import { nim, type NimState } from '../../src/games/toy/nim.js';
import type { Game } from '../../src/core/game.js';
import { Dice } from '../../src/core/dice.js';
import { z } from '../../src/core/validate.js';
import type { Rng } from '../../src/core/rng.js';

/** A minimal dice game: each player in turn rolls a die; first to a total of 10 wins. */
interface DiceRaceState {
  readonly totals: readonly [number, number];
  readonly player: number;
  readonly rng: number;
  readonly moves: number;
}
const diceRace: Game<DiceRaceState, 'roll', DiceRaceState, object> = {
  id: 'dice-race',
  name: 'dice race',
  perfectInformation: true,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'sampled', information: 'perfect', simultaneous: false, players: { min: 2, max: 2 } },
  optionsSchema: z.object({}),
  optionDocs: [],
  numPlayers: () => 2,
  setup: (_o, seed) => ({ totals: [0, 0], player: 0, rng: seed, moves: 0 }),
  toMove: (s) => (Math.max(...s.totals) >= 10 ? [] : [s.player]),
  legalActions: () => ['roll'],
  apply(s) {
    const dice = new Dice(s.rng);
    const totals: [number, number] = [s.totals[0], s.totals[1]];
    totals[s.player] += dice.d(6);
    return { totals, player: 1 - s.player, rng: dice.state, moves: s.moves + 1 };
  },
  isTerminal: (s) => Math.max(...s.totals) >= 10,
  returns: (s) => (s.totals[0] >= 10 ? [1, 0] : [0, 1]),
  tags: () => ({}),
  moveCount: (s) => s.moves,
  observe: (s) => s,
  // The next rolls are unknown to everyone: a determinization re-samples the stream.
  determinize: (obs, _p, rng: Rng) => ({ ...obs, rng: rng.u32() | 0 }),
  actionKey: (a) => a,
  describeAction: () => 'roll',
  describeState: (s) => s.totals.join(':'),
};

describe('checkGameContract', () => {
  it('passes a correct game', () => {
    expect(() => checkGameContract(nim, { stones: 12, maxTake: 3 }, { games: 5 })).not.toThrow();
  });

  it('catches an apply that mutates its input state', () => {
    const mutating: Game<NimState, number, NimState, { stones: number; maxTake: number }> = {
      ...nim,
      apply(s, moves) {
        (s as { moves: number }).moves++; // the bug under test
        return nim.apply(s, moves);
      },
    };
    expect(() => checkGameContract(mutating, { stones: 12, maxTake: 3 }, { games: 1 })).toThrow();
  });

  it('catches illegal returns', () => {
    const bad = { ...nim, returns: () => [2, -1] };
    expect(() => checkGameContract(bad, { stones: 5, maxTake: 3 }, { games: 1 })).toThrow();
  });

  it('with chance: catches a determinize that keeps the true random stream', () => {
    // A dice game whose determinize returns the observation: the future roll leaks.
    const leaky = { ...diceRace, determinize: (obs: DiceRaceState) => obs };
    expect(() => checkGameContract(diceRace, {}, { games: 3, chance: true })).not.toThrow();
    expect(() => checkGameContract(leaky, {}, { games: 3, chance: true })).toThrow(/determinize depends on hidden state/);
  });

  it('no peeking: catches a determinize that keeps the true stream even when it re-deals hidden cards', () => {
    // The dark-hero leak: hidden cards are shuffled anew (so the old "re-sampled" check
    // passes) but the true dice stream is kept.
    const partial = { ...diceRace, determinize: (obs: DiceRaceState, _p: number, rng: Rng) => ({ ...obs, moves: obs.moves + 0 * rng.u32() }) };
    expect(() => checkGameContract(partial, {}, { games: 3 })).toThrow(/determinize depends on hidden state/);
  });

  it('deepFreeze freezes nested objects', () => {
    const v = deepFreeze({ a: { b: [1, 2] } });
    expect(Object.isFrozen(v.a.b)).toBe(true);
  });
});
