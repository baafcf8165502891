/**
 * Which heroes a player controls, what they must decide, and the validation of any
 * concrete Allocation or Reveal choice (agents use a finite menu, but `apply` accepts
 * every legal allocation and rejects an illegal one naming the field and the rule).
 */
import { UserError } from '../../core/errors.js';
import { useLimit, type PowerDef } from './powers/contract.js';
import { PICK_POWERS, checkPick, pickOptions } from './picks.js';
import type { Allocation, HeldPower, PowerUse, RevealChoice, RumbleState } from './types.js';

/** Living heroes a player decides for, in seat order (its hero, then Sidekicks). */
export function controlledHeroes(s: RumbleState, player: number): number[] {
  const out: number[] = [];
  for (let h = 0; h < s.heroes.length; h++) if (controls(s, player, h)) out.push(h);
  return out;
}

/** True if `player` decides for hero `h` (a living hero it controls). */
export function controls(s: RumbleState, player: number, h: number): boolean {
  const hero = s.heroes[h]!;
  return hero.alive && hero.controller === player;
}

/** Energy a use costs at Allocation (Spend + Burn, after cost reductions), per time. */
export function allocationCost(s: RumbleState, hero: number, u: PowerUse, reduction?: number): number {
  const held = s.heroes[hero]!.powers[u.power]!;
  const d = s.lib.get(held.id);
  if (!d.use) return 0;
  const red = d.use.spend === undefined && d.use.burn === undefined ? 0 : reduction ?? costReduction(s, hero);
  return (costAmount(d.use.spend, u, held, d, red) + costAmount(d.use.burn, u, held, d, red)) * (u.times ?? 1);
}

function costAmount(c: number | string | undefined, u: PowerUse, held: HeldPower, d: PowerDef, reduction: number): number {
  if (c === undefined) return 0;
  const v = typeof c === 'number' ? c : c === 'X' ? u.x ?? 0 : held.params[c] ?? d.params[c]?.value ?? 0;
  return Math.max(0, v - reduction);
}

export function drainCost(s: RumbleState, hero: number, u: PowerUse): number {
  const held = s.heroes[hero]!.powers[u.power]!;
  const d = s.lib.get(held.id);
  const c = d.use?.drain;
  if (c === undefined) return 0;
  const v = typeof c === 'number' ? c : c === 'X' ? u.x ?? 0 : held.params[c] ?? d.params[c]?.value ?? 0;
  return Math.max(0, v - (s.opts.costReductionOnDrain ? costReduction(s, hero) : 0)) * (u.times ?? 1);
}

/** What a hero's power list implies for legality, computed once per (immutable) list. */
export interface PowerInfo {
  readonly defs: readonly PowerDef[];
  readonly costReduction: number;
  /** Holds a power triggered by dealing damage (blocked first by default). */
  readonly triggers: boolean;
  /**
   * Holds a power that reads the damage it takes, event by event (Galactic Helm's
   * "second time", Lizard DNA's "that damage", a `takingDamage`/`tookDamage` effect):
   * which attack points it blocks can then matter even if no attacker triggers.
   */
  readonly takeHooks: boolean;
  /** Indices of powers with a choice made at Reveal (picks.ts). */
  readonly picks: readonly number[];
  readonly precognition: boolean;
  readonly reflex: boolean;
  /** Holds a power used at Allocation (the menu tries its "powers" variants only then). */
  readonly allocationUses: boolean;
  /** Holds a power with a round-start effect (Regeneration). */
  readonly roundStart: boolean;
  /** Holds a power whose use redirects others' uses (Zypher). */
  readonly redirects: boolean;
  /** Indices of powers used at Reveal. */
  readonly reveal: readonly number[];
  /** Indices of powers with each hook (Resolution visits only these). */
  readonly beforeDeal: readonly number[];
  readonly beforeTake: readonly number[];
  readonly afterDeal: readonly number[];
  readonly afterTake: readonly number[];
  readonly modify: readonly number[];
  readonly onAttacked: readonly number[];
  readonly resolve: readonly number[];
  readonly roundEnd: readonly number[];
}

/** The hooks `PowerInfo` lists the powers of. */
export type IndexedHook = 'beforeDeal' | 'beforeTake' | 'afterDeal' | 'afterTake' | 'modify' | 'onAttacked' | 'resolve' | 'roundEnd';

/**
 * A list's info in one pass over its powers (lists change whenever a power is discarded
 * or handed over — Javalin every round it is thrown — so this runs often).
 */
function computePowerInfo(s: RumbleState, powers: readonly HeldPower[]): PowerInfo {
  const defs: PowerDef[] = [];
  let red = 0;
  let triggers = false;
  let takeHooks = false;
  const picks: number[] = [];
  let precognition = false;
  let reflex = false;
  let roundStart = false;
  let redirects = false;
  let allocationUses = false;
  const reveal: number[] = [];
  const beforeDeal: number[] = [];
  const beforeTake: number[] = [];
  const afterDeal: number[] = [];
  const afterTake: number[] = [];
  const modify: number[] = [];
  const onAttacked: number[] = [];
  const resolve: number[] = [];
  const roundEnd: number[] = [];
  for (let k = 0; k < powers.length; k++) {
    const d = s.lib.get(powers[k]!.id);
    defs.push(d);
    if (d.costReduction) red += powers[k]!.params[d.costReduction] ?? d.params[d.costReduction]?.value ?? 0;
    if (d.use?.phase === 'reveal') reveal.push(k);
    if (d.use !== undefined && d.use.phase === 'allocation') allocationUses = true;
    if (d.precognition === true) precognition = true;
    if (d.reflex === true) reflex = true;
    if (d.roundStart !== undefined) roundStart = true;
    if (d.redirects === true) redirects = true;
    if (d.afterDeal !== undefined) triggers = true;
    if (d.beforeTake !== undefined || d.afterTake !== undefined) takeHooks = true;
    if (PICK_POWERS.has(d.id)) picks.push(k);
    if (d.afterDeal) afterDeal.push(k);
    if (d.beforeDeal) beforeDeal.push(k);
    if (d.beforeTake) beforeTake.push(k);
    if (d.afterTake) afterTake.push(k);
    if (d.modify) modify.push(k);
    if (d.onAttacked) onAttacked.push(k);
    if (d.resolve) resolve.push(k);
    if (d.roundEnd) roundEnd.push(k);
  }
  return { defs, costReduction: red, triggers, takeHooks, picks, precognition, reflex, allocationUses, roundStart, redirects, reveal, beforeDeal, beforeTake, afterDeal, afterTake, modify, onAttacked, resolve, roundEnd };
}

const infoCache = new WeakMap<readonly HeldPower[], PowerInfo>();

/** The last list seen per seat: a round looks the same lists up several times. */
const lastList: (readonly HeldPower[] | undefined)[] = [];
const lastInfo: PowerInfo[] = [];

/**
 * The info of hero `hero`'s power list if it is already cached, else undefined (no entry
 * is made: for lists that may be short-lived, such as the round start's).
 */
export function cachedPowerInfo(s: RumbleState, hero: number): PowerInfo | undefined {
  const powers = s.heroes[hero]!.powers;
  if (lastList[hero] === powers) return lastInfo[hero]!;
  return infoCache.get(powers);
}

export function powerInfo(s: RumbleState, hero: number): PowerInfo {
  const powers = s.heroes[hero]!.powers;
  if (lastList[hero] === powers) return lastInfo[hero]!;
  let info = infoCache.get(powers);
  if (!info) {
    info = computePowerInfo(s, powers);
    infoCache.set(powers, info);
  }
  lastList[hero] = powers;
  lastInfo[hero] = info;
  return info;
}

/**
 * Records `info` as the info of hero `hero`'s new list `powers`, which holds the same
 * powers with the same params as the list `info` was made for (only counters such as
 * Exhaust uses changed: nothing in `PowerInfo` reads them).
 */
export function sharePowerInfo(hero: number, powers: readonly HeldPower[], info: PowerInfo): void {
  infoCache.set(powers, info);
  lastList[hero] = powers;
  lastInfo[hero] = info;
}

export function costReduction(s: RumbleState, hero: number): number {
  return powerInfo(s, hero).costReduction;
}

function heldDef(s: RumbleState, hero: number, k: number): PowerDef | undefined {
  const held = s.heroes[hero]!.powers[k];
  return held ? s.lib.get(held.id) : undefined;
}

export function hasFlag(s: RumbleState, hero: number, flag: 'precognition' | 'reflex'): boolean {
  return powerInfo(s, hero)[flag];
}

function checkUses(s: RumbleState, hero: number, uses: readonly PowerUse[], phase: 'allocation' | 'reveal'): void {
  // Messages are built only on failure (this runs for every applied move).
  const what = phase === 'allocation' ? 'allocation' : 'reveal';
  if (uses.length === 0) return;
  const H = s.heroes.length;
  const info = powerInfo(s, hero);
  const perPower = new Array<number>(info.defs.length).fill(0);
  for (let i = 0; i < uses.length; i++) {
    const u = uses[i]!;
    const d = info.defs[u.power];
    if (!d || !d.use) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.power is ${u.power}; allowed: the index of a held power that can be used`);
    if (d.use.phase !== phase) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.power is ${u.power} (${d.name}); allowed: powers used at ${phase === 'allocation' ? 'Allocation' : 'Reveal'}`);
    const times = u.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.times is ${String(u.times)}; allowed: an integer >= 1`);
    const count = (perPower[u.power] ?? 0) + times;
    perPower[u.power] = count;
    const held = s.heroes[hero]!.powers[u.power]!;
    const activate = useLimit(d, held, 'activate');
    const exhaust = useLimit(d, held, 'exhaust');
    if (activate !== undefined && count > activate) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.times is ${count} uses of ${d.name} this round; allowed: at most ${activate} (Activate)`);
    if (exhaust !== undefined && held.uses + count > exhaust) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.times would make ${held.uses + count} uses of ${d.name} this game; allowed: at most ${exhaust} (Exhaust)`);
    const needsX = d.use.spend === 'X' || d.use.burn === 'X' || d.use.drain === 'X';
    if (needsX && (!Number.isInteger(u.x) || (u.x ?? -1) < 0)) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.x is ${String(u.x)}; allowed: an integer >= 0 for ${d.name}'s X`);
    const t = u.target;
    if (d.use.target === 'hero' || d.use.target === 'opponent') {
      const ok = t !== undefined && Number.isInteger(t) && t >= 0 && t < H && s.heroes[t]!.alive && (d.use.target === 'hero' || t !== hero);
      if (!ok) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.target is ${String(t)}; allowed: a living ${d.use.target === 'opponent' ? 'other ' : ''}hero (0..${H - 1})`);
    }
    if (d.use.target === 'ownPower') {
      const ok = t !== undefined && t !== u.power && t >= 0 && t < s.heroes[hero]!.powers.length;
      if (!ok) throw new UserError(`rumble ${what} of hero ${hero}: field uses.${i}.target is ${String(t)}; allowed: the index of another power this hero holds`);
    }
  }
}

const ALLOC_WHERE = Array.from({ length: 16 }, (_, h) => `rumble allocation of hero ${h}`);

/** Throws a UserError unless `a` is a legal Allocation for `hero`. */
export function checkAllocation(s: RumbleState, hero: number, a: Allocation): void {
  const where = ALLOC_WHERE[hero] ?? `rumble allocation of hero ${hero}`;
  const H = s.heroes.length;
  if (!a || !Array.isArray(a.attack) || a.attack.length !== H) throw new UserError(`${where}: field attack has ${a?.attack?.length} entries; allowed: exactly ${H} (one per hero)`);
  let total = 0;
  for (let j = 0; j < H; j++) {
    const v = a.attack[j]!;
    if (!Number.isInteger(v) || v < 0) throw new UserError(`${where}: field attack.${j} is ${String(v)}; allowed: an integer >= 0`);
    if (v > 0 && (j === hero || !s.heroes[j]!.alive)) throw new UserError(`${where}: field attack.${j} is ${v}; allowed: 0 (a hero cannot attack itself or an eliminated hero)`);
    total += v;
  }
  if (!Number.isInteger(a.defense) || a.defense < 0) throw new UserError(`${where}: field defense is ${String(a.defense)}; allowed: an integer >= 0`);
  total += a.defense;
  const reserve = a.reserve ?? 0;
  if (reserve !== 0) {
    if (!hasFlag(s, hero, 'precognition')) throw new UserError(`${where}: field reserve is ${reserve}; allowed: 0 (only Precognition keeps Energy back)`);
    if (!Number.isInteger(reserve) || reserve < 0) throw new UserError(`${where}: field reserve is ${reserve}; allowed: an integer >= 0`);
  }
  total += reserve;
  const uses = a.uses;
  if (uses && uses.length) {
    checkUses(s, hero, uses, 'allocation');
    const red = costReduction(s, hero);
    for (const u of uses) total += allocationCost(s, hero, u, red);
  }
  const energy = Math.max(0, s.heroes[hero]!.energy);
  if (total > energy) throw new UserError(`${where}: field total is ${total}; allowed: at most the hero's Energy ${energy}`);
  if (s.opts.mustAssignAll && total !== energy) throw new UserError(`${where}: field total is ${total}; allowed: exactly the hero's Energy ${energy} (mustAssignAll)`);
}

/** True if `hero` has something to decide at Reveal given the revealed allocations. */
export function needsReveal(s: RumbleState, allocs: readonly (Allocation | null)[], hero: number): boolean {
  return revealNeeds(s, allocs)[hero]!;
}

const needsCache = new WeakMap<readonly (Allocation | null)[], boolean[]>();

/**
 * Per hero: does it decide anything at Reveal? Precognition's reserve, Quick Reflexes
 * used, a Reveal power it can pay for, or a blocking choice that matters: two or more
 * attackers, one of them holding a power triggered by dealing damage (the seed: "this
 * becomes significant if..."). Cached per allocation list (it is immutable).
 */
export function revealNeeds(s: RumbleState, allocs: readonly (Allocation | null)[]): boolean[] {
  const cached = needsCache.get(allocs);
  if (cached && cached.length === s.heroes.length) return cached;
  const out = computeRevealNeeds(s, allocs);
  needsCache.set(allocs, out);
  return out;
}

/** `revealNeeds` without the cache: for a fresh allocation list seen once (apply). */
export function computeRevealNeeds(s: RumbleState, allocs: readonly (Allocation | null)[]): boolean[] {
  const H = s.heroes.length;
  const out = new Array<boolean>(H).fill(false);
  // Does any hero hold a power that reads damage events? (`powerInfo` is then cached per
  // seat, so the lookups below are cheap.)
  let anyHooks = false;
  for (let i = 0; i < H; i++) {
    if (!allocs[i]) continue;
    const info = powerInfo(s, i);
    if (info.triggers || info.takeHooks) anyHooks = true;
  }
  for (let hero = 0; hero < H; hero++) {
    const a = allocs[hero];
    if (!a || !s.heroes[hero]!.alive) continue;
    if ((a.reserve ?? 0) > 0) {
      out[hero] = true;
      continue;
    }
    const info = powerInfo(s, hero);
    if (info.reflex && a.uses && usesReflex(info, a.uses)) {
      out[hero] = true;
      continue;
    }
    if (info.reveal.length && canPayAnyReveal(s, hero, info)) {
      out[hero] = true;
      continue;
    }
    if (info.picks.length && hasPickChoice(s, allocs, hero, info)) {
      out[hero] = true;
      continue;
    }
    if (!anyHooks) continue;
    out[hero] = blockingMatters(s, allocs, hero);
  }
  return out;
}

/**
 * True if which attack points `hero` blocks can matter (the seed's "this becomes
 * significant if..."): two or more heroes attack it, and one of them holds a power that
 * triggers on dealing damage (Sharp Knives, Metal Tentacles, Disarming Strike, Ray Gun)
 * or the defender one that reads each damage it takes (Galactic Helm, Lizard DNA).
 * Powers that act before Defense (Disagreeable When Angry, on being attacked) or on
 * every source alike (Batman Captions' +5, Lazer Eyes) do not make the order matter.
 */
export function blockingMatters(s: RumbleState, allocs: readonly (Allocation | null)[], hero: number): boolean {
  let attackers = 0;
  let hooks = powerInfo(s, hero).takeHooks;
  for (let i = 0; i < allocs.length; i++) {
    const o = allocs[i];
    if (!o || i === hero || !(o.attack[hero]! > 0)) continue;
    attackers++;
    if (powerInfo(s, i).triggers) hooks = true;
  }
  return attackers >= 2 && hooks;
}

/** True if one of the hero's powers has a Reveal pick with two options or more. */
function hasPickChoice(s: RumbleState, allocs: readonly (Allocation | null)[], hero: number, info: PowerInfo): boolean {
  for (let i = 0; i < info.picks.length; i++) if (pickOptions(s, allocs, hero, info.picks[i]!).length >= 2) return true;
  return false;
}

/** True if one of `uses` is of a power with Quick Reflexes' Reveal choice. */
function usesReflex(info: PowerInfo, uses: readonly PowerUse[]): boolean {
  for (let i = 0; i < uses.length; i++) if (info.defs[uses[i]!.power]!.reflex) return true;
  return false;
}

/** True if the hero can pay for one of its Reveal powers. */
function canPayAnyReveal(s: RumbleState, hero: number, info: PowerInfo): boolean {
  for (let i = 0; i < info.reveal.length; i++) if (canPayDrain(s, hero, info.reveal[i]!, info)) return true;
  return false;
}

function canPayDrain(s: RumbleState, hero: number, k: number, info: PowerInfo): boolean {
  const d = info.defs[k]!;
  const held = s.heroes[hero]!.powers[k]!;
  const exhaust = useLimit(d, held, 'exhaust');
  if (exhaust !== undefined && held.uses >= exhaust) return false;
  const c = d.use?.drain;
  if (c === undefined) return 0 < s.heroes[hero]!.energy;
  const v = typeof c === 'number' ? c : c === 'X' ? 0 : held.params[c] ?? d.params[c]?.value ?? 0;
  return Math.max(0, v - info.costReduction) < s.heroes[hero]!.energy;
}

const revealWhere = (hero: number) => `rumble reveal of hero ${hero}`;

/** Throws a UserError unless `r` is a legal Reveal choice for `hero`. */
export function checkReveal(s: RumbleState, allocs: readonly (Allocation | null)[], hero: number, r: RevealChoice): void {
  // Messages are built only on failure (this runs for every applied move).
  const a = allocs[hero]!;
  const H = s.heroes.length;
  if (r.precog) {
    const reserve = a.reserve ?? 0;
    let sum = r.precog.defense;
    for (let j = 0; j < H; j++) {
      const v = r.precog.attack[j] ?? 0;
      if (!Number.isInteger(v) || v < 0 || (v > 0 && (j === hero || !s.heroes[j]!.alive))) throw new UserError(`${revealWhere(hero)}: field precog.attack.${j} is ${String(v)}; allowed: an integer >= 0 against a living other hero`);
      sum += v;
    }
    if (sum !== reserve) throw new UserError(`${revealWhere(hero)}: field precog is ${sum} in total; allowed: exactly the reserve ${reserve}`);
  }
  if (r.reflex) {
    const usedReflex = usesReflex(powerInfo(s, hero), a.uses ?? []);
    let atk = 0;
    for (const v of a.attack) atk += v;
    if (!usedReflex || !Number.isInteger(r.reflex) || r.reflex < 0 || r.reflex > atk)
      throw new UserError(`${revealWhere(hero)}: field reflex is ${String(r.reflex)}; allowed: 0..${usedReflex ? atk : 0} (Attack moved to Defense after using Quick Reflexes)`);
  }
  if (r.picks) {
    if (!Array.isArray(r.picks)) throw new UserError(`${revealWhere(hero)}: field picks is ${JSON.stringify(r.picks)}; allowed: a list of { power, pick, of? }`);
    for (const p of r.picks) {
      const bad = checkPick(s, hero, p);
      if (bad !== null) throw new UserError(`${revealWhere(hero)}: ${bad}`);
    }
  }
  const H_ = s.heroes.length;
  for (const field of ['blockAmounts', 'blockOrder'] as const) {
    const list = r[field];
    if (list === undefined) continue;
    const ok = Array.isArray(list) && list.length <= H_ && list.every((v) => Number.isInteger(v) && v >= 0 && (field === 'blockAmounts' || v < H_));
    if (!ok) throw new UserError(`${revealWhere(hero)}: field ${field} is ${JSON.stringify(list)}; allowed: ${field === 'blockAmounts' ? 'at most one integer >= 0 per hero' : 'hero indices (0..' + (H_ - 1) + ')'}`);
  }
  const uses = r.uses ?? [];
  if (uses.length === 0) return; // nothing to check or pay
  checkUses(s, hero, uses, 'reveal');
  let drain = 0;
  for (const u of uses) drain += drainCost(s, hero, u);
  if (drain > 0 && drain > s.heroes[hero]!.energy) throw new UserError(`${revealWhere(hero)}: field uses drains ${drain}; allowed: at most the hero's Energy ${s.heroes[hero]!.energy}`);
}
