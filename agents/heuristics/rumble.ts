/**
 * The Rumble `heuristic` agent as the agents layer registers it: the game's own
 * heuristic (src/games/rumble/heuristic.ts: value bidder + lookahead or uniform play),
 * plus `play=search`, which keeps that value bidder for the auction and plays every
 * round by a max^n search (MCTS one round deep, `plies=1`, leaves priced by `evaluate`).
 *
 * Why it exists: the Rumble price studies need skilled play that (a) finishes its games
 * (the paranoid search and the lookahead heuristic mostly defend and stall fixed tables
 * at the round cap; max^n finishes them — experiments/rumble/common.ts), and (b) reads no
 * hand-set prior (issue #11). A bare `mcts` bids from a menu built on the priors and its
 * `evaluate` counts a quarter of each held power's prior; here the bids are the caller's
 * measured `values` and the search's `evaluate` counts a quarter of those same values
 * (a power missing from `values`, or every power without it, counts 0: Energy alone).
 *
 *   heuristic:play=search,iterations=50                     fixed tables, Energy-only evaluate
 *   heuristic:bid=1,play=search,iterations=50,values=a/12+b/30   auctions at measured values
 */
import type { Agent, AgentFactory, DecisionContext } from '../../src/core/agent.js';
import type { AnyGame } from '../../src/core/game.js';
import { invalid } from '../../src/core/errors.js';
import { rumbleHeuristic, parseValues } from '../../src/games/rumble/heuristic.js';
import { evaluateWith } from '../../src/games/rumble/evaluate.js';
import type { RumbleState } from '../../src/games/rumble/types.js';
import { rolloutEvaluator } from '../evaluators/rollout.js';
import { MctsAgent } from '../mcts/search.js';

/** Search iterations per decision of `play=search` when `iterations` is not given. */
export const RUMBLE_SEARCH_ITERATIONS = 50;

/** The heuristic's own parameters plus `iterations` (play=search only). */
const PLAYS = ['lookahead', 'random', 'attack', 'search'];

export const rumbleHeuristicOrSearch: AgentFactory = (args) => {
  const { params, spec, rng } = args;
  const where = `agent spec ${JSON.stringify(spec)}`;
  const play = params['play'] ?? 'lookahead';
  if (!PLAYS.includes(play)) throw invalid(where, 'play', play, PLAYS.join(', '));
  if (play !== 'search') {
    if (params['iterations'] !== undefined) throw invalid(where, 'iterations', params['iterations'], 'iterations only with play=search');
    return rumbleHeuristic(args);
  }
  const iterations = params['iterations'] === undefined ? RUMBLE_SEARCH_ITERATIONS : Number(params['iterations']);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 100_000) throw invalid(where, 'iterations', params['iterations'], 'an integer from 1 to 100000');
  const { iterations: _drop, ...rest } = params;
  void _drop;
  // The bidder: the heuristic's auction with uniform play (never asked after the auction).
  const bidder = rumbleHeuristic({ ...args, params: { ...rest, play: 'random' } });
  const values = params['values'] === undefined ? {} : parseValues(where, params['values']);
  const worth = (_s: RumbleState, id: string) => values[id] ?? 0;
  const search = new MctsAgent(spec, rng.fork(), {
    iterations,
    timeMs: 0,
    c: 1.4,
    leaves: rolloutEvaluator(0),
    sm: 'rm',
    gamma: 0.1,
    bias: 1,
    turns: Infinity,
    plies: 1,
    draws: 1,
    final: 'sample',
    backup: 'maxn',
  });
  let searched: AnyGame | undefined;
  return {
    spec,
    act(ctx: DecisionContext): unknown {
      if ((ctx.obs as RumbleState).phase === 'auction') return bidder.act(ctx);
      // The same rules with the study's evaluate: no prior is read.
      searched ??= { ...ctx.game, evaluate: (s: unknown) => evaluateWith(s as RumbleState, worth) } as AnyGame;
      return search.act({ ...ctx, game: searched });
    },
  } satisfies Agent;
};
