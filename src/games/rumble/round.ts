/**
 * One round of Rumble: round start, then Resolution of the revealed Allocations and
 * Reveal choices. All the work happens on a scratch `RoundCtx` of flat arrays that
 * power hooks mutate; the new immutable state is built once at the end.
 *
 * Order of Resolution (documented in README "Rule interpretations"):
 *  1. costs: Burn and Drain lose Energy; Spend only takes Energy away from this round;
 *  2. base Attack and Defense from the Allocation and Reveal (Precognition, Quick Reflexes);
 *  3. power stat changes: adds, then multiplies, then overrides (Flight);
 *  4. attacks: per defender, Defense blocks the chosen points; the rest is damage;
 *  5. damage from powers; 6. round-end powers; 7. eliminations (revives), then winners.
 * Everything in a round is simultaneous: a hero brought to 0 still deals its attacks.
 */
import { houseRuleLoss } from './house-rules.js';
import { Dice } from '../../core/dice.js';
import type { PowerLibrary } from './powers/library.js';
import { NOTE_KINDS, type DamageEvent, type NoteKind, type PowerDef, type PowerWorld } from './powers/contract.js';
import type { RumbleOptions } from './options.js';
import { heldWith, heroWith, stateWith, type Allocation, type HeldPower, type Hero, type PowerUse, type RevealChoice, type RumbleState } from './types.js';
import { cachedPowerInfo, powerInfo, sharePowerInfo, type IndexedHook, type PowerInfo } from './legality.js';


export class RoundCtx implements PowerWorld {
  readonly H: number;
  round: number;
  lib: PowerLibrary;
  /** Cost reductions apply to Drain costs too (option `costReductionOnDrain`). */
  reducesDrain = false;
  readings: RumbleOptions['readings'] = undefined as unknown as RumbleOptions['readings'];
  opts: RumbleOptions;
  readonly dice: Dice;
  readonly energy: number[];
  readonly startEnergy: number[];
  readonly alive: boolean[];
  readonly controller: number[];
  /**
   * Held powers per hero; `null` marks a power discarded this round. A round starts with
   * the state's own list (read-only) and copies it on its first change (`ownPowers`), so
   * a round that changes no power copies nothing. Change lists only through the methods
   * below, and re-read `powers[h]`/`defs[h]` after calling a hook (it may have copied them).
   */
  readonly powers: (readonly (HeldPower | null)[])[];
  /** The definition of each held power, parallel to `powers` (null once discarded); the cache's list until changed (`ownDefs`). */
  readonly defs: (readonly (PowerDef | null)[])[];
  /** True once hero h's `powers`/`defs` are the context's to change (not the state's or the cache's). */
  private readonly powersOwned: boolean[];
  private readonly defsOwned: boolean[];
  /** Pooled arrays the lists are copied into when they change. */
  private readonly powersCopy: (HeldPower | null)[][];
  private readonly defsCopy: (PowerDef | null)[][];
  /** Effective attacks, flat [from * H + to]. */
  readonly atk: number[];
  readonly allocAtk: number[];
  /** Unblockable attack points on top of `atk` (Javalin). */
  readonly extraUnblockable: number[];
  readonly def: number[];
  /** Defense after all powers, before attacks use it up. */
  readonly fullDef: number[];
  /** Defense as allocated (before powers). */
  readonly baseDef: number[];
  /** Attack total allocated last round. */
  readonly lastAttack: number[];
  readonly allocatedAttack: number[];
  readonly attackTargets: number[];
  /**
   * Uses of each held power this round, [hero][power]. Only the entries of held powers
   * are reset and read: the array is not shortened (setting an array's length is slow).
   */
  readonly used: number[][];
  readonly powersUsed: number[];
  readonly vulnerable: number[];
  readonly ignoreBelow: number[];
  readonly pierce: boolean[];
  readonly costReduction: number[];
  /** True once hero h's powers were discarded, given or replaced this round (not only counted). */
  readonly reshaped: boolean[];
  /** Each hero's power-list info and its defs array as set at the round start. */
  readonly info: PowerInfo[] = [];
  readonly resetDefs: (readonly (PowerDef | null)[] | null)[] = [];
  /** Scratch for Resolution's attack step (reused every round). */
  readonly trig: boolean[];
  readonly dmgScratch: number[];
  readonly blockScratch: number[];
  readonly orderScratch: number[] = [];
  /** One hero's Attack per target while Reveal changes are applied. */
  readonly rowScratch: number[];
  /** Holds a power that redirects uses (Zypher), from the per-list cache. */
  readonly redirects: boolean[];
  readonly nullBy: boolean[];
  readonly nullAgainst: boolean[];
  readonly takenCount: number[];
  readonly dealtCount: number[];
  readonly damageTaken: number[];
  readonly damageDealt: number[];
  totalDamage = 0;
  /** Energy changes wait in `pendingEnergy`/`pendingLost` (the round-end step, see `changeEnergy`). */
  private simultaneous = false;
  private readonly pendingEnergy: number[];
  private readonly pendingLost: number[];
  /** Depth of the damage chain being dealt (see `deal`). */
  private chain = 0;
  readonly energyLost: number[];
  readonly preventAll: boolean[];
  readonly nextDefPenalty: number[];
  /** Defense set outright this round (Ghost Punch), applied after every other change; -1 = none. */
  readonly defenseSet: number[];
  readonly nextBan: boolean[];
  readonly bleed: number[][];
  readonly forced: (readonly number[])[];
  readonly doomRound: number[];
  readonly altWin: boolean[];
  readonly mustLose: boolean[];
  readonly cannotLose: boolean[];
  /** Per-round notes of coded powers: notes[kind * H + hero], 0 = nothing noted (see `NOTE`). */
  private readonly notes: number[];
  /** Heroes created this round (Sidekick). */
  readonly newHeroes: Hero[] = [];
  /** Attack points each defender blocks from each attacker, when chosen exactly. */
  blockAmounts: (readonly number[] | undefined)[];
  blockOrder: (readonly number[] | undefined)[];
  reveals: readonly (RevealChoice | undefined)[];

  /**
   * Arrays sized for `H` heroes; `reset` fills them for a round. Contexts are pooled
   * (`acquireCtx`/`releaseCtx`): a round allocates no scratch arrays, and nothing in a
   * context outlives its round (finishRound copies what the next state keeps).
   */
  constructor(H: number) {
    this.H = H;
    this.round = 0;
    this.lib = undefined as unknown as PowerLibrary;
    this.opts = undefined as unknown as RumbleOptions;
    this.dice = new Dice(0);
    this.energy = zeros(H);
    this.startEnergy = zeros(H);
    this.alive = falses(H);
    this.controller = zeros(H);
    this.powers = [];
    this.defs = [];
    this.powersOwned = falses(H);
    this.reshaped = falses(H);
    this.defsOwned = falses(H);
    this.powersCopy = [];
    this.defsCopy = [];
    this.used = [];
    this.bleed = [];
    this.forced = [];
    for (let h = 0; h < H; h++) {
      this.powers.push([]);
      this.defs.push([]);
      this.powersCopy.push([]);
      this.defsCopy.push([]);
      this.used.push([]);
      this.bleed.push([]);
      this.forced.push(NO_FORCED);
    }
    this.atk = zeros(H * H);
    this.allocAtk = zeros(H * H);
    this.extraUnblockable = zeros(H * H);
    this.def = zeros(H);
    this.baseDef = zeros(H);
    this.fullDef = zeros(H);
    this.lastAttack = zeros(H);
    this.allocatedAttack = zeros(H);
    this.attackTargets = zeros(H);
    this.powersUsed = zeros(H);
    this.vulnerable = zeros(H);
    this.ignoreBelow = zeros(H);
    this.pierce = falses(H);
    this.costReduction = zeros(H);
    this.redirects = falses(H);
    this.trig = falses(H);
    this.rowScratch = zeros(H);
    this.dmgScratch = zeros(H);
    this.blockScratch = zeros(H);
    this.nullBy = falses(H);
    this.nullAgainst = falses(H);
    this.takenCount = zeros(H);
    this.dealtCount = zeros(H);
    this.damageTaken = zeros(H);
    this.damageDealt = zeros(H);
    this.energyLost = zeros(H);
    this.preventAll = falses(H);
    this.nextDefPenalty = zeros(H);
    this.pendingEnergy = zeros(H);
    this.pendingLost = zeros(H);
    this.defenseSet = new Array<number>(H).fill(-1);
    this.nextBan = falses(H);
    this.doomRound = zeros(H);
    this.altWin = falses(H);
    this.mustLose = falses(H);
    this.cannotLose = falses(H);
    this.notes = zeros(NOTE_KINDS * H);
    this.blockAmounts = new Array<readonly number[] | undefined>(H).fill(undefined);
    this.blockOrder = new Array<readonly number[] | undefined>(H).fill(undefined);
    this.reveals = NO_REVEALS;
  }

  /**
   * Fills the context for a round of `s` (every field, so nothing leaks between rounds).
   * `cacheNewLists` false: a power list with no cached info gets none (round start).
   */
  reset(s: RumbleState, reveals: readonly (RevealChoice | undefined)[], cacheNewLists = true): this {
    const H = this.H;
    this.round = s.round;
    this.lib = s.lib;
    this.opts = s.opts;
    this.reducesDrain = s.opts.costReductionOnDrain;
    this.readings = s.opts.readings;
    this.allocAtk.fill(0);
    this.dice.state = s.rng;
    this.totalDamage = 0;
    this.simultaneous = false;
    this.chain = 0;
    this.notes.fill(0);
    if (this.newHeroes.length) this.newHeroes.length = 0;
    this.reveals = reveals;
    this.atk.fill(0);
    this.extraUnblockable.fill(0);
    for (let h = 0; h < H; h++) {
      const hero = s.heroes[h]!;
      this.energy[h] = hero.energy;
      this.startEnergy[h] = hero.energy;
      this.alive[h] = hero.alive;
      this.controller[h] = hero.controller;
      this.lastAttack[h] = hero.lastAttack;
      this.doomRound[h] = hero.doomRound;
      // The state's list and the cached definitions, shared until a power changes;
      // definitions from the per-power-list cache, or (round start: lists there are
      // often new and short-lived, and a cache entry per new list costs more in GC than
      // it saves) from the library unless already cached.
      this.powers[h] = hero.powers;
      this.powersOwned[h] = false;
      this.reshaped[h] = false;
      const info = cacheNewLists ? powerInfo(s, h) : cachedPowerInfo(s, h);
      if (info) {
        this.costReduction[h] = info.costReduction;
        this.redirects[h] = info.redirects;
        this.defs[h] = info.defs;
        this.defsOwned[h] = false;
        this.info[h] = info;
        this.resetDefs[h] = info.defs;
      } else {
        const defs = this.defsCopy[h]!;
        if (defs.length !== hero.powers.length) defs.length = hero.powers.length;
        for (let k = 0; k < hero.powers.length; k++) defs[k] = s.lib.get(hero.powers[k]!.id);
        this.defs[h] = defs;
        this.defsOwned[h] = true;
        this.costReduction[h] = 0;
        this.redirects[h] = false;
        this.resetDefs[h] = null;
      }
      const used = this.used[h]!;
      for (let k = 0; k < hero.powers.length; k++) used[k] = 0;
      const bleed = (this.bleed[h] ??= []);
      if (bleed.length !== 0) bleed.length = 0;
      this.forced[h] = NO_FORCED;
      this.def[h] = 0;
      this.baseDef[h] = 0;
      this.fullDef[h] = 0;
      this.allocatedAttack[h] = 0;
      this.attackTargets[h] = 0;
      this.powersUsed[h] = 0;
      this.vulnerable[h] = 0;
      this.ignoreBelow[h] = 0;
      this.pierce[h] = false;
      this.nullBy[h] = false;
      this.nullAgainst[h] = false;
      this.takenCount[h] = 0;
      this.dealtCount[h] = 0;
      this.damageTaken[h] = 0;
      this.damageDealt[h] = 0;
      this.energyLost[h] = 0;
      this.preventAll[h] = false;
      this.nextDefPenalty[h] = 0;
      this.defenseSet[h] = -1;
      this.nextBan[h] = false;
      this.altWin[h] = false;
      this.mustLose[h] = false;
      this.cannotLose[h] = false;
      const r = reveals[h];
      this.blockAmounts[h] = r?.blockAmounts;
      this.blockOrder[h] = r?.blockOrder;
    }
    return this;
  }


  /** Calls `fn` for every power of every living hero, in seat then power order. */
  eachPower(fn: (d: PowerDef, hero: number, k: number) => void, includeDead = false): void {
    for (let h = 0; h < this.H; h++) {
      if (!includeDead && !this.alive[h]) continue;
      // Re-read the lists each step: a hook may replace them (Brainswap) or discard.
      for (let k = 0; k < this.defs[h]!.length; k++) {
        const d = this.defs[h]![k];
        if (d && this.powers[h]![k]) fn(d, h, k);
      }
    }
  }

  /**
   * The indices of `ds`'s powers that have `hook`, if `ds` is still the hero's list from
   * the round start (since then entries are only nulled by discards or appended by
   * `give`: callers visit appended entries after these), else null (Brainswap).
   */
  hookIndices(h: number, ds: readonly (PowerDef | null)[], hook: IndexedHook): readonly number[] | null {
    return ds === this.resetDefs[h] ? this.info[h]![hook] : null;
  }

  /** What a coded power noted for `hero` this round (0 = nothing). */
  noted(kind: NoteKind, hero: number): number {
    return this.notes[kind * this.H + hero]!;
  }

  /** Notes a nonzero number for `hero` until the round ends (0 forgets it). */
  note(kind: NoteKind, hero: number, value: number): void {
    this.notes[kind * this.H + hero] = value;
  }

  /** The holder's Reveal pick for its power `k` (about hero `of`), or undefined (picks.ts). */
  pick(hero: number, k: number, of?: number): number | undefined {
    const ps = this.reveals[hero]?.picks;
    if (ps === undefined) return undefined;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i]!;
      if (p.power === k && (of === undefined || p.of === of)) return p.pick;
    }
    return undefined;
  }

  hasPower(hero: number, id: string): number {
    const ps = this.powers[hero]!;
    for (let k = 0; k < ps.length; k++) if (ps[k]?.id === id) return k;
    return -1;
  }

  powerCount(hero: number): number {
    let n = 0;
    for (const p of this.powers[hero]!) if (p) n++;
    // A Sidekick is both a Hero and a Power: it counts for its owner.
    return n;
  }

  /** Energy is whole: amounts from halved or swept numbers are rounded. */
  gain(hero: number, amount: number): void {
    amount = Math.round(amount);
    if (amount < 0) return this.lose(hero, -amount);
    this.changeEnergy(hero, amount, 0);
  }

  /** Energy lost without being damage (Burn, Drain, Psuedonite). */
  lose(hero: number, amount: number): void {
    amount = Math.round(amount);
    if (amount <= 0) return;
    this.changeEnergy(hero, -amount, amount);
  }

  /**
   * Every Energy change goes through here. Between `beginSimultaneous` and
   * `endSimultaneous` (the round-end step) changes wait in `pending`, so every round-end
   * effect reads the round as it ended, whatever the seat or power order: Psuedonite's
   * loss does not trigger Hyper Immune System, Hyper Immune System's gain does not save a
   * Friends With Death win — all of them resolve from one snapshot, then apply together.
   */
  private changeEnergy(hero: number, delta: number, lost: number): void {
    if (this.simultaneous) {
      this.pendingEnergy[hero]! += delta;
      this.pendingLost[hero]! += lost;
    } else {
      this.energy[hero]! += delta;
      this.energyLost[hero]! += lost;
    }
  }

  beginSimultaneous(): void {
    this.simultaneous = true;
    this.pendingEnergy.fill(0);
    this.pendingLost.fill(0);
  }

  endSimultaneous(): void {
    this.simultaneous = false;
    for (let h = 0; h < this.H; h++) {
      this.energy[h]! += this.pendingEnergy[h]!;
      this.energyLost[h]! += this.pendingLost[h]!;
    }
  }

  /** Swaps two heroes' Energy, changes still pending included (Brainswap: after every round-end effect). */
  swapEnergy(a: number, b: number): void {
    const e = this.energy[a]!;
    this.energy[a] = this.energy[b]!;
    this.energy[b] = e;
    const p = this.pendingEnergy[a]!;
    this.pendingEnergy[a] = this.pendingEnergy[b]!;
    this.pendingEnergy[b] = p;
  }

  /** Changes a held power's counters (a new object: the old one may belong to a state). */
  update(hero: number, k: number, patch: Partial<Pick<HeldPower, 'uses' | 'acc' | 'fired'>>): void {
    const p = this.powers[hero]![k];
    if (p) this.ownPowers(hero)[k] = heldWith(p, patch);
  }

  discard(hero: number, k: number): void {
    this.reshaped[hero] = true;
    this.ownPowers(hero)[k] = null;
    this.ownDefs(hero)[k] = null;
  }

  give(hero: number, p: HeldPower): void {
    const k = this.powers[hero]!.length;
    this.reshaped[hero] = true;
    this.ownPowers(hero).push(p);
    this.ownDefs(hero).push(this.lib.get(p.id));
    this.used[hero]![k] = 0;
  }

  /** Replaces a hero's whole power list (Brainswap). */
  setPowers(hero: number, ps: HeldPower[]): void {
    this.reshaped[hero] = true;
    this.powers[hero] = ps;
    this.defs[hero] = ps.map((p) => this.lib.get(p.id));
    this.powersOwned[hero] = true;
    this.defsOwned[hero] = true;
    this.used[hero] = new Array<number>(ps.length).fill(0);
  }

  /** Hero `hero`'s power list, copied from the state's before its first change. */
  private ownPowers(hero: number): (HeldPower | null)[] {
    if (!this.powersOwned[hero]) {
      this.powers[hero] = copyInto(this.powersCopy[hero]!, this.powers[hero]!);
      this.powersOwned[hero] = true;
    }
    return this.powers[hero] as (HeldPower | null)[];
  }

  /**
   * Hero `hero`'s definitions, copied from the cache's before their first change. A copy
   * of the round-start list stays that list for `hookIndices` (same entries, same indices).
   */
  private ownDefs(hero: number): (PowerDef | null)[] {
    if (!this.defsOwned[hero]) {
      const fromStart = this.defs[hero] === this.resetDefs[hero];
      this.defs[hero] = copyInto(this.defsCopy[hero]!, this.defs[hero]!);
      if (fromStart) this.resetDefs[hero] = this.defs[hero]!;
      this.defsOwned[hero] = true;
    }
    return this.defs[hero] as (PowerDef | null)[];
  }

  /** Living opponents of `hero` (heroes of other controllers). */
  opponents(hero: number): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.H; j++) if (j !== hero && this.alive[j] && this.controller[j] !== this.controller[hero]) out.push(j);
    return out;
  }

  attackTotal(hero: number): number {
    let t = 0;
    for (let j = 0; j < this.H; j++) t += this.atk[hero * this.H + j]!;
    return t;
  }

  /**
   * The one hook runner: calls hero `h`'s powers that have `hook`, in power order, with
   * `(this, h, k, a, b)`: the round-start powers that have it (by index, from the list's
   * cached info), then any power given since. A hook may discard powers (copying the
   * lists) or replace the whole list (Brainswap), so each step re-reads `this.defs[h]`
   * and a replaced list is walked whole. `stopWhenPrevented`: stop once that damage
   * event has no damage left (a prevention ends the "before taking damage" chain).
   */
  runHooks(h: number, hook: IndexedHook, a?: unknown, b?: unknown, stopWhenPrevented?: DamageEvent): void {
    const ix = this.hookIndices(h, this.defs[h]!, hook);
    let k = 0;
    if (ix) {
      let i = 0;
      for (; i < ix.length; i++) {
        if (stopWhenPrevented && stopWhenPrevented.amount <= 0) return;
        if (this.defs[h] !== this.resetDefs[h]) break;
        this.callHook(h, ix[i]!, hook, a, b);
      }
      // A replaced list: go on from the power after the last one called.
      k = i < ix.length ? (i > 0 ? ix[i - 1]! + 1 : 0) : this.info[h]!.defs.length;
    }
    for (; k < this.defs[h]!.length; k++) {
      if (stopWhenPrevented && stopWhenPrevented.amount <= 0) return;
      this.callHook(h, k, hook, a, b);
    }
  }

  private callHook(h: number, k: number, hook: IndexedHook, a: unknown, b: unknown): void {
    const d = this.defs[h]![k];
    if (!d || !this.powers[h]![k]) return;
    const f = d[hook] as ((c: PowerWorld, self: number, k: number, a: unknown, b: unknown) => void) | undefined;
    if (f !== undefined) f.call(d, this, h, k, a, b);
  }

  /**
   * Deals damage through the source's and target's powers. Blockable power damage is
   * reduced by the Defense the target has left after attacks.
   */
  deal(src: number, tgt: number, amount: number, kind: 'attack' | 'power', blockable = false): void {
    amount = Math.round(amount);
    if (amount <= 0 || !this.alive[tgt]) return;
    // Damage dealt by hooks of damage dealt by hooks …: past MAX_CHAIN links the damage
    // still lands but triggers nothing more (data effects never re-trigger themselves;
    // this bounds chains that pass between powers, e.g. two heroes' reflecting powers).
    if (this.chain >= MAX_CHAIN) return this.dealQuietly(src, tgt, amount, blockable);
    this.chain++;
    try {
      this.dealWithHooks(src, tgt, amount, kind, blockable);
    } finally {
      this.chain--;
    }
  }

  /** Damage past the chain bound: Defense, vulnerability and counters, no hooks. */
  private dealQuietly(src: number, tgt: number, amount: number, blockable: boolean): void {
    amount = Math.round(amount + this.vulnerable[tgt]!);
    if (blockable) {
      const blocked = Math.min(this.def[tgt]!, amount);
      this.def[tgt]! -= blocked;
      amount -= blocked;
    }
    if (amount <= 0 || this.preventAll[tgt]) return;
    this.takenCount[tgt]!++;
    this.changeEnergy(tgt, -amount, amount);
    this.damageTaken[tgt]! += amount;
    this.totalDamage += amount;
    if (src >= 0) {
      this.damageDealt[src]! += amount;
      this.dealtCount[src]!++;
    }
  }

  /**
   * Batman Captions read literally ("for each source of damage dealt to a Hero"): a holder
   * other than the source shouts for damage dealt to one of its opponents (it may, and
   * would not boost damage to itself or a teammate).
   */
  private captionOthers(src: number, tgt: number, ev: DamageEvent): void {
    for (let b = 0; b < this.H; b++) {
      if (b === src || b === tgt || !this.alive[b] || this.controller[b] === this.controller[tgt]) continue;
      const k = this.hasPower(b, 'batman-captions');
      if (k >= 0) this.defs[b]![k]!.beforeDeal?.(this, b, k, ev);
    }
  }

  private dealWithHooks(src: number, tgt: number, amount: number, kind: 'attack' | 'power', blockable: boolean): void {
    const ev: DamageEvent = { src, tgt, amount, kind, blockable };
    if (src >= 0 && src !== tgt) this.runHooks(src, 'beforeDeal', ev);
    if (this.readings.batmanCaptions === 'any') this.captionOthers(src, tgt, ev);
    if (this.vulnerable[tgt]! > 0) ev.amount += this.vulnerable[tgt]!;
    // Energy is whole: a halved or fractional bonus (a power file's `damageBonus: 0.5`) is rounded.
    ev.amount = Math.round(ev.amount);
    if (blockable) {
      const blocked = Math.min(this.def[tgt]!, ev.amount);
      this.def[tgt]! -= blocked;
      ev.amount -= blocked;
    }
    if (ev.amount <= 0) return;
    this.takenCount[tgt]!++;
    if (this.preventAll[tgt]) return;
    this.runHooks(tgt, 'beforeTake', ev, undefined, ev);
    ev.amount = Math.round(ev.amount);
    if (ev.amount <= 0) return;
    this.changeEnergy(tgt, -ev.amount, ev.amount);
    this.damageTaken[tgt]! += ev.amount;
    this.totalDamage += ev.amount;
    if (src >= 0) {
      this.damageDealt[src]! += ev.amount;
      this.dealtCount[src]!++;
      // "If you damage a Hero" means another hero (Air Strike also hits its holder).
      if (src !== tgt) this.runHooks(src, 'afterDeal', ev);
    }
    this.runHooks(tgt, 'afterTake', ev);
  }
}

/** Links of damage caused by damage hooks, see `deal`. */
const MAX_CHAIN = 8;

const NO_FORCED: readonly number[] = Object.freeze([]) as readonly number[];
const NO_USES: readonly PowerUse[] = Object.freeze([]);
const NO_REVEALS: readonly (RevealChoice | undefined)[] = Object.freeze([]);

function copyInto<T>(to: T[], from: readonly T[]): T[] {
  if (to.length !== from.length) to.length = from.length;
  for (let i = 0; i < from.length; i++) to[i] = from[i]!;
  return to;
}

/** Free contexts per hero count. A round takes one and gives it back when its state is built. */
const ctxPool: RoundCtx[][] = [];

function acquireCtx(s: RumbleState, reveals: readonly (RevealChoice | undefined)[], cacheNewLists = true): RoundCtx {
  const H = s.heroes.length;
  const free = ctxPool[H];
  const c = free && free.length ? free.pop()! : new RoundCtx(H);
  return c.reset(s, reveals, cacheNewLists);
}

function releaseCtx(c: RoundCtx): void {
  (ctxPool[c.H] ??= []).push(c);
}

/** Effective cost of a use after Technical Training-like reductions. */
export function useCost(amount: number, reduction: number): number {
  return Math.max(0, amount - reduction);
}

/** Runs the round-start powers (Regeneration) at the beginning of a round. */
export function startRound(s: RumbleState): RumbleState {
  let any = false;
  for (let h = 0; h < s.heroes.length && !any; h++) any = s.heroes[h]!.alive && holdsRoundStartPower(s, h);
  if (!any) return s;
  const c = acquireCtx(s, NO_REVEALS, false);
  c.eachPower((d, h, k) => d.roundStart?.(c, h, k));
  const heroes = s.heroes.map((h, i) =>
    c.energy[i] === h.energy && samePowers(c.powers[i]!, h.powers) ? h : heroWith(h, { energy: c.energy[i]!, powers: compact(c.powers[i]!) }),
  );
  const rng = c.dice.state;
  releaseCtx(c);
  return stateWith(s, { heroes, rng });
}

/**
 * True if the hero holds a power with a round-start effect. Most lists are unchanged since
 * the last round and cached; a new one is looked up in the library, not given a cache
 * entry (new lists here are short-lived: an entry per round costs more in GC than it saves).
 */
function holdsRoundStartPower(s: RumbleState, h: number): boolean {
  const info = cachedPowerInfo(s, h);
  if (info) return info.roundStart;
  const powers = s.heroes[h]!.powers;
  for (let k = 0; k < powers.length; k++) if (s.lib.get(powers[k]!.id).roundStart) return true;
  return false;
}

function samePowers(a: readonly (HeldPower | null)[], b: readonly HeldPower[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function compact(ps: readonly (HeldPower | null)[]): HeldPower[] {
  const out: HeldPower[] = [];
  for (const p of ps) if (p) out.push(p);
  return out;
}

/**
 * Resolves a round from the revealed allocations and the reveal choices (per hero); the
 * state returned counts the move that resolved it (`steps + 1`).
 */
export function resolveRound(
  s: RumbleState,
  allocs: readonly (Allocation | null)[],
  reveals: readonly (RevealChoice | undefined)[],
): RumbleState {
  const c = acquireCtx(s, reveals);
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
      c.used[h]![u.power]! += times;
      c.powersUsed[h]! += times;
      if (d.use) {
        const burn = costOf(c, h, u.power, d.use.burn, u.x);
        const drain = costOf(c, h, u.power, d.use.drain, u.x);
        c.lose(h, (useCost(burn, c.costReduction[h]!) + useCost(drain, c.reducesDrain ? c.costReduction[h]! : 0)) * times);
        // Only Exhaust limits read the per-game count: other powers keep their object.
        if (d.use.exhaust !== undefined) c.update(h, u.power, { uses: held.uses + times });
      }
    }
  }

  // 2. Base Attack and Defense.
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !c.alive[h]) continue;
    const hero = s.heroes[h]!;
    const r = reveals[h];
    let def = a.defense;
    const atk = c.rowScratch;
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
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !c.alive[h]) continue;
    for (const u of uses[h]!) {
      const d = c.defs[h]![u.power];
      if (!d) continue;
      for (let t = 0; t < (u.times ?? 1); t++) d.prepareUse?.(c, h, u.power, u);
    }
  }
  for (const stage of STAGES) for (let h = 0; h < H; h++) if (c.alive[h]) c.runHooks(h, 'modify', stage);
  for (let h = 0; h < H; h++) {
    if (!c.alive[h]) continue;
    for (let j = 0; j < H; j++) {
      if (c.nullBy[h] || c.nullAgainst[j]) {
        c.atk[h * H + j] = 0;
        c.extraUnblockable[h * H + j] = 0;
      }
    }
  }

  for (let h = 0; h < H; h++) {
    // "Set a target's Defense to zero" overrides every add and multiply (the rules page's Ghost Punch question).
    if (c.defenseSet[h]! >= 0) c.def[h] = c.defenseSet[h]!;
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
  const trig = c.trig;
  for (let i = 0; i < H; i++) trig[i] = triggers(c, i);
  const damage = c.dmgScratch;
  const blockable = c.blockScratch;
  for (let j = 0; j < H; j++) {
    if (!c.alive[j]) continue;
    const order = attackDamage(c, j, trig, damage, blockable);
    // The defender takes the attacks in the order its Defense met them (its block order,
    // then the default): so "the second time you would take damage" (Galactic Helm) is
    // decided by the defender's choice, not by seat order. Javalin's unblockable points
    // are part of their attack: one damage event.
    for (let n = 0; n < order.length; n++) {
      const i = order[n]!;
      c.deal(i, j, damage[i]! + c.extraUnblockable[i * H + j]!, 'attack');
    }
  }

  // 5. Damage and energy from power uses, bleeding wounds, unconditional effects.
  for (let h = 0; h < H; h++) {
    const bl = s.heroes[h]!.bleed;
    for (let b = 0; b + 2 < bl.length; b += 3) c.deal(bl[b]!, h, bl[b + 1]!, 'power');
  }
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !c.alive[h]) continue;
    for (const u of uses[h]!) {
      const d = c.defs[h]![u.power];
      if (!d) continue;
      for (let t = 0; t < (u.times ?? 1); t++) d.resolveUse?.(c, h, u.power, u);
    }
  }
  for (let h = 0; h < H; h++) if (c.alive[h]) c.runHooks(h, 'resolve');

  // 6. Round end.
  // A hero at 0 Energy or below is out at once: its round-end powers do not run
  // (Hyper Immune System cannot lift it from -5; Brainswap at 0 swaps nothing), unless
  // it cannot lose (Clockwork Being). Revives (onEliminated) come after, in finishRound.
  c.beginSimultaneous();
  for (let h = 0; h < H; h++) if (c.alive[h] && (c.energy[h]! > 0 || c.cannotLose[h])) c.runHooks(h, 'roundEnd');
  c.endSimultaneous();

  return finishRound(s, c);
}

function costOf(c: RoundCtx, hero: number, k: number, amount: number | string | undefined, x: number | undefined): number {
  if (amount === undefined) return 0;
  if (typeof amount === 'number') return amount;
  if (amount === 'X') return x ?? 0;
  return paramOf(c, hero, k, amount);
}

/**
 * Zypher ("choose a power that targets you and change its target"): each use turns ONE
 * use of another hero's power aimed at the holder to the use's chosen hero — the first
 * such use of hero `victim` (if given), else of the first hero in seat order that has one.
 * No Activate: each further use (another Drain) turns one more.
 */
function redirect(c: RoundCtx, uses: PowerUse[][]): void {
  for (let z = 0; z < c.H; z++) {
    if (!c.redirects[z]) continue;
    for (const u of uses[z]!) {
      const d = c.defs[z]![u.power];
      if (!d || !d.redirects || u.target === undefined) continue;
      for (let t = 0; t < (u.times ?? 1); t++) turnOne(c, uses, z, u.target, u.victim);
    }
  }
}

/** Turns the first use aimed at `z` (of hero `from`, or of any other hero) to `to`. */
function turnOne(c: RoundCtx, uses: PowerUse[][], z: number, to: number, from: number | undefined): void {
  for (let h = 0; h < c.H; h++) {
    if (h === z || (from !== undefined && h !== from)) continue;
    const list = uses[h]!;
    for (let i = 0; i < list.length; i++) {
      if (!redirected(c, h, list[i]!, z)) continue;
      // One use is turned: a use given `times: n` is n uses, so split one off.
      const o = list[i]!;
      const copy = list.slice();
      const n = o.times ?? 1;
      copy[i] = { ...o, target: to, times: 1 };
      if (n > 1) copy.push({ ...o, times: n - 1 });
      uses[h] = copy;
      return;
    }
  }
}

/** True if hero h's use `o` targets hero `z` (not one of h's own powers), so Zypher turns it. */
function redirected(c: RoundCtx, h: number, o: PowerUse, z: number): boolean {
  return o.target === z && c.defs[h]![o.power]?.use?.target !== 'ownPower';
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function falses(n: number): boolean[] {
  return new Array<boolean>(n).fill(false);
}

/** A hero's uses this round: the Allocation's then the Reveal's (read-only: `turnOne` replaces a list, never changes it). */
function joinUses(a: readonly PowerUse[] | undefined, b: readonly PowerUse[] | undefined): PowerUse[] {
  if (!b || b.length === 0) return a ? (a as PowerUse[]) : (NO_USES as PowerUse[]);
  return a && a.length ? [...a, ...b] : (b as PowerUse[]);
}

/** True if an attacker holds a power triggered by dealing damage. */
function triggers(c: RoundCtx, i: number): boolean {
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

function paramOf(c: RoundCtx, hero: number, k: number, name: string): number {
  const held = c.powers[hero]![k]!;
  return held.params[name] ?? (c.defs[hero]![k] ?? c.lib.get(held.id)).params[name]?.value ?? 0;
}

/**
 * The damage each attacker deals to defender `j`: ignored attacks dropped, unblockable
 * (pierced) attacks kept whole, then Defense blocks the chosen points.
 */
function attackDamage(c: RoundCtx, j: number, trig: readonly boolean[], dmg: number[], blockable: number[]): readonly number[] {
  const H = c.H;
  dmg.fill(0);
  blockable.fill(0);
  for (let i = 0; i < H; i++) {
    const a = c.atk[i * H + j]!;
    if (a <= 0) continue;
    if (a < c.ignoreBelow[j]!) continue;
    if (c.pierce[i] && a > c.def[j]!) dmg[i] = a;
    else blockable[i] = a;
  }
  let def = c.def[j]!;
  const exact = c.blockAmounts[j];
  if (exact) {
    for (let i = 0; i < H; i++) {
      const b = Math.min(exact[i] ?? 0, blockable[i]!, def);
      blockable[i]! -= b;
      def -= b;
    }
  }
  const order = blockPriority(c, j, trig);
  for (const i of order) {
    const b = Math.min(blockable[i]!, def);
    blockable[i]! -= b;
    def -= b;
  }
  c.def[j] = def;
  for (let i = 0; i < H; i++) dmg[i]! += blockable[i]!;
  return order;
}

/**
 * The order in which Defense blocks attackers: the defender's chosen order, then (the
 * default) attackers whose powers trigger on dealing damage, then the largest attacks.
 */
function blockPriority(c: RoundCtx, j: number, trig: readonly boolean[]): number[] {
  const H = c.H;
  const chosen = c.blockOrder[j];
  // Scratch: the caller walks it before the next defender is ordered.
  const rest = c.orderScratch;
  rest.length = 0;
  for (let i = 0; i < H; i++) if (c.atk[i * H + j]! > 0 && !(chosen && chosen.includes(i))) rest.push(i);
  // Insertion sort (a handful of attackers, a total order): triggering first, then largest, then seat.
  for (let x = 1; x < rest.length; x++) {
    const v = rest[x]!;
    let y = x - 1;
    while (y >= 0 && blocksAfter(rest[y]!, v, c, j, trig)) {
      rest[y + 1] = rest[y]!;
      y--;
    }
    rest[y + 1] = v;
  }
  if (!chosen || chosen.length === 0) return rest;
  const out: number[] = [];
  for (const i of chosen) if (i >= 0 && i < H && c.atk[i * H + j]! > 0 && !out.includes(i)) out.push(i);
  for (const i of rest) out.push(i);
  return out;
}

/** True if attacker `a` is blocked after attacker `b` by defender `j`. */
function blocksAfter(a: number, b: number, c: RoundCtx, j: number, trig: readonly boolean[]): boolean {
  if (trig[a] !== trig[b]) return trig[b]!;
  const H = c.H;
  const d = c.atk[b * H + j]! - c.atk[a * H + j]!;
  return d !== 0 ? d > 0 : a > b;
}

/** Eliminations, revives, winners, the round cap, and the next state. */
function finishRound(s: RumbleState, c: RoundCtx): RumbleState {
  const H = c.H;
  // House rules (sudden death, Energy drain): a loss after every power, before eliminations.
  const house = houseRuleLoss(s.opts, s.round);
  if (house > 0) for (let h = 0; h < H; h++) if (c.alive[h]) c.lose(h, house);
  let lost = s.lost;
  for (let h = 0; h < H; h++) lost += c.energyLost[h]!;
  const eliminated: boolean[] = new Array<boolean>(H).fill(false);
  // Revives can deal damage (Bomberman), which can eliminate others: repeat a few times.
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let h = 0; h < H; h++) {
      if (!c.alive[h] || c.energy[h]! > 0 || c.cannotLose[h]) continue;
      let saved = false;
      // Re-read each step: a revive may discard powers (copying the list).
      for (let k = 0; k < c.defs[h]!.length && !saved; k++) saved = c.defs[h]![k]?.onEliminated?.(c, h, k) ?? false;
      if (!saved) {
        c.alive[h] = false;
        eliminated[h] = true;
      }
      changed = true;
    }
    if (!changed) break;
  }
  for (let h = 0; h < H; h++) {
    const doomed = c.doomRound[h]! > 0 && c.doomRound[h]! <= s.round && !(c.cannotLose[h] && c.readings.clockworkBeing === 'clockwork');
    if (c.alive[h] && (c.mustLose[h] || doomed)) {
      c.alive[h] = false;
      eliminated[h] = true;
    }
  }

  const heroes: Hero[] = [];
  for (let h = 0; h < H; h++) {
    const old = s.heroes[h]!;
    let powers = old.powers;
    if (!samePowers(c.powers[h]!, old.powers)) {
      powers = compact(c.powers[h]!);
      // Only counters changed (uses, acc): the new list has the same powers, so the same
      // info (definitions, hook indices, cost reduction), not one computed anew.
      if (!c.reshaped[h] && c.resetDefs[h] !== null) sharePowerInfo(h, powers, c.info[h]!);
    }
    heroes.push({
      energy: c.energy[h]!,
      alive: c.alive[h]!,
      controller: old.controller,
      powers,
      lastAttack: c.alive[h] ? c.allocatedAttack[h]! : 0,
      defensePenalty: c.nextDefPenalty[h]!,
      attackBanned: c.nextBan[h]!,
      bleed: nextBleed(old.bleed, c.bleed[h]!),
      forced: c.forced[h]!,
      doomRound: c.doomRound[h]!,
    });
  }
  for (const nh of c.newHeroes) heroes.push(nh);
  followSidekickPowers(heroes, s.opts.players);
  const lastAttacks = c.atk.slice();
  const next = stateWith(s, {
    phase: 'alloc',
    round: s.round + 1,
    steps: s.steps + 1,
    heroes,
    rng: c.dice.state,
    pending: null,
    lastAttacks: heroes.length === H ? lastAttacks : widen(lastAttacks, H, heroes.length),
    lost,
  });
  // decideWinner reads the round just played (the round cap).
  const returns = decideWinner(s.round, next, c, eliminated);
  releaseCtx(c);
  if (returns) return stateWith(next, { phase: 'over', round: s.round, returns: returns.shares, end: returns.end });
  return startRound(next);
}

/**
 * Sidekick is both a Hero and a Power: its hero (one of the heroes after the players'
 * own) follows the power. Whoever holds the power controls the hero (a dead holder still
 * does, as the text says); once nobody holds it (Lighten Load, Disarming Strike, a
 * discard) the hero leaves play, so the power cannot be cashed in and the hero kept.
 */
export function followSidekickPowers(heroes: Hero[], players: number): void {
  for (let x = players; x < heroes.length; x++) {
    if (!heroes[x]!.alive) continue;
    let holder = -1;
    for (let h = 0; h < heroes.length && holder < 0; h++) for (const p of heroes[h]!.powers) if (p.id === 'sidekick' && p.acc === x + 1) holder = h;
    if (holder < 0) heroes[x] = heroWith(heroes[x]!, { alive: false });
    else if (heroes[holder]!.controller !== heroes[x]!.controller) heroes[x] = heroWith(heroes[x]!, { controller: heroes[holder]!.controller });
  }
}

const NO_BLEED: readonly number[] = Object.freeze([]);
const STAGES = [0, 1, 2] as const;

function nextBleed(old: readonly number[], added: readonly number[]): readonly number[] {
  if (old.length === 0 && added.length === 0) return NO_BLEED;
  const out: number[] = [];
  for (let b = 0; b + 2 < old.length; b += 3) if (old[b + 2]! > 1) out.push(old[b]!, old[b + 1]!, old[b + 2]! - 1);
  for (const v of added) out.push(v);
  return out;
}

function widen(flat: readonly number[], from: number, to: number): number[] {
  const out = new Array<number>(to * to).fill(0);
  for (let i = 0; i < from; i++) for (let j = 0; j < from; j++) out[i * to + j] = flat[i * from + j]!;
  return out;
}

/** The win split equally among the players controlling `heroes`. */
function splitWin(s: RumbleState, heroes: number[], end: string): { shares: number[]; end: string } {
  const shares = new Array<number>(s.opts.players).fill(0);
  const players = [...new Set(heroes.map((h) => s.heroes[h]!.controller))];
  for (const p of players) shares[p] = 1 / players.length;
  return { shares, end };
}

/** True if living heroes of two or more players remain. */
function twoSidesAlive(s: RumbleState): boolean {
  let side = -1;
  for (const h of s.heroes) {
    if (!h.alive) continue;
    if (side < 0) side = h.controller;
    else if (h.controller !== side) return true;
  }
  return false;
}

/** Win shares per player when the game ends now, else null. */
export function decideWinner(round: number, s: RumbleState, c: RoundCtx | null, eliminated: readonly boolean[]): { shares: number[]; end: string } | null {
  if (c) {
    const alt: number[] = [];
    for (let h = 0; h < s.heroes.length && h < c.H; h++) if (c.altWin[h] && s.heroes[h]!.alive) alt.push(h);
    if (alt.length) return splitWin(s, alt, 'alt-win');
  }
  // Most rounds end no game: decide that before listing anyone.
  if (round < s.opts.roundCap && twoSidesAlive(s)) return null;
  const alive: number[] = [];
  for (let h = 0; h < s.heroes.length; h++) if (s.heroes[h]!.alive) alive.push(h);
  let oneSide = alive.length > 0;
  for (const h of alive) if (s.heroes[h]!.controller !== s.heroes[alive[0]!]!.controller) oneSide = false;
  if (oneSide) return splitWin(s, alive, 'last-standing');
  if (alive.length === 0) {
    const last: number[] = [];
    for (let h = 0; h < eliminated.length; h++) if (eliminated[h]) last.push(h);
    return splitWin(s, last.length ? last : s.heroes.map((_, i) => i), 'all-dead');
  }
  if (round >= s.opts.roundCap) {
    let best = -Infinity;
    for (const h of alive) best = Math.max(best, s.heroes[h]!.energy);
    return splitWin(s, alive.filter((h) => s.heroes[h]!.energy === best), 'cap');
  }
  return null;
}
