/**
 * Game listeners (TAG's IGameListener): the data a study reads from a game as it is played —
 * each Wave's score, the cards played — gathered outside the game's state, so the state holds
 * only the game. A game emits named events from inside `apply` (`emit`); whoever plays a
 * recorded game (the runner, a playthrough) applies its moves with the game's listeners
 * attached (`applyListening`) and adds the listeners' tags to the record (`recordTags`).
 * Which listeners: the game's own `listener` for every recorded game, and the named ones
 * (`game.listeners`) a study's table asks for (`listenersFor`, the match config's `listeners`).
 * Searches and rollouts apply moves with nobody listening, so an event costs them one
 * null check.
 *
 * Listening is a side output only: `apply` stays a pure function of its arguments, and an
 * event never changes the state it reports.
 */
import { UserError, showValue } from './errors.js';
import type { AnyGame, GameListener, Tags } from './game.js';

export type { GameListener } from './game.js';

let current: GameListener<never> | null = null;

/** Reports `event` to the listener of the game being applied, if any (games call this inside `apply`). */
export function emit<S>(event: string, state: S, detail = -1): void {
  if (current !== null) (current as GameListener<S>).onEvent(event, state, detail);
}

/** Runs `fn` with `listener` hearing every event emitted meanwhile (then the outer listener again). */
export function withListener<T, S = unknown>(listener: GameListener<S>, fn: () => T): T {
  const outer = current;
  current = listener as GameListener<never>;
  try {
    return fn();
  } finally {
    current = outer;
  }
}

/** `game.apply(state, moves)` with `listener` hearing the events it emits (none: a plain apply). */
export function applyListening<S>(game: AnyGame, state: S, moves: readonly unknown[], listener: GameListener<S> | null): S {
  if (listener === null) return game.apply(state, moves) as S;
  return withListener(listener, () => game.apply(state, moves) as S);
}

/** A finished game's tags for its record: the game's own, then its listener's. */
export function recordTags<S>(game: AnyGame, state: S, listener: GameListener<S> | null): Tags {
  const own = game.tags(state);
  return listener === null ? own : { ...own, ...listener.tags(state) };
}

/** The names of `game`'s listeners a study may attach (`game.listeners`), in declaration order. */
export function listenerNames(game: AnyGame): string[] {
  return Object.keys(game.listeners ?? {});
}

/**
 * Refuses a listener name `game` does not declare, naming the allowed ones (`where` names the
 * config: "match config"), so a table asking for a listener that does not exist fails before any game.
 */
export function checkListenerNames(where: string, game: AnyGame, names: readonly string[]): void {
  const known = listenerNames(game);
  for (const name of names) {
    if (typeof name !== 'string' || !Object.hasOwn(game.listeners ?? {}, name)) {
      const allowed = known.length > 0 ? known.join(', ') : `none (${game.id} declares no listeners)`;
      throw new UserError(`${where}: listeners has ${showValue(name)}; allowed: ${allowed}`);
    }
  }
}

/**
 * The listener of one recorded game: the game's own (`listener`) and the named ones in order,
 * each a fresh one, heard together; their tags merged in that order. Null when there are none
 * (the game is applied with nobody listening).
 */
export function listenersFor<S>(game: AnyGame, names: readonly string[] = []): GameListener<S> | null {
  const list: GameListener<S>[] = [];
  const own = game.listener?.() as GameListener<S> | undefined;
  if (own) list.push(own);
  for (const name of names) list.push(game.listeners![name]!.create() as GameListener<S>);
  if (list.length <= 1) return list[0] ?? null;
  return {
    onEvent(event, state, detail) {
      for (const l of list) l.onEvent(event, state, detail);
    },
    tags(final) {
      let out: Tags = {};
      for (const l of list) out = { ...out, ...l.tags(final) };
      return out;
    },
  };
}
