/**
 * The network evaluator (spec `prior=net` / `value=net`, `model`, `transfer`): the value
 * head scores a leaf (every seat's expected return, from the observation of the player to
 * move there; the returns at a terminal state) and the policy head is the prior over a
 * mover's legal actions. It keeps its last forward pass, so a leaf's priors asked right
 * after its value (AlphaZero's expansion) cost only the policy head.
 *
 * No peeking: learned/evaluator.ts reads only the mover's observation of the search's own
 * determinization.
 */
import type { MctsConfig } from '../mcts/search.js';
import { NetEvaluator } from '../learned/evaluator.js';
import type { NetWeights } from '../learned/network.js';
import { describedAs, shared, type Evaluator, type EvaluatorFactory, type SearchSetting } from './evaluator.js';

class NetworkEvaluator implements Evaluator {
  private readonly net: NetEvaluator;
  /** The state and seat of the last forward pass (the runner still holds its trunk). */
  private lastState: unknown = undefined;
  private lastPlayer = -1;

  constructor(
    private readonly setting: SearchSetting,
    weights: NetWeights,
  ) {
    this.net = new NetEvaluator(setting.game, weights);
  }

  evaluate(state: unknown): ArrayLike<number> {
    const game = this.setting.game;
    if (game.isTerminal(state)) return game.returns(state);
    const p = game.toMove(state)[0]!;
    this.lastState = state;
    this.lastPlayer = p;
    return this.net.value(state, p);
  }

  prior(state: unknown, player: number, legal: readonly unknown[]): Float64Array {
    const net = this.net;
    if (state === this.lastState && player === this.lastPlayer) net.policy(state, player, legal);
    else {
      net.evaluate(state, player, legal);
      this.lastState = state;
      this.lastPlayer = player;
    }
    return net.priors;
  }
}

/**
 * The network as an evaluator; `checkOptions` (a UserError when the match's rule options
 * are not the model's, unless `transfer=1`) runs once, when the agent first searches.
 * Shared per agent: the same instance values the leaves and gives the priors.
 */
export function networkEvaluator(weights: NetWeights, checkOptions?: (options: object) => void): EvaluatorFactory {
  return shared(
    describedAs('network', (setting) => {
      checkOptions?.(setting.options);
      return new NetworkEvaluator(setting, weights);
    }),
  );
}

/**
 * `config` with the network guiding it (PUCT over the policy head) and, with `leaves`,
 * scoring its leaves (otherwise they stay as `config` scores them): self-play's search.
 */
export function guidedByNetwork(config: MctsConfig, weights: NetWeights, leaves: boolean, rootNoise?: MctsConfig['rootNoise']): MctsConfig {
  const net = networkEvaluator(weights);
  return { ...config, guide: { prior: net, rule: 'puct', atLeaves: leaves }, leaves: leaves ? net : config.leaves, rootNoise };
}
