/** Whom a menu template aims at: living opponents, the weakest or strongest, last round's hardest attacker. */
import type { RumbleState } from './types.js';

export function opponents(s: RumbleState, hero: number): number[] {
  const out: number[] = [];
  const me = s.heroes[hero]!.controller;
  for (let j = 0; j < s.heroes.length; j++) if (s.heroes[j]!.alive && s.heroes[j]!.controller !== me) out.push(j);
  return out;
}

/**
 * The strongest or weakest of `list` (opponents of `hero`). Ties go to the first tied
 * hero clockwise from `hero`, so no seat is everyone's default target.
 */
export function extreme(s: RumbleState, list: readonly number[], strongest: boolean, hero: number): number {
  const H = s.heroes.length;
  let best = -1;
  let bestDist = 0;
  for (const j of list) {
    const dist = (j - hero + H) % H;
    if (best < 0) {
      best = j;
      bestDist = dist;
      continue;
    }
    const e = s.heroes[j]!.energy;
    const b = s.heroes[best]!.energy;
    if ((strongest ? e > b : e < b) || (e === b && dist < bestDist)) {
      best = j;
      bestDist = dist;
    }
  }
  return best;
}

/** The hero that attacked `hero` hardest last round, or -1. */
export function lastAttacker(s: RumbleState, hero: number): number {
  const H = s.heroes.length;
  let best = -1;
  let amount = 0;
  for (let i = 0; i < H; i++) {
    const a = s.lastAttacks[i * H + hero] ?? 0;
    if (a > amount && s.heroes[i]!.alive && i !== hero) {
      amount = a;
      best = i;
    }
  }
  return best;
}
