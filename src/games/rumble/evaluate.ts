/** Rumble's static evaluation: each player's estimated chance of winning from here. */
import { afterDefaultReveal } from './resolution.js';
import { SearchMemo } from './search-memo.js';
import type { RumbleState } from './types.js';

/**
 * Pending Reveals already priced, per search node (search-memo.ts): a search's leaves at an
 * Allocation decision share every field but the stream and the revealed allocations, which
 * are the kept menus' objects, and the round's resolution draws nothing (round-resolution.ts), so
 * the same allocations give the same value — 70% of the pending leaves on the search bench's
 * sample. Keyed by the allocations (`pending`) and the worth the state is priced with.
 */
const pricedReveals = new SearchMemo<readonly number[]>('pending');

/**
 * Each player's chance of winning, estimated from its living heroes' strength: Energy
 * plus a share of the held powers' estimated worth (their bidding prior), cubed — the
 * last hero standing is usually the one with the most left, so a lead counts more than
 * in proportion. Calibration (Brier score of the round-4 estimate against the result,
 * 388 random 4-hero auction games): 0.088, against 0.113 for a plain Energy share and
 * 0.184 for 1/4 each (squared: 0.100; a full prior: worse).
 *
 * The share is a quarter once the rounds have begun and the whole prior at the auction's
 * end (`AUCTION_POWER_WORTH`): there a search weighs a bid, paid in full, against the
 * power it buys for the whole game, and at a quarter it buys almost nothing although
 * powers pay (bench/rumble/auction-worth.ts measures the auction's share from play).
 */
export function evaluate(s: RumbleState): readonly number[] {
  return evaluateWith(s, priorWorth, AUCTION_POWER_WORTH);
}

/** A power's worth in `evaluate`: its bidding prior. */
const priorWorth = (s: RumbleState, id: string): number => Math.max(0, s.lib.get(id).prior);

/**
 * `evaluate` with each held power worth `worth(s, id)` Energy (at 100 starting Energy)
 * instead of its hand-set prior: a study that must not read the priors (issue #11) passes
 * values measured from play, or 0 for every power (Energy alone). A quarter of the worth
 * counts once the rounds have begun, as in `evaluate`, and `atAuctionEnd` of it before
 * (default a quarter too: the studies' search agents bid by their values, not by search).
 */
export function evaluateWith(s: RumbleState, worth: (s: RumbleState, id: string) => number, atAuctionEnd = POWER_WORTH): readonly number[] {
  // Mid-round (Reveal pending) the revealed attacks are about to land: price the state
  // after them, with every Reveal choice at its default.
  if (s.phase === 'reveal' && s.pending) {
    const kept = pricedReveals.get(s, s.pending, worth, atAuctionEnd);
    if (kept !== undefined) return kept;
    const after = afterDefaultReveal(s);
    const value = after.returns ?? evaluateWith(after, worth, atAuctionEnd);
    // A resolution that drew from the stream depends on it: not kept.
    return after.rng === s.rng ? pricedReveals.keep(s, s.pending, worth, atAuctionEnd, value) : value;
  }
  const share = beforeFirstRound(s) ? atAuctionEnd : POWER_WORTH;
  const P = s.opts.players;
  const v = new Array<number>(P).fill(0);
  let total = 0;
  const scale = s.opts.startEnergy / 100;
  for (const h of s.heroes) {
    if (!h.alive || h.energy <= 0) continue;
    let strength = h.energy;
    for (const p of h.powers) strength += worth(s, p.id) * scale * share;
    const x = strength * strength * strength;
    v[h.controller]! += x;
    total += x;
  }
  if (total <= 0) return v.map(() => 1 / P);
  for (let p = 0; p < P; p++) v[p]! /= total;
  return v;
}

/** Share of a power's bidding prior counted as Energy in `evaluate` once the rounds have begun. */
export const POWER_WORTH = 0.25;

/**
 * Share counted at the auction's end: in the auction (rebids), the award step and round 1
 * before anything is allocated — the leaves of a search over bids and award choices.
 * Measured, not tuned by hand: the tuned MCTS bidding (the heuristic playing the rounds)
 * against three heuristic bidders, same deals with the heuristic bidding in its seat
 * (bench/rumble/auction-worth.ts, agents/README.md "Measured strength on Rumble").
 */
export const AUCTION_POWER_WORTH = 1;

/** No round has been resolved yet: the state is the auction's, the award step's or round 1's Allocation. */
function beforeFirstRound(s: RumbleState): boolean {
  return s.round === 0 || (s.round === 1 && s.phase === 'alloc');
}
