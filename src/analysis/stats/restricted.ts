/**
 * Restricted play (Jaffe et al. 2012, "Evaluating Competitive Game Balance with
 * Restricted Play"): the value of a choice (a power, a hero, a move type) to an agent is
 * the win share it loses when barred from that choice. Both runs use the same master
 * seed, so units (pairs or games) line up seed for seed and the loss is a paired
 * difference with a t interval over units (see paired.ts).
 */
import type { GameRecord } from '../../core/record.js';
import { pairedDifference } from './paired.js';

export interface RestrictedPlayValue {
  /** What was barred (a label chosen by the caller). */
  readonly choice: string;
  /** Share lost: unrestricted − restricted, over common units. Negative = the choice hurts. */
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  /** Common units (pairs or games) behind the estimate. */
  readonly n: number;
  readonly shareUnrestricted: number;
  readonly shareRestricted: number;
  /** True when the interval excludes 0: the choice matters, in the sign of `value`. */
  readonly significant: boolean;
}

/** Share lost by `slot` when barred from `choice` (restricted run vs unrestricted run). */
export function restrictedPlay(
  unrestricted: readonly GameRecord[],
  restricted: readonly GameRecord[],
  slot: number,
  choice = 'restricted',
  level = 0.95,
): RestrictedPlayValue {
  const d = pairedDifference(unrestricted, restricted, slot, level);
  return {
    choice,
    value: d.mean,
    lo: d.lo,
    hi: d.hi,
    n: d.n,
    shareUnrestricted: d.shareA,
    shareRestricted: d.shareB,
    significant: d.lo > 0 || d.hi < 0,
  };
}

/** One row per barred choice, most valuable first. */
export function restrictedPlayTable(
  unrestricted: readonly GameRecord[],
  restrictedByChoice: Readonly<Record<string, readonly GameRecord[]>>,
  slot: number,
  level = 0.95,
): RestrictedPlayValue[] {
  return Object.entries(restrictedByChoice)
    .map(([choice, recs]) => restrictedPlay(unrestricted, recs, slot, choice, level))
    .sort((a, b) => b.value - a.value || (a.choice < b.choice ? -1 : 1));
}
