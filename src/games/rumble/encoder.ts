/**
 * Tensor view of Rumble for learned agents: a fixed-size observation and a fixed action
 * index space that classifies a move by what it does, not by its position in a menu, so
 * the index survives menu changes (new templates, block orders, X levels, targets).
 *
 * Seats are relative to the acting player: slot 0 is the player's own hero (seat p), slot
 * k is seat (p + k) mod heroes. Up to MAX_SEATS seats, MAX_POWERS library powers and
 * MAX_LOTS lot positions are encoded; larger tables fold into the last slot (documented
 * collisions, never an error).
 *
 * Observation (all public, or the acting player's own): per seat (MAX_SEATS × SEAT_FEATURES)
 * alive, Energy / start Energy, controlled by me (Sidekick), last round's Attack total,
 * attack ban, forced Attack, doom pending, bleed owed, Defense penalty, last round's Attack
 * from that seat on me and from me on it, its revealed Allocation at Reveal (Attack on me,
 * Defense, reserve), then its powers held as multi-hot over the library (MAX_POWERS);
 * per lot position (MAX_LOTS × (MAX_POWERS + 3)) the power on offer one-hot, "still tied",
 * its estimated value, and "a curse I won, to give" (award step); globals: phase one-hot (5: auction, award, alloc, reveal, over), round / round cap, players / 8,
 * rebids so far, lots / MAX_LOTS. Sealed bids are never encoded (others' are hidden, and the
 * random stream is not read), so the vector is the same for every determinization.
 *
 * Actions (index blocks, in order):
 *   PASS                          the only move of a player with nothing to decide
 *   BID (1 + 3 + 3 × MAX_LOTS + 3) all zero; every lot bid at low / middle / high total
 *                                  (bids ÷ estimated values: < ¾, < 1¼, more); one lot
 *                                  alone (per lot); one lot alone flagged "will discard",
 *                                  or an environmental lot alone below the single-lot bid
 *                                  (bid to decide whether it happens; per lot); every lot
 *                                  but one (per skipped lot); any
 *                                  other subset, by the same three levels
 *   ALLOC (SHAPES × 5 + MAX_POWERS + 1) the acting player's own hero's Allocation: shape ∈
 *                                  {defend, part Attack on seat k, all-in on seat k, split
 *                                  over several, keep back (Precognition)} × power variant
 *                                  ∈ {no powers, powers at X level 0, 1, 2, repeatable
 *                                  powers twice}; then "use an own-power power on power t"
 *                                  (Lighten Load) per t; then one slot for anything else
 *   REVEAL (6 × (2 + MAX_SEATS))  the first hero with a Reveal choice: variant ∈ {default,
 *                                  defensive at X level 0, 1, 2, aggressive, half and half
 *                                  (Precognition split, partial Quick Reflexes)} × blocking
 *                                  ∈ {default, let seat k's points through, even split}
 *   PICK (PICK_KINDS × (1 + MAX_SEATS)) a power's pick (picks.ts): power ∈ {Javalin, Combat
 *                                  Roll, Lizard DNA, Disarming Strike, Ray Gun, Batman
 *                                  Captions} × value ∈ {no / keep (-1, Batman's 0), seat k
 *                                  (a hero pick), power index + 1 (Disarming Strike, folded
 *                                  at MAX_SEATS)}
 *   ZYPHER (MAX_SEATS × MAX_SEATS) Zypher turning the use of seat k to seat j
 *   AWARD (1 + MAX_SEATS + 1 + 8 × 4 × 2 + MAX_LOTS) after the auction (award.ts), by
 *                                  the move's one change from the default: the default;
 *                                  a curse to seat k; Expert Training changing nothing, or
 *                                  power t (folded at 8) × its number n (folded at 4) ×
 *                                  halve/double; discarding own power t
 * Collision rule: moves that differ only where the index does not look (a Sidekick's
 * Allocation, which weakest/strongest template named the same victim, bid sizes within
 * one level) share an index. The evaluator and the trainer both treat each legal move as
 * its own entry with its index's logit, so colliding moves share a prior equally and
 * their visit shares train the same logit; no move is ever illegal or unreachable.
 */
import type { Encoder } from '../../core/game.js';
import { controlledHeroes } from './legality.js';
import { SINGLE_BID, bidMenu, lotValue } from './bid-menu.js';
import { X_LEVELS, xAt } from './x-levels.js';
import { cachedAllocationMenu } from './allocation-menu.js';
import { revealMenu } from './reveal-menu.js';
import { awardMenu } from './award.js';
import type { Allocation, RevealChoice, RumbleAction, RumbleState } from './types.js';

export const MAX_SEATS = 8;
export const MAX_POWERS = 64;
export const MAX_LOTS = 16;
const SEAT_FEATURES = 14 + MAX_POWERS;
const LOT_FEATURES = MAX_POWERS + 3;
const PHASES = ['auction', 'award', 'alloc', 'reveal', 'over'] as const;
const GLOBALS = PHASES.length + 4;

export const PASS = 0;
export const BID_BASE = 1;
const BID_ZERO = BID_BASE;
const BID_ALL = BID_ZERO + 1; // + level (3)
const BID_SINGLE = BID_ALL + 3; // + lot
const BID_DISCARD = BID_SINGLE + MAX_LOTS; // + lot
const BID_SKIP = BID_DISCARD + MAX_LOTS; // + lot
const BID_SUBSET = BID_SKIP + MAX_LOTS; // + level (3)
export const ALLOC_BASE = BID_SUBSET + 3;
/** Allocation shapes: defend, part on seat k (k = 1..MAX_SEATS-1), all-in on seat k, split, keep back. */
const SHAPES = 1 + 2 * (MAX_SEATS - 1) + 2;
const SHAPE_DEFEND = 0;
const SHAPE_PART = 1; // + k - 1
const SHAPE_ALLIN = SHAPE_PART + MAX_SEATS - 1; // + k - 1
const SHAPE_SPLIT = SHAPE_ALLIN + MAX_SEATS - 1;
const SHAPE_KEEP = SHAPE_SPLIT + 1;
const POWER_VARIANTS = 2 + X_LEVELS.length; // none, X levels, twice
const ALLOC_DISCARD = ALLOC_BASE + SHAPES * POWER_VARIANTS; // + own power t
export const ALLOC_OTHER = ALLOC_DISCARD + MAX_POWERS;
export const REVEAL_BASE = ALLOC_OTHER + 1;
const REVEAL_VARIANTS = 3 + X_LEVELS.length; // default, defensive at each X level, aggressive, half and half
const BLOCKINGS = 2 + MAX_SEATS; // default, let seat k through, even split
const PICK_BASE = REVEAL_BASE + REVEAL_VARIANTS * BLOCKINGS;
const PICK_KINDS = ['javalin', 'combat-roll', 'lizard-dna', 'disarming-strike', 'galactic-ray-gun', 'batman-captions'] as const;
const ZYPHER_BASE = PICK_BASE + PICK_KINDS.length * (1 + MAX_SEATS);
/** Zypher: (seat whose use it turns) × (seat it turns it to). */
const AWARD_BASE = ZYPHER_BASE + MAX_SEATS * MAX_SEATS;
/** Award step: the default, curse to seat k, Expert Training (power × number × halve/double, or none), discard power t. */
const AWARD_DEFAULT = AWARD_BASE;
const AWARD_CURSE = AWARD_DEFAULT + 1; // + relative seat
const EXPERT_POWERS = 8;
const EXPERT_PARAMS = 4;
const AWARD_EXPERT_NONE = AWARD_CURSE + MAX_SEATS;
const AWARD_EXPERT = AWARD_EXPERT_NONE + 1; // + (power × EXPERT_PARAMS + param) × 2 + double
const AWARD_DISCARD = AWARD_EXPERT + EXPERT_POWERS * EXPERT_PARAMS * 2; // + own power index
const ACTIONS = AWARD_DISCARD + MAX_LOTS;

/** Library position of a power id, folded into MAX_POWERS slots. */
function powerSlot(s: RumbleState, id: string): number {
  return Math.min(Math.max(0, s.lib.ids.indexOf(id)), MAX_POWERS - 1);
}

/** Seat `h` relative to `player`'s hero, folded into MAX_SEATS slots. */
function relSeat(h: number, player: number, heroes: number): number {
  return Math.min((h - player + heroes) % heroes, MAX_SEATS - 1);
}

function level3(ratio: number): number {
  return ratio < 0.75 ? 0 : ratio < 1.25 ? 1 : 2;
}

function bidIndex(s: RumbleState, bids: readonly number[], discard: readonly number[] | undefined): number {
  const lots = s.auction?.lots ?? [];
  const nonzero: number[] = [];
  let total = 0;
  let value = 0;
  for (let i = 0; i < bids.length; i++) {
    if (bids[i]! > 0) nonzero.push(i);
    total += bids[i]!;
    value += lots[i] !== undefined ? lotValue(s, lots[i]!) : 0;
  }
  const lot = (i: number) => Math.min(i, MAX_LOTS - 1);
  const level = level3(value > 0 ? total / value : 1);
  if (nonzero.length === 0) return BID_ZERO;
  if (nonzero.length === 1) {
    // Flagged "will discard", or a small bid on an environmental power alone (the menu's
    // "bid just so you can decide whether it happens": decided in the award step).
    const i = nonzero[0]!;
    const small = lots[i] !== undefined && s.lib.get(lots[i]!).environmental && bids[i]! < Math.round(SINGLE_BID * (s.opts.startEnergy / 100));
    return (discard?.length || small ? BID_DISCARD : BID_SINGLE) + lot(i);
  }
  if (nonzero.length === bids.length) return BID_ALL + level;
  if (nonzero.length === bids.length - 1 && bids.length >= 3) {
    let skipped = 0;
    while (bids[skipped]! > 0) skipped++;
    return BID_SKIP + lot(skipped);
  }
  return BID_SUBSET + level;
}

/** The X level of a use's X (the menu's levels; anything else reads as level 0). */
function xLevel(energy: number, x: number | undefined): number {
  if (x === undefined) return 0;
  for (let l = 0; l < X_LEVELS.length; l++) if (xAt(energy, l) === x) return l;
  return 0;
}

function allocIndex(s: RumbleState, player: number, hero: number, a: Allocation): number {
  const H = s.heroes.length;
  const h = s.heroes[hero]!;
  const uses = a.uses ?? [];
  let variant = 0;
  if (uses.length > 0) {
    const own = uses.find((u) => s.lib.get(h.powers[u.power]?.id ?? '').use?.target === 'ownPower');
    if (own !== undefined && uses.length === 1) return ALLOC_DISCARD + Math.min(own.target ?? 0, MAX_POWERS - 1);
    let x: number | undefined;
    let twice = false;
    for (const u of uses) {
      if (u.x !== undefined) x = u.x;
      if ((u.times ?? 1) > 1) twice = true;
    }
    variant = twice ? 1 + X_LEVELS.length : 1 + xLevel(h.energy, x);
  }
  let shape: number;
  const targets: number[] = [];
  for (let j = 0; j < a.attack.length; j++) if (a.attack[j]! > 0) targets.push(j);
  if ((a.reserve ?? 0) > 0) shape = SHAPE_KEEP;
  else if (targets.length === 0) shape = SHAPE_DEFEND;
  else if (targets.length > 1) shape = SHAPE_SPLIT;
  else {
    const k = relSeat(targets[0]!, player, H);
    if (k === 0) return ALLOC_OTHER;
    shape = (a.defense > 0 ? SHAPE_PART : SHAPE_ALLIN) + k - 1;
  }
  return ALLOC_BASE + shape * POWER_VARIANTS + variant;
}

function revealIndex(s: RumbleState, player: number, heroes: readonly number[], choices: readonly RevealChoice[]): number {
  let i = choices.findIndex((c) => Object.keys(c).length > 0);
  if (i < 0) return REVEAL_BASE;
  const c = choices[i]!;
  const hero = heroes[i] ?? player;
  const H = s.heroes.length;
  const pick = c.picks?.[0];
  if (pick !== undefined) {
    const kind = PICK_KINDS.indexOf(s.heroes[hero]?.powers[pick.power]?.id as (typeof PICK_KINDS)[number]);
    let value = 0;
    if (kind === 3) value = pick.pick < 0 ? 0 : Math.min(1 + pick.pick, MAX_SEATS);
    else if (kind === 5) value = pick.pick === 0 ? 0 : 1;
    else value = pick.pick < 0 ? 0 : Math.min(relSeat(pick.pick, player, H), MAX_SEATS);
    return PICK_BASE + Math.max(0, kind) * (1 + MAX_SEATS) + value;
  }
  const zy = c.uses?.find((u) => u.victim !== undefined && s.lib.get(s.heroes[hero]?.powers[u.power]?.id ?? '').redirects);
  if (zy !== undefined) return ZYPHER_BASE + Math.min(relSeat(zy.victim!, player, H), MAX_SEATS - 1) * MAX_SEATS + Math.min(relSeat(zy.target ?? player, player, H), MAX_SEATS - 1);
  const half = c.precog ? c.precog.attack.some((v) => v > 0) && c.precog.defense > 0 && !c.uses?.length : false;
  let variant = 0;
  if (half) variant = REVEAL_VARIANTS - 1;
  else if (c.precog && c.precog.attack.some((v) => v > 0)) variant = REVEAL_VARIANTS - 2;
  else if (c.precog || c.reflex !== undefined || c.uses?.length) {
    let x: number | undefined;
    for (const u of c.uses ?? []) if (u.x !== undefined) x = u.x;
    variant = 1 + xLevel(s.heroes[hero]!.energy, x);
  }
  if (c.reflex !== undefined && !c.precog && !c.uses?.length && s.pending) {
    // Half of the Attack moved (the half-and-half variant) rather than all of it.
    const atk = (s.pending[hero]?.attack ?? []).reduce((x, y) => x + y, 0);
    if (c.reflex < atk) variant = REVEAL_VARIANTS - 1;
  }
  let through = 0;
  if (c.blockAmounts) through = BLOCKINGS - 1;
  else if (c.blockOrder && s.pending) {
    // The attacker left out of the order is the one whose points get through.
    for (let j = 0; j < s.heroes.length; j++) {
      if (j !== hero && (s.pending[j]?.attack[hero] ?? 0) > 0 && !c.blockOrder.includes(j)) {
        through = 1 + relSeat(j, player, s.heroes.length);
        break;
      }
    }
  }
  return REVEAL_BASE + variant * BLOCKINGS + Math.min(through, BLOCKINGS - 1);
}

function actionIndex(action: RumbleAction, s: RumbleState, player: number): number {
  switch (action.t) {
    case 'pass':
      return PASS;
    case 'bid':
      return bidIndex(s, action.bids, action.discard);
    case 'alloc': {
      const heroes = controlledHeroes(s, player);
      const own = heroes.indexOf(player);
      const i = own >= 0 ? own : 0;
      const a = action.heroes[i];
      return a === undefined ? ALLOC_OTHER : allocIndex(s, player, heroes[i]!, a);
    }
    case 'reveal':
      return revealIndex(s, player, controlledHeroes(s, player), action.heroes);
    case 'award':
      return awardIndex(s, player, action);
  }
}

/** An award move by its one change from the default (the menu changes one thing at a time). */
function awardIndex(s: RumbleState, player: number, m: Extract<RumbleAction, { t: 'award' }>): number {
  if (m.discard?.length) return AWARD_DISCARD + Math.min(m.discard[0]!, MAX_LOTS - 1);
  const to = m.curses?.find((r) => r >= 0);
  if (to !== undefined) return AWARD_CURSE + Math.min(relSeat(to, player, s.heroes.length), MAX_SEATS - 1);
  const e = m.expert?.[0];
  if (e === null) return AWARD_EXPERT_NONE;
  if (e !== undefined) {
    const params = Object.keys(s.lib.get(s.heroes[player]?.powers[e.power]?.id ?? '').params);
    const param = Math.min(Math.max(0, params.indexOf(e.param)), EXPERT_PARAMS - 1);
    return AWARD_EXPERT + (Math.min(e.power, EXPERT_POWERS - 1) * EXPERT_PARAMS + param) * 2 + (e.double ? 1 : 0);
  }
  return AWARD_DEFAULT;
}

function encode(obs: RumbleState, player: number, out: Float32Array): void {
  out.fill(0);
  const H = obs.heroes.length;
  const E0 = Math.max(1, obs.opts.startEnergy);
  for (let h = 0; h < H; h++) {
    const k = relSeat(h, player, H);
    const hero = obs.heroes[h]!;
    const o = k * SEAT_FEATURES;
    let bleed = 0;
    for (let b = 0; b < hero.bleed.length; b += 2) bleed += hero.bleed[b]!;
    const pending = obs.pending?.[h];
    out[o] = hero.alive ? 1 : 0;
    out[o + 1] = hero.energy / E0;
    out[o + 2] = hero.controller === player ? 1 : 0;
    out[o + 3] = hero.lastAttack / E0;
    out[o + 4] = hero.attackBanned ? 1 : 0;
    out[o + 5] = (hero.forced[1] ?? 0) / E0;
    out[o + 6] = hero.doomRound > 0 ? 1 : 0;
    out[o + 7] = bleed / E0;
    out[o + 8] = hero.defensePenalty / E0;
    out[o + 9] = player < H ? (obs.lastAttacks[h * H + player] ?? 0) / E0 : 0;
    out[o + 10] = player < H ? (obs.lastAttacks[player * H + h] ?? 0) / E0 : 0;
    out[o + 11] = pending ? (pending.attack[player] ?? 0) / E0 : 0;
    out[o + 12] = pending ? pending.defense / E0 : 0;
    out[o + 13] = pending ? (pending.reserve ?? 0) / E0 : 0;
    for (const p of hero.powers) out[o + 14 + powerSlot(obs, p.id)] = 1;
  }
  let g = MAX_SEATS * SEAT_FEATURES;
  const a = obs.auction;
  if (a) {
    for (let i = 0; i < a.lots.length; i++) {
      const o = g + Math.min(i, MAX_LOTS - 1) * LOT_FEATURES;
      out[o + powerSlot(obs, a.lots[i]!)] = 1;
      out[o + MAX_POWERS] = a.ties[i]!.length > 0 ? 1 : 0;
      out[o + MAX_POWERS + 1] = lotValue(obs, a.lots[i]!) / E0;
      // Award step: a curse this player won and now gives (its recipient is the decision).
      if (a.award?.curses.some((c) => c.winner === player && c.id === a.lots[i])) out[o + MAX_POWERS + 2] = 1;
    }
  }
  g += MAX_LOTS * LOT_FEATURES;
  out[g + PHASES.indexOf(obs.phase)] = 1;
  g += 4;
  out[g] = obs.round / Math.max(1, obs.opts.roundCap);
  out[g + 1] = obs.opts.players / 8;
  out[g + 2] = a ? a.rebids / 4 : 0;
  out[g + 3] = a ? a.lots.length / MAX_LOTS : 0;
}

export const rumbleEncoder: Encoder<RumbleState, RumbleAction, RumbleState> = {
  version: 3,
  observationSize: MAX_SEATS * SEAT_FEATURES + MAX_LOTS * LOT_FEATURES + GLOBALS,
  actionCount: ACTIONS,
  encode,
  actionIndex,
  legalMask(state, player, mask) {
    mask.fill(0);
    for (const m of menuOf(state, player)) mask[actionIndex(m, state, player)] = 1;
  },
};

/** The moves `legalActions` offers (the same menus, by phase). */
function menuOf(s: RumbleState, player: number): readonly RumbleAction[] {
  if (s.phase === 'auction') return bidMenu(s, player);
  if (s.phase === 'award') return awardMenu(s, player);
  if (s.phase === 'alloc') return cachedAllocationMenu(s, player);
  if (s.phase === 'reveal') return revealMenu(s, player);
  return [];
}
