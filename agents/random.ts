/**
 * The random agent: a uniformly chosen legal action. The baseline every other agent
 * must beat, and the default rollout policy of the search agents.
 */
import type { Agent, AgentFactory, DecisionContext } from '../src/core/agent.js';
import type { Rng } from '../src/core/rng.js';

export class RandomAgent implements Agent {
  constructor(
    readonly spec: string,
    private readonly rng: Rng,
  ) {}

  act(ctx: DecisionContext): unknown {
    return this.rng.pick(ctx.legal);
  }
}

export const createRandomAgent: AgentFactory = ({ spec, rng }) => new RandomAgent(spec, rng);
