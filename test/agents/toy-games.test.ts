import { describe, expect, it } from 'vitest';
import { checkGameContract } from '../core/contract.js';
import { UserError } from '../../src/core/errors.js';
import { parseWith } from '../../src/core/validate.js';
import { Rng } from '../../src/core/rng.js';
import { TOY_GAMES, highCard, kingmaker, nim, pennies } from '../../src/games/toy/index.js';
import { nimWinningTake } from '../../src/games/toy/nim.js';
import { penniesEquilibriumHeads } from '../../src/games/toy/pennies.js';
import { showdownWinChance } from '../../src/games/toy/high-card.js';

describe('toy games meet the Game contract', () => {
  for (const game of TOY_GAMES) {
    it(game.id, () => {
      checkGameContract(game, game.optionsSchema.parse({}), { games: 30 });
    });
  }

  it('options are validated with a UserError naming the field', () => {
    expect(() => parseWith('toy-nim options', nim.optionsSchema, { stones: 0 })).toThrow(UserError);
    expect(() => parseWith('toy-nim options', nim.optionsSchema, { stones: 0 })).toThrow(/field stones is 0; allowed: >= 1/);
    expect(() => parseWith('toy-kingmaker options', kingmaker.optionsSchema, { players: 4 })).toThrow(/unknown field "players"/);
  });
});

describe('nim', () => {
  it('whoever takes the last stone wins', () => {
    const s = nim.apply(nim.apply(nim.setup({ stones: 4, maxTake: 3 }, 1), [1]), [3]);
    expect(nim.isTerminal(s)).toBe(true);
    expect(nim.returns(s)).toEqual([0, 1]);
  });
  it('the winning move leaves a multiple of maxTake + 1; evaluate is exact', () => {
    expect(nimWinningTake(10, 3)).toBe(2);
    expect(nimWinningTake(8, 3)).toBe(0);
    expect(nim.evaluate!(nim.setup({ stones: 8, maxTake: 3 }, 1))).toEqual([0, 1]);
    expect(nim.evaluate!(nim.setup({ stones: 9, maxTake: 3 }, 1))).toEqual([1, 0]);
  });
  it('cannot take more stones than are left', () => {
    expect(nim.legalActions({ stones: 2, maxTake: 3, player: 0, winner: -1, moves: 0 }, 0)).toEqual([1, 2]);
  });
});

describe('pennies', () => {
  it('pays the matcher heads or tails on a match, nothing otherwise', () => {
    const s = pennies.setup(pennies.optionsSchema.parse({}), 1);
    expect(pennies.returns(pennies.apply(s, ['H', 'H']))).toEqual([1, 0]);
    expect(pennies.returns(pennies.apply(s, ['T', 'T']))).toEqual([0.5, 0.5]);
    expect(pennies.returns(pennies.apply(s, ['H', 'T']))).toEqual([0, 1]);
  });
  it('its equilibrium makes both players indifferent', () => {
    const q = penniesEquilibriumHeads({ heads: 1, tails: 0.5 });
    expect(q).toBeCloseTo(1 / 3);
    // matcher: heads pays q·1, tails pays (1 − q)·0.5 — equal at q = 1/3
    expect(q * 1).toBeCloseTo((1 - q) * 0.5);
  });
});

describe('high card', () => {
  const state = { cards: 4, hands: [2, 1] as const, choice: null };
  it('hides the other card and determinizes it uniformly among the unseen cards', () => {
    const obs = highCard.observe(state, 0);
    expect(obs.hands).toEqual([2, null]);
    const rng = new Rng(3);
    const seen = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const d = highCard.determinize(obs, 0, rng);
      expect(d.hands[0]).toBe(2);
      seen.set(d.hands[1], (seen.get(d.hands[1]) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([1, 3, 4]);
    for (const n of seen.values()) expect(Math.abs(n / 3000 - 1 / 3)).toBeLessThan(0.04);
  });
  it('showdown: the higher card wins; split: half each', () => {
    expect(highCard.returns({ ...state, choice: 'showdown' })).toEqual([1, 0]);
    expect(highCard.returns({ ...state, choice: 'split' })).toEqual([0.5, 0.5]);
    expect(showdownWinChance(2, 4)).toBeCloseTo(1 / 3);
  });
});

describe('kingmaker', () => {
  it('seat 1 shares after A, seat 2 after B', () => {
    const s = kingmaker.setup({}, 1);
    expect(kingmaker.toMove(kingmaker.apply(s, ['A']))).toEqual([1]);
    expect(kingmaker.toMove(kingmaker.apply(s, ['B']))).toEqual([2]);
    expect(kingmaker.returns(kingmaker.apply(kingmaker.apply(s, ['A']), ['x']))).toEqual([0.6, 0.4, 0]);
  });
});
