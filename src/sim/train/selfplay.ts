/**
 * Self-play games for training, played in the runner's worker threads.
 *
 * Every decision of every seat is a search: PUCT guided by the current best network
 * (`net` given), or, in generation 0 before any network exists, the expert MCTS spec
 * (`expert`, e.g. the game's tuned MCTS) — expert iteration's bootstrap. Each decision
 * with more than one legal action becomes a training sample:
 *
 *   obs   the encoder's view of the mover's observation (never the true state)
 *   mask  the legal actions
 *   pi    the search's root visit distribution (the mixed strategy at a simultaneous root)
 *   z     the value target: the game's final returns mixed with the search's root
 *         estimate (`valueMix`), rotated so entry k is the seat k after the mover
 *
 * The mover plays a move sampled from the visit distribution for its first
 * `sampleMoves` decisions (temperature 1: varied openings) and the most visited move
 * after; Dirichlet noise at the root keeps exploring. Game `index` of generation `g` is
 * seeded from (training seed, g, index) alone, so samples do not depend on workers.
 */
import type { AnyGame, Encoder } from '../../core/game.js';
import { Rng, deriveSeed } from '../../core/rng.js';
import { parseWith } from '../../core/validate.js';
import { getGame } from '../../games/index.js';
import { createAgent, parseAgentSpec } from '../../../agents/index.js';
import { MctsAgent, DEFAULT_MCTS, type MctsConfig } from '../../../agents/mcts/search.js';
import { guidedByNetwork } from '../../../agents/evaluators/network.js';
import { netFromArrays, type NetShape } from '../../../agents/learned/network.js';
import { packSamples, type SampleRow, type SampleSet } from './samples.js';

export interface SelfPlayConfig {
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: string;
  readonly generation: number;
  /** PUCT iterations per decision. */
  readonly iterations: number;
  /** PUCT constant. */
  readonly c: number;
  readonly noise: { readonly epsilon: number; readonly alpha: number };
  /** Decisions per seat played by sampling the visit distribution. */
  readonly sampleMoves: number;
  /** The network to search with (weights in `weightNames` order), or null for `expert`. */
  readonly net: { readonly shape: NetShape; readonly arrays: readonly Float32Array[] } | null;
  /** The MCTS spec that plays generation 1 (no network yet). */
  readonly expert: string;
  /**
   * Weight of the game's final returns in the value target; the rest is the search's
   * root estimate (λ·z + (1 − λ)·q). 1 is AlphaZero's target; below 1 trades the
   * outcomes' dice noise for the search's bias, which a short, dice-heavy game needs
   * with a few thousand games (Willemsen et al. 2020, "Value targets in off-policy AlphaZero").
   */
  readonly valueMix: number;
  /**
   * A fixed agent (e.g. `heuristic`) seated in every other game — odd game indices, in
   * seat (index >> 1) mod players, so it alternates seats — while the searcher plays the
   * others; its moves are not samples. Absent: pure self-play. Why: a mirror duel's
   * self-play can settle into a stand-off (Superhero Gladiators' Amazon mirror: the tuned
   * MCTS against itself waits out the turn cap, every game a draw), so its samples never
   * show the positions a real opponent creates and its returns carry no signal.
   */
  readonly opponent?: string;
  /**
   * The MCTS spec that searches with the network in generations after the first (the
   * net added as its prior, and as its leaf value unless the spec names a `rollout`);
   * absent: PUCT with `iterations` and `c` and the generic defaults. Why: a game whose
   * generic search is weak needs the game's measured settings around the net too
   * (Rumble: every decision simultaneous, `plies=1,backup=paranoid,final=most,sm=puct`).
   */
  readonly search?: string;
}

export interface SelfPlayResult {
  readonly samples: SampleSet;
  readonly games: number;
  readonly decisions: number;
}

interface Row {
  readonly obs: Float32Array;
  /** Legal action indices and the search's shares of them (same order). */
  readonly legal: number[];
  readonly pi: number[];
  readonly mover: number;
  /** The search's root estimate of every seat's return (absolute seats). */
  readonly q: readonly number[];
}

type Analyser = { analyse: MctsAgent['analyse'] };

function searcher(config: SelfPlayConfig, game: AnyGame, rng: Rng): Analyser {
  if (config.net === null) {
    const agent = createAgent(config.expert, game, rng);
    if (!(agent instanceof MctsAgent)) throw new Error(`self-play expert ${config.expert} is not an MCTS agent`);
    return agent;
  }
  const net = netFromArrays(config.net.shape, config.net.arrays);
  if (config.search !== undefined) {
    const base = createAgent(config.search, game, rng);
    if (!(base instanceof MctsAgent)) throw new Error(`self-play search ${config.search} is not an MCTS agent`);
    const netLeaves = parseAgentSpec(config.search).params['rollout'] === undefined;
    return new MctsAgent('self-play', rng, guidedByNetwork(base.config, net, netLeaves, config.noise));
  }
  const mcts: MctsConfig = guidedByNetwork({ ...DEFAULT_MCTS, iterations: config.iterations, c: config.c }, net, true, config.noise);
  return new MctsAgent('self-play', rng, mcts);
}

/** Plays self-play game `index` and returns its samples. */
export function selfPlayGame(config: SelfPlayConfig, index: number, game: AnyGame = getGame(config.gameId)): { rows: Row[]; z: readonly number[]; players: number } {
  const encoder = game.encoder as Encoder<unknown, unknown, unknown> | undefined;
  if (!encoder) throw new Error(`${game.id} has no encoder`);
  const options = parseWith(`${game.id} options`, game.optionsSchema, config.options) as object;
  const players = game.numPlayers(options);
  const seed = deriveSeed(config.seed, 'selfplay', config.generation, index);
  const rng = new Rng(seed);
  const agents = Array.from({ length: players }, () => searcher(config, game, rng.fork()));
  const fixedSeat = config.opponent !== undefined && index % 2 === 1 ? (index >> 1) % players : -1;
  const fixed = fixedSeat >= 0 ? createAgent(config.opponent!, game, rng.fork()) : null;
  let state = game.setup(options, seed);
  const rows: Row[] = [];
  const decisionsBy = new Array<number>(players).fill(0);
  let steps = 0;
  while (!game.isTerminal(state)) {
    if (++steps > 100_000) throw new Error(`self-play game ${index} did not end`);
    const movers = game.toMove(state);
    const joint = movers.map((p) => {
      const legal = game.legalActions(state, p);
      if (legal.length === 1) return legal[0];
      const obs = game.observe(state, p);
      if (p === fixedSeat) return fixed!.act({ game, options, obs, player: p, legal });
      const { actions, simultaneous, values } = agents[p]!.analyse({ game, options, obs, player: p, legal });
      const row: Row = { obs: new Float32Array(encoder.observationSize), legal: [], pi: [], mover: p, q: values };
      encoder.encode(obs, p, row.obs);
      const weights = actions.map((a) => (simultaneous ? a.prob : a.visits));
      const total = weights.reduce((s, w) => s + w, 0);
      actions.forEach((a, i) => {
        row.legal.push(encoder.actionIndex(a.action, state, p));
        row.pi.push(total > 0 ? weights[i]! / total : 1 / actions.length);
      });
      rows.push(row);
      const explore = simultaneous || decisionsBy[p]! < config.sampleMoves;
      decisionsBy[p]!++;
      if (explore) return actions[rng.weighted(weights)]!.action;
      let best = 0;
      for (let i = 1; i < actions.length; i++) if (weights[i]! > weights[best]!) best = i;
      return actions[best]!.action;
    });
    state = game.apply(state, joint);
  }
  return { rows, z: game.returns(state), players };
}

/** Plays `indices` of one generation and packs their samples (rows in game order). */
export function selfPlayChunk(config: SelfPlayConfig, indices: readonly number[]): SelfPlayResult {
  const game = getGame(config.gameId);
  const rows: SampleRow[] = [];
  let players = 1;
  for (const index of indices) {
    const g = selfPlayGame(config, index, game);
    players = g.players;
    const lambda = config.valueMix;
    for (const row of g.rows) {
      const z: number[] = [];
      for (let k = 0; k < players; k++) {
        const seat = (row.mover + k) % players;
        const q = row.q[seat]!;
        z.push(Number.isFinite(q) ? lambda * g.z[seat]! + (1 - lambda) * q : g.z[seat]!);
      }
      rows.push({ obs: row.obs, legal: row.legal, pi: row.pi, z });
    }
  }
  return { samples: packSamples(rows, players), games: indices.length, decisions: rows.length };
}
