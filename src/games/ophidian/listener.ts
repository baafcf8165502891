/**
 * What the Ophidian studies read from a match, gathered by listeners (core/listeners.ts)
 * instead of kept in the state, each attached by name to the tables that ask for it (a match
 * config's `listeners`; experiments/ophidian/common.ts): `waves`, each finished Wave's VP then
 * Cheer per seat, logged at its Breather (experiments/ophidian/flow.ts), and `played`, the
 * Strategy cards played from hand, as Responses or as cost modifiers (experiments/ophidian/cards.ts).
 */
import type { GameListener, ListenerKind, Tags } from '../../core/game.js';
import type { OphidianState } from './state.js';

/** Events this game emits (breather.ts, effects.ts). */
export const WAVE_LOGGED = 'wave-logged';
export const CARD_PLAYED = 'card-played';

/** Plays per Strategy card id and seat (copies of a card add up), as "id:n0:n1" in id order. */
function playedCounts(s: OphidianState, plays: ReadonlyMap<number, number>): string[] {
  const out = new Map<string, number[]>();
  for (const [c, k] of [...plays].sort((a, b) => a[0] - b[0])) {
    const id = s.t.card[c]!.id;
    const row = out.get(id) ?? new Array<number>(s.t.players).fill(0);
    row[s.t.owner[c]!]! += k;
    out.set(id, row);
  }
  return [...out.keys()].sort().map((id) => `${id}:${out.get(id)!.join(':')}`);
}

/** Each finished Wave in turn, at its Breather: VP per seat, then Cheer per seat (tag `waves`). */
function wavesListener(): GameListener<OphidianState> {
  const waves: number[] = [];
  return {
    onEvent(event, s) {
      if (event === WAVE_LOGGED) waves.push(...s.vp, ...s.cheer);
    },
    tags: (): Tags => ({ waves: [...waves] }),
  };
}

/** The Strategy cards played, per card id and seat (tag `played`). */
function playedListener(): GameListener<OphidianState> {
  const plays = new Map<number, number>();
  return {
    onEvent(event, _s, detail) {
      if (event === CARD_PLAYED) plays.set(detail, (plays.get(detail) ?? 0) + 1);
    },
    tags: (s): Tags => ({ played: playedCounts(s, plays) }),
  };
}

/** The listeners a study may attach by name (index.ts `listeners`; their tags in tagsSchema). */
export const ophidianListeners: Readonly<Record<string, ListenerKind<OphidianState>>> = {
  waves: { description: 'tag `waves`: each finished Wave in turn, VP per seat then Cheer per seat', create: wavesListener },
  played: { description: 'tag `played`: Strategy cards played, "card-id:times by seat 0:times by seat 1"', create: playedListener },
};
