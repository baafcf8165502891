/**
 * The world of one round that power hooks read and change (`PowerWorld`): flat arrays of
 * Energy, Attack, Defense and round marks per hero, filled from a state by `reset`, and
 * the one place Energy changes, damage is dealt and hooks are run. A scratch object
 * pooled per hero count (`acquireCtx`/`releaseCtx`): nothing in it outlives its round,
 * the next state is built from it once (round-end.ts). No power rolls dice, so the context
 * holds none: the round's one seeded draw is the auction's (auction.ts, the core's
 * `random(d)`); a power that rolled would draw the flow step's dice the same way
 * (and evaluate's `afterDefaultReveal`, which resolves a round outside any step, would need one).
 */
import type { PowerLibrary } from './powers/library.js';
import { NOTE_KINDS, type DamageEvent, type NoteKind, type PowerDef, type PowerWorld } from './powers/contract.js';
import type { RumbleOptions } from './options.js';
import { heldWith, type HeldPower, type Hero, type RevealChoice, type RumbleState } from './types.js';
import { cachedPowerInfo, powerInfo, type IndexedHook, type PowerInfo } from './legality.js';

/** An array type made writable at the top level (`readonly X[]` → `X[]`). */
type Writable<T> = T extends readonly (infer E)[] ? E[] : T;
/** The round's data fields of `PowerWorld` that the context keeps as declared there (declared once: contract.ts), writable. */
type WorldFields = {
  -readonly [K in Exclude<keyof PowerWorld, 'lib' | 'readings' | 'used'> as PowerWorld[K] extends (...args: never[]) => unknown ? never : K]: Writable<PowerWorld[K]>;
};
// Declaration merging: the class below gets these fields without declaring them again.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface RoundCtx extends WorldFields {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RoundCtx implements PowerWorld {
  lib: PowerLibrary;
  readings: RumbleOptions['readings'] = undefined as unknown as RumbleOptions['readings'];
  opts: RumbleOptions;
  readonly controller: number[];
  /** True once hero h's `powers`/`defs` are the context's to change (not the state's or the cache's). */
  private readonly powersOwned: boolean[];
  private readonly defsOwned: boolean[];
  /** Pooled arrays the lists are copied into when they change. */
  private readonly powersCopy: (HeldPower | null)[][];
  private readonly defsCopy: (PowerDef | null)[][];
  /**
   * Uses of each held power this round, [hero][power]. Only the entries of held powers
   * are reset and read: the array is not shortened (setting an array's length is slow).
   */
  readonly used: number[][];
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
  readonly dealtCount: number[];
  /** Energy changes wait in `pendingEnergy`/`pendingLost` (the round-end step, see `changeEnergy`). */
  private simultaneous = false;
  private readonly pendingEnergy: number[];
  private readonly pendingLost: number[];
  /** Depth of the damage chain being dealt (see `deal`). */
  private chain = 0;
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
    this.reducesDrain = false;
    this.totalDamage = 0;
    this.lib = undefined as unknown as PowerLibrary;
    this.opts = undefined as unknown as RumbleOptions;
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
export const NO_REVEALS: readonly (RevealChoice | undefined)[] = Object.freeze([]);

function copyInto<T>(to: T[], from: readonly T[]): T[] {
  if (to.length !== from.length) to.length = from.length;
  for (let i = 0; i < from.length; i++) to[i] = from[i]!;
  return to;
}

/** Free contexts per hero count. A round takes one and gives it back when its state is built. */
const ctxPool: RoundCtx[][] = [];

export function acquireCtx(s: RumbleState, reveals: readonly (RevealChoice | undefined)[], cacheNewLists = true): RoundCtx {
  const H = s.heroes.length;
  const free = ctxPool[H];
  const c = free && free.length ? free.pop()! : new RoundCtx(H);
  return c.reset(s, reveals, cacheNewLists);
}

export function releaseCtx(c: RoundCtx): void {
  (ctxPool[c.H] ??= []).push(c);
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function falses(n: number): boolean[] {
  return new Array<boolean>(n).fill(false);
}
