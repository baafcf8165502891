/** The X values and repeat counts the menus offer for X-cost and repeatable powers. */
import { useLimit, type PowerDef, type UseSpec } from './powers/contract.js';
import type { HeldPower, RumbleState } from './types.js';
import { powerInfo } from './legality.js';

/**
 * The X levels the menu offers for a Spend/Burn/Drain X power, as fractions of the
 * hero's Energy (at least 1): a fifth (level 0, every template), a tenth and two fifths
 * (levels 1 and 2: a small and a large X, with the defend and attack-weakest templates at
 * Allocation and the defensive Reveal). The text allows any whole X the hero can pay;
 * three levels keep the menu small for search.
 */
export const X_LEVELS: readonly (readonly [number, number])[] = [
  [1, 5],
  [1, 10],
  [2, 5],
];

/**
 * The "powers twice" variant (passed where an X level goes): X at level 0, and each
 * repeatable power (`repeatable`) used twice — the rules page's "Laser Eyes twice".
 * A number no X level reaches (bench/rumble/x-levels.ts measures menus with more levels).
 */
export const TWICE = 16;

/**
 * True if a power can usefully be used twice in one move: used at Allocation with a
 * fixed Spend or Burn cost (an X cost is one use at a larger X), no Activate limit below
 * 2 ("Unless otherwise specified, costed powers can be used any number of times per
 * turn"), not on one of its holder's own powers.
 */
export function repeatable(d: { readonly use?: UseSpec }, held: HeldPower): boolean {
  const u = d.use;
  if (!u || u.phase !== 'allocation' || u.target === 'ownPower') return false;
  if (u.spend === undefined && u.burn === undefined) return false;
  if (u.spend === 'X' || u.burn === 'X' || u.drain === 'X') return false;
  const activate = useLimit(d as PowerDef, held, 'activate');
  const exhaust = useLimit(d as PowerDef, held, 'exhaust');
  return (activate === undefined || activate >= 2) && (exhaust === undefined || held.uses + 2 <= exhaust);
}

/** X at menu level `level` for a hero with `energy`. */
export function xAt(energy: number, level: number): number {
  const [num, den] = X_LEVELS[level === TWICE ? 0 : level]!;
  return Math.max(1, Math.floor((energy * num) / den));
}

/** True if one of the powers (of `phase`) has an X cost: the menu then offers X levels. */
export function hasXCost(s: RumbleState, hero: number, phase: 'allocation' | 'reveal'): boolean {
  const defs = powerInfo(s, hero).defs;
  for (let k = 0; k < defs.length; k++) {
    const u = defs[k]!.use;
    if (u !== undefined && u.phase === phase && (u.spend === 'X' || u.burn === 'X' || u.drain === 'X')) return true;
  }
  return false;
}
