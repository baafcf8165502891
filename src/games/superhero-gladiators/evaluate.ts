/**
 * Each side's chance of winning (the game's returns, estimated): the returns once the
 * game is over, else the damage race of race.ts — the heroes who can strike from where
 * they stand fight on to a knockout or to the turn cap, whose tie-break decides the
 * rest; where nobody can strike, the cap's verdict on the Oomph as it stands. Used by
 * the search at its cut-offs (the tuned `mcts` scores its leaves with it) and for lead
 * changes.
 */
import { raceValue } from './race.js';
import type { ShgState } from './state.js';

export function evaluate(s: ShgState): number[] {
  if (s.result) return [...s.result];
  return raceValue(s);
}
