/** Who moves in Rumble's simultaneous phases. */
import type { RumbleState } from './types.js';
import { revealNeeds } from './legality.js';

/**
 * Shared frozen seat lists by bit mask (bit p: player p moves), built on first use: the
 * flow asks for the movers twice a step (`toMove`, then `apply`) and a search asks at
 * every node, so a list is looked up, never allocated. At most 8 players: 256 lists.
 */
const BY_MASK: (readonly number[] | undefined)[] = [];

function seatsOf(mask: number): readonly number[] {
  let list = BY_MASK[mask];
  if (list === undefined) {
    const out: number[] = [];
    for (let p = 0; mask >> p !== 0; p++) if ((mask >> p) & 1) out.push(p);
    list = BY_MASK[mask] = Object.freeze(out);
  }
  return list;
}

/** Players with a living hero, in order (the Allocation's movers; a shared list: a caller must not change it). */
export function movers(s: RumbleState): readonly number[] {
  const heroes = s.heroes;
  let mask = 0;
  for (let h = 0; h < heroes.length; h++) {
    const x = heroes[h]!;
    if (x.alive) mask |= 1 << x.controller;
  }
  return seatsOf(mask);
}

/** Players with a living hero that decides something at Reveal, in order (a shared list). */
export function revealMovers(s: RumbleState): readonly number[] {
  const needs = revealNeeds(s, s.pending!);
  const heroes = s.heroes;
  let mask = 0;
  for (let h = 0; h < heroes.length; h++) {
    const x = heroes[h]!;
    if (needs[h] && x.alive) mask |= 1 << x.controller;
  }
  return seatsOf(mask);
}
