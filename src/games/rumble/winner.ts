/** Who wins when a round (or the auction) ends: alternative wins, last side standing, all dead, the round cap. */
import type { Draft } from '../../core/flow.js';
import type { RumbleState } from './types.js';
import type { RoundResolution } from './round-resolution.js';

/** The win split equally among the players controlling `heroes`. */
function splitWin(s: RumbleState, heroes: number[], end: string): { shares: number[]; end: string } {
  const shares = new Array<number>(s.opts.players).fill(0);
  const players = [...new Set(heroes.map((h) => s.heroes[h]!.controller))];
  for (const p of players) shares[p] = 1 / players.length;
  return { shares, end };
}

/** True if living heroes of two or more players remain. */
function twoSidesAlive(s: RumbleState): boolean {
  let side = -1;
  for (const h of s.heroes) {
    if (!h.alive) continue;
    if (side < 0) side = h.controller;
    else if (h.controller !== side) return true;
  }
  return false;
}

/** Win shares per player when the game ends now, else null. */
export function decideWinner(round: number, s: RumbleState, c: RoundResolution | null, eliminated: readonly boolean[]): { shares: number[]; end: string } | null {
  const altWin = c === null ? null : c.marks.altWin;
  if (altWin !== null) {
    const alt: number[] = [];
    for (let h = 0; h < s.heroes.length && h < altWin.length; h++) if (altWin[h] && s.heroes[h]!.alive) alt.push(h);
    if (alt.length) return splitWin(s, alt, 'alt-win');
  }
  // Most rounds end no game: decide that before listing anyone.
  if (round < s.opts.roundCap && twoSidesAlive(s)) return null;
  const alive: number[] = [];
  for (let h = 0; h < s.heroes.length; h++) if (s.heroes[h]!.alive) alive.push(h);
  let oneSide = alive.length > 0;
  for (const h of alive) if (s.heroes[h]!.controller !== s.heroes[alive[0]!]!.controller) oneSide = false;
  if (oneSide) return splitWin(s, alive, 'last-standing');
  if (alive.length === 0) {
    const last: number[] = [];
    for (let h = 0; h < eliminated.length; h++) if (eliminated[h]) last.push(h);
    return splitWin(s, last.length ? last : s.heroes.map((_, i) => i), 'all-dead');
  }
  if (round >= s.opts.roundCap) {
    let best = -Infinity;
    for (const h of alive) best = Math.max(best, s.heroes[h]!.energy);
    return splitWin(s, alive.filter((h) => s.heroes[h]!.energy === best), 'cap');
  }
  return null;
}

/**
 * A game decided by the auction or the award step, onto the flow's draft: its record
 * counts round 1 as reached (tag `turns`), as a game ended before any round always has.
 */
export function endBeforeRoundOne(d: Draft<RumbleState>, over: { shares: number[]; end: string }): void {
  d.round = 1;
  d.returns = over.shares;
  d.end = over.end;
}
