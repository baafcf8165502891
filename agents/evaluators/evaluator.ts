/**
 * What a search asks of whatever judges positions (OpenSpiel's `Evaluator`, open_spiel/python/
 * algorithms/mcts.py): `evaluate` a leaf into every seat's return, and a `prior` over a
 * mover's legal actions. The search (agents/mcts/search.ts) knows nothing of how either is
 * made: random or heuristic rollouts, the game's `evaluate` at a cut-off, a network, or a
 * weighted mix of these (one file each in this folder; agents/README.md, "Search and evaluators").
 *
 * An evaluator is built once per agent, on its first search, from the `SearchSetting` it
 * will serve (the agent's rng stream, so rollouts draw from it in the search's own order);
 * its methods run per leaf or per node and must not allocate per call where avoidable.
 */
import type { AnyGame } from '../../src/core/game.js';
import type { Rng } from '../../src/core/rng.js';

/** What an evaluator is built for: one agent's searches. `options` is the current match's. */
export interface SearchSetting {
  readonly game: AnyGame;
  readonly players: number;
  /** The searching agent's own stream: rollouts draw from it, helpers fork it. */
  readonly rng: Rng;
  options: object;
}

export interface Evaluator {
  /**
   * Every seat's return in [0, 1] (absolute seats) at `state`, a leaf of the search (a
   * determinization, so reading it is no peeking). `cut`: the search stops here (past its
   * horizon or depth limit) and wants a static judgement, not a playout. The array may be
   * the evaluator's buffer, valid until its next call.
   */
  evaluate(state: unknown, cut: boolean): ArrayLike<number>;
  /**
   * Probabilities over `legal` (its first `legal.length` entries; a buffer valid until the
   * next call, which the search may change in place, as self-play's root noise does) for
   * `player` to move at `state`. Absent: the evaluator has no prior.
   */
  prior?(state: unknown, player: number, legal: readonly unknown[]): Float64Array;
  /**
   * The key of the most probable action of `prior` (progressive bias needs only that), for
   * an evaluator that knows it without building the distribution — the heuristic names its
   * one choice. Absent: the search takes the argmax of `prior`.
   */
  favourite?(state: unknown, player: number, legal: readonly unknown[]): string | number;
}

/**
 * Builds an evaluator for one agent (called on its first search); `about` says which
 * evaluator with which parameters (for tests and messages: `rollout depth=0 random`).
 */
export type EvaluatorFactory = ((setting: SearchSetting) => Evaluator) & { readonly about: string };

/** `build` with its description. */
export function describedAs(about: string, build: (setting: SearchSetting) => Evaluator): EvaluatorFactory {
  return Object.assign(build, { about });
}

/** How a search uses a prior: PUCT (AlphaZero) or progressive bias toward its most probable action (Chaslot et al. 2008). */
export interface Guide {
  readonly prior: EvaluatorFactory;
  readonly rule: 'puct' | 'bias';
  /**
   * PUCT only: set a node's priors when its leaf is evaluated (AlphaZero: one network call
   * values the leaf and gives its priors — the evaluator keeps that call); otherwise on the
   * node's first selection, from the state it is then reached in.
   */
  readonly atLeaves: boolean;
}

/** One evaluator per setting from `factory` (the same network both values leaves and guides). */
export function shared(factory: EvaluatorFactory): EvaluatorFactory {
  const built = new WeakMap<SearchSetting, Evaluator>();
  return describedAs(factory.about, (setting) => {
    let e = built.get(setting);
    if (e === undefined) {
      e = factory(setting);
      built.set(setting, e);
    }
    return e;
  });
}
