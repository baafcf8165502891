/**
 * Leaf evaluators added by name: `mcts:value=NAME` scores the search's leaves with a
 * registered evaluator instead of the built-in `rollout` and `net` (spec.ts). A kind needs
 * no other spec parameter (`rollout`, `depth` and `lambda` are refused beside it); see
 * "Adding an agent" → "Adding an evaluator" in src/core/README.md.
 */
import type { AnyGame } from '../../src/core/game.js';
import type { EvaluatorFactory } from './evaluator.js';

export interface ValueEvaluatorKind {
  /** The word after `value=` (not `rollout` or `net`). */
  readonly name: string;
  /** One line for the docs: how it values a leaf. */
  readonly summary: string;
  /**
   * Returns the factory for `game`; throws a one-line UserError (naming `where`) when the
   * game cannot be valued this way (no `evaluate`, say). Called when the spec is checked
   * with a game and when an agent is built.
   */
  readonly prepare: (where: string, game: AnyGame) => EvaluatorFactory;
}

/** The registered leaf evaluators, in docs order (none ship yet: rollouts and the network are built in). */
export const VALUE_EVALUATORS: ValueEvaluatorKind[] = [];

/** The words `value=` takes: the built-in ones, then every registered kind's. */
export function valueNames(): [string, ...string[]] {
  return ['rollout', 'net', ...VALUE_EVALUATORS.map((k) => k.name)];
}
