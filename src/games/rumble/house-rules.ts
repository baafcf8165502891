/**
 * Rumble's house rules that end stalls (issue #27). Neither is in the seed text; both are
 * off by default. They act at each round's end, after every power and before
 * eliminations, as an Energy loss (like Burn or Psuedonite), not damage: no Defense or
 * power prevents, reflects or answers it.
 */
import type { RumbleOptions } from './options.js';

/**
 * Energy each living hero loses at the end of round `round` (1-based): `energyDrain`
 * every round, plus sudden death's `suddenDeathStep` x (rounds past `suddenDeath`) once
 * past it.
 */
export function houseRuleLoss(opts: Pick<RumbleOptions, 'energyDrain' | 'suddenDeath' | 'suddenDeathStep'>, round: number): number {
  const sudden = opts.suddenDeath > 0 && round > opts.suddenDeath ? opts.suddenDeathStep * (round - opts.suddenDeath) : 0;
  return opts.energyDrain + sudden;
}
