import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import { Rng } from '../../../src/core/rng.js';
import { getGame } from '../../../src/games/index.js';

/** Plays seat-swapped pairs of a against b; returns a's win share and the number of games. */
function share(a: string, b: string, pairs: number): { share: number; games: number } {
  const game = getGame('ophidian');
  const options = game.optionsSchema.parse({}) as object;
  let won = 0;
  for (let k = 0; k < pairs * 2; k++) {
    const seatA = k % 2;
    const agents = [0, 1].map((seat) => createAgent(seat === seatA ? a : b, game, new Rng(1000 * k + seat)));
    let s = game.setup(options, 77 + Math.floor(k / 2));
    while (!game.isTerminal(s)) {
      const p = game.toMove(s)[0]!;
      const legal = game.legalActions(s, p);
      const move = agents[p]!.act({ game, options, obs: game.observe(s, p), player: p, legal });
      expect(legal).toContain(move);
      s = game.apply(s, [move]);
    }
    won += game.returns(s)[seatA]!;
  }
  return { share: won / (pairs * 2), games: pairs * 2 };
}

describe('Ophidian agents', () => {
  it('is registered, and the heuristic beats random (seeded, seat-swapped pairs)', () => {
    const r = share('heuristic', 'random', 10);
    // 20 games: a share of at least 0.8 rules out a coin flip (binomial p < 0.01).
    expect(r.share).toBeGreaterThanOrEqual(0.8);
  });
});
