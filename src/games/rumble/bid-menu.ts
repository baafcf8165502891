/**
 * The bid menu: each lot bid at a fraction (0, ½, 1, 1½) of its estimated value, or 1½ on
 * the two most valuable lots only, or 1 on every lot but one (0 there); totals capped at
 * 60% of Energy.
 */
import type { RumbleAction, RumbleState } from './types.js';
import { KeptMenus } from './kept-menus.js';

/** Estimated value in Energy of a lot: the power's prior, scaled to starting Energy. */
export function lotValue(s: RumbleState, id: string, values?: Readonly<Record<string, number>>): number {
  const v = values?.[id] ?? s.lib.get(id).prior;
  return Math.max(0, v) * (s.opts.startEnergy / 100);
}

/** Bids at fraction `f` of each lot's value, capped to 60% of Energy in total. */
export function bidsAt(s: RumbleState, player: number, fractions: readonly number[], values?: Readonly<Record<string, number>>): number[] {
  const lots = s.auction!.lots;
  const raw = lots.map((id, i) => Math.max(0, Math.round(fractions[i]! * lotValue(s, id, values))));
  const total = raw.reduce((x, y) => x + y, 0);
  const cap = Math.floor(0.6 * s.heroes[player]!.energy);
  const scale = total > cap ? cap / total : 1;
  return raw.map((b) => Math.min(s.opts.startEnergy, Math.floor(b * scale)));
}

/** Fractions of a lot's estimated value (its prior) the menu bids on every lot. */
export const BID_FRACTIONS = [0, 0.5, 1, 1.5] as const;
/** The menu's bid (Energy at 100 starting Energy) on one lot alone, whatever its prior. */
export const SINGLE_BID = 30;
/** The menu's bid on an environmental power alone, to decide after the auction whether it happens (award.ts). */
export const DISCARD_BID = 10;

/**
 * The bid menu. Value-shaped entries (0, ½, 1, 1½ × each lot's estimated value, 1½ on the
 * two best lots, "value on all but one lot") keep search strong; two prior-free families
 * make sure no hand-set prior decides what can be won: one lot alone at `SINGLE_BID` (one
 * entry per lot, so a power whose prior is 0 is as winnable as any), and for each
 * environmental power (one that acts on every hero, like Psuedonite) `DISCARD_BID` on it
 * alone ("worth bidding on just so that you can decide whether they happen"): a "might
 * discard", decided once the results are known, in the award step (award.ts); the bid's
 * `discard` flag ("will discard") stays legal but is not in the menu, as deciding later
 * never knows less. Totals are capped at 60% of the bidder's Energy.
 * Size: 5 + 2 × lots + environmental lots at most (21 for 4 heroes' 8 lots and Psuedonite).
 * Agents may bid any other legal amounts (the heuristic bids its values exactly).
 */
export function bidMenu(s: RumbleState, player: number): RumbleAction[] {
  const lots = s.auction!.lots;
  const n = lots.length;
  const out: RumbleAction[] = [];
  const scale = s.opts.startEnergy / 100;
  const cap = Math.floor(0.6 * s.heroes[player]!.energy);
  const values: number[] = [];
  for (let i = 0; i < n; i++) values.push(lotValue(s, lots[i]!));
  // Raw bids per entry (before the cap), rebuilt for each entry.
  const raw = new Array<number>(n).fill(0);
  for (const f of BID_FRACTIONS) {
    for (let i = 0; i < n; i++) raw[i] = Math.max(0, Math.round(f * values[i]!));
    pushBid(out, capped(raw, cap, s.opts.startEnergy), undefined);
  }
  // 1½ on the two most valuable lots (ties: the earlier lot).
  let first = -1;
  let second = -1;
  for (let i = 0; i < n; i++) {
    if (first < 0 || values[i]! > values[first]!) {
      second = first;
      first = i;
    } else if (second < 0 || values[i]! > values[second]!) second = i;
  }
  for (let i = 0; i < n; i++) raw[i] = i === first || i === second ? Math.max(0, Math.round(1.5 * values[i]!)) : 0;
  pushBid(out, capped(raw, cap, s.opts.startEnergy), undefined);
  // "Everything at value except this lot": lets a bidder stay out of one power.
  for (let skip = 0; skip < n; skip++) {
    for (let i = 0; i < n; i++) raw[i] = i === skip ? 0 : Math.max(0, Math.round(values[i]!));
    pushBid(out, capped(raw, cap, s.opts.startEnergy), undefined);
  }
  for (let lot = 0; lot < n; lot++) {
    for (let i = 0; i < n; i++) raw[i] = i === lot ? Math.round(SINGLE_BID * scale) : 0;
    pushBid(out, capped(raw, cap, s.opts.startEnergy), undefined);
  }
  for (let lot = 0; lot < n; lot++) {
    if (!s.lib.get(lots[lot]!).environmental) continue;
    for (let i = 0; i < n; i++) raw[i] = i === lot ? Math.round(DISCARD_BID * scale) : 0;
    pushBid(out, capped(raw, cap, s.opts.startEnergy), undefined);
  }
  return out;
}

/** `raw` scaled down to total at most `cap` (rounded down), each bid at most `most`. */
function capped(raw: readonly number[], cap: number, most: number): number[] {
  let total = 0;
  for (let i = 0; i < raw.length; i++) total += raw[i]!;
  const f = total > cap ? cap / total : 1;
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) out.push(Math.min(most, Math.floor(raw[i]! * f)));
  return out;
}

/** Appends a bid move unless an equal one (same bids, same discard flags) is listed. */
function pushBid(out: RumbleAction[], bids: number[], discard: number[] | undefined): void {
  for (let k = 0; k < out.length; k++) {
    const o = out[k] as Extract<RumbleAction, { t: 'bid' }>;
    if (sameNumbers(o.bids, bids) && sameNumbers(o.discard ?? NO_LOTS, discard ?? NO_LOTS)) return;
  }
  out.push(discard ? { t: 'bid', bids, discard } : { t: 'bid', bids });
}

const NO_LOTS: readonly number[] = [];

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The last bid menu of each player (kept-menus.ts): it reads the lots, the bidder's Energy
 * (the heroes) and the rules, never the bids so far; a determinization copies the auction
 * but shares its lots list.
 */
const keptBids = new KeptMenus();

/** `bidMenu`, reused when the previous call for `player` had the same inputs. */
export function cachedBidMenu(s: RumbleState, player: number): RumbleAction[] {
  const lots = s.auction!.lots;
  return keptBids.get(s, player, lots, null) ?? keptBids.keep(s, player, lots, null, bidMenu(s, player));
}
