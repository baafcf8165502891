/** Builders for Rumble tests: fixed setups and concrete allocations. */
import { rumble, rumbleOptions, type Allocation, type RumbleAction, type RumbleState, type PowerUse } from '../../../src/games/rumble/index.js';

export interface HeroSpec {
  energy: number;
  powers?: (string | { id: string; strength?: number; params?: Record<string, number> })[];
}

export function fixedGame(heroes: HeroSpec[], extra: Record<string, unknown> = {}, seed = 1): RumbleState {
  const opts = rumbleOptions({
    players: heroes.length,
    fixed: heroes.map((h) => ({
      energy: h.energy,
      powers: (h.powers ?? []).map((p) => (typeof p === 'string' ? { id: p, strength: 0 } : { strength: 0, ...p })),
    })),
    ...extra,
  });
  return rumble.setup(opts, seed);
}

/** An allocation: attacks as {target: amount}. */
export function alloc(n: number, attacks: Record<number, number>, defense: number, more: { reserve?: number; uses?: PowerUse[] } = {}): Allocation {
  const attack = new Array<number>(n).fill(0);
  for (const [t, v] of Object.entries(attacks)) attack[Number(t)] = v;
  return { attack, defense, ...more };
}

/** Applies one allocation per player (single-hero players). */
export function allocate(s: RumbleState, allocs: Allocation[]): RumbleState {
  const who = rumble.toMove(s);
  return rumble.apply(s, who.map((p): RumbleAction => ({ t: 'alloc', heroes: [allocs[p]!] })));
}

export const energies = (s: RumbleState) => s.heroes.map((h) => h.energy);

/**
 * Applies one allocation per player and, if a hero then has a Reveal decision (a block
 * order, a power's pick), takes every default Reveal choice: the whole round.
 */
export function resolve(s: RumbleState, allocs: Allocation[]): RumbleState {
  const n = allocate(s, allocs);
  if (n.phase !== 'reveal') return n;
  return rumble.apply(n, rumble.toMove(n).map((p): RumbleAction => ({ t: 'reveal', heroes: n.heroes.filter((h) => h.alive && h.controller === p).map(() => ({})) })));
}

/** Every player with a choice after the auction takes the defaults (award step), if there is one. */
export function awardDefaults(s: RumbleState): RumbleState {
  if (s.phase !== 'award') return s;
  return rumble.apply(s, rumble.toMove(s).map((): RumbleAction => ({ t: 'award' })));
}

