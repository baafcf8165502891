/**
 * `net:model=…[,temperature=T]`: plays the policy head alone, no search. Temperature 0
 * (the default) plays the most probable legal action; T > 0 samples from the legal
 * softmax at temperature T with the agent's own stream.
 */
import type { Agent, DecisionContext } from '../../src/core/agent.js';
import type { Rng } from '../../src/core/rng.js';
import { NetEvaluator } from './evaluator.js';
import type { NetWeights } from './network.js';

export class NetAgent implements Agent {
  private evaluator: NetEvaluator | null = null;

  constructor(
    readonly spec: string,
    private readonly rng: Rng,
    private readonly net: NetWeights,
    private readonly temperature: number,
    /** Checks the match's options against the model's, once (throws a UserError). */
    private readonly checkOptions: (options: object) => void,
  ) {}

  act(ctx: DecisionContext): unknown {
    if (this.evaluator === null) {
      this.checkOptions(ctx.options);
      this.evaluator = new NetEvaluator(ctx.game, this.net);
    }
    if (ctx.legal.length === 1) return ctx.legal[0];
    // The encoder maps actions through a state; a determinization of the observation is
    // one the player could be in (for perfect-information games, the observation itself).
    const state = ctx.game.perfectInformation ? ctx.obs : ctx.game.determinize(ctx.obs, ctx.player, this.rng);
    const ev = this.evaluator;
    const t = this.temperature;
    ev.evaluate(state, ctx.player, ctx.legal, t > 0 ? t : 1);
    if (t > 0) return ctx.legal[this.rng.weighted(ev.priors.subarray(0, ctx.legal.length))];
    let best = 0;
    for (let i = 1; i < ctx.legal.length; i++) if (ev.priors[i]! > ev.priors[best]!) best = i;
    return ctx.legal[best];
  }
}
