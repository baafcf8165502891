/**
 * Helpers for Dark Hero tests: options parsed like the runner does, states with chosen
 * fields, and in-state random streams that roll chosen d4 results.
 */
import { Dice } from '../../../src/core/dice.js';
import { parseWith } from '../../../src/core/validate.js';
import { darkHero, type DarkHeroOptions, type DarkHeroState } from '../../../src/games/dark-hero/index.js';

export function options(raw: Record<string, unknown> = {}): DarkHeroOptions {
  return parseWith('dark-hero options', darkHero.optionsSchema, raw);
}

/** A fresh game (seed 1 unless given) with some fields replaced. */
export function stateWith(patch: Partial<DarkHeroState>, raw: Record<string, unknown> = {}, seed = 1): DarkHeroState {
  return { ...darkHero.setup(options(raw), seed), ...patch };
}

/** An in-state stream whose next d4 rolls are `rolls`. */
export function rngRolling(...rolls: number[]): number {
  for (let seed = 0; seed < 1_000_000; seed++) {
    const dice = new Dice(seed);
    if (rolls.every((r) => dice.d(4) === r)) return seed;
  }
  throw new Error(`no stream rolls ${rolls.join(',')}`);
}

/** Applies one action of the player to move. */
export function step(state: DarkHeroState, action: number): DarkHeroState {
  return darkHero.apply(state, [action]);
}

/**
 * Seed layout with 4 heroes: ring 0..7 (attach cards 0, 2, 4, 6; corners 1, 3, 5, 7),
 * spokes 8–11 (from 0), 12–15 (from 2), 16–19 (from 4), 20–23 (from 6); starts 11, 15, 19, 23.
 */
export const SEED4 = { starts: [11, 15, 19, 23], ringSize: 8, cards: 24 } as const;
