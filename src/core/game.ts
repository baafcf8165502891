/**
 * The contract every Crucible game meets. Vocabulary follows OpenSpiel: a *state*, the
 * *players to move*, their *legal actions*, *chance* resolved inside `apply` from the
 * state's own random stream, an *observation* per player, and *returns* at the end.
 *
 * A game is a plain object of small pure functions (as in boardgame.io): it never
 * mutates a state, so search, replay and parallel runs are deterministic and safe.
 */
import type { z } from 'zod';
import type { Rng } from './rng.js';
import type { GameFacts, OptionDoc } from './facts.js';

export type { GameFacts } from './facts.js';

/** Tags attached to a finished game for analysis (powers held, build, seat...). */
export type Tags = Readonly<Record<string, string | number | boolean | readonly (string | number)[] | null>>;

/**
 * A game listener (TAG's IGameListener; core/listeners.ts attaches it): hears the events a
 * game emits inside `apply` and gives what it gathered as tags of the finished game.
 */
export interface GameListener<S = unknown> {
  /**
   * An event the game emitted inside `apply`: its name, the state at that moment (a draft
   * being built: read it there, never keep or change it) and one number (e.g. a card instance; -1 when none).
   */
  onEvent(event: string, state: S, detail: number): void;
  /** What the listener gathered, as tags of the finished game `final` (added after the game's own). */
  tags(final: S): Tags;
}

/** A listener a study may attach by name (`Game.listeners`): what it gathers, and a fresh one for one game. */
export interface ListenerKind<S = unknown> {
  /** One line: the tags it adds and what they hold (error messages and docs list it). */
  readonly description: string;
  create(): GameListener<S>;
}

/** A fixed-size tensor view of a game for learned agents. */
export interface Encoder<S, A, O> {
  /**
   * Bumped whenever the meaning of an observation slot or action index changes: a saved
   * model records it, and loading a model trained on another version fails.
   */
  readonly version: number;
  /** Length of the flat observation vector. */
  readonly observationSize: number;
  /** Size of the fixed action index space. */
  readonly actionCount: number;
  /** Writes the observation of `player` into `out` (length `observationSize`). */
  encode(obs: O, player: number, out: Float32Array): void;
  /** The index of a legal action in the fixed action space. */
  actionIndex(action: A, state: S, player: number): number;
  /** Fills `mask` (length `actionCount`) with 1 for legal indices, 0 otherwise. */
  legalMask(state: S, player: number, mask: Float32Array): void;
}

/** A documented rule option (declared with the other game facts). */
export type { OptionDoc };

/**
 * Restricted play (`bar=a+b` on the search and learned agents, agents/barring.ts): which
 * actions a bar list forbids. A game that takes `bar` declares it; the agents' code names no game.
 */
export interface ActionBar<O, A> {
  /** What a `bar` value names, for error messages (e.g. "Strategy card ids … joined by +"). */
  readonly allowed: string;
  /** The syntax of a `bar` value. */
  readonly pattern: RegExp;
  /**
   * `legal` (of the player who sees `view`: a full state or that player's observation)
   * without the barred actions; all of them when nothing else is left.
   */
  without(view: O, legal: readonly A[], barred: ReadonlySet<string>): readonly A[];
}

export interface Game<S, A, O = S, Opt extends object = Record<string, unknown>> {
  /** Stable id used on the command line (`gladiator-duel`). */
  readonly id: string;
  /** Human name. */
  readonly name: string;
  /** True when every player sees the whole state (then `observe` returns the state, its random stream hidden). */
  readonly perfectInformation: boolean;
  /** True when several players can move at once (the joint move is applied together). */
  readonly simultaneous: boolean;
  /**
   * What kind of game this is (utility, chance, information, player range; see facts.ts).
   * Every registered game declares it; `factsOf` fills a conservative default otherwise.
   */
  readonly facts?: GameFacts;
  /**
   * The typed schema of `tags(state)` at the end of a game, using the shared names of
   * `sharedTags` (facts.ts) — `endReason`, not `end` — for shared facts.
   */
  readonly tagsSchema?: z.ZodType;

  /** House rules: a zod schema whose defaults come from the seed text. */
  readonly optionsSchema: z.ZodType<Opt, any>;
  /** One line per option: the path, the default and what it means. */
  readonly optionDocs: readonly OptionDoc[];

  /**
   * The content a match of these options plays with, when the options name content files
   * (e.g. the decks seated, with their cards resolved): runs are keyed on it instead of
   * on the whole files (src/sim/run-key.ts), so editing an item no seated deck holds
   * replays nothing. Plain data (it is hashed as canonical JSON); absent: whole files.
   */
  contentUsed?(options: Opt): unknown;

  /** Number of players a given option set gives. */
  numPlayers(options: Opt): number;
  /** The initial state. `seed` seeds the state's own random stream. */
  setup(options: Opt, seed: number): S;

  /** Players who move now: one (turns), several (simultaneous), none (terminal). */
  toMove(state: S): readonly number[];
  /** The legal actions of `player` now (non-empty whenever `player` is to move). */
  legalActions(state: S, player: number): readonly A[];
  /**
   * The next state. `moves[i]` is the action of `toMove(state)[i]`. Never mutates
   * `state` or `moves`; chance is drawn from the state's stream.
   */
  apply(state: S, moves: readonly A[]): S;
  /**
   * Optional: `apply` without the legality check, for loops that take every move from
   * `legalActions` of the very state they apply it to (random playouts, rollouts), where
   * the check can only pass. Everything else — the runner, agents, replays, API users —
   * calls the strict `apply`.
   */
  applyUnchecked?(state: S, moves: readonly A[]): S;
  /** True when the game is over (equivalently `toMove(state).length === 0`). */
  isTerminal(state: S): boolean;
  /** Per-player win share in [0, 1] at a terminal state (summing to 1 in zero-sum games). */
  returns(state: S): readonly number[];
  /** Analysis tags of a (usually terminal) state. */
  tags(state: S): Tags;
  /** Number of decisions taken so far (for game-length statistics). */
  moveCount(state: S): number;

  /**
   * What `player` may know. For perfect information games, the state itself, except the
   * random stream: no future roll can be read from an observation (`UNSEEN_STREAM` stands
   * in its place; checked for every game by test/core/games.contract.test.ts).
   */
  observe(state: S, player: number): O;
  /** A full state consistent with `obs`, sampled with `rng`. */
  determinize(obs: O, player: number, rng: Rng): S;

  /** A key identifying an action among the legal actions of one state (for search trees). */
  actionKey(action: A): string | number;
  /** A short readable description of an action, for logs and replays. */
  describeAction(state: S, player: number, action: A): string;
  /** A readable description of a state, for logs and replays. */
  describeState(state: S): string;

  /**
   * Optional heuristic value per player in [0, 1] for a non-terminal state (used to cut
   * rollouts short and to count lead changes). Must be cheap.
   */
  evaluate?(state: S): readonly number[];
  /** Optional tensor encoder for learned agents. */
  readonly encoder?: Encoder<S, A, O>;
  /**
   * Optional: a fresh listener for every recorded game (core/listeners.ts) — data the game
   * reports by events instead of keeping in its state; its tags join the record's
   * (`tagsSchema` describes both).
   */
  listener?(): GameListener<S>;
  /**
   * Optional: listeners a study attaches by name to the tables that need them (a match
   * config's `listeners`; TAG's listeners chosen by the experiment) — study data the game
   * reports by events, gathered only where a study asks for it. Their tags join the record's
   * (`tagsSchema` describes them, optional: present when the table names the listener).
   */
  readonly listeners?: Readonly<Record<string, ListenerKind<S>>>;
  /** Optional restricted play: the actions a `bar=a+b` agent never plays (see `ActionBar`). */
  readonly bar?: ActionBar<O, A>;
}

/**
 * A game's facts, or for a game that declares none a conservative reading: general-sum
 * (so nothing assumes one player's gain is another's loss), sampled chance.
 */
export function factsOf(game: Pick<AnyGame, 'facts' | 'perfectInformation' | 'simultaneous'>): GameFacts {
  return (
    game.facts ?? {
      utility: 'general-sum',
      chance: 'sampled',
      information: game.perfectInformation ? 'perfect' : 'imperfect',
      simultaneous: game.simultaneous,
      players: { min: 1, max: 64 },
    }
  );
}

/** A game with its type parameters erased, for registries and runners. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any>;

/**
 * Plays random legal moves from `state` to the end (or `maxSteps`) with `rng`. Used by
 * tests, benchmarks and rollouts. Returns the final state and the number of steps.
 */
export function randomPlayout<S, A>(
  game: Game<S, A, any, any>,
  state: S,
  rng: Rng,
  maxSteps = Number.POSITIVE_INFINITY,
): { state: S; steps: number } {
  let s = state;
  let steps = 0;
  // One reused array per joint-move size: a turn-based game (one mover) never resizes
  // an array, which V8 would do with a runtime call on every step.
  const single: A[] = [undefined as A];
  let joint: A[] = single;
  // Every move below is taken from legalActions of the state it is applied to.
  const unchecked = game.applyUnchecked !== undefined;
  while (steps < maxSteps) {
    const movers = game.toMove(s);
    const n = movers.length;
    if (n === 0) break;
    if (n === 1) {
      const legal = game.legalActions(s, movers[0]!);
      single[0] = legal[rng.int(legal.length)]!;
      s = unchecked ? game.applyUnchecked!(s, single) : game.apply(s, single);
    } else {
      if (joint.length !== n) joint = new Array<A>(n);
      for (let i = 0; i < n; i++) {
        const legal = game.legalActions(s, movers[i]!);
        joint[i] = legal[rng.int(legal.length)]!;
      }
      s = unchecked ? game.applyUnchecked!(s, joint) : game.apply(s, joint);
    }
    steps++;
  }
  return { state: s, steps };
}
