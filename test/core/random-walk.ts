/** A test helper: seeded uniformly random games of a game, calling `visit` at every decision (encoder and contract tests). */
import type { Game } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';

export function randomWalk<S, A, O, Opt extends object>(game: Game<S, A, O, Opt>, options: Opt, games: number, seed: number, visit: (s: S, p: number, legal: readonly A[]) => void): void {
  const rng = new Rng(seed);
  for (let g = 0; g < games; g++) {
    let s = game.setup(options, seed * 100 + g);
    while (!game.isTerminal(s)) {
      const [p] = game.toMove(s);
      const legal = game.legalActions(s, p!);
      visit(s, p!, legal);
      s = game.apply(s, [rng.pick(legal)]);
    }
  }
}
