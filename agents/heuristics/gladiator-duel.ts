/**
 * The gladiator-duel `heuristic` agent: the game's own planner
 * (src/games/gladiator-duel/heuristic.ts) behind the agent contract. Deterministic: it
 * never draws from its rng.
 */
import type { Agent, AgentFactory, DecisionContext } from '../agent.js';
import { invalid } from '../../src/core/errors.js';
import { END_TURN } from '../../src/games/gladiator-duel/actions.js';
import { DuelPlanner } from '../../src/games/gladiator-duel/heuristic.js';
import type { DuelState } from '../../src/games/gladiator-duel/state.js';

export class GladiatorDuelHeuristic implements Agent {
  private readonly planner = new DuelPlanner();

  constructor(readonly spec: string) {}

  act(ctx: DecisionContext): unknown {
    let legal = 0;
    for (const a of ctx.legal as readonly number[]) legal |= 1 << a;
    const choice = this.planner.choose(ctx.obs as DuelState, ctx.player, legal);
    return (legal >>> choice) & 1 ? choice : END_TURN;
  }
}

export const gladiatorDuelHeuristic: AgentFactory = ({ spec, params }) => {
  const keys = Object.keys(params);
  if (keys.length > 0) throw invalid(`agent spec ${JSON.stringify(spec)}`, keys[0]!, params[keys[0]!], 'no parameters for the gladiator-duel heuristic');
  return new GladiatorDuelHeuristic(spec);
};
