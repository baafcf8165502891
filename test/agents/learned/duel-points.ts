/**
 * Shared by the learned-search tests: decision points of a seeded random gladiator-duel game
 * and a root analysis of one of them by an agent spec (its visits and values).
 */
import { createAgent } from '../../../agents/index.js';
import type { MctsAgent, RootAnalysis } from '../../../agents/mcts/search.js';
import { Rng } from '../../../src/core/rng.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';

export const MODEL = 'models/gladiator-duel';
const options = gladiatorDuel.optionsSchema.parse({});

export type Point = { state: unknown; player: number; legal: readonly unknown[] };

/** Decision points of one seeded random game, each with at least `minLegal` legal moves. */
export function decisionPoints(seed: number, count: number, minLegal = 2): Point[] {
  const rng = new Rng(seed);
  let state = gladiatorDuel.setup(options, seed);
  const points: Point[] = [];
  while (!gladiatorDuel.isTerminal(state) && points.length < count) {
    const p = gladiatorDuel.toMove(state)[0]!;
    const legal = gladiatorDuel.legalActions(state, p);
    if (legal.length >= minLegal) points.push({ state, player: p, legal });
    state = gladiatorDuel.apply(state, [legal[rng.int(legal.length)]]);
  }
  return points;
}

/** The root analysis of `spec` (an MCTS spec) at `point`, its agent seeded with `seed`. */
export function analyse(spec: string, point: Point, seed: number): RootAnalysis {
  const agent = createAgent(spec, gladiatorDuel, new Rng(seed)) as MctsAgent;
  const obs = gladiatorDuel.observe(point.state as never, point.player);
  return agent.analyse({ game: gladiatorDuel, options, obs, player: point.player, legal: point.legal });
}

export const visits = (r: RootAnalysis) => r.actions.map((a) => a.visits);
