/**
 * `RoundResolution`: the working data of one round's Resolution (or of a round start's
 * powers) — what the power hooks read and change through `PowerWorld` (powers/contract.ts):
 * flat arrays of Energy, Attack, Defense and round marks per hero, the held power lists as
 * the round changes them, damage counts and coded powers' notes, and the one place Energy
 * changes, damage is dealt and hooks are run. It is a value of the step that resolves the
 * round (`resolveRound`, `startRound`), built from the state for it and dropped when the
 * step returns — TAG's extended action, boardgame.io's `ctx` within a move: nothing in it
 * is shared between calls or outlives its step, so a resolution run inside another (a
 * search leaf's `afterDefaultReveal` while a round is resolved) is safe by construction.
 * What the next state keeps is written onto the flow's draft by `finishRound` (round-end.ts).
 *
 * Cheap to build, because a round is built per search iteration: arrays are copied from
 * per-hero-count templates (`slice` of a packed array), marks that only some powers set
 * (`Marks`) are allocated on their first write, a hero's power lists and uses are the
 * state's until a hook changes them (copy on write), and the attack step's scratch is
 * Resolution's own (resolution.ts). No power rolls dice, so it holds none: the game's one
 * seeded draw is the auction's (auction.ts, the core's `random(d)`); a power that rolled
 * would draw the flow step's dice the same way (and evaluate's `afterDefaultReveal`,
 * which resolves a round outside any step, would need one).
 */
import type { PowerLibrary } from './powers/library.js';
import { NOTE_KINDS, type DamageEvent, type NoteKind, type PowerDef, type PowerWorld } from './powers/contract.js';
import type { RumbleOptions } from './options.js';
import { heldWith, type HeldPower, type RevealChoice, type RumbleState } from './types.js';
import { cachedPowerInfo, powerInfo, type IndexedHook, type PowerInfo } from './legality.js';

/**
 * The round's marks that only some powers set: null until the first write through their
 * `PowerWorld` getter (which allocates them, all zero / false / -1 / empty), so a round
 * without such powers allocates none. Engine code reads them here (null = nobody marked).
 * Their types are `PowerWorld`'s, declared once (contract.ts).
 */
type MarkName =
  | 'vulnerable' | 'ignoreBelow' | 'pierce' | 'nullBy' | 'nullAgainst' | 'preventAll' | 'nextDefPenalty'
  | 'defenseSet' | 'nextBan' | 'bleed' | 'forced' | 'altWin' | 'mustLose' | 'cannotLose' | 'extraUnblockable';
export type Marks = { -readonly [K in MarkName]: Writable<PowerWorld[K]> | null };

/** True if hero `h` carries the boolean mark `m` (null: nobody does). */
export function marked(m: readonly boolean[] | null, h: number): boolean {
  return m !== null && m[h] === true;
}

/** An array type made writable at the top level (`readonly X[]` → `X[]`). */
type Writable<T> = T extends readonly (infer E)[] ? E[] : T;
/**
 * The round's data fields of `PowerWorld` the resolution keeps as plain fields, as declared
 * there (declared once: contract.ts), writable; the marks are getters (`Marks`).
 */
type WorldFields = {
  -readonly [K in Exclude<keyof PowerWorld, 'lib' | 'readings' | 'used' | 'powers' | 'defs' | MarkName> as PowerWorld[K] extends (...args: never[]) => unknown ? never : K]: Writable<PowerWorld[K]>;
};
// Declaration merging: the class below gets these fields without declaring them again.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface RoundResolution extends WorldFields {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RoundResolution implements PowerWorld {
  readonly lib: PowerLibrary;
  readonly readings: RumbleOptions['readings'];
  readonly controller: number[];
  /** Each hero's held powers and their definitions (the state's and the cache's until changed: see `ownPowers`). */
  readonly powers: (readonly (HeldPower | null)[])[];
  readonly defs: (readonly (PowerDef | null)[])[];
  /** Per hero: `OWN_POWERS`/`OWN_DEFS`/`OWN_USED` once that list is this round's copy, `RESHAPED` once powers were discarded, given or replaced (not only counted). */
  private readonly flags: number[];
  /**
   * Uses of each held power this round, [hero][power]: a shared row of zeros until the
   * hero's first use (`addUses`). Only held powers' entries are meaningful.
   */
  readonly used: number[][];
  /** Each hero's power-list info and its defs array as set at the round start (null: no cached info). */
  readonly info: (PowerInfo | null)[];
  readonly resetDefs: (readonly (PowerDef | null)[] | null)[];
  /** Holds a power that redirects uses (Zypher), from the per-list cache. */
  readonly redirects: boolean[];
  readonly dealtCount: number[];
  readonly marks: Marks;
  /** Energy changes wait in `pendingEnergy`/`pendingLost` during the round-end step (see `changeEnergy`). */
  private pendingEnergy: number[] | null = null;
  private pendingLost: number[] | null = null;
  /** Depth of the damage chain being dealt (see `deal`). */
  private chain = 0;
  /** Per-round notes of coded powers: notes[kind * H + hero], 0 = nothing noted (see `NOTE`); null until the first note. */
  private notes: number[] | null = null;
  /** Each hero's Reveal choices (picks, block order and exact blocks: attack-blocking.ts). */
  readonly reveals: readonly (RevealChoice | undefined)[];

  /**
   * The working data of a round of `s` with the Reveal choices `reveals`.
   * `cacheNewLists` false: a power list with no cached info gets none (round start: lists
   * there are often new and short-lived, and a cache entry per new list costs more in GC
   * than it saves; definitions then come from the library).
   */
  constructor(s: RumbleState, reveals: readonly (RevealChoice | undefined)[], cacheNewLists = true) {
    const H = s.heroes.length;
    const t = templates(H);
    this.H = H;
    this.round = s.round;
    this.lib = s.lib;
    this.reducesDrain = s.opts.costReductionOnDrain;
    this.readings = s.opts.readings;
    this.totalDamage = 0;
    this.reveals = reveals;
    this.energy = t.zeros.slice();
    this.startEnergy = t.zeros.slice();
    this.alive = t.falses.slice();
    this.controller = t.zeros.slice();
    this.lastAttack = t.zeros.slice();
    this.doomRound = t.zeros.slice();
    this.costReduction = t.zeros.slice();
    this.redirects = t.falses.slice();
    this.flags = t.zeros.slice();
    this.powers = t.nulls.slice() as unknown as (readonly (HeldPower | null)[])[];
    this.defs = t.nulls.slice() as unknown as (readonly (PowerDef | null)[])[];
    this.info = t.nulls.slice() as (PowerInfo | null)[];
    this.resetDefs = t.nulls.slice() as (readonly (PowerDef | null)[] | null)[];
    this.used = t.nulls.slice() as unknown as number[][];
    this.atk = t.pairs.slice();
    this.allocAtk = t.pairs.slice();
    this.def = t.zeros.slice();
    this.baseDef = t.zeros.slice();
    this.fullDef = t.zeros.slice();
    this.allocatedAttack = t.zeros.slice();
    this.attackTargets = t.zeros.slice();
    this.powersUsed = t.zeros.slice();
    this.takenCount = t.zeros.slice();
    this.dealtCount = t.zeros.slice();
    this.damageTaken = t.zeros.slice();
    this.damageDealt = t.zeros.slice();
    this.energyLost = t.zeros.slice();
    this.marks = {
      vulnerable: null, ignoreBelow: null, pierce: null, nullBy: null, nullAgainst: null, preventAll: null, nextDefPenalty: null,
      defenseSet: null, nextBan: null, bleed: null, forced: null, altWin: null, mustLose: null, cannotLose: null, extraUnblockable: null,
    };
    for (let h = 0; h < H; h++) {
      const hero = s.heroes[h]!;
      this.energy[h] = hero.energy;
      this.startEnergy[h] = hero.energy;
      this.alive[h] = hero.alive;
      this.controller[h] = hero.controller;
      this.lastAttack[h] = hero.lastAttack;
      this.doomRound[h] = hero.doomRound;
      // The state's list and the cached definitions, shared until a power changes;
      // definitions from the per-power-list cache, or (round start) from the library
      // unless already cached.
      this.powers[h] = hero.powers;
      this.used[h] = hero.powers.length <= ZERO_USES.length ? (ZERO_USES as number[]) : new Array<number>(hero.powers.length).fill(0);
      // (A hero without powers needs no lookup: most heroes of most tables.)
      if (hero.powers.length === 0) {
        this.defs[h] = NO_DEFS;
        continue;
      }
      const info = cacheNewLists ? powerInfo(s, h) : cachedPowerInfo(s, h);
      if (info) {
        this.costReduction[h] = info.costReduction;
        this.redirects[h] = info.redirects;
        this.defs[h] = info.defs;
        this.info[h] = info;
        this.resetDefs[h] = info.defs;
      } else {
        const defs: (PowerDef | null)[] = [];
        for (let k = 0; k < hero.powers.length; k++) defs.push(s.lib.get(hero.powers[k]!.id));
        this.defs[h] = defs;
        this.flags[h] = OWN_DEFS;
      }
    }
  }

  // The marks (`Marks`), allocated on first use through `PowerWorld`.
  get vulnerable(): number[] {
    return (this.marks.vulnerable ??= templates(this.H).zeros.slice());
  }
  get ignoreBelow(): number[] {
    return (this.marks.ignoreBelow ??= templates(this.H).zeros.slice());
  }
  get pierce(): boolean[] {
    return (this.marks.pierce ??= templates(this.H).falses.slice());
  }
  get nullBy(): boolean[] {
    return (this.marks.nullBy ??= templates(this.H).falses.slice());
  }
  get nullAgainst(): boolean[] {
    return (this.marks.nullAgainst ??= templates(this.H).falses.slice());
  }
  get preventAll(): boolean[] {
    return (this.marks.preventAll ??= templates(this.H).falses.slice());
  }
  get nextDefPenalty(): number[] {
    return (this.marks.nextDefPenalty ??= templates(this.H).zeros.slice());
  }
  get defenseSet(): number[] {
    return (this.marks.defenseSet ??= templates(this.H).minusOnes.slice());
  }
  get nextBan(): boolean[] {
    return (this.marks.nextBan ??= templates(this.H).falses.slice());
  }
  get bleed(): number[][] {
    if (this.marks.bleed === null) {
      const b: number[][] = [];
      for (let h = 0; h < this.H; h++) b.push([]);
      this.marks.bleed = b;
    }
    return this.marks.bleed;
  }
  get forced(): (readonly number[])[] {
    return (this.marks.forced ??= templates(this.H).noForced.slice());
  }
  get altWin(): boolean[] {
    return (this.marks.altWin ??= templates(this.H).falses.slice());
  }
  get mustLose(): boolean[] {
    return (this.marks.mustLose ??= templates(this.H).falses.slice());
  }
  get cannotLose(): boolean[] {
    return (this.marks.cannotLose ??= templates(this.H).falses.slice());
  }
  get extraUnblockable(): number[] {
    return (this.marks.extraUnblockable ??= templates(this.H).pairs.slice());
  }

  /** True if hero `h`'s powers were discarded, given or replaced this round (not only counted). */
  reshaped(h: number): boolean {
    return (this.flags[h]! & RESHAPED) !== 0;
  }

  /** Counts `times` uses of hero `h`'s power `k` (Resolution's step 1). */
  addUses(h: number, k: number, times: number): void {
    this.ownUsed(h)[k]! += times;
    this.powersUsed[h]! += times;
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
    return this.notes === null ? 0 : this.notes[kind * this.H + hero]!;
  }

  /** Notes a nonzero number for `hero` until the round ends (0 forgets it). */
  note(kind: NoteKind, hero: number, value: number): void {
    (this.notes ??= new Array<number>(NOTE_KINDS * this.H).fill(0))[kind * this.H + hero] = value;
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
    if (this.pendingEnergy !== null) {
      this.pendingEnergy[hero]! += delta;
      this.pendingLost![hero]! += lost;
    } else {
      this.energy[hero]! += delta;
      this.energyLost[hero]! += lost;
    }
  }

  beginSimultaneous(): void {
    this.pendingEnergy = templates(this.H).zeros.slice();
    this.pendingLost = templates(this.H).zeros.slice();
  }

  endSimultaneous(): void {
    const pe = this.pendingEnergy!;
    const pl = this.pendingLost!;
    this.pendingEnergy = null;
    this.pendingLost = null;
    for (let h = 0; h < this.H; h++) {
      this.energy[h]! += pe[h]!;
      this.energyLost[h]! += pl[h]!;
    }
  }

  /** Swaps two heroes' Energy, changes still pending included (Brainswap: after every round-end effect). */
  swapEnergy(a: number, b: number): void {
    const e = this.energy[a]!;
    this.energy[a] = this.energy[b]!;
    this.energy[b] = e;
    const pe = this.pendingEnergy;
    if (pe === null) return;
    const p = pe[a]!;
    pe[a] = pe[b]!;
    pe[b] = p;
  }

  /** Changes a held power's counters (a new object: the old one may belong to a state). */
  update(hero: number, k: number, patch: Partial<Pick<HeldPower, 'uses' | 'acc' | 'fired'>>): void {
    const p = this.powers[hero]![k];
    if (p) this.ownPowers(hero)[k] = heldWith(p, patch);
  }

  discard(hero: number, k: number): void {
    this.flags[hero]! |= RESHAPED;
    this.ownPowers(hero)[k] = null;
    this.ownDefs(hero)[k] = null;
  }

  give(hero: number, p: HeldPower): void {
    const k = this.powers[hero]!.length;
    this.flags[hero]! |= RESHAPED;
    this.ownPowers(hero).push(p);
    this.ownDefs(hero).push(this.lib.get(p.id));
    this.ownUsed(hero)[k] = 0;
  }

  /** Replaces a hero's whole power list (Brainswap). */
  setPowers(hero: number, ps: HeldPower[]): void {
    this.powers[hero] = ps;
    this.defs[hero] = ps.map((p) => this.lib.get(p.id));
    this.used[hero] = new Array<number>(ps.length).fill(0);
    this.flags[hero]! |= RESHAPED | OWN_POWERS | OWN_DEFS | OWN_USED;
  }

  /** Hero `hero`'s power list, copied from the state's before its first change. */
  private ownPowers(hero: number): (HeldPower | null)[] {
    if ((this.flags[hero]! & OWN_POWERS) === 0) {
      this.powers[hero] = this.powers[hero]!.slice();
      this.flags[hero]! |= OWN_POWERS;
    }
    return this.powers[hero] as (HeldPower | null)[];
  }

  /**
   * Hero `hero`'s definitions, copied from the cache's before their first change. A copy
   * of the round-start list stays that list for `hookIndices` (same entries, same indices).
   */
  private ownDefs(hero: number): (PowerDef | null)[] {
    if ((this.flags[hero]! & OWN_DEFS) === 0) {
      const fromStart = this.defs[hero] === this.resetDefs[hero];
      this.defs[hero] = this.defs[hero]!.slice();
      if (fromStart) this.resetDefs[hero] = this.defs[hero]!;
      this.flags[hero]! |= OWN_DEFS;
    }
    return this.defs[hero] as (PowerDef | null)[];
  }

  /** Hero `hero`'s uses this round, a row of its own before its first count. */
  private ownUsed(hero: number): number[] {
    if ((this.flags[hero]! & OWN_USED) === 0) {
      const row: number[] = [];
      for (let k = 0; k < this.powers[hero]!.length; k++) row.push(0);
      this.used[hero] = row;
      this.flags[hero]! |= OWN_USED;
    }
    return this.used[hero]!;
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
    const vulnerable = this.marks.vulnerable;
    amount = Math.round(amount + (vulnerable === null ? 0 : vulnerable[tgt]!));
    if (blockable) {
      const blocked = Math.min(this.def[tgt]!, amount);
      this.def[tgt]! -= blocked;
      amount -= blocked;
    }
    if (amount <= 0 || (this.marks.preventAll !== null && this.marks.preventAll[tgt])) return;
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
    const vulnerable = this.marks.vulnerable;
    if (vulnerable !== null && vulnerable[tgt]! > 0) ev.amount += vulnerable[tgt]!;
    // Energy is whole: a halved or fractional bonus (a power file's `damageBonus: 0.5`) is rounded.
    ev.amount = Math.round(ev.amount);
    if (blockable) {
      const blocked = Math.min(this.def[tgt]!, ev.amount);
      this.def[tgt]! -= blocked;
      ev.amount -= blocked;
    }
    if (ev.amount <= 0) return;
    this.takenCount[tgt]!++;
    if (this.marks.preventAll !== null && this.marks.preventAll[tgt]) return;
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
const NO_DEFS: readonly (PowerDef | null)[] = Object.freeze([]);
/** Uses before a hero's first (read-only: `ownUsed` copies it); a hero holding more powers gets its own row. */
const ZERO_USES: readonly number[] = Object.freeze(new Array<number>(64).fill(0));

/** `RoundResolution.flags` bits. */
const OWN_POWERS = 1;
const OWN_DEFS = 2;
const OWN_USED = 4;
const RESHAPED = 8;

/**
 * Immutable arrays a round's arrays are copied from (`slice` of a packed array is one
 * allocation and a copy), per hero count: built once, never written.
 */
interface Templates {
  readonly zeros: readonly number[];
  readonly minusOnes: readonly number[];
  readonly falses: readonly boolean[];
  readonly nulls: readonly null[];
  readonly noForced: readonly (readonly number[])[];
  /** Zeros per pair of heroes, flat [from * H + to]. */
  readonly pairs: readonly number[];
}
const TEMPLATES: Templates[] = [];

function templates(H: number): Templates {
  return TEMPLATES[H] ?? (TEMPLATES[H] = makeTemplates(H));
}

function makeTemplates(H: number): Templates {
  // Built by push, so each is a packed array (its copies too).
  const zeros: number[] = [];
  const minusOnes: number[] = [];
  const falses: boolean[] = [];
  const nulls: null[] = [];
  const noForced: (readonly number[])[] = [];
  const pairs: number[] = [];
  for (let h = 0; h < H; h++) {
    zeros.push(0);
    minusOnes.push(-1);
    falses.push(false);
    nulls.push(null);
    noForced.push(NO_FORCED);
  }
  for (let i = 0; i < H * H; i++) pairs.push(0);
  return Object.freeze({ zeros, minusOnes, falses, nulls, noForced, pairs });
}
