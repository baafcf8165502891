/**
 * The Reveal menu: default (reserve to Defense, default blocking), defensive (reserve and
 * Quick Reflexes to Defense, Reveal powers used), aggressive (reserve on the weakest), each
 * also with every alternative block order where blocking matters (`blockOrders`), picks,
 * and Zypher's (use turned, new target) choices (`zypherChoices`).
 */
import { useLimit } from './powers/contract.js';
import type { PowerUse, RevealChoice, RumbleAction, RumbleState } from './types.js';
import { blockingMatters, controlledHeroes, drainCost, hasFlag, needsReveal, powerInfo } from './legality.js';
import { pickOptions } from './picks.js';
import { extreme, opponents } from './menu-targets.js';
import { X_LEVELS, hasXCost, xAt } from './x-levels.js';
import { menuUse } from './allocation-menu.js';
import { brand } from './menu-brand.js';
import { actionKey } from './action-key.js';
import { KeptMenus } from './kept-menus.js';

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
 * The last Reveal menu of each player (kept-menus.ts): it reads the revealed allocations
 * (`pending`), the heroes, last round's attacks and the rules — never the round or the auction.
 */
const keptReveal = new KeptMenus();

/** `revealMenu`, reused when the previous call for `player` had the same inputs. */
export function cachedRevealMenu(s: RumbleState, player: number): RumbleAction[] {
  return keptReveal.get(s, player, s.pending, s.lastAttacks) ?? keptReveal.keep(s, player, s.pending, s.lastAttacks, revealMenu(s, player));
}
