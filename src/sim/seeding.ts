/**
 * Where every random number of a run comes from. All seeds are derived from the master
 * seed and the game index, never from the worker or the order games finish in, so a
 * run gives the same results whatever the worker count.
 */
import { deriveSeed, Rng, rngU32 } from '../core/rng.js';
import type { NormalizedConfig } from './config.js';

/**
 * The seed of game `index`. Paired games 2k and 2k+1 share the pair's seed, so both
 * see the same dice (as far as the agents' choices allow) with seats reversed.
 */
export function gameSeed(config: NormalizedConfig, index: number): number {
  return config.paired ? deriveSeed(config.seed, 'pair', pairOf(index)) : deriveSeed(config.seed, 'game', index);
}

/** Pair number of a game index (paired runs only). */
export function pairOf(index: number): number {
  return Math.floor(index / 2);
}

/**
 * The agent slot sitting in each seat of game `index` (result[seat] = slot).
 *
 * Position p of the line-up holds slot p mod slots (the agent list repeats when there
 * are fewer agents than seats). With rotation, position p sits in seat (p + r) mod
 * players, where r is the game index (unpaired) or the pair number (paired); the second
 * game of a pair reverses the seats of the first.
 */
export function seatSlots(config: NormalizedConfig, index: number, players: number): number[] {
  const slotCount = config.agents.length;
  const shift = config.rotate ? (config.paired ? pairOf(index) : index) : 0;
  const slots = new Array<number>(players);
  for (let p = 0; p < players; p++) slots[(p + shift) % players] = p % slotCount;
  if (config.paired && index % 2 === 1) slots.reverse();
  return slots;
}

/**
 * The run's key for agent streams: deriveSeed(master, 'agent'), computed once per run
 * because seedrandom costs about 9 µs a call, a third of a random game.
 */
export function agentKey(config: NormalizedConfig): number {
  return deriveSeed(config.seed, 'agent');
}

/** Hashes `value` into `key` with the RNG's own mixer (distinct inputs → unrelated outputs). */
function mix(key: number, value: number): number {
  return rngU32((key ^ Math.imul(value + 1, 0x9e3779b9)) | 0) | 0;
}

/** The private stream of the agent in `seat` of game `index`: a function of (master seed, index, seat). */
export function agentRng(key: number, index: number, seat: number): Rng {
  return new Rng(mix(mix(key, index), seat));
}
