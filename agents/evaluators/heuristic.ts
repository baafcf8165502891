/**
 * The game's heuristic agent as an evaluator's parts: a prior (spec `prior=heuristic`: all
 * its weight on the heuristic's choice, which the search expands first and biases toward,
 * `bias`) and a rollout policy (`rollout=heuristic`: the heuristic plays the rollouts of
 * rollout.ts). One heuristic instance per seat, each on its own fork of the agent's
 * stream, built when the evaluator is (the search's first decision).
 */
import type { Agent, AgentFactory } from '../../src/core/agent.js';
import { describedAs, type Evaluator, type EvaluatorFactory, type SearchSetting } from './evaluator.js';
import type { RolloutChooser } from './rollout.js';

/** One heuristic agent per seat, on forks of the agent's stream (in seat order). */
function perSeat(setting: SearchSetting, heuristic: AgentFactory): Agent[] {
  const { game, players, rng } = setting;
  return Array.from({ length: players }, () => heuristic({ game, params: {}, spec: 'heuristic', rng: rng.fork() }));
}

class HeuristicPrior implements Evaluator {
  private priors = new Float64Array(16);

  constructor(
    private readonly setting: SearchSetting,
    private readonly agents: readonly Agent[],
  ) {}

  evaluate(): never {
    throw new Error('the heuristic prior does not value positions (pair it with a leaf evaluator)');
  }

  /** The key of the heuristic's choice (progressive bias asks for nothing more, once per new node). */
  favourite(state: unknown, player: number, legal: readonly unknown[]): string | number {
    const { game, options } = this.setting;
    return game.actionKey(this.agents[player]!.act({ game, options, obs: game.observe(state, player), player, legal }));
  }

  /** 1 on the heuristic's choice (by action key), 0 elsewhere. */
  prior(state: unknown, player: number, legal: readonly unknown[]): Float64Array {
    const { game } = this.setting;
    if (this.priors.length < legal.length) this.priors = new Float64Array(legal.length * 2);
    const out = this.priors;
    out.fill(0, 0, legal.length);
    const key = this.favourite(state, player, legal);
    for (let i = 0; i < legal.length; i++) {
      if (game.actionKey(legal[i]) === key) {
        out[i] = 1;
        break;
      }
    }
    return out;
  }
}

/** `prior=heuristic`: the heuristic's choice as the prior. */
export function heuristicPrior(heuristic: AgentFactory): EvaluatorFactory {
  return describedAs('heuristic prior', (setting) => new HeuristicPrior(setting, perSeat(setting, heuristic)));
}

/** `rollout=heuristic`: the heuristic picks every rollout move, from the mover's observation of the rollout's state. */
export function heuristicRollouts(heuristic: AgentFactory): ((setting: SearchSetting) => RolloutChooser) & { readonly about: string } {
  const build = (setting: SearchSetting): RolloutChooser => {
    const agents = perSeat(setting, heuristic);
    const { game } = setting;
    return (state, player, legal) => agents[player]!.act({ game, options: setting.options, obs: game.observe(state, player), player, legal });
  };
  return Object.assign(build, { about: 'heuristic' });
}
