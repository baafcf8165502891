/**
 * Rollouts shared by flat Monte Carlo and MCTS: play uniformly random joint moves (or a
 * guiding policy's) from a state, then score it. Either to the end of the game (`returns`), or, with a cut-off,
 * for at most `depth` steps and then the game's cheap heuristic `evaluate`.
 */
import type { AnyGame } from '../src/core/game.js';
import type { Rng } from '../src/core/rng.js';

export interface RolloutPolicy {
  /** Rollout steps before scoring; Infinity plays to the end of the game. */
  readonly depth: number;
  /** Players in the game (for the even split used when nothing better is known). */
  readonly players: number;
  /**
   * Chooses rollout moves instead of uniform random ones (a heuristic-guided rollout).
   * It sees the full simulated state, which is fine: rollouts run on a determinization.
   */
  readonly choose?: (state: unknown, player: number, legal: readonly unknown[]) => unknown;
}

/**
 * A safety cap for games whose random play could wander for very long. Every Crucible
 * game has a turn cap far below this; if it is reached the state is scored as below.
 */
export const MAX_ROLLOUT_STEPS = 100_000;

/**
 * Plays random moves from `state` (reusing `joint` as the move buffer) and returns the
 * per-player value in [0, 1]: the game's returns if it ended, otherwise its `evaluate`,
 * or an even split when the game has none.
 */
export function rollout(game: AnyGame, state: unknown, rng: Rng, policy: RolloutPolicy, joint: unknown[]): readonly number[] {
  let s = state;
  const limit = Math.min(policy.depth, MAX_ROLLOUT_STEPS);
  for (let steps = 0; steps < limit; steps++) {
    const movers = game.toMove(s);
    if (movers.length === 0) return game.returns(s);
    if (joint.length !== movers.length) joint.length = movers.length;
    for (let i = 0; i < movers.length; i++) {
      const legal = game.legalActions(s, movers[i]!);
      joint[i] = policy.choose ? policy.choose(s, movers[i]!, legal) : legal[rng.int(legal.length)];
    }
    // A random move is one of `legal`; a policy's choice (a heuristic) goes through the check.
    s = policy.choose || !game.applyUnchecked ? game.apply(s, joint) : game.applyUnchecked(s, joint);
  }
  return score(game, s, policy.players);
}

/** Returns at a terminal state, `evaluate` elsewhere, an even split without one. */
export function score(game: AnyGame, state: unknown, players: number): readonly number[] {
  if (game.isTerminal(state)) return game.returns(state);
  if (game.evaluate) return game.evaluate(state);
  return new Array<number>(players).fill(1 / players);
}
