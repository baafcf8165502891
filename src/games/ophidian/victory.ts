/** Victory (4.2): Crowd Riot, 12 VP at once, Annihilation; most VP after Wave 4, elimination Waves. */
import type { D, OphidianState } from './state.js';
import { gladiatorsInPlay, RULES } from './view.js';


export function checkVictory(d: D): void {
  if (d.winner !== -1) return;
  const n = d.t.players;
  for (let p = 0; p < n; p++) {
    if (d.cheer[p]! >= RULES.riot) return win(d, p, 'riot');
    if (d.vp[p]! >= RULES.vpWin && !d.deathMatch) return win(d, p, 'points');
  }
  const alive = Array.from({ length: n }, (_, p) => gladiatorsInPlay(d as OphidianState, p).length > 0);
  const standing = [...alive.keys()].filter((p) => alive[p]);
  if (standing.length === 1) return win(d, standing[0]!, 'annihilation');
  if (standing.length === 0) return win(d, -2, 'annihilation');
}

export function win(d: D, p: number, reason: string): void {
  d.winner = p;
  d.endReason = reason;
}

/** End of a Wave's Breather or of Wave 4: most VP wins; a tie plays elimination Waves (up to maxWaves, then a draw). */
export function checkWaveLimit(d: D): void {
  if (d.winner !== -1 || d.wave <= RULES.waves) return;
  // Death Match has no Point Victory: the match goes on until Annihilation or a Riot (a draw at the Wave cap).
  if (d.deathMatch) return void (d.wave > RULES.maxWaves && win(d, -2, 'wave-cap'));
  const top = Math.max(...d.vp);
  const leaders = [...d.vp.keys()].filter((p) => d.vp[p] === top);
  if (leaders.length === 1) return win(d, leaders[0]!, d.wave === RULES.waves + 1 ? 'points' : 'elimination');
  if (d.wave > RULES.maxWaves) win(d, -2, 'wave-cap');
}

