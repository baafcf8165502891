/**
 * Victory (4.2): Crowd Riot, 12 VP at once, Annihilation; most VP after Wave 4, elimination
 * Waves. End reasons: 'riot', 'twelve-vp', 'annihilation', 'points' (most VP after Wave 4),
 * 'elimination' (most VP after an elimination Wave), 'wave-cap' (a draw after the last one).
 * Multi-player (7.0): a player whose last Gladiator left play is eliminated (its other
 * cards in play are Scrapped: it is out of the match); Annihilation is the last player standing.
 */
import { setAt } from '../../core/flow.js';
import type { D, OphidianState } from './state.js';
import { hasGladiatorInPlay, leftOf, RULES } from './view.js';
import { removeFromPlay } from './effects.js';
import * as st from './state.js';

const LOC = { ...st.LOC };

export function checkVictory(d: D): void {
  if (d.winner !== -1) return;
  const n = d.t.players;
  for (let p = 0; p < n; p++) {
    if (!d.alive[p]) continue;
    if (d.cheer[p]! >= RULES.riot) return win(d, p, 'riot');
    if (d.vp[p]! >= RULES.vpWin && !d.deathMatch) return win(d, p, 'twelve-vp');
  }
  // Checked after every action: count the players still standing without building lists
  // (the lists are built only when someone fell).
  let standing = 0;
  let last = -1;
  let anyFallen = false;
  for (let p = 0; p < n; p++) {
    if (!d.alive[p]) continue;
    if (hasGladiatorInPlay(d as OphidianState, p)) (standing++, (last = p));
    else anyFallen = true;
  }
  if (standing === 1) return win(d, last, 'annihilation');
  if (!anyFallen) return;
  const fallen: number[] = [];
  for (let p = 0; p < n; p++) if (d.alive[p] && !hasGladiatorInPlay(d as OphidianState, p)) fallen.push(p);
  // Everyone left fell at once: a draw between them.
  if (standing === 0) return win(d, -2, 'annihilation', fallen);
  for (const p of fallen) eliminate(d, p);
}

/** Multi-player: p is out of the match; its cards still in play leave with it (interpretation, README). */
function eliminate(d: D, p: number): void {
  d.alive = setAt(d.alive, p, false);
  // Eliminated while holding the Flow (its last Gladiator fell in its own action): the Flow goes left.
  if (d.flowHolder === p) {
    d.flowHolder = leftOf(d as OphidianState, p);
    d.lost = true;
    d.plusJustMade = false;
  }
  for (let c = 0; c < d.loc.length; c++) if (d.t.owner[c] === p && d.loc[c] !== LOC.out && d.loc[c] !== LOC.pump) removeFromPlay(d, c, false);
  for (let c = 0; c < d.loc.length; c++) if (d.t.owner[c] === p && d.loc[c] === LOC.pump) removeFromPlay(d, c, false);
}

export function win(d: D, p: number, reason: string, drawn: readonly number[] = []): void {
  d.winner = p;
  d.endReason = reason;
  if (p === -2) d.drawn = drawn;
}

/** End of a Wave's Breather or of Wave 4: most VP among the players still in wins; a tie plays elimination Waves (up to maxWaves, then a draw between the leaders). */
export function checkWaveLimit(d: D): void {
  if (d.winner !== -1 || d.wave <= RULES.waves) return;
  const inMatch = [...d.alive.keys()].filter((p) => d.alive[p]);
  // Death Match has no Point Victory: the match goes on until Annihilation or a Riot (a draw at the Wave cap).
  if (d.deathMatch) return void (d.wave > RULES.maxWaves && win(d, -2, 'wave-cap', inMatch));
  const top = Math.max(...inMatch.map((p) => d.vp[p]!));
  const leaders = inMatch.filter((p) => d.vp[p] === top);
  if (leaders.length === 1) return win(d, leaders[0]!, d.wave === RULES.waves + 1 ? 'points' : 'elimination');
  if (d.wave > RULES.maxWaves) win(d, -2, 'wave-cap', leaders);
}
