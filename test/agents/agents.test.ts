/**
 * Every agent kind on every toy game: it returns one of the legal actions, and the same
 * seed gives the same move (agents draw only on the Rng they are given).
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import type { DecisionContext } from '../../src/core/agent.js';
import type { AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { TOY_GAMES } from '../../src/games/toy/index.js';
import { deepFreeze } from '../core/contract.js';

const SPECS = ['random', 'flatmc:playouts=8', 'mcts:iterations=60', 'mcts:iterations=60,sm=duct', 'mcts:iterations=60,c=0'];

/** Contexts along one random game, as the runner would build them (frozen). */
function contexts(game: AnyGame, seed: number): DecisionContext[] {
  const options = game.optionsSchema.parse({});
  const rng = new Rng(seed);
  const out: DecisionContext[] = [];
  let s = game.setup(options, seed);
  while (!game.isTerminal(s)) {
    const movers = game.toMove(s);
    for (const player of movers) {
      out.push(deepFreeze({ game, options, obs: game.observe(s, player), player, legal: game.legalActions(s, player) }));
    }
    s = game.apply(s, movers.map((p) => rng.pick(game.legalActions(s, p))));
  }
  return out;
}

describe('agents are legal and deterministic', () => {
  for (const game of TOY_GAMES) {
    for (const spec of SPECS) {
      it(`${spec} on ${game.id}`, () => {
        for (let seed = 1; seed <= 3; seed++) {
          const a = createAgent(spec, game, new Rng(seed));
          const b = createAgent(spec, game, new Rng(seed));
          for (const ctx of contexts(game, seed)) {
            const move = a.act(ctx);
            expect(ctx.legal).toContain(move);
            expect(b.act(ctx)).toBe(move);
          }
        }
      });
    }
  }

  it('different seeds can give different random moves', () => {
    const game = TOY_GAMES[0]!;
    const [ctx] = contexts(game, 1);
    const moves = new Set(Array.from({ length: 20 }, (_, i) => createAgent('random', game, new Rng(i)).act(ctx!)));
    expect(moves.size).toBeGreaterThan(1);
  });

  it('a time budget still returns a legal move', () => {
    const game = TOY_GAMES[0]!;
    const [ctx] = contexts(game, 1);
    expect(ctx!.legal).toContain(createAgent('mcts:time=20', game, new Rng(1)).act(ctx!));
  });
});

describe('heuristic-guided rollouts', () => {
  it('mcts:rollout=heuristic uses the game heuristic, deterministically and legally', async () => {
    const { gladiatorDuel } = await import('../../src/games/gladiator-duel/index.js');
    const [first, second] = contexts(gladiatorDuel, 4);
    for (const ctx of [first!, second!]) {
      const spec = 'mcts:iterations=30,rollout=heuristic,depth=6';
      const move = createAgent(spec, gladiatorDuel, new Rng(2)).act(ctx);
      expect(ctx.legal).toContain(move);
      expect(createAgent(spec, gladiatorDuel, new Rng(2)).act(ctx)).toBe(move);
    }
  });

  it('is refused for a game without a heuristic', () => {
    expect(() => createAgent('mcts:rollout=heuristic', TOY_GAMES[0]!, new Rng(1))).toThrow(/has no heuristic agent/);
  });
});
