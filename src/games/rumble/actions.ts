/**
 * The finite action abstraction agents play with. Rumble's real move space (every
 * split of Energy over attacks, defense and powers) is huge, so `legalActions` offers a
 * documented menu built from templates; `apply` still accepts any legal concrete move.
 *
 * Allocation templates (R = Energy left after the chosen power uses):
 *   defend            all R to Defense
 *   attack-weakest    half of R on the weakest opponent, the rest to Defense
 *   attack-strongest  half of R on the strongest opponent, the rest to Defense
 *   split             half of R spread over all opponents, the rest to Defense
 *   counter           half of R on whoever attacked this hero most last round
 *   all-in            all of R on the weakest opponent
 * each with two power variants: no powers, or every affordable Allocation power once
 * (X = a fifth of Energy; targets the template's victim, else the strongest opponent),
 * plus, for X-cost powers, defend and attack-weakest with X at a tenth and two fifths,
 * plus, for Precognition, "keep everything back" (assigned at Reveal).
 * Reveal menu: default (reserve to Defense, default blocking), defensive (reserve and
 * Quick Reflexes to Defense, Reveal powers used), aggressive (reserve on the weakest),
 * each also with every alternative block order where blocking matters (`blockOrders`),
 * picks, and Zypher's (use turned, new target) choices (`zypherChoices`).
 * Award menu (after the auction): award.ts.
 * Bid menu: each lot bid at a fraction (0, ½, 1, 1½) of its estimated value, or 1½ on
 * the two most valuable lots only, or 1 on every lot but one (0 there); totals capped
 * at 60% of Energy.
 */
import { allocationCost, blockingMatters, controlledHeroes, controls, drainCost, hasFlag, needsReveal, powerInfo, revealNeeds } from './legality.js';
import { pickOptions } from './picks.js';
import { useLimit } from './powers/contract.js';
import type { PowerDef, UseSpec } from './powers/contract.js';
import type { Allocation, HeldPower, PowerUse, RevealChoice, RumbleAction, RumbleState } from './types.js';

export const ALLOCATION_TEMPLATES = ['defend', 'attack-weakest', 'attack-strongest', 'split', 'counter', 'all-in'] as const;
export type AllocationTemplate = (typeof ALLOCATION_TEMPLATES)[number];

function opponents(s: RumbleState, hero: number): number[] {
  const out: number[] = [];
  const me = s.heroes[hero]!.controller;
  for (let j = 0; j < s.heroes.length; j++) if (s.heroes[j]!.alive && s.heroes[j]!.controller !== me) out.push(j);
  return out;
}

/**
 * The strongest or weakest of `list` (opponents of `hero`). Ties go to the first tied
 * hero clockwise from `hero`, so no seat is everyone's default target.
 */
function extreme(s: RumbleState, list: readonly number[], strongest: boolean, hero: number): number {
  const H = s.heroes.length;
  let best = -1;
  let bestDist = 0;
  for (const j of list) {
    const dist = (j - hero + H) % H;
    if (best < 0) {
      best = j;
      bestDist = dist;
      continue;
    }
    const e = s.heroes[j]!.energy;
    const b = s.heroes[best]!.energy;
    if ((strongest ? e > b : e < b) || (e === b && dist < bestDist)) {
      best = j;
      bestDist = dist;
    }
  }
  return best;
}

/** The hero that attacked `hero` hardest last round, or -1. */
export function lastAttacker(s: RumbleState, hero: number): number {
  const H = s.heroes.length;
  let best = -1;
  let amount = 0;
  for (let i = 0; i < H; i++) {
    const a = s.lastAttacks[i * H + hero] ?? 0;
    if (a > amount && s.heroes[i]!.alive && i !== hero) {
      amount = a;
      best = i;
    }
  }
  return best;
}

/**
 * What every template of one hero's Allocation reads, computed once per menu: its
 * Energy, living opponents, weakest and strongest opponent, and last round's attacker.
 */
interface HeroView {
  readonly hero: number;
  readonly energy: number;
  readonly opp: readonly number[];
  readonly weakest: number;
  readonly strongest: number;
  /** The hero that attacked this one hardest last round, or -1 (the counter template). */
  readonly counter: number;
  /** Spend/Burn cost reduction of the hero's powers (Technical Training). */
  readonly reduction: number;
  /** Power uses built so far for the "powers" variants, per victim (see `powerUses`). */
  readonly usesFor: number[];
  readonly usesMade: PowerUse[][];
}

function heroView(s: RumbleState, hero: number): HeroView {
  const opp = opponents(s, hero);
  return {
    hero,
    energy: Math.max(0, s.heroes[hero]!.energy),
    opp,
    weakest: extreme(s, opp, false, hero),
    strongest: extreme(s, opp, true, hero),
    counter: lastAttacker(s, hero),
    reduction: powerInfo(s, hero).costReduction,
    usesFor: [],
    usesMade: [],
  };
}

function victimOf(v: HeroView, t: AllocationTemplate): number {
  if (t === 'attack-strongest') return v.strongest;
  if (t === 'counter') return v.counter;
  return v.weakest;
}

/**
 * Every affordable Allocation-phase power, used once (the "powers" variant). The list
 * depends on the template only through its victim, so it is built once per victim and
 * copied for each further template with that victim.
 */
function powerUses(s: RumbleState, v: HeroView, victim: number, level: number): PowerUse[] {
  const key = (victim + 1) * (TWICE + 1) + level;
  for (let i = 0; i < v.usesFor.length; i++) if (v.usesFor[i] === key) return v.usesMade[i]!.slice();
  const uses = buildPowerUses(s, v, victim, level);
  v.usesFor.push(key);
  v.usesMade.push(uses);
  return uses.slice();
}

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
 * A number no X level reaches (bench/rumble-x-levels.ts measures menus with more levels).
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
function hasXCost(s: RumbleState, hero: number, phase: 'allocation' | 'reveal'): boolean {
  const defs = powerInfo(s, hero).defs;
  for (let k = 0; k < defs.length; k++) {
    const u = defs[k]!.use;
    if (u !== undefined && u.phase === phase && (u.spend === 'X' || u.burn === 'X' || u.drain === 'X')) return true;
  }
  return false;
}

function buildPowerUses(s: RumbleState, v: HeroView, victim: number, level: number): PowerUse[] {
  const uses: PowerUse[] = [];
  const hero = v.hero;
  const opp = v.opp;
  const h = s.heroes[hero]!;
  let budget = h.energy;
  const strongest = v.strongest;
  for (let k = 0; k < h.powers.length; k++) {
    const held = h.powers[k]!;
    const d = s.lib.get(held.id);
    const u = d.use;
    if (!u || u.phase !== 'allocation' || u.target === 'ownPower') continue;
    const exhaust = useLimit(d, held, 'exhaust');
    if (exhaust !== undefined && held.uses >= exhaust) continue;
    const x = u.spend === 'X' || u.burn === 'X' ? xAt(h.energy, level) : undefined;
    const target = u.target === 'hero' || u.target === 'opponent' ? (victim >= 0 ? victim : strongest) : undefined;
    let hypnotised: number | undefined;
    if (held.id === 'hypnotism') {
      hypnotised = undefined;
      for (let i = 0; i < opp.length && hypnotised === undefined; i++) if (opp[i] !== target) hypnotised = opp[i];
      if (hypnotised === undefined) continue;
    }
    let use = menuUse(k, x, target, hypnotised);
    const cost = allocationCost(s, hero, use, v.reduction);
    if (cost >= budget) continue;
    if (level === TWICE && repeatable(d, held) && 2 * cost < budget) {
      use = { power: k, x, target, victim: hypnotised, times: 2 };
      budget -= 2 * cost;
    } else budget -= cost;
    uses.push(use);
  }
  return uses;
}

/**
 * A power use of the menu. Every menu use has all four fields (unused ones undefined, which
 * JSON and `actionKey` leave out), in one order: one object shape, so `apply` and
 * Resolution read them without a lookup per shape (five shapes cost the menu-move check
 * a third of an Allocation's apply).
 */
function menuUse(power: number, x: number | undefined, target: number | undefined, victim: number | undefined): PowerUse {
  return { power, x, target, victim };
}

/** Template `t` without powers for `R` Energy: Attack on the template's victim (or split), the rest to Defense. */
function plainAllocation(H: number, v: HeroView, t: AllocationTemplate, victim: number, R: number, uses: PowerUse[] | null): Allocation {
  const attack = new Array<number>(H).fill(0);
  const half = Math.ceil(R / 2);
  let defense = R;
  if (t === 'all-in') {
    attack[victim] = R;
    defense = 0;
  } else if (t === 'split') {
    const opp = v.opp;
    let left = half;
    for (let i = 0; i < opp.length; i++) {
      const share = Math.floor(left / (opp.length - i));
      attack[opp[i]!] = share;
      left -= share;
    }
    defense = R - half;
  } else if (t !== 'defend') {
    attack[victim] = half;
    defense = R - half;
  }
  return uses ? { attack, defense, uses } : { attack, defense };
}

function buildAllocation(s: RumbleState, v: HeroView, t: AllocationTemplate, withPowers: boolean, keepBack: boolean, level = 0): Allocation | null {
  const H = s.heroes.length;
  const E = v.energy;
  if (v.opp.length === 0 || E === 0) return { attack: new Array<number>(H).fill(0), defense: 0 };
  const victim = victimOf(v, t);
  if (t === 'counter' && victim < 0) return null;
  const uses = withPowers ? powerUses(s, v, victim, level) : [];
  if (withPowers && uses.length === 0) return null;
  let R = E;
  for (const u of uses) R -= allocationCost(s, v.hero, u, v.reduction);
  if (keepBack) return uses.length ? { attack: new Array<number>(H).fill(0), defense: 0, reserve: R, uses } : { attack: new Array<number>(H).fill(0), defense: 0, reserve: R };
  return plainAllocation(H, v, t, victim, R, uses.length ? uses : null);
}

/**
 * The last Allocation menu built for each player, reused while the next state asked
 * about shares its heroes list. A menu reads only the heroes (Energy, powers,
 * controllers), last round's attacks and the rules, never the random stream, and a
 * search's determinizations (`{ ...obs, rng }`) share all of these with the observed
 * state, so a search at one node builds each menu once instead of once per iteration.
 * (The heroes list is new every round, so its identity pins the round too.) One entry
 * per player rather than a WeakMap over every list: in random play every state is new
 * and a map entry per state cost more in garbage collection than the menus it saved.
 */
interface LastMenu {
  readonly heroes: RumbleState['heroes'];
  readonly lastAttacks: readonly number[];
  readonly opts: RumbleState['opts'];
  readonly lib: RumbleState['lib'];
  readonly menu: RumbleAction[];
}
const lastMenus: (LastMenu | undefined)[] = [];

/** `allocationMenu`, reused when the previous call for `player` had the same inputs. */
export function cachedAllocationMenu(s: RumbleState, player: number): RumbleAction[] {
  const c = lastMenus[player];
  if (c !== undefined && c.heroes === s.heroes && c.lastAttacks === s.lastAttacks && c.opts === s.opts && c.lib === s.lib) return c.menu;
  const menu = allocationMenu(s, player);
  lastMenus[player] = { heroes: s.heroes, lastAttacks: s.lastAttacks, opts: s.opts, lib: s.lib, menu };
  return menu;
}

/**
 * The Allocation menu of `player` (one allocation per controlled hero in each action):
 * the templates without powers, then with powers, in template order, equal moves once.
 * A "powers" variant in which no hero has a power to use falls back to the template
 * without powers (the counter template to defend), which is always an earlier entry:
 * so for a player whose heroes hold no power used at Allocation the power variants are
 * not tried. (A new menu decision tied to a power must widen that test.)
 */
export function allocationMenu(s: RumbleState, player: number): RumbleAction[] {
  const heroes = controlledHeroes(s, player);
  const views: HeroView[] = [];
  for (const h of heroes) views.push(heroView(s, h));
  // A hero without powers has nothing but the plain templates to decide (whatever menu
  // entries powers add), so its menu takes the short path.
  if (heroes.length === 1 && s.heroes[heroes[0]!]!.powers.length === 0) return plainMenu(s, views[0]!);
  const out: RumbleAction[] = [];
  let withPowers = false;
  let precog = false;
  let xLevels = false;
  let twice = false;
  for (const h of heroes) {
    const info = powerInfo(s, h);
    if (info.allocationUses) {
      withPowers = true;
      if (hasXCost(s, h, 'allocation')) xLevels = true;
      const ps = s.heroes[h]!.powers;
      for (let k = 0; k < ps.length && !twice; k++) twice = repeatable(info.defs[k]!, ps[k]!);
    }
    if (info.precognition) precog = true;
  }
  for (const t of ALLOCATION_TEMPLATES) {
    addVariant(s, views, out, t, false, false);
    if (withPowers) addVariant(s, views, out, t, true, false);
  }
  if (precog) {
    addVariant(s, views, out, 'defend', false, true);
    addVariant(s, views, out, 'defend', true, true);
  }
  for (let i = 0; i < views.length; i++) addDiscardVariants(s, views, out, i);
  // A small and a large X (levels 1 and 2) for X-cost powers, with two templates each.
  if (xLevels)
    for (let level = 1; level < X_LEVELS.length; level++) {
      addVariant(s, views, out, 'defend', true, false, level);
      addVariant(s, views, out, 'attack-weakest', true, false, level);
    }
  // Repeatable powers used twice ("Laser Eyes twice"), with two templates (+2).
  if (twice) {
    addVariant(s, views, out, 'defend', true, false, TWICE);
    addVariant(s, views, out, 'attack-weakest', true, false, TWICE);
  }
  return brand(out, s, player);
}

type AllocAction = Extract<RumbleAction, { t: 'alloc' }>;

/**
 * Powers used at Allocation on one of the holder's own powers (Lighten Load: "Discard a
 * power: gain energy equal to the discarded power's power strength"): which power to
 * give up is the player's choice, so the menu offers "defend, and use it on power t" for
 * each other power t the hero holds (hero `i` of `views`; the other heroes defend). A
 * discard can pay (the strength comes back as Energy) or end an unwanted power
 * (Psuedonite, a Curse); +1 move per other power held.
 */
function addDiscardVariants(s: RumbleState, views: readonly HeroView[], out: RumbleAction[], i: number): void {
  const v = views[i]!;
  const powers = s.heroes[v.hero]!.powers;
  for (let k = 0; k < powers.length; k++) {
    const d = s.lib.get(powers[k]!.id);
    const u = d.use;
    if (!u || u.phase !== 'allocation' || u.target !== 'ownPower') continue;
    const exhaust = useLimit(d, powers[k]!, 'exhaust');
    if (exhaust !== undefined && powers[k]!.uses >= exhaust) continue;
    if (allocationCost(s, v.hero, menuUse(k, undefined, 0, undefined), v.reduction) > 0) continue; // a costed one would need its own budget
    for (let t = 0; t < powers.length; t++) {
      if (t === k) continue;
      const allocs: Allocation[] = [];
      for (let j = 0; j < views.length; j++) {
        const a = buildAllocation(s, views[j]!, 'defend', false, false)!;
        allocs.push(j === i && views[j]!.opp.length > 0 && views[j]!.energy > 0 ? { ...a, uses: [menuUse(k, undefined, t, undefined)] } : a);
      }
      let dup = false;
      for (let m = 0; m < out.length && !dup; m++) if (sameAllocations((out[m] as AllocAction).heroes, allocs)) dup = true;
      if (!dup) out.push({ t: 'alloc', heroes: allocs });
    }
  }
}

/**
 * The menu of a player with one hero and no powers: the six templates without powers,
 * equal moves once — the same moves, in the same order, as
 * the general path, but compared as (victim, Attack, Defense) before any move is built,
 * so duplicates (one opponent left, weakest = strongest, no counter) cost nothing.
 */
function plainMenu(s: RumbleState, v: HeroView): RumbleAction[] {
  const H = s.heroes.length;
  const E = v.energy;
  if (v.opp.length === 0 || E === 0) return [{ t: 'alloc', heroes: [{ attack: new Array<number>(H).fill(0), defense: 0 }] }];
  const half = Math.ceil(E / 2);
  const out: RumbleAction[] = [{ t: 'alloc', heroes: [{ attack: new Array<number>(H).fill(0), defense: E }] }];
  // Single-victim moves so far, as victim and Attack (their Defense is E - Attack).
  const victims: number[] = [];
  const amounts: number[] = [];
  addSingle(out, victims, amounts, H, v.weakest, half, E);
  addSingle(out, victims, amounts, H, v.strongest, half, E);
  // The split: listed unless it puts everything on one victim already listed.
  const split = plainAllocation(H, v, 'split', -1, E, null);
  let newSplit = true;
  for (let i = 0; i < victims.length && newSplit; i++) if (singleEquals(split, victims[i]!, amounts[i]!, E)) newSplit = false;
  if (newSplit) out.push({ t: 'alloc', heroes: [split] });
  // Counter (without a last attacker it falls back to defend, listed already), then all-in.
  addSingle(out, victims, amounts, H, v.counter, half, E, split);
  addSingle(out, victims, amounts, H, v.weakest, E, E, split);
  return out;
}

/**
 * Appends the move "`amount` on `victim`, the rest of `E` to Defense" unless it is listed
 * already, as a single-victim move or as the split (or `victim` < 0).
 */
function addSingle(out: RumbleAction[], victims: number[], amounts: number[], H: number, victim: number, amount: number, E: number, split?: Allocation): void {
  if (victim < 0) return;
  for (let i = 0; i < victims.length; i++) if (victims[i] === victim && amounts[i] === amount) return;
  if (split !== undefined && singleEquals(split, victim, amount, E)) return;
  victims.push(victim);
  amounts.push(amount);
  const attack = new Array<number>(H).fill(0);
  attack[victim] = amount;
  out.push({ t: 'alloc', heroes: [{ attack, defense: E - amount }] });
}

/** True if allocation `a` is exactly `amount` on `victim` and the rest of `E` on Defense. */
function singleEquals(a: Allocation, victim: number, amount: number, E: number): boolean {
  if (a.defense !== E - amount) return false;
  for (let j = 0; j < a.attack.length; j++) if (a.attack[j] !== (j === victim ? amount : 0)) return false;
  return true;
}

/**
 * Appends template `t` (with powers `p`, Precognition's keep-back `keep`) for every hero
 * of `views` to `out`, unless an equal move is there already. (A function of its own, not
 * a closure: tsx names every closure it creates with a defineProperty call.)
 */
function addVariant(s: RumbleState, views: readonly HeroView[], out: RumbleAction[], t: AllocationTemplate, p: boolean, keep: boolean, level = 0): void {
  const allocs: Allocation[] = [];
  for (const v of views) {
    const a = buildAllocation(s, v, t, p, keep && hasFlag(s, v.hero, 'precognition'), level) ?? buildAllocation(s, v, t === 'counter' ? 'defend' : t, false, false)!;
    allocs.push(a);
  }
  for (let i = 0; i < out.length; i++) if (sameAllocations((out[i] as AllocAction).heroes, allocs)) return;
  out.push({ t: 'alloc', heroes: allocs });
}

/** True if two moves' allocations are equal in every number (what `actionKey` tells apart). */
function sameAllocations(a: readonly Allocation[], b: readonly Allocation[]): boolean {
  if (a.length !== b.length) return false;
  for (let h = 0; h < a.length; h++) {
    const x = a[h]!;
    const y = b[h]!;
    if (x.defense !== y.defense || (x.reserve ?? 0) !== (y.reserve ?? 0)) return false;
    const n = x.attack.length;
    if (n !== y.attack.length) return false;
    for (let j = 0; j < n; j++) if (x.attack[j] !== y.attack[j]) return false;
    const ux = x.uses ?? NO_USES;
    const uy = y.uses ?? NO_USES;
    if (ux.length !== uy.length) return false;
    for (let k = 0; k < ux.length; k++) if (useKey(ux[k]!) !== useKey(uy[k]!)) return false;
  }
  return true;
}

const NO_USES: readonly PowerUse[] = [];

/** Reveal choices for one hero under a menu variant. */
function revealFor(s: RumbleState, hero: number, variant: 'default' | 'defensive' | 'aggressive' | 'balanced', level = 0): RevealChoice {
  const a = s.pending![hero];
  if (!a || !needsReveal(s, s.pending!, hero) || variant === 'default') return {};
  const H = s.heroes.length;
  const reserve = a.reserve ?? 0;
  const opp = opponents(s, hero);
  if (variant === 'balanced') {
    // Half and half: Precognition's reserve half on the weakest opponent, half to
    // Defense; Quick Reflexes moves half of the Attack to Defense. No Reveal powers.
    const out: { precog?: RevealChoice['precog']; reflex?: number } = {};
    if (reserve > 0 && opp.length > 0) {
      const attack = new Array<number>(H).fill(0);
      const half = Math.floor(reserve / 2);
      attack[extreme(s, opp, false, hero)] = half;
      out.precog = { attack, defense: reserve - half };
    }
    const h = s.heroes[hero]!;
    const usedReflex = (a.uses ?? []).some((u) => s.lib.get(h.powers[u.power]!.id).reflex);
    if (usedReflex) {
      const half = Math.floor(a.attack.reduce((x, y) => x + y, 0) / 2);
      if (half > 0) out.reflex = half;
    }
    return out;
  }
  if (variant === 'aggressive') {
    if (reserve <= 0 || opp.length === 0) return {};
    const attack = new Array<number>(H).fill(0);
    attack[extreme(s, opp, false, hero)] = reserve;
    return { precog: { attack, defense: 0 } };
  }
  const out: { precog?: RevealChoice['precog']; reflex?: number; uses?: PowerUse[] } = {};
  if (reserve > 0) out.precog = { attack: new Array<number>(H).fill(0), defense: reserve };
  const h = s.heroes[hero]!;
  const usedReflex = (a.uses ?? []).some((u) => s.lib.get(h.powers[u.power]!.id).reflex);
  if (usedReflex) out.reflex = a.attack.reduce((x, y) => x + y, 0);
  const uses: PowerUse[] = [];
  let budget = h.energy - 1;
  h.powers.forEach((held, k) => {
    const d = s.lib.get(held.id);
    if (d.use?.phase !== 'reveal') return;
    const exhaust = useLimit(d, held, 'exhaust');
    if (exhaust !== undefined && held.uses >= exhaust) return;
    let target: number | undefined;
    if (d.use.target === 'hero' || d.use.target === 'opponent') {
      if (!opp.length) return;
      target = extreme(s, opp, true, hero);
    }
    if (d.use.target === 'ownPower') {
      // Discard the cheapest other power.
      let t = -1;
      h.powers.forEach((q, j) => {
        if (j !== k && (t < 0 || q.strength < h.powers[t]!.strength)) t = j;
      });
      if (t < 0) return;
      target = t;
    }
    // X of a Drain X (or Spend/Burn X) power used at Reveal: at the menu's X level, as at Allocation.
    const x = d.use.drain === 'X' || d.use.spend === 'X' || d.use.burn === 'X' ? xAt(h.energy, level) : undefined;
    const use = menuUse(k, x, target, undefined);
    const cost = drainCost(s, hero, use);
    if (cost > budget) return;
    budget -= cost;
    uses.push(use);
  });
  if (uses.length) out.uses = uses;
  return out;
}

/**
 * Heroes whose Allocation uses aim a power at `hero` (Zypher's "a power that targets
 * you"), in seat order; the first is the one Zypher turns by default. Empty unless the
 * hero holds Zypher.
 */
function zypherVictims(s: RumbleState, hero: number): number[] {
  if (!powerInfo(s, hero).redirects) return [];
  const out: number[] = [];
  const allocs = s.pending!;
  for (let h = 0; h < allocs.length; h++) {
    const uses = h === hero ? undefined : allocs[h]?.uses;
    if (!uses) continue;
    const ps = s.heroes[h]!.powers;
    if (uses.some((u) => u.target === hero && s.lib.get(ps[u.power]!.id).use?.target !== 'ownPower')) out.push(h);
  }
  return out;
}

/**
 * Zypher's choices beyond the defensive variant's (the first use aimed at the holder,
 * turned to the strongest opponent), as (victim, new target) pairs: each other hero's
 * use turned to the strongest opponent; each use turned back on the hero that aimed it
 * (the one threatening the holder); the first use turned to the weakest opponent. At most
 * 2 × (heroes aiming at the holder) moves, duplicates of the default left out.
 */
export function zypherChoices(s: RumbleState, hero: number): [victim: number, target: number][] {
  const victims = zypherVictims(s, hero);
  if (victims.length === 0) return [];
  const opp = opponents(s, hero);
  const strongest = extreme(s, opp, true, hero);
  const weakest = extreme(s, opp, false, hero);
  const out: [number, number][] = [];
  const add = (v: number, t: number) => {
    if (t < 0 || (v === victims[0] && t === strongest)) return;
    for (const [a, b] of out) if (a === v && b === t) return;
    out.push([v, t]);
  };
  for (let i = 0; i < victims.length; i++) {
    const v = victims[i]!;
    if (i > 0) add(v, strongest);
    add(v, v);
    if (i === 0) add(v, weakest);
  }
  return out;
}

/**
 * The block orders `hero` may choose at Reveal, besides the default: one per attacker,
 * "let this attacker's points through" (every other attacker blocked first, in the
 * default order, this one last), unless that is the default order already. Offered
 * only where the seed says the choice is significant — two or more attackers, and the
 * defender or one of them holding a power that reads damage events (`blockingMatters`)
 * — so menus without such powers do not grow. Which points land decides whose on-damage
 * power fires; the orders that differ only among fully blocked attackers are left out.
 */
export function blockOrders(s: RumbleState, hero: number): number[][] {
  const allocs = s.pending!;
  const H = s.heroes.length;
  if (!blockingMatters(s, allocs, hero)) return [];
  const attackers: number[] = [];
  for (let i = 0; i < H; i++) {
    const o = allocs[i];
    if (!o || i === hero || !(o.attack[hero]! > 0)) continue;
    attackers.push(i);
  }
  // The engine's default: attackers with on-damage powers first, then the largest, then seat.
  const trig = (i: number) => powerInfo(s, i).triggers;
  const amount = (i: number) => allocs[i]!.attack[hero]!;
  const byDefault = attackers.slice().sort((a, b) => (trig(a) !== trig(b) ? (trig(a) ? -1 : 1) : amount(b) - amount(a) || a - b));
  const out: number[][] = [];
  for (const last of byDefault) {
    if (last === byDefault[byDefault.length - 1]) continue; // the default lets the last one through already
    const order = byDefault.filter((i) => i !== last);
    out.push(order);
  }
  return out;
}

/**
 * "5 from each": the defender's Defense (as allocated, reserve included) blocks so that
 * the points it lets through are spread as evenly as the attacks allow (the remainder
 * on the largest attacks). Null where blocking does not matter or everything is blocked.
 * Exact amounts come first at Resolution; Defense added by powers then blocks in the
 * default order.
 */
export function evenBlock(s: RumbleState, hero: number): number[] | null {
  const allocs = s.pending!;
  if (!blockingMatters(s, allocs, hero)) return null;
  const H = s.heroes.length;
  const a = allocs[hero]!;
  const atk: number[] = [];
  let total = 0;
  for (let i = 0; i < H; i++) {
    const v = i === hero ? 0 : allocs[i]?.attack[hero] ?? 0;
    atk.push(v);
    total += v;
  }
  let through = total - a.defense - (a.reserve ?? 0);
  if (through <= 0) return null;
  // Water-filling: each attacker lets through at most its Attack; the smallest fill first.
  const order = atk.map((_, i) => i).filter((i) => atk[i]! > 0).sort((x, y) => atk[x]! - atk[y]! || x - y);
  const passed = new Array<number>(H).fill(0);
  for (let n = 0; n < order.length; n++) {
    const i = order[n]!;
    const share = Math.min(atk[i]!, Math.ceil(through / (order.length - n)));
    passed[i] = share;
    through -= share;
  }
  return atk.map((v, i) => v - passed[i]!);
}

export function revealMenu(s: RumbleState, player: number): RumbleAction[] {
  const heroes = controlledHeroes(s, player);
  const out: RumbleAction[] = [];
  const seen = new Set<string>();
  const push = (action: RumbleAction): void => {
    const key = actionKey(action);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(action);
    }
  };
  const variants: RevealChoice[][] = [];
  for (const v of ['default', 'defensive', 'aggressive'] as const) {
    const choices = heroes.map((h) => revealFor(s, h, v));
    variants.push(choices);
    push({ t: 'reveal', heroes: choices });
  }
  // A small and a large X for the Reveal uses of X-cost powers (the defensive variant uses them).
  if (heroes.some((h) => hasXCost(s, h, 'reveal')))
    for (let level = 1; level < X_LEVELS.length; level++) push({ t: 'reveal', heroes: heroes.map((h) => revealFor(s, h, 'defensive', level)) });
  // Half-and-half Precognition and partial Quick Reflexes (+1).
  if (heroes.some((h) => (s.pending![h]?.reserve ?? 0) > 0 || hasFlag(s, h, 'reflex'))) push({ t: 'reveal', heroes: heroes.map((h) => revealFor(s, h, 'balanced')) });
  // Block orders, one hero at a time (the others keep the default), with each variant:
  // 3 x (1 + alternative orders) moves at most per hero that blocks; then the even
  // split of the points let through ("5 from each"), with the default variant (+1).
  for (let k = 0; k < heroes.length; k++) {
    for (const order of blockOrders(s, heroes[k]!)) {
      for (const choices of variants) push({ t: 'reveal', heroes: choices.map((c, j) => (j === k ? { ...c, blockOrder: order } : c)) });
    }
    const even = evenBlock(s, heroes[k]!);
    if (even) push({ t: 'reveal', heroes: variants[0]!.map((c, j) => (j === k ? { ...c, blockAmounts: even } : c)) });
  }
  // Picks (picks.ts), one power of one hero at a time: each option but the default, with
  // the default variant (with the defensive one for a power used at Reveal: Lizard DNA).
  for (let k = 0; k < heroes.length; k++) {
    const hero = heroes[k]!;
    const info = powerInfo(s, hero);
    for (let n = 0; n < info.picks.length; n++) {
      const options = pickOptions(s, s.pending!, hero, info.picks[n]!);
      const base = info.defs[info.picks[n]!]!.use?.phase === 'reveal' ? variants[1]! : variants[0]!;
      for (let o = 1; o < options.length; o++) push({ t: 'reveal', heroes: base.map((c, j) => (j === k ? { ...c, picks: [options[o]!] } : c)) });
    }
    // Zypher: which power aimed at the hero it turns, and to whom (zypherChoices).
    for (const [victim, target] of zypherChoices(s, hero)) {
      push({ t: 'reveal', heroes: variants[1]!.map((c, j) => (j === k && c.uses ? { ...c, uses: c.uses.map((u) => (s.lib.get(s.heroes[hero]!.powers[u.power]!.id).redirects ? { ...u, victim, target } : u)) } : c)) });
    }
  }
  return brand(out, s, player);
}

/**
 * Allocation menu moves are legal by construction, so `apply` skips validating them (a
 * tenth of a round's cost). A move is trusted only for the player and the very heroes
 * list, rules and library its menu was built from (states are immutable, and whether an
 * Allocation is legal depends on nothing else) and only while its content is what the
 * menu built: the brand keeps the move's numbers (`fingerprint`) and `apply` compares them,
 * so a move changed after it was built, a copy, or a move built by hand is validated.
 * (Freezing the menu instead cost random play a fifth of its speed.) Reveal moves are
 * always validated. test/games/rumble/menu.test.ts checks that every menu move is legal.
 */
interface Origin {
  readonly heroes: RumbleState['heroes'];
  readonly opts: RumbleState['opts'];
  readonly lib: RumbleState['lib'];
  readonly player: number;
  readonly print: readonly number[];
}
/** The brand: a hidden (non-enumerable) own property, which copies, spreads and JSON drop. */
const MENU = Symbol('rumble menu origin');

/** True if `m` is an unchanged move of `legalActions(s, player)` (Allocation menus). */
export function fromMenu(m: RumbleAction, s: RumbleState, player: number): boolean {
  const o = (m as { [MENU]?: Origin })[MENU];
  if (o === undefined || o.heroes !== s.heroes || o.opts !== s.opts || o.lib !== s.lib || o.player !== player) return false;
  return samePrint(o.print, m);
}

/** Every number of an allocation move that validation or Resolution reads, flat. */
function fingerprint(m: RumbleAction): number[] {
  const out: number[] = [];
  if (m.t !== 'alloc') return out;
  out.push(m.heroes.length);
  for (let h = 0; h < m.heroes.length; h++) {
    const a = m.heroes[h]!;
    out.push(a.attack.length);
    for (let j = 0; j < a.attack.length; j++) out.push(a.attack[j]!);
    out.push(a.defense, a.reserve ?? 0, a.uses ? a.uses.length : -1);
    if (a.uses)
      for (let k = 0; k < a.uses.length; k++) {
        const u = a.uses[k]!;
        out.push(u.power, u.x ?? -1, u.target ?? -1, u.times ?? 1, u.victim ?? -1);
      }
  }
  return out;
}

function samePrint(print: readonly number[], m: RumbleAction): boolean {
  if (m.t !== 'alloc') return false;
  const heroes = m.heroes;
  if (print[0] !== heroes.length) return false;
  let i = 1;
  for (let h = 0; h < heroes.length; h++) {
    const a = heroes[h]!;
    if (!a || !Array.isArray(a.attack) || print[i++] !== a.attack.length) return false;
    for (let j = 0; j < a.attack.length; j++) if (print[i++] !== a.attack[j]) return false;
    const uses = a.uses;
    if (print[i++] !== a.defense || print[i++] !== (a.reserve ?? 0) || print[i++] !== (uses ? uses.length : -1)) return false;
    if (uses)
      for (let k = 0; k < uses.length; k++) {
        const u = uses[k]!;
        if (print[i++] !== u.power || print[i++] !== (u.x ?? -1) || print[i++] !== (u.target ?? -1) || print[i++] !== (u.times ?? 1) || print[i++] !== (u.victim ?? -1)) return false;
      }
  }
  return i === print.length;
}

/**
 * Brands the menu moves that use powers. A move without power uses is cheaper to
 * validate (a loop over its numbers) than to fingerprint, so it is left unbranded.
 */
function brand(out: RumbleAction[], s: RumbleState, player: number): RumbleAction[] {
  for (const a of out) if (a.t === 'alloc' && usesPowers(a)) Object.defineProperty(a, MENU, { value: { heroes: s.heroes, opts: s.opts, lib: s.lib, player, print: fingerprint(a) } });
  return out;
}

function usesPowers(a: AllocAction): boolean {
  for (let h = 0; h < a.heroes.length; h++) {
    const u = a.heroes[h]!.uses;
    if (u !== undefined && u.length > 0) return true;
  }
  return false;
}

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
 * A compact string identifying an action (for search trees and de-duplication). Search
 * asks for the key of every legal move at every visit of a node, so it is built by plain
 * concatenation (no closures or intermediate arrays).
 */
export function actionKey(a: RumbleAction): string {
  switch (a.t) {
    case 'pass':
      return 'pass';
    case 'bid':
      return `b${a.bids.join(',')}${a.discard?.length ? `d${a.discard.join(',')}` : ''}`;
    case 'alloc': {
      let key = 'a';
      for (let h = 0; h < a.heroes.length; h++) {
        const x = a.heroes[h]!;
        if (h > 0) key += '|';
        const attack = x.attack;
        for (let j = 0; j < attack.length; j++) {
          const v = attack[j];
          // As `join(',')`: a missing entry is empty.
          key += (j > 0 ? ',' : '') + (v == null ? '' : v);
        }
        key += '/' + x.defense + '/' + (x.reserve ?? 0) + '/';
        const uses = x.uses;
        if (uses) for (let k = 0; k < uses.length; k++) key += k > 0 ? ';' + useKey(uses[k]!) : useKey(uses[k]!);
      }
      return key;
    }
    case 'reveal':
      return 'r' + a.heroes.map((h) => JSON.stringify(h)).join('|');
    case 'award':
      return 'w' + (a.curses?.join(',') ?? '') + '/' + (a.expert ? JSON.stringify(a.expert) : '') + '/' + (a.discard?.join(',') ?? '');
  }
}

function useKey(u: PowerUse): string {
  return u.power + ':' + (u.x ?? '') + ':' + (u.target ?? '') + ':' + (u.times ?? 1) + ':' + (u.victim ?? '');
}

export function movers(s: RumbleState): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) if (controlledHeroes(s, p).length > 0) out.push(p);
  return out;
}

/** Players with a living hero that decides something at Reveal, in order. */
export function revealMovers(s: RumbleState): number[] {
  const needs = revealNeeds(s, s.pending!);
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) {
    for (let h = 0; h < s.heroes.length; h++) {
      if (needs[h] && controls(s, p, h)) {
        out.push(p);
        break;
      }
    }
  }
  return out;
}
