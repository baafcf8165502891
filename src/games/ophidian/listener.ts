/**
 * What the Ophidian studies read from a match, gathered by a listener (core/listeners.ts)
 * instead of kept in the state: each finished Wave's VP then Cheer per seat, logged at its
 * Breather (`waves`, experiments/ophidian/flow.ts), and the Strategy cards played from hand,
 * as Responses or as cost modifiers (`played`, experiments/ophidian/cards.ts).
 */
import type { GameListener, Tags } from '../../core/game.js';
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

/** A fresh listener for one match: its tags are `waves` and `played` (index.ts tagsSchema). */
export function ophidianListener(): GameListener<OphidianState> {
  const waves: number[] = [];
  const plays = new Map<number, number>();
  return {
    onEvent(event, s, detail) {
      if (event === WAVE_LOGGED) waves.push(...s.vp, ...s.cheer);
      else if (event === CARD_PLAYED) plays.set(detail, (plays.get(detail) ?? 0) + 1);
    },
    tags: (s): Tags => ({ waves: [...waves], played: playedCounts(s, plays) }),
  };
}
