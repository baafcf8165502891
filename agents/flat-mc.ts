/**
 * Flat Monte Carlo: for each legal action, `playouts` random games that start with it;
 * play the action with the best mean return for this player.
 *
 * Each playout starts from a fresh determinization of the observation (so hidden
 * information is sampled, never read). When other players move at the same time, their
 * actions in that first step are drawn at random. Ties go to the earlier legal action.
 * A playout after the first move is the MCTS leaf's rollout evaluator (evaluators/rollout.ts).
 */
import type { Agent, DecisionContext } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import type { Rng } from '../src/core/rng.js';
import type { Evaluator } from './evaluators/evaluator.js';
import { rolloutEvaluator } from './evaluators/rollout.js';

export interface FlatMcConfig {
  /** Playouts per legal action. */
  readonly playouts: number;
  /** Random steps after the first move before `evaluate` cuts the playout (Infinity: to the end). */
  readonly depth: number;
}

export class FlatMcAgent implements Agent {
  private readonly joint: unknown[] = [];
  /** The playouts after the first move (built on the first decision). */
  private playout: Evaluator | null = null;

  constructor(
    readonly spec: string,
    private readonly rng: Rng,
    private readonly config: FlatMcConfig,
  ) {}

  /** Mean return for `ctx.player` of each legal action (same order as `ctx.legal`). */
  values(ctx: DecisionContext): number[] {
    const { game, legal, player } = ctx;
    this.playout ??= rolloutEvaluator(this.config.depth)({ game, players: game.numPlayers(ctx.options), rng: this.rng, options: ctx.options });
    const playout = this.playout;
    const means: number[] = [];
    for (const action of legal) {
      const key = game.actionKey(action);
      let total = 0;
      for (let i = 0; i < this.config.playouts; i++) {
        const root = game.determinize(ctx.obs, player, this.rng);
        const next = game.apply(root, this.firstMove(game, root, player, key, action));
        total += playout.evaluate(next, false)[player]!;
      }
      means.push(total / this.config.playouts);
    }
    return means;
  }

  act(ctx: DecisionContext): unknown {
    if (ctx.legal.length === 1) return ctx.legal[0];
    const means = this.values(ctx);
    let best = 0;
    for (let i = 1; i < means.length; i++) if (means[i]! > means[best]!) best = i;
    return ctx.legal[best];
  }

  /** The joint move of the first step: our action, random actions for co-movers. */
  private firstMove(game: AnyGame, state: unknown, player: number, key: string | number, action: unknown): unknown[] {
    const movers = game.toMove(state);
    const joint = this.joint;
    if (joint.length !== movers.length) joint.length = movers.length;
    for (let i = 0; i < movers.length; i++) {
      const legal = game.legalActions(state, movers[i]!);
      if (movers[i] === player) {
        // The determinized state's own copy of the action (equal key), so games that
        // compare actions by identity still accept it.
        joint[i] = legal.find((a) => game.actionKey(a) === key) ?? action;
      } else {
        joint[i] = legal[this.rng.int(legal.length)];
      }
    }
    return joint;
  }
}
