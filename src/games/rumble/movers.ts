/** Who moves in Rumble's simultaneous phases. */
import type { RumbleState } from './types.js';
import { controlledHeroes, controls, revealNeeds } from './legality.js';

export function movers(s: RumbleState): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) if (controlledHeroes(s, p).length > 0) out.push(p);
  return out;
}

/** Players with a living hero that decides something at Reveal, in order. */
export function revealMovers(s: RumbleState): number[] {
  const needs = revealNeeds(s, s.pending!);
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) {
    for (let h = 0; h < s.heroes.length; h++) {
      if (needs[h] && controls(s, p, h)) {
        out.push(p);
        break;
      }
    }
  }
  return out;
}
