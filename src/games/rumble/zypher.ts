/** Zypher's redirects: uses aimed at the holder turned to a new target before costs are paid. */
import type { PowerUse } from './types.js';
import type { RoundResolution } from './round-resolution.js';

/**
 * Zypher ("choose a power that targets you and change its target"): each use turns ONE
 * use of another hero's power aimed at the holder to the use's chosen hero — the first
 * such use of hero `victim` (if given), else of the first hero in seat order that has one.
 * No Activate: each further use (another Drain) turns one more.
 */
export function redirect(c: RoundResolution, uses: PowerUse[][]): void {
  for (let z = 0; z < c.H; z++) {
    if (!c.redirects[z]) continue;
    for (const u of uses[z]!) {
      const d = c.defs[z]![u.power];
      if (!d || !d.redirects || u.target === undefined) continue;
      for (let t = 0; t < (u.times ?? 1); t++) turnOne(c, uses, z, u.target, u.victim);
    }
  }
}

/** Turns the first use aimed at `z` (of hero `from`, or of any other hero) to `to`. */
function turnOne(c: RoundResolution, uses: PowerUse[][], z: number, to: number, from: number | undefined): void {
  for (let h = 0; h < c.H; h++) {
    if (h === z || (from !== undefined && h !== from)) continue;
    const list = uses[h]!;
    for (let i = 0; i < list.length; i++) {
      if (!redirected(c, h, list[i]!, z)) continue;
      // One use is turned: a use given `times: n` is n uses, so split one off.
      const o = list[i]!;
      const copy = list.slice();
      const n = o.times ?? 1;
      copy[i] = { ...o, target: to, times: 1 };
      if (n > 1) copy.push({ ...o, times: n - 1 });
      uses[h] = copy;
      return;
    }
  }
}

/** True if hero h's use `o` targets hero `z` (not one of h's own powers), so Zypher turns it. */
function redirected(c: RoundResolution, h: number, o: PowerUse, z: number): boolean {
  return o.target === z && c.defs[h]![o.power]?.use?.target !== 'ownPower';
}
