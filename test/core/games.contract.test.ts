/**
 * Every game runs the shared contract (test/core/contract.ts): random play on deep-frozen
 * states, declared facts and tags, option docs, OpenSpiel's resample test and the
 * no-peeking test (the worlds an agent samples, and its decisions, do not depend on the
 * hidden part of the true state — hidden cards or the future dice).
 */
import { describe, expect, it } from 'vitest';
import { checkGameContract } from './contract.js';
import { getGame } from '../../src/games/index.js';
import { TOY_GAMES } from '../../src/games/toy/index.js';
import type { AnyGame } from '../../src/core/game.js';

function parsed(game: AnyGame, raw: object): object {
  return game.optionsSchema.parse(raw) as object;
}

describe('the game contract, for every game', () => {
  it('gladiator-duel', () => {
    const g = getGame('gladiator-duel');
    checkGameContract(g, parsed(g, {}), { games: 6, chance: true, agentChecks: 3 });
    checkGameContract(g, parsed(g, { gladiators: [{ type: 'retiarius' }, { type: 'heavy' }] }), { games: 4, seed: 50, chance: true });
  });

  it('rumble', () => {
    const g = getGame('rumble');
    checkGameContract(g, parsed(g, {}), { games: 4, chance: true, agentChecks: 2 });
    checkGameContract(g, parsed(g, { players: 2 }), { games: 4, seed: 30, chance: true });
  });

  it('dark-hero', () => {
    const g = getGame('dark-hero');
    checkGameContract(g, parsed(g, {}), { games: 4, chance: true, agentChecks: 4 });
    checkGameContract(g, parsed(g, { players: 3, map: { layout: 'draw' } }), { games: 3, seed: 20, chance: true });
  });

  for (const game of TOY_GAMES)
    it(game.id, () => {
      const chance = game.facts?.chance !== 'none';
      checkGameContract(game, parsed(game, {}), { games: 20, chance: chance && game.id !== 'toy-high-card', agentChecks: 3 });
    });
});

describe('typed tags schemas reject what analysis could not group', () => {
  it('gladiator-duel: endReason is one of the duel\'s end names', () => {
    const schema = getGame('gladiator-duel').tagsSchema!;
    const ok = { type0: 'heavy', type1: 'light', strength0: 7, strength1: 8, endReason: 'decked', winnerType: 'heavy', firstMover: 0, turns: 9, spared: null };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, endReason: 'knockout' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, end: 'decked' }).success).toBe(false);
  });

  it('rumble: shared names and per-hero columns only', () => {
    const schema = getGame('rumble').tagsSchema!;
    const ok = { turns: 3, endReason: 'last hero', players: 2, lots: ['flight'], paid_p0: 10, bids_p1: [0], powers_p0: ['flight'] };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, rounds: 3 }).success).toBe(false);
    expect(schema.safeParse({ ...ok, players: undefined }).success).toBe(false);
  });
});
