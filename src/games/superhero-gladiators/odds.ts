/**
 * An attack's odds, read off the state: hit chance (d20 against the combat modifiers),
 * reliability, damage after defenses and missile deflection. Shared by the heuristic
 * (heuristic.ts) and the race value (race.ts).
 */
import type { Power } from './builder.js';
import { slotOf } from './rules.js';
import { powerAt, type ShgState } from './state.js';

export function env(level: number, s: ShgState, h: number) {
  const x = s.setup.heroes[h]!;
  return { level, STR: x.STR, DEX: x.DEX, SIZ: x.SIZ, PER: x.PER };
}

export function hitChance(s: ShgState, a: number, t: number, penalty = 0): number {
  const o = s.setup.options.rules;
  const n = o.toHitBase + s.setup.heroes[a]!.combatModifier - s.setup.heroes[t]!.combatModifier - penalty;
  return Math.max(o.toHitMin, Math.min(o.toHitMax, n)) / 20;
}

export function rawDamage(s: ShgState, a: number, p: Power | null): number {
  if (!p) return s.setup.options.rules.punchDivisor > 0 ? Math.ceil(s.setup.heroes[a]!.STR / s.setup.options.rules.punchDivisor) : 0;
  if (p.mechanic === 'close-attack' || p.mechanic === 'distance-attack') return p.numbers.damage!(env(p.level, s, a));
  return 0;
}

/** Damage that gets through `t`'s defenses (always-on or switched on), expected over its reliability. */
export function throughDefenses(s: ShgState, t: number, damage: number, piercing: boolean): number {
  const n = s.setup.heroes[t]!.powers.length;
  const r = s.heroes[t]!;
  for (let slot = 0; slot <= n; slot++) {
    const p = powerAt(s, t, slot);
    if (!p || p.mechanic !== 'defenses' || (r.lost >> slot) & 1) continue;
    if (!(p.alwaysOn || r.onUntil[slot]! >= s.round)) continue;
    if (piercing && !p.piercing) return damage;
    const limit = p.numbers.blocks!(env(p.level, s, t));
    const works = p.worksOn / 20;
    const blocked = s.setup.options.rules.defenses === 'threshold' ? (damage <= limit ? damage : 0) : Math.min(damage, limit);
    return damage - works * blocked;
  }
  return damage;
}

export function deflects(s: ShgState, t: number, p: Power | null): boolean {
  if (!p || !p.missile) return false;
  const slot = slotOf(s, t, 'missile-deflection');
  if (slot < 0) return false;
  const md = powerAt(s, t, slot)!;
  return md.alwaysOn || s.heroes[t]!.onUntil[slot]! >= s.round;
}

/** Expected Oomph an attack with `slot` (-1 punch) by `a` takes off `t`. */
export function expectedDamage(s: ShgState, a: number, slot: number, t: number): number {
  const p = slot < 0 ? null : powerAt(s, a, slot);
  if (deflects(s, t, p)) return 0;
  const works = p ? p.worksOn / 20 : 1;
  return works * hitChance(s, a, t) * throughDefenses(s, t, rawDamage(s, a, p), p?.piercing ?? false);
}

/**
 * One attack's odds: the chance an action with `slot` (-1 punch) by `a` hits `t` and
 * works (reliability), and the Oomph a hit takes after defenses (expected over their
 * reliability); expectedDamage is their product.
 */
export function strikeOdds(s: ShgState, a: number, slot: number, t: number): { p: number; d: number } {
  const p = slot < 0 ? null : powerAt(s, a, slot);
  if (deflects(s, t, p)) return { p: 0, d: 0 };
  const works = p ? p.worksOn / 20 : 1;
  return { p: works * hitChance(s, a, t), d: throughDefenses(s, t, rawDamage(s, a, p), p?.piercing ?? false) };
}

/** The attack slots (-1 punch) a hero could use. */
export function attackSlots(s: ShgState, h: number): number[] {
  const out = s.setup.options.rules.punchDivisor > 0 ? [-1] : [];
  const n = s.setup.heroes[h]!.powers.length;
  for (let slot = 0; slot <= n; slot++) {
    const p = powerAt(s, h, slot);
    if (p && (p.mechanic === 'close-attack' || p.mechanic === 'distance-attack') && !((s.heroes[h]!.lost >> slot) & 1) && s.heroes[h]!.uses[slot]! > 0) out.push(slot);
  }
  return out;
}

export function isRanged(s: ShgState, h: number, slot: number): boolean {
  return slot >= 0 && powerAt(s, h, slot)!.mechanic === 'distance-attack';
}


const MOVE_POWERS = ['tunneling', 'wall-clinging', 'flight', 'run-fast', 'swim-fast'] as const;

/**
 * The most hexes one move of hero `h` can cover (plain movement or any usable movement
 * power; terrain ignored): how far a `charge` (move, then strike) reaches.
 */
export function moveReach(s: ShgState, h: number): number {
  const hero = s.setup.heroes[h]!;
  const o = s.setup.options;
  const hexes = (rate: number) => Math.ceil(rate / o.rules.moveDivisor);
  const feet = (f: number) => Math.floor(f / o.arena.hexFeet);
  let best = hexes(hero.movementRate);
  const r = s.heroes[h]!;
  for (let slot = 0; slot <= hero.powers.length; slot++) {
    const p = powerAt(s, h, slot);
    if (!p || (r.lost >> slot) & 1 || r.uses[slot]! <= 0) continue;
    const e = env(p.level, s, h);
    if ((MOVE_POWERS as readonly string[]).includes(p.mechanic)) best = Math.max(best, hexes(p.numbers.rate!(e)));
    else if (p.mechanic === 'jumping') best = Math.max(best, feet(p.numbers.standing!(e)));
    else if (p.mechanic === 'teleport') best = Math.max(best, feet(p.numbers.distance!(e)));
  }
  return best;
}
