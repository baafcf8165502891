/**
 * Game listeners (TAG's IGameListener): the data a study reads from a game as it is played —
 * each Wave's score, the cards played — gathered outside the game's state, so the state holds
 * only the game. A game emits named events from inside `apply` (`emit`); whoever plays a
 * recorded game (the runner, a playthrough) applies its moves with the game's listener
 * attached (`applyListening`) and adds the listener's tags to the record (`recordTags`).
 * Searches and rollouts apply moves with nobody listening, so an event costs them one
 * null check.
 *
 * Listening is a side output only: `apply` stays a pure function of its arguments, and an
 * event never changes the state it reports.
 */
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
