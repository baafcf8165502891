/**
 * The rollout evaluator (OpenSpiel's RandomRolloutEvaluator): a leaf is played on for at
 * most `depth` steps by uniformly random moves (or a rollout policy's: heuristic.ts) and
 * scored by the game's returns if it ended, its `evaluate` if not (spec `rollout=random|
 * evaluate|heuristic`, `depth`). A leaf the search cuts (horizon, depth limit) is scored
 * at once. No prior: a search with this evaluator alone explores uniformly.
 */
import type { AnyGame } from '../../src/core/game.js';
import { UserError } from '../../src/core/errors.js';
import { rollout, score, type RolloutPolicy } from '../rollout.js';
import { describedAs, type Evaluator, type EvaluatorFactory, type SearchSetting } from './evaluator.js';

/** Picks a rollout move for `player` (a heuristic agent; random when absent). */
export type RolloutChooser = (state: unknown, player: number, legal: readonly unknown[]) => unknown;

class RolloutEvaluator implements Evaluator {
  private readonly joint: unknown[] = [];
  private readonly policy: RolloutPolicy;

  constructor(
    private readonly setting: SearchSetting,
    depth: number,
    choose: RolloutChooser | undefined,
  ) {
    this.policy = { depth, players: setting.players, choose };
  }

  evaluate(state: unknown, cut: boolean): readonly number[] {
    const { game, players, rng } = this.setting;
    return cut ? score(game, state, players) : rollout(game, state, rng, this.policy, this.joint);
  }
}

/**
 * Rollouts of `depth` steps (Infinity: to the end), moves by `chooser` (built once per
 * agent, e.g. heuristic.ts's heuristic policy) or uniformly random.
 */
export function rolloutEvaluator(depth: number, chooser?: ((setting: SearchSetting) => RolloutChooser) & { readonly about?: string }): EvaluatorFactory {
  return describedAs(`rollout depth=${depth} ${chooser?.about ?? 'random'}`, (setting) => new RolloutEvaluator(setting, depth, chooser?.(setting)));
}

/** Checks that a game can run a rollout cut off at `depth` (or a search horizon: `what`). */
export function checkRolloutSupport(where: string, game: AnyGame, depth: number, what = `rollout cut-off depth=${depth}`): void {
  if (Number.isFinite(depth) && !game.evaluate) {
    throw new UserError(`${where}: ${what} needs the game's evaluate, which ${game.id} does not have; allowed: rollout=random without depth or turns`);
  }
}
