/**
 * Turn flow and decision stack: a game declares *who may decide what now* instead of
 * hand-writing a phase switch (boardgame.io's phases, turn orders and "others once"
 * stages; TAG's stack of extended actions).
 *
 * The vocabulary, from the outside in:
 *
 * - a **round**: every seat of the turn order takes one turn (the order is computed at the
 *   start of each round: fixed seats, by a stat such as PER, or passing left while a
 *   condition holds); `onRoundEnd` runs after the last turn, and `endIf` ends the game;
 * - a **turn**: the current player goes through **phases**, starting at `first`. Each
 *   phase lists its moves and plays one; then the flow goes to the phase's `next` (a name,
 *   or `END_TURN`), unless `endIf` keeps the phase open for another move (a gladiator
 *   spending AP) or the move chose a phase with `goto`;
 * - a **simultaneous phase** (boardgame.io's `activePlayers` stage) is a phase whose
 *   `movers` all move at once: `toMove` lists them, each picks from its own `moves`, and
 *   the phase's `resolve` plays the joint move once every mover has chosen. The Game
 *   contract's `apply(s, moves)` gives every mover's move together; a table where players
 *   hand in their moves one by one uses `commit(s, player, move)`, which keeps the move
 *   face down in the state (`committed`) until the last mover's move resolves the phase.
 *   `hideCommitted` (for `observe`) hides other players' committed moves, and
 *   `determinizeCommits` (for `determinize`) samples them again. `endIf` false keeps the
 *   phase open for another joint move (a re-bid after a tie);
 * - a **window** (a response window) is pushed on the decision stack by any move or hook
 *   with `openWindow`: it asks a list of players once each, in order, until one answers
 *   "yes" (its `play` returns true) or all have passed; then its `onClose` runs. While a
 *   window is open its current asker is the only player to move. Windows nest (an attack
 *   opened in a window can open a defence window), and the phase that opened a window
 *   continues when the stack is empty again.
 *
 * `toMove`, `legalActions` and `apply` of the Game contract come from the flow.
 *
 * Strict: `apply` refuses a move that is not among the legal moves of the state it is
 * given (one line naming it and some legal ones). The check finds the move in the list
 * `legalActions` last returned for that state and player (a one-entry cache: callers
 * list the moves, then apply one of them, so the check costs a scan of that list by
 * identity), and otherwise lists the moves again and compares by `key`.
 *
 * Speed and immutability: `apply` makes ONE shallow copy of the state (the game's `copy`,
 * ideally an object literal listing every field so that V8 keeps one shape) and hands that
 * fresh *draft* to the game's `play`/`onBegin`/`onClose` hooks, which assign its top-level
 * fields and replace arrays copy-on-write (`setAt`), never write into an array or object
 * they did not create. So the input state is never touched (tests deep-freeze it), unchanged
 * parts are shared, and a step allocates one object plus the arrays it changes — the same
 * idea as boardgame.io's immer drafts, without the proxy cost.
 *
 * Dice: every step (each `apply`, and `begin`) is a step of core/random.ts, so a hook draws
 * with `random(d)` from the stream of the state the step started from, and the flow writes
 * the advanced stream onto the draft's `rng` when the step ends (boardgame.io's random
 * plugin). Hooks never read or write `rng` themselves.
 */

import { illegalMove, UserError } from './errors.js';
import { closeStep as closeStepOf, openStep as openStepOf, type Streamed } from './random.js';

// Module-local copies of the two functions every step calls. A read of an imported binding
// is a load from the exporting module's live-binding cell, which V8 does not fold the way it
// does a module-local const (a loop of 2·10⁸ calls, node 20 under tsx: 287–364 ms through the
// import, 193–265 ms through a local copy); gladiator-duel's port onto the flow showed
// 12% of its random play in those two reads.
const openStep = openStepOf;
const closeStep = closeStepOf;

/**
 * The flow's fields, stored at the top level of the game state (spread them in). `P`: what
 * `phase` holds, the index (default) or, with `namedPhases`, the name.
 */
export interface FlowFields<P extends number | string = number> {
  /**
   * The current phase: its index (see `Flow.phaseIndex`), `ROUND_END` or `GAME_OVER`; in a
   * flow with `namedPhases`, its name (as boardgame.io's `ctx.phase`: `s.phase === 'alloc'`),
   * `ROUND_END_NAME` or `GAME_OVER_NAME`.
   */
  readonly phase: P;
  /** Round number from 0 (a round: every seat of the order takes one turn). */
  readonly round: number;
  /** This round's turn order (seats). */
  readonly order: readonly number[];
  /** Index in `order` of the player whose turn it is. */
  readonly turn: number;
  /** The player whose turn it is (`order[turn]`), or -1 between rounds and after the game. */
  readonly current: number;
  /** Open response windows, innermost last. The last one's asker decides now. */
  readonly stack: readonly OpenWindow[];
  /** Decisions applied so far (every `apply` counts one): the game's `moveCount`. */
  readonly steps: number;
  /**
   * Moves handed in face down in a simultaneous phase (`commit`), by seat (undefined: not
   * yet). Only games that use `commit` need the field; their `copy` must carry it over.
   */
  readonly committed?: readonly unknown[];
}

/** One open response window on the decision stack. */
export interface OpenWindow {
  /** Index of the window's spec (see `Flow.windowIndex`). */
  readonly window: number;
  /** The players asked, in order. */
  readonly askers: readonly number[];
  /** Index in `askers` of the player asked now. */
  readonly at: number;
  /** A number the opener attaches (a target seat, a card...), passed to the window's hooks. */
  readonly data: number;
  /** Opened while entering a phase (its `onBegin`): once closed, the entry resumes instead of ending the phase. */
  readonly entry: boolean;
  /** The phase (`goto`) chosen by the move that opened it, entered once the stack is empty; -1 for none. */
  readonly then: number;
}

/** A fresh shallow copy of a state that a hook may assign to (top-level fields only). */
export type Draft<S> = { -readonly [K in keyof S]: S[K] };

/** `phase` between rounds (while round-end windows are open). */
export const ROUND_END = -2;
/** `phase` once the game is over. */
export const GAME_OVER = -1;
/** `ROUND_END` and `GAME_OVER` in a flow with `namedPhases` (names no phase may take there). */
export const ROUND_END_NAME = 'round-end';
export const GAME_OVER_NAME = 'over';
/** The `next` of a phase that ends the turn. */
export const END_TURN = '@end-turn';
/** A committed move as another player sees it (`hideCommitted`): handed in, face down. */
export const HIDDEN_MOVE = '@hidden-move';

export interface PhaseSpec<S extends FlowFields<number | string>, A> {
  /** The legal moves of the current player (of each mover, in a simultaneous phase) in this phase (non-empty). */
  moves(s: S, player: number): readonly A[];
  /** A turn phase: plays `action` on the draft: assign fields, open windows, `goto` another phase. */
  play?(d: Draft<S>, player: number, action: A): void;
  /**
   * A simultaneous phase: the players who move at once, in seat order (non-empty; read
   * from the game's fields, never from `committed`, so the list stays the same while
   * moves are handed in).
   */
  movers?(s: S): readonly number[];
  /** A simultaneous phase: plays the joint move, `moves[i]` being `players[i]`'s, once every mover has chosen. */
  resolve?(d: Draft<S>, players: readonly number[], moves: readonly A[]): void;
  /**
   * Replaces the check that a move is one of `moves(s, player)`, for a phase whose list is a
   * menu of the legal moves rather than all of them (Rumble's allocations): throws a
   * `UserError` of one line naming the move when it is illegal.
   */
  check?(s: S, player: number, action: A): void;
  /** Where the turn goes after this phase: a phase name, `END_TURN` (default), or a function of the state. */
  readonly next?: string | ((s: S) => string);
  /** Runs on entering the phase (may open windows, which are asked before the phase's moves). */
  onBegin?(d: Draft<S>): void;
  /** Checked on entering (after `onBegin`): true skips the phase (e.g. nothing to spend). */
  skipIf?(s: S): boolean;
  /** Checked after each move: false keeps the phase open for another move. Default: one move ends it. */
  endIf?(s: S): boolean;
}

export interface WindowSpec<S extends FlowFields<number | string>, A> {
  /** The legal answers of the asked player (non-empty). */
  moves(s: S, player: number, data: number): readonly A[];
  /** Plays the answer; returns true when it closes the window (the offer was taken). */
  play(d: Draft<S>, player: number, action: A, data: number): boolean;
  /** Skips an asker lazily when it is its turn to be asked (e.g. a player with nothing to pay). */
  asks?(s: S, player: number, data: number): boolean;
  /** Runs when the window closes: `answeredBy` is the player who took it, or -1 when all passed. */
  onClose?(d: Draft<S>, answeredBy: number, data: number): void;
}

export interface TurnOrder<S> {
  /** The seats taking turns this round, in order (computed once at the round's start). */
  round(s: S): readonly number[];
  /** Index in `order` of the next turn after turn `i`, or -1 to end the round. Default: i + 1. */
  next?(s: S, order: readonly number[], i: number): number;
}

export interface FlowSpec<S extends FlowFields<number | string>, A> {
  /** The game's id, for the one-line refusal of an illegal move. */
  readonly game: string;
  /**
   * The key identifying a move among the legal ones (the game's `actionKey`), used to
   * accept an equal copy of a legal move. Default: the move itself (number or string moves).
   */
  key?(a: A): string | number;
  readonly turnOrder: TurnOrder<S>;
  /** The phases of a turn, by name. */
  readonly phases: Readonly<Record<string, PhaseSpec<S, A>>>;
  /** The phase each turn starts in (or a function of the state, e.g. a phase only some variants have). */
  readonly first: string | ((s: S) => string);
  /** Response windows, by name. */
  readonly windows?: Readonly<Record<string, WindowSpec<S, A>>>;
  /** Runs after the last turn of a round (may open windows, e.g. "any player may pay to stop the drift"). */
  onRoundEnd?(d: Draft<S>): void;
  /** True when the game is over; checked after every move and at the start of every round. */
  endIf(s: S): boolean;
  /** Runs once when the game ends (a last card drawn, scores counted). */
  onEnd?(d: Draft<S>): void;
  /**
   * True: the state's `phase` holds the phase's name (boardgame.io's `ctx.phase`), read by
   * code outside the game as `s.phase === 'alloc'`; the flow looks the index up (the last
   * answer kept). Default false: the index, a number, which a turn game that changes phase
   * every move reads fastest (dark-hero's random play ran 10-15% slower on names).
   */
  readonly namedPhases?: boolean;
  /** The one shallow copy per step. Default `{ ...s }`; an explicit literal is faster. */
  copy?(s: S): Draft<S>;
  /**
   * When the turn order lists *actors* rather than seats (heroes of a team, each taking
   * its own turn), the seat that decides for an actor. Default: the entry is the seat.
   * The acting entry is then `order[turn]`; `current` is its seat.
   */
  seatOf?(s: S, actor: number): number;
  /**
   * True when a round with nobody in its turn order simply passes (a segment in which
   * no hero is entitled to act): `onRoundEnd` runs and the next round starts. Default
   * false: an empty order is a bug and throws.
   */
  emptyRoundsPass?: boolean;
}

export interface Flow<S extends FlowFields<number | string>, A> {
  /** The flow fields of a state before `begin` (spread them into the initial state). */
  initial(): FlowFields<S['phase']>;
  /**
   * Starts round 0 on a freshly built state (call at the end of `setup`); `round`: a later
   * first round, for a game whose opening round does not happen (Rumble without an auction
   * starts at round 1).
   */
  begin(s: S, round?: number): S;
  toMove(s: S): readonly number[];
  legalActions(s: S, player: number): readonly A[];
  apply(s: S, moves: readonly A[]): S;
  /** `apply` without the legality check: for a move taken from `legalActions(s, …)` by the caller itself (random playouts). */
  applyUnchecked(s: S, moves: readonly A[]): S;
  isOver(s: S): boolean;
  /**
   * Who decides what now: the player and the phase or window name (null when over). In a
   * simultaneous phase, `player` is the first mover still to choose and `players` all of them.
   */
  decision(s: S): { readonly player: number; readonly name: string; readonly window: boolean; readonly players?: readonly number[] } | null;
  /**
   * Hands in `player`'s move face down in a simultaneous phase (checked like `apply`): the
   * player leaves `toMove`, and the last mover's move (by `commit` or `apply`) resolves the phase.
   */
  commit(s: S, player: number, move: A): S;
  /** `s` as `player` may see it: other players' committed moves replaced by `HIDDEN_MOVE` (for `observe`). */
  hideCommitted(s: S, player: number): S;
  /** Each `HIDDEN_MOVE` of `s` replaced by a legal move of its player drawn from `rng` (for `determinize`). */
  determinizeCommits(s: S, rng: { int(n: number): number }): S;
  /** From a hook: push a response window asking `askers` once each, in order. */
  openWindow(d: Draft<S>, name: string, askers: readonly number[], data?: number): void;
  /**
   * From a hook: the phase to go to once this move (and the windows it opened) is done;
   * `END_TURN` ends the turn. A number is a `phaseIndex` looked up once (faster in hot code).
   */
  goto(d: Draft<S>, phase: string | number): void;
  phaseIndex(name: string): number;
  /** The index of `s`'s phase (`phaseIndex(s.phase)`), -1 once over, -2 between rounds: for tables kept by phase. */
  phaseAt(s: S): number;
  windowIndex(name: string): number;
  phaseName(s: S): string;
}

/** Copy-on-write: `arr` with `arr[i] = v` (the same array when nothing changes). */
export function setAt<T>(arr: readonly T[], i: number, v: T): readonly T[] {
  if (arr[i] === v) return arr;
  const out = arr.slice();
  out[i] = v;
  return out;
}

/** Shared one-seat lists, so `toMove` allocates nothing. */
const SEATS: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, i) => Object.freeze([i]));
const NOBODY: readonly number[] = Object.freeze([]);
const EMPTY_STACK: readonly OpenWindow[] = Object.freeze([]);
const NO_COMMITS: readonly unknown[] = Object.freeze([]);
const END_TURN_INDEX = -3;

/** Whether `action` is in `legal`: by identity first (the caller's own list), then by key. */
function listed<A>(legal: readonly A[], action: A, key: ((a: A) => string | number) | undefined): boolean {
  for (let i = 0; i < legal.length; i++) if (legal[i] === action) return true;
  if (key === undefined) return false;
  const k = key(action);
  for (let i = 0; i < legal.length; i++) if (key(legal[i]!) === k) return true;
  return false;
}

// ---------------------------------------------------------------------------------
// Turn orders

/** Seats 0..n-1 every round. */
export function fixedOrder<S>(players: (s: S) => number): TurnOrder<S> {
  const cache: (readonly number[])[] = [];
  return {
    round(s) {
      const n = players(s);
      return (cache[n] ??= Object.freeze(Array.from({ length: n }, (_, i) => i)));
    },
  };
}

/**
 * Highest `stat` first (e.g. PER), ties broken by `tieBreak` (higher first) and then by
 * seat. Seats for which `acts` is false sit the round out (e.g. not entitled to this segment).
 */
export function orderByStat<S>(
  players: (s: S) => number,
  stat: (s: S, seat: number) => number,
  options: { tieBreak?: (s: S, seat: number) => number; acts?: (s: S, seat: number) => boolean } = {},
): TurnOrder<S> {
  return {
    round(s) {
      const seats: number[] = [];
      for (let p = 0; p < players(s); p++) if (!options.acts || options.acts(s, p)) seats.push(p);
      return seats.sort((a, b) => stat(s, b) - stat(s, a) || (options.tieBreak ? options.tieBreak(s, b) - options.tieBreak(s, a) : 0) || a - b);
    },
  };
}

/**
 * Starting from `leader(s)`, the turn passes to the left (seat + 1) for as long as
 * `passes(s)` holds after a turn (Ophidian's Flow); a full lap without a stop ends the
 * round too. The round ends when `passes` is false.
 */
export function passLeft<S>(players: (s: S) => number, leader: (s: S) => number, passes: (s: S) => boolean): TurnOrder<S> {
  return {
    round(s) {
      const n = players(s);
      const first = leader(s);
      return Array.from({ length: n }, (_, i) => (first + i) % n);
    },
    next: (s, order, i) => (i + 1 < order.length && passes(s) ? i + 1 : -1),
  };
}

/** The other seats, starting at the left of `player` and going round the table: "others once". */
export function othersFrom(player: number, players: number): readonly number[] {
  const out: number[] = [];
  for (let k = 1; k < players; k++) out.push((player + k) % players);
  return out;
}

// ---------------------------------------------------------------------------------
// The flow engine

export function defineFlow<S extends FlowFields<number | string>, A>(spec: FlowSpec<S, A>): Flow<S, A> {
  const phaseNames = Object.keys(spec.phases);
  const named = spec.namedPhases === true;
  for (const n of phaseNames) if (n === GAME_OVER_NAME || n === ROUND_END_NAME || n === END_TURN) throw new Error(`flow: phase name "${n}" is reserved; allowed: any other name`);
  /** What `phase` holds for index `p`, at `p + 2` (-2 between rounds, -1 over, else a phase). */
  const held: readonly (number | string)[] = named ? [ROUND_END_NAME, GAME_OVER_NAME, ...phaseNames] : [ROUND_END, GAME_OVER, ...phaseNames.map((_, i) => i)];
  const OVER = held[1]!;
  // The specs copied into objects of one shape (every hook key present, undefined when absent): the
  // engine reads `ph.onBegin`, `ph.skipIf`… on every move, and a game's specs, each with its
  // own set of keys, would make those reads megamorphic (a slow lookup in V8).
  const phases: PhaseSpec<S, A>[] = phaseNames.map((n) => {
    const p = spec.phases[n]!;
    if ((p.play === undefined) === (p.movers === undefined || p.resolve === undefined) || (p.movers === undefined) !== (p.resolve === undefined))
      throw new Error(`flow: phase "${n}" needs either play (a turn phase) or movers and resolve (a simultaneous phase)`);
    return { moves: p.moves, play: p.play, movers: p.movers, resolve: p.resolve, check: p.check, next: p.next, onBegin: p.onBegin, skipIf: p.skipIf, endIf: p.endIf };
  });
  const windowNames = Object.keys(spec.windows ?? {});
  const windows: WindowSpec<S, A>[] = windowNames.map((n) => {
    const w = spec.windows![n]!;
    return { moves: w.moves, play: w.play, asks: w.asks, onClose: w.onClose };
  });
  const phaseIds = new Map<string, number>(phaseNames.map((n, i) => [n, i]));
  phaseIds.set(END_TURN, END_TURN_INDEX);
  const windowIds = new Map<string, number>(windowNames.map((n, i) => [n, i]));
  const copy = spec.copy ?? ((s: S) => ({ ...s }) as Draft<S>);
  const nextOf = spec.turnOrder.next;
  const seatOf = spec.seatOf; // undefined: the order's entries are seats (no call per turn)

  // `first`/`next` functions return names: remember the last lookups (names are constant
  // strings, so the comparison is a pointer check) to keep the Map off the hot path.
  let lastName = '';
  let lastIndex = -1;
  let lastName2 = '';
  let lastIndex2 = -1;
  function phaseIndex(name: string): number {
    if (name === lastName) return lastIndex;
    if (name === lastName2) return lastIndex2;
    const i = phaseIds.get(name);
    if (i === undefined) throw new Error(`flow: unknown phase "${name}"; allowed: ${[...phaseIds.keys()].join(', ')}`);
    lastName2 = lastName;
    lastIndex2 = lastIndex;
    lastName = name;
    lastIndex = i;
    return i;
  }
  function windowIndex(name: string): number {
    const i = windowIds.get(name);
    if (i === undefined) throw new Error(`flow: unknown window "${name}"; allowed: ${windowNames.join(', ')}`);
    return i;
  }
  // A state's phase name to its index: a property lookup by name (a plain object: V8's
  // keyed-load cache answers it without hashing), the last answer kept (a simultaneous
  // game stays in one phase for most steps). No search: a turn game such as dark-hero
  // changes phase every move.
  const ids: Record<string, number> = {};
  phaseNames.forEach((n, i) => (ids[n] = i));
  ids[GAME_OVER_NAME] = -1;
  ids[ROUND_END_NAME] = -2;
  let atName = '';
  let atIndex = -1;
  /** Small enough to inline: the last answer, else `lookUp`. */
  const indexOf = (phase: number | string): number => (!named ? (phase as number) : phase === atName ? atIndex : lookUp(phase as string));
  function lookUp(name: string): number {
    const i = ids[name];
    if (typeof i !== 'number') throw new Error(`flow: state phase "${name}" is unknown; allowed: ${phaseNames.join(', ')}`);
    atName = name;
    atIndex = i;
    return i;
  }
  /** The spec of phase `name`, undefined between rounds and once over. */
  const specOf = (phase: number | string): PhaseSpec<S, A> | undefined => {
    const i = indexOf(phase);
    return i >= 0 ? phases[i] : undefined;
  };

  // Resolve static `next` names once, so a typo fails at definition time.
  const staticNext = phases.map((p) => (typeof p.next === 'function' ? null : phaseIndex(p.next ?? END_TURN)));
  const first = spec.first;
  const firstFixed = typeof first === 'string' ? phaseIndex(first) : -1;
  const firstIndex = (d: Draft<S>): number => (firstFixed >= 0 ? firstFixed : phaseIndex((first as (s: S) => string)(d as S)));
  // Transient state of the one `apply` running (apply is synchronous and never re-entered):
  // the phase a hook chose with `goto`, and whether windows opened now belong to a phase entry.
  let pendingGoto = -1;
  let opening = false;
  let openingThen = -1;
  // The list `legalActions` last returned, for the state and player it was asked for.
  let listedFor: S | null = null;
  let listedPlayer = -1;
  let listedMoves: readonly A[] = [];
  const keyOf = spec.key;

  function movesOf(s: S, player: number): readonly A[] {
    const st = s.stack;
    if (st.length > 0) {
      const w = st[st.length - 1]!;
      return windows[w.window]!.moves(s, player, w.data);
    }
    const ph = specOf(s.phase);
    return ph === undefined ? [] : ph.moves(s, player);
  }

  /** One move of the decider, known to be legal; `p`: the index of `s.phase`. */
  function play(s: S, action: A, p: number): S {
    const d = copy(s);
    openStep(s as S & Streamed, d); // the hooks draw with random(d); closeStep writes the stream onto d
    d.steps = s.steps + 1;
    const k = d.stack.length - 1;
    pendingGoto = -1;
    opening = false;
    openingThen = -1;
    let entry = false;
    let then = -1;
    if (k >= 0) {
      const w = d.stack[k]!;
      const player = w.askers[w.at]!;
      entry = w.entry;
      then = w.then;
      const closed = windows[w.window]!.play(d, player, action, w.data);
      advance(d, k, closed ? player : -1);
      if (pendingGoto !== -1) then = pendingGoto; // a window's hook may choose the phase too
    } else {
      if (p < 0) throw new Error('flow: apply called on a finished game');
      phases[p]!.play!(d, d.current, action);
      then = pendingGoto;
      // The move opened windows and chose a phase: remember it on the bottom window until they close.
      if (then !== -1 && d.stack.length > 0) {
        const stack = d.stack.slice();
        stack[0] = { ...stack[0]!, then };
        d.stack = stack;
      }
    }
    // Windows still open: their askers decide next. Otherwise the move is done.
    if (d.stack.length === 0 && d.phase !== OVER) finishMove(d, entry, then, p);
    closeStep(d);
    if (listedFor === d) listedFor = null; // a hook listed moves of the draft, then changed it
    return d as S;
  }

  /** The joint move of simultaneous phase `p` (every mover's move, known to be legal), committed ones included. */
  function playJoint(s: S, players: readonly number[], moves: readonly A[], p: number): S {
    const d = copy(s);
    if (d.committed !== s.committed) throw new Error(`flow: ${spec.game}'s copy drops the committed field (a game using commit must copy it)`);
    openStep(s as S & Streamed, d);
    d.steps = s.steps + 1;
    if (d.committed !== undefined && d.committed.length > 0) d.committed = NO_COMMITS;
    pendingGoto = -1;
    opening = false;
    openingThen = -1;
    phases[p]!.resolve!(d, players, moves);
    const then = pendingGoto;
    if (then !== -1 && d.stack.length > 0) {
      const stack = d.stack.slice();
      stack[0] = { ...stack[0]!, then };
      d.stack = stack;
    }
    if (d.stack.length === 0 && d.phase !== OVER) finishMove(d, false, then, p);
    closeStep(d);
    if (listedFor === d) listedFor = null;
    return d as S;
  }

  /** The movers of simultaneous phase `s.phase` who have not committed a move yet. */
  function waiting(s: S, all: readonly number[]): readonly number[] {
    const c = s.committed;
    if (c === undefined || c.length === 0) return all;
    const out: number[] = [];
    for (let i = 0; i < all.length; i++) if (c[all[i]!] === undefined) out.push(all[i]!);
    return out;
  }

  /** Every mover's move: the committed ones and `moves` (of the movers still waiting, in order). */
  function jointMoves(s: S, all: readonly number[], moves: readonly A[]): readonly A[] {
    const c = s.committed;
    if (c === undefined || c.length === 0) return moves;
    const out: A[] = [];
    let j = 0;
    for (let i = 0; i < all.length; i++) out.push(c[all[i]!] !== undefined ? (c[all[i]!] as A) : moves[j++]!);
    return out;
  }

  /** Throws the one-line refusal unless `action` is a legal move of `player` in `s`. */
  function checkLegal(s: S, player: number, action: A, p: number): void {
    if (s.stack.length === 0 && p >= 0) {
      const check = phases[p]!.check;
      if (check !== undefined) return check(s, player, action);
    }
    const legal = s === listedFor && player === listedPlayer ? listedMoves : movesOf(s, player);
    if (listed(legal, action, keyOf)) return;
    const show = (a: A): string => String(keyOf ? keyOf(a) : a);
    throw illegalMove(spec.game, player, show(action), legal.map(show));
  }

  function nextIndex(d: Draft<S>, i: number): number {
    const fixed = staticNext[i];
    return fixed !== null ? fixed! : phaseIndex((phases[i]!.next as (s: S) => string)(d as S));
  }

  /** Enters phase `p` (or ends the turn), skipping phases whose `skipIf` holds. */
  function enter(d: Draft<S>, p: number): void {
    for (let guard = 0; guard < 1000; guard++) {
      if (p === END_TURN_INDEX) return nextTurn(d);
      d.phase = held[p + 2]!;
      if (named) {
        atName = phaseNames[p]!; // the next state's phase is the next asked for
        atIndex = p;
      }
      pendingGoto = -1;
      const ph = phases[p]!;
      if (ph.onBegin) {
        opening = true;
        ph.onBegin(d);
        opening = false;
        if (d.stack.length > 0) return; // its windows are asked first (marked `entry`); the entry resumes after them
      }
      if (!ph.skipIf || !ph.skipIf(d as S)) return;
      p = nextIndex(d, p);
    }
    throw new Error('flow: more than 1000 phases skipped in a row (a cycle of skipIf?)');
  }

  function nextTurn(d: Draft<S>): void {
    const i = nextOf ? nextOf(d as S, d.order, d.turn) : d.turn + 1 < d.order.length ? d.turn + 1 : -1;
    if (i < 0) return endRound(d);
    d.turn = i;
    d.current = seatOf ? seatOf(d as S, d.order[i]!) : d.order[i]!;
    enter(d, firstIndex(d));
  }

  function endRound(d: Draft<S>): void {
    d.phase = held[0]!;
    d.current = -1;
    if (spec.onRoundEnd) spec.onRoundEnd(d);
    if (d.stack.length === 0) startRound(d, d.round + 1);
  }

  function startRound(d: Draft<S>, round: number): void {
    for (let guard = 0; guard < 1000; guard++, round++) {
      d.round = round;
      if (spec.endIf(d as S)) return over(d);
      const order = spec.turnOrder.round(d as S);
      if (order.length === 0) {
        if (!spec.emptyRoundsPass) throw new Error(`flow: round ${round} has no one to take a turn (turn order is empty)`);
        d.order = order;
        d.phase = held[0]!;
        d.current = -1;
        if (spec.onRoundEnd) spec.onRoundEnd(d);
        if (d.stack.length > 0) return; // its windows are asked; finishMove starts the next round
        continue;
      }
      d.order = order;
      d.turn = 0;
      d.current = seatOf ? seatOf(d as S, order[0]!) : order[0]!;
      enter(d, firstIndex(d));
      return;
    }
    throw new Error('flow: more than 1000 empty rounds in a row');
  }

  function over(d: Draft<S>): void {
    d.phase = OVER;
    d.current = -1;
    d.stack = EMPTY_STACK;
    if (spec.onEnd) spec.onEnd(d);
  }

  /**
   * After a phase move (and every window it opened) is done: end, stay, or move on; `entry`:
   * the windows came from `onBegin`; `p`: the index of `d.phase` (hooks never change it).
   */
  function finishMove(d: Draft<S>, entry: boolean, then: number, p: number): void {
    if (p === -2) return startRound(d, d.round + 1); // between rounds (ROUND_END)
    if (spec.endIf(d as S)) return over(d);
    const ph = phases[p]!;
    if (entry) {
      if (ph.skipIf && ph.skipIf(d as S)) enter(d, nextIndex(d, p));
      return;
    }
    if (then !== -1) return enter(d, then);
    if (ph.endIf && !ph.endIf(d as S)) return;
    enter(d, nextIndex(d, p));
  }

  /** Moves window `k` on to its next asker (skipping those `asks` excludes), or closes it. */
  function advance(d: Draft<S>, k: number, closedBy: number): void {
    const w = d.stack[k]!;
    const spec = windows[w.window]!;
    let at = w.at + 1;
    if (closedBy < 0 && spec.asks) while (at < w.askers.length && !spec.asks(d as S, w.askers[at]!, w.data)) at++;
    if (closedBy < 0 && at < w.askers.length) {
      const stack = d.stack.slice();
      stack[k] = { window: w.window, askers: w.askers, at, data: w.data, entry: w.entry, then: w.then };
      d.stack = stack;
      return;
    }
    d.stack = k === 0 && d.stack.length === 1 ? EMPTY_STACK : d.stack.filter((_, i) => i !== k);
    if (spec.onClose) {
      opening = w.entry; // a follow-up window (a defence after an attack) inherits the entry mark and the goto
      openingThen = w.then;
      spec.onClose(d, closedBy, w.data);
      opening = false;
      openingThen = -1;
    }
  }

  const phaseName = (s: S): string => {
    const i = indexOf(s.phase);
    return i === -1 ? GAME_OVER_NAME : i === -2 ? ROUND_END_NAME : phaseNames[i]!;
  };

  return {
    initial: () => ({ phase: OVER as S['phase'], round: 0, order: NOBODY, turn: 0, current: -1, stack: EMPTY_STACK, steps: 0 }),

    begin(s, round = 0) {
      const d = copy(s);
      openStep(s as S & Streamed, d);
      startRound(d, round);
      closeStep(d);
      if (listedFor === d) listedFor = null;
      return d as S;
    },

    toMove(s) {
      const st = s.stack;
      if (st.length > 0) {
        const w = st[st.length - 1]!;
        return SEATS[w.askers[w.at]!]!;
      }
      const ph = specOf(s.phase);
      if (ph === undefined) return NOBODY;
      const movers = ph.movers;
      return movers === undefined ? SEATS[s.current]! : waiting(s, movers(s));
    },

    legalActions(s, player) {
      if (s === listedFor && player === listedPlayer) return listedMoves;
      const moves = movesOf(s, player);
      listedFor = s;
      listedPlayer = player;
      listedMoves = moves;
      return moves;
    },

    apply(s, moves) {
      if (s.phase === OVER) throw new UserError(`${spec.game}: the game is over; allowed: no more moves`);
      const st = s.stack;
      const p = indexOf(s.phase);
      const movers = st.length === 0 && p >= 0 ? phases[p]!.movers : undefined;
      if (movers !== undefined) {
        const all = movers(s);
        const who = waiting(s, all);
        if (moves.length !== who.length) throw new UserError(`${spec.game}: ${moves.length} moves given; allowed: exactly ${who.length} (players to move: ${who.join(', ')})`);
        for (let i = 0; i < who.length; i++) checkLegal(s, who[i]!, moves[i]!, p);
        return playJoint(s, all, jointMoves(s, all, moves), p);
      }
      if (moves.length !== 1) throw new UserError(`${spec.game}: ${moves.length} moves given; allowed: exactly 1 (one player moves at a time)`);
      checkLegal(s, st.length > 0 ? st[st.length - 1]!.askers[st[st.length - 1]!.at]! : s.current, moves[0]!, p);
      return play(s, moves[0]!, p);
    },

    applyUnchecked(s, moves) {
      const p = indexOf(s.phase);
      const movers = s.stack.length === 0 && p >= 0 ? phases[p]!.movers : undefined;
      if (movers === undefined) return play(s, moves[0]!, p);
      const all = movers(s);
      return playJoint(s, all, jointMoves(s, all, moves), p);
    },
    isOver: (s) => s.phase === OVER,

    decision(s) {
      const st = s.stack;
      if (st.length > 0) {
        const w = st[st.length - 1]!;
        return { player: w.askers[w.at]!, name: windowNames[w.window]!, window: true };
      }
      const ph = specOf(s.phase);
      if (ph === undefined) return null;
      const movers = ph.movers;
      if (movers === undefined) return { player: s.current, name: phaseName(s), window: false };
      const players = waiting(s, movers(s));
      return { player: players[0]!, name: phaseName(s), window: false, players };
    },

    commit(s, player, move) {
      if (s.phase === OVER) throw new UserError(`${spec.game}: the game is over; allowed: no more moves`);
      const p = indexOf(s.phase);
      const movers = s.stack.length === 0 && p >= 0 ? phases[p]!.movers : undefined;
      if (movers === undefined) throw new UserError(`${spec.game}: commit in phase ${phaseName(s)}; allowed: only in a simultaneous phase (use apply)`);
      const all = movers(s);
      const who = waiting(s, all);
      if (!who.includes(player)) throw new UserError(`${spec.game}: player ${player} commits a move; allowed: players still to move: ${who.join(', ')}`);
      checkLegal(s, player, move, p);
      // The last move resolves the phase: a state with nobody to move would look finished.
      if (who.length === 1) return playJoint(s, all, jointMoves(s, all, [move]), p);
      const d = copy(s);
      if (d.committed !== s.committed) throw new Error(`flow: ${spec.game}'s copy drops the committed field (a game using commit must copy it)`);
      const c = s.committed === undefined ? [] : s.committed.slice();
      while (c.length <= player) c.push(undefined);
      c[player] = move;
      d.committed = c;
      return d as S;
    },

    hideCommitted(s, player) {
      const c = s.committed;
      if (c === undefined || c.length === 0) return s;
      let hidden = false;
      for (let p = 0; p < c.length; p++) if (p !== player && c[p] !== undefined) hidden = true;
      if (!hidden) return s;
      const d = copy(s);
      d.committed = c.map((m, p) => (p === player || m === undefined ? m : HIDDEN_MOVE));
      return d as S;
    },

    determinizeCommits(s, rng) {
      const c = s.committed;
      if (c === undefined || !c.includes(HIDDEN_MOVE)) return s;
      const d = copy(s);
      d.committed = c.map((m, p) => {
        if (m !== HIDDEN_MOVE) return m;
        const legal = movesOf(s, p);
        return legal[rng.int(legal.length)];
      });
      return d as S;
    },

    openWindow(d, name, askers, data = 0) {
      const window = windowIndex(name);
      const spec = windows[window]!;
      let at = 0;
      if (spec.asks) while (at < askers.length && !spec.asks(d as S, askers[at]!, data)) at++;
      if (at >= askers.length) {
        if (spec.onClose) spec.onClose(d, -1, data); // nobody to ask: it closes at once
        return;
      }
      const open: OpenWindow = { window, askers, at, data, entry: opening, then: openingThen };
      // (A literal when nothing is open: spreading the shared frozen empty stack is slow in V8.)
      d.stack = d.stack.length === 0 ? [open] : [...d.stack, open];
    },

    goto(_d, phase) {
      pendingGoto = typeof phase === 'number' ? phase : phaseIndex(phase);
    },

    phaseIndex,
    phaseAt: (s) => indexOf(s.phase),
    windowIndex,
    phaseName,
  };
}
