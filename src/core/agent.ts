/**
 * The agent contract. An agent sees only what the game lets its player observe, the
 * legal actions, and the game's determinizer (through `ctx.game.determinize`). It never
 * receives the true state, so no agent can cheat on hidden information. It lives in core
 * so that a game folder can hold its own heuristic (games may not import agents/).
 */
import type { AnyGame } from './game.js';
import type { Rng } from './rng.js';

export interface DecisionContext<O = unknown, A = unknown> {
  /** The game being played (its rules are public: search agents simulate with them). */
  readonly game: AnyGame;
  /** Options the game was set up with (public rules). */
  readonly options: object;
  /** What this player may know now. */
  readonly obs: O;
  /** The seat deciding. */
  readonly player: number;
  /** Its legal actions (non-empty). */
  readonly legal: readonly A[];
}

export interface Agent<O = unknown, A = unknown> {
  /** The spec string that made this agent (for logs and records). */
  readonly spec: string;
  /** Chooses one of `ctx.legal`. */
  act(ctx: DecisionContext<O, A>): A;
}

/** Parameters parsed from a spec string: `mcts:iterations=400,c=1.4`. */
export type AgentParams = Readonly<Record<string, string>>;

/**
 * Builds one agent for one seat of one game. `rng` is the agent's own stream, seeded
 * from (master seed, game index, seat), so results never depend on worker count.
 */
export type AgentFactory = (args: {
  readonly game: AnyGame;
  readonly params: AgentParams;
  readonly spec: string;
  readonly rng: Rng;
}) => Agent;
