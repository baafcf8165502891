/**
 * Resolution of a round: the revealed Allocations and Reveal choices played through the
 * round's working data, a `RoundResolution` (round-resolution.ts) this step builds for
 * itself, steps 1-6 below; round-end.ts then writes the next state onto the flow's draft.
 *
 * Order of Resolution (documented in README "Rule interpretations"):
 *  1. costs: Burn and Drain lose Energy; Spend only takes Energy away from this round;
 *  2. base Attack and Defense from the Allocation and Reveal (Precognition, Quick Reflexes);
 *  3. power stat changes: adds, then multiplies, then overrides (Flight);
 *  4. attacks: per defender, Defense blocks the chosen points; the rest is damage;
 *  5. damage from powers; 6. round-end powers; 7. eliminations (revives), then winners.
 * Everything in a round is simultaneous: a hero brought to 0 still deals its attacks.
 */
import type { Draft } from '../../core/flow.js';
import { copyState, type Allocation, type PowerUse, type RevealChoice, type RumbleState } from './types.js';
import { startRound } from './round-start.js';
import { RoundResolution, marked } from './round-resolution.js';
import { redirect } from './zypher.js';
import { attackDamage } from './attack-blocking.js';
import { finishRound } from './round-end.js';

/** Effective cost of a use after Technical Training-like reductions. */
export function useCost(amount: number, reduction: number): number {
  return Math.max(0, amount - reduction);
}

/**
 * Resolves a round from the revealed allocations and the reveal choices (per hero), onto
 * the flow's draft `d` (a fresh copy of the state the round was played in).
 */
export function resolveRound(
  d: Draft<RumbleState>,
  allocs: readonly (Allocation | null)[],
  reveals: readonly (RevealChoice | undefined)[],
): void {
  const s = d as RumbleState;
  // The round's working data: this step's own, dropped when it returns.
  const c = new RoundResolution(s, reveals);
  const H = c.H;

  // 1. Costs of uses (validated by the caller). Burn and Drain lose Energy now.
  const uses: PowerUse[][] = [];
  for (let h = 0; h < H; h++) uses.push(allocs[h] && c.alive[h] ? joinUses(allocs[h]!.uses, reveals[h]?.uses) : (NO_USES as PowerUse[]));
  redirect(c, uses);
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !c.alive[h]) continue;
    for (const u of uses[h]!) {
      const held = c.powers[h]![u.power];
      const d = c.defs[h]![u.power];
      if (!held || !d) continue;
      const times = u.times ?? 1;
      c.addUses(h, u.power, times);
      if (d.use) {
        const burn = costOf(c, h, u.power, d.use.burn, u.x);
        const drain = costOf(c, h, u.power, d.use.drain, u.x);
        c.lose(h, (useCost(burn, c.costReduction[h]!) + useCost(drain, c.reducesDrain ? c.costReduction[h]! : 0)) * times);
        // Only Exhaust limits read the per-game count: other powers keep their object.
        if (d.use.exhaust !== undefined) c.update(h, u.power, { uses: held.uses + times });
      }
    }
  }

  // 2. Base Attack and Defense (`row`: one hero's Attack per target while Reveal changes apply).
  const row = new Array<number>(H);
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !c.alive[h]) continue;
    const hero = s.heroes[h]!;
    const r = reveals[h];
    let def = a.defense;
    const atk = row;
    for (let j = 0; j < H; j++) atk[j] = a.attack[j]!;
    const reserve = a.reserve ?? 0;
    if (reserve > 0) {
      if (r?.precog) {
        for (let j = 0; j < H; j++) atk[j]! += r.precog.attack[j] ?? 0;
        def += r.precog.defense;
      } else def += reserve;
    }
    if (r?.reflex) {
      let move = r.reflex;
      for (let j = 0; j < H && move > 0; j++) {
        const m = Math.min(move, atk[j]!);
        atk[j]! -= m;
        def += m;
        move -= m;
      }
    }
    if (hero.forced.length === 2) {
      // Hypnotism: X of this hero's Attack goes to the hypnotist's chosen victim.
      const [victim, x] = hero.forced as [number, number];
      let need = Math.max(0, x - atk[victim]!);
      for (let j = 0; j < H && need > 0; j++) {
        if (j === victim) continue;
        const m = Math.min(need, atk[j]!);
        atk[j]! -= m;
        atk[victim]! += m;
        need -= m;
      }
      const m = Math.min(need, def);
      def -= m;
      atk[victim]! += m;
    }
    if (hero.attackBanned) atk.fill(0);
    let total = 0;
    let targets = 0;
    for (let j = 0; j < H; j++) {
      const v = j === h || !c.alive[j] ? 0 : atk[j]!;
      c.atk[h * H + j] = v;
      c.allocAtk[h * H + j] = v;
      total += v;
      if (v > 0) targets++;
    }
    c.allocatedAttack[h] = total;
    c.attackTargets[h] = targets;
    c.baseDef[h] = def;
    c.def[h] = Math.max(0, def - hero.defensePenalty);
  }

  // 3. Stat changes: uses first (Green Gas Bombs, Lazer Eyes), then static powers.
  runUses(c, allocs, uses, 'prepareUse');
  for (const stage of STAGES) for (let h = 0; h < H; h++) if (c.alive[h]) c.runHooks(h, 'modify', stage);
  const { nullBy, nullAgainst, defenseSet } = c.marks;
  if (nullBy !== null || nullAgainst !== null) {
    const extra = c.marks.extraUnblockable;
    for (let h = 0; h < H; h++) {
      if (!c.alive[h]) continue;
      for (let j = 0; j < H; j++) {
        if ((nullBy !== null && nullBy[h]) || (nullAgainst !== null && nullAgainst[j])) {
          c.atk[h * H + j] = 0;
          if (extra !== null) extra[h * H + j] = 0;
        }
      }
    }
  }

  for (let h = 0; h < H; h++) {
    // "Set a target's Defense to zero" overrides every add and multiply (the rules page's Ghost Punch question).
    if (defenseSet !== null && defenseSet[h]! >= 0) c.def[h] = defenseSet[h]!;
    c.fullDef[h] = c.def[h]!;
  }

  // 4. Attacks, per defender.
  for (let j = 0; j < H; j++) {
    if (!c.alive[j]) continue;
    for (let i = 0; i < H; i++) {
      const a = c.atk[i * H + j]!;
      if (a > 0) c.runHooks(j, 'onAttacked', i, a);
    }
  }
  // The attack step's scratch, per attacker: triggers on dealing damage, damage, blockable points; the block order.
  const trig: boolean[] = [];
  for (let i = 0; i < H; i++) trig.push(triggers(c, i));
  const damage = new Array<number>(H);
  const blockable = new Array<number>(H);
  const orderScratch: number[] = [];
  for (let j = 0; j < H; j++) {
    if (!c.alive[j]) continue;
    const order = attackDamage(c, j, trig, damage, blockable, orderScratch);
    // The defender takes the attacks in the order its Defense met them (its block order,
    // then the default): so "the second time you would take damage" (Galactic Helm) is
    // decided by the defender's choice, not by seat order. Javalin's unblockable points
    // are part of their attack: one damage event.
    for (let n = 0; n < order.length; n++) {
      const i = order[n]!;
      const extra = c.marks.extraUnblockable;
      c.deal(i, j, damage[i]! + (extra === null ? 0 : extra[i * H + j]!), 'attack');
    }
  }

  // 5. Damage and energy from power uses, bleeding wounds, unconditional effects.
  for (let h = 0; h < H; h++) {
    const bl = s.heroes[h]!.bleed;
    for (let b = 0; b + 2 < bl.length; b += 3) c.deal(bl[b]!, h, bl[b + 1]!, 'power');
  }
  runUses(c, allocs, uses, 'resolveUse');
  for (let h = 0; h < H; h++) if (c.alive[h]) c.runHooks(h, 'resolve');

  // 6. Round end.
  // A hero at 0 Energy or below is out at once: its round-end powers do not run
  // (Hyper Immune System cannot lift it from -5; Brainswap at 0 swaps nothing), unless
  // it cannot lose (Clockwork Being). Revives (onEliminated) come after, in finishRound.
  c.beginSimultaneous();
  for (let h = 0; h < H; h++) if (c.alive[h] && (c.energy[h]! > 0 || marked(c.marks.cannotLose, h))) c.runHooks(h, 'roundEnd');
  c.endSimultaneous();

  finishRound(d, c);
}


/**
 * The state after `s`'s pending Reveal with every choice at its default, as the flow leaves
 * it: the round resolved and, unless the game ended, the next round begun (its round-start
 * powers run). For `evaluate`, which prices a state mid-round (a search's leaf).
 */
export function afterDefaultReveal(s: RumbleState): RumbleState {
  const d = copyState(s);
  resolveRound(d, s.pending!, []);
  if (d.returns === null) {
    d.round = s.round + 1;
    d.phase = 'alloc';
    startRound(d);
  }
  return d;
}

/**
 * Calls `hook` of each use of each living hero with an Allocation, `times` times, in seat
 * then use order: the stat changes of step 3 (`prepareUse`) and the effects of step 5
 * (`resolveUse`). Each step re-reads the definitions (an earlier hook may discard a power).
 */
function runUses(c: RoundResolution, allocs: readonly (Allocation | null)[], uses: readonly (readonly PowerUse[])[], hook: 'prepareUse' | 'resolveUse'): void {
  for (let h = 0; h < c.H; h++) {
    if (!allocs[h] || !c.alive[h]) continue;
    const us = uses[h]!;
    for (let i = 0; i < us.length; i++) {
      const u = us[i]!;
      const d = c.defs[h]![u.power];
      if (!d) continue;
      const f = d[hook];
      if (f === undefined) continue;
      for (let t = 0; t < (u.times ?? 1); t++) f.call(d, c, h, u.power, u);
    }
  }
}

function costOf(c: RoundResolution, hero: number, k: number, amount: number | string | undefined, x: number | undefined): number {
  if (amount === undefined) return 0;
  if (typeof amount === 'number') return amount;
  if (amount === 'X') return x ?? 0;
  return paramOf(c, hero, k, amount);
}

/** A hero's uses this round: the Allocation's then the Reveal's (read-only: `turnOne` replaces a list, never changes it). */
function joinUses(a: readonly PowerUse[] | undefined, b: readonly PowerUse[] | undefined): PowerUse[] {
  if (!b || b.length === 0) return a ? (a as PowerUse[]) : (NO_USES as PowerUse[]);
  return a && a.length ? [...a, ...b] : (b as PowerUse[]);
}

/** True if an attacker holds a power triggered by dealing damage. */
function triggers(c: RoundResolution, i: number): boolean {
  const ds = c.defs[i]!;
  const ix = c.hookIndices(i, ds, 'afterDeal');
  let k = 0;
  if (ix) {
    for (let n = 0; n < ix.length; n++) if (ds[ix[n]!]) return true;
    k = c.info[i]!.defs.length;
  }
  for (; k < ds.length; k++) if (ds[k]?.afterDeal) return true;
  return false;
}

function paramOf(c: RoundResolution, hero: number, k: number, name: string): number {
  const held = c.powers[hero]![k]!;
  return held.params[name] ?? (c.defs[hero]![k] ?? c.lib.get(held.id)).params[name]?.value ?? 0;
}

const STAGES = [0, 1, 2] as const;
const NO_USES: readonly PowerUse[] = Object.freeze([]);
