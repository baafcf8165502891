/**
 * The Allocation menu: the finite action abstraction agents play with at Allocation (the
 * Reveal, bid and award menus: reveal-menu.ts, bid-menu.ts, award.ts). Rumble's real move space (every
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
import { useLimit } from './powers/contract.js';
import type { Allocation, PowerUse, RumbleAction, RumbleState } from './types.js';
import { allocationCost, controlledHeroes, hasFlag, powerInfo } from './legality.js';
import { extreme, lastAttacker, opponents } from './menu-targets.js';
import { TWICE, X_LEVELS, hasXCost, repeatable, xAt } from './x-levels.js';
import { brand } from './menu-brand.js';
import { useKey } from './action-key.js';
import { KeptMenus } from './kept-menus.js';

export const ALLOCATION_TEMPLATES = ['defend', 'attack-weakest', 'attack-strongest', 'split', 'counter', 'all-in'] as const;
export type AllocationTemplate = (typeof ALLOCATION_TEMPLATES)[number];
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
      use = menuUse(k, x, target, hypnotised, 2);
      budget -= 2 * cost;
    } else budget -= cost;
    uses.push(use);
  }
  return uses;
}

/**
 * A power use of the menu. Every menu use has all five fields (unused ones undefined, which
 * JSON and `actionKey` leave out), in one order: one object shape, so `apply` and
 * Resolution read them without a lookup per shape (five shapes cost the menu-move check
 * a third of an Allocation's apply).
 */
export function menuUse(power: number, x: number | undefined, target: number | undefined, victim: number | undefined, times?: number): PowerUse {
  return { power, x, target, victim, times };
}

/**
 * An Allocation of the menu, with all four fields in one order (unused ones undefined, which
 * JSON and `actionKey` leave out), for the reason `menuUse` gives: with one shape for every
 * menu allocation, `apply`'s Resolution and the Reveal test (legality.ts) are compiled once
 * for it instead of deoptimised by each new shape a search meets (`--trace-deopt`, issue #30).
 */
export function menuAllocation(attack: readonly number[], defense: number, reserve: number | undefined, uses: readonly PowerUse[] | undefined): Allocation {
  return { attack, defense, reserve, uses };
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
  return menuAllocation(attack, defense, undefined, uses ?? undefined);
}

function buildAllocation(s: RumbleState, v: HeroView, t: AllocationTemplate, withPowers: boolean, keepBack: boolean, level = 0): Allocation | null {
  const H = s.heroes.length;
  const E = v.energy;
  if (v.opp.length === 0 || E === 0) return menuAllocation(new Array<number>(H).fill(0), 0, undefined, undefined);
  const victim = victimOf(v, t);
  if (t === 'counter' && victim < 0) return null;
  const uses = withPowers ? powerUses(s, v, victim, level) : [];
  if (withPowers && uses.length === 0) return null;
  let R = E;
  for (const u of uses) R -= allocationCost(s, v.hero, u, v.reduction);
  if (keepBack) return menuAllocation(new Array<number>(H).fill(0), 0, R, uses.length ? uses : undefined);
  return plainAllocation(H, v, t, victim, R, uses.length ? uses : null);
}

/** The last Allocation menu of each player (kept-menus.ts): it reads the heroes, last round's attacks and the rules. */
const keptAllocation = new KeptMenus();

/** `allocationMenu`, reused when the previous call for `player` had the same inputs. */
export function cachedAllocationMenu(s: RumbleState, player: number): RumbleAction[] {
  return keptAllocation.get(s, player, s.lastAttacks, null) ?? keptAllocation.keep(s, player, s.lastAttacks, null, allocationMenu(s, player));
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
        allocs.push(j === i && views[j]!.opp.length > 0 && views[j]!.energy > 0 ? menuAllocation(a.attack, a.defense, a.reserve, [menuUse(k, undefined, t, undefined)]) : a);
      }
      let dup = false;
      for (let m = 0; m < out.length && !dup; m++) if (sameAllocations((out[m] as Extract<RumbleAction, { t: 'alloc' }>).heroes, allocs)) dup = true;
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
  if (v.opp.length === 0 || E === 0) return [{ t: 'alloc', heroes: [menuAllocation(new Array<number>(H).fill(0), 0, undefined, undefined)] }];
  const half = Math.ceil(E / 2);
  const out: RumbleAction[] = [{ t: 'alloc', heroes: [menuAllocation(new Array<number>(H).fill(0), E, undefined, undefined)] }];
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
  out.push({ t: 'alloc', heroes: [menuAllocation(attack, E - amount, undefined, undefined)] });
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
  for (let i = 0; i < out.length; i++) if (sameAllocations((out[i] as Extract<RumbleAction, { t: 'alloc' }>).heroes, allocs)) return;
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
