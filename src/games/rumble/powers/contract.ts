/**
 * The power contract: what a power is to the engine (its auction traits, its cost if it
 * is used, its numbers, and hooks called at fixed points of a round) and the narrow view
 * of a round its hooks see (`PowerWorld`). Declarative power files compile to `PowerDef`
 * (vocabulary.ts, on the effect kernel in src/core/effects); the few powers that data
 * cannot express implement it in TypeScript (coded.ts). Nothing in powers/ imports the
 * round engine: round-resolution.ts's `RoundResolution` (a round's working data)
 * implements `PowerWorld`.
 */

/** One power a hero holds. `params` are the power's numbers (Expert Training may change them). */
export interface HeldPower {
  readonly id: string;
  /** Power Strength: the winning bid (0 for Flaws and fixed setups unless given). */
  readonly strength: number;
  readonly params: Readonly<Record<string, number>>;
  /** Times used in the whole game, counted for powers with an Exhaust N limit only. */
  readonly uses: number;
  /** A per-power counter (Doomsday Device's cumulative spend, Batman's words used...). */
  readonly acc: number;
  /** Round a "once" trigger last fired (0 = never). */
  readonly fired: number;
}

/** One costed power use chosen at Allocation (or Reveal for Drain costs). */
export interface PowerUse {
  /** Index into the hero's `powers`. */
  readonly power: number;
  /** X for "Spend X" / "Burn X" powers. */
  readonly x?: number;
  /** Target hero (or, for powers that target a power, the power index). */
  readonly target?: number;
  /** How many times (Activate N / repeated uses); default 1. */
  readonly times?: number;
  /** A second hero (Hypnotism: whom the hypnotised hero must attack). */
  readonly victim?: number;
}

/** One source of damage on its way to a hero; `amount` is changed by the hooks it passes. */
export interface DamageEvent {
  readonly src: number;
  readonly tgt: number;
  amount: number;
  readonly kind: 'attack' | 'power';
  readonly blockable: boolean;
}

/**
 * What coded powers (coded.ts) note during a round, one number per hero each: fixed
 * slots rather than a Map keyed by strings, so a note builds no key and a round forgets
 * them all with one fill.
 */
export const NOTE = { lizardDna: 0, rayGun: 1, javalin: 2, brainswap: 3 } as const;
export type NoteKind = (typeof NOTE)[keyof typeof NOTE];
export const NOTE_KINDS = 4;

/**
 * The round as power hooks see it: per-hero numbers indexed by hero (attacks flat,
 * `atk[from * H + to]`), the few counters powers change, and the operations that keep
 * the round consistent (dealing damage runs everyone's damage hooks; power lists change
 * only through `discard`/`give`/`update`/`setPowers`). Hooks never see the state, the
 * options or the caches of the engine.
 */
export interface PowerWorld {
  readonly H: number;
  readonly round: number;
  readonly lib: { get(id: string): PowerDef };
  // What happened this round (read by conditions and numbers).
  readonly energy: number[];
  readonly startEnergy: readonly number[];
  readonly alive: readonly boolean[];
  /**
   * Held powers per hero; `null` marks a power discarded this round. Change them only
   * through `discard`/`give`/`update`/`setPowers`, and re-read `powers[h]`/`defs[h]` after
   * running a hook (the round may have copied the list).
   */
  readonly powers: readonly (readonly (HeldPower | null)[])[];
  /** The definition of each held power, parallel to `powers` (null once discarded). */
  readonly defs: readonly (readonly (PowerDef | null)[])[];
  /** Attack total allocated last round. */
  readonly lastAttack: readonly number[];
  readonly allocatedAttack: readonly number[];
  readonly attackTargets: readonly number[];
  /** Defense as allocated (before powers). */
  readonly baseDef: readonly number[];
  /** Defense after all powers, before attacks use it up. */
  readonly fullDef: readonly number[];
  /** Uses of each held power this round, [hero][power] (only held powers' entries are meaningful). */
  readonly used: readonly (readonly number[])[];
  readonly powersUsed: readonly number[];
  readonly takenCount: readonly number[];
  readonly damageTaken: readonly number[];
  readonly damageDealt: readonly number[];
  readonly totalDamage: number;
  readonly energyLost: readonly number[];
  /** Each hero's Spend/Burn cost reduction (Technical Training), and whether it also reduces Drain. */
  readonly costReduction: readonly number[];
  readonly reducesDrain: boolean;
  /** Literal readings chosen in the options (`readings`). */
  readonly readings: { readonly batmanCaptions: 'own' | 'any'; readonly clockworkBeing: 'rays' | 'clockwork'; readonly plasticOoze: 'landed' | 'allocated' };
  /** Attacks as allocated this round (after Reveal changes, before any power), flat [from * H + to]. */
  readonly allocAtk: readonly number[];
  // What powers change (stats before attacks resolve, marks read at the round's end).
  /** Effective attacks, flat [from * H + to]. */
  readonly atk: number[];
  /** Unblockable attack points on top of `atk` (Javalin), flat [from * H + to]. */
  readonly extraUnblockable: number[];
  readonly def: number[];
  readonly vulnerable: number[];
  readonly ignoreBelow: number[];
  readonly pierce: boolean[];
  readonly nullBy: boolean[];
  readonly nullAgainst: boolean[];
  readonly preventAll: boolean[];
  readonly nextDefPenalty: number[];
  /** Defense set outright (lowest wins), applied after all other changes; -1 = none. */
  readonly defenseSet: number[];
  readonly nextBan: boolean[];
  readonly bleed: number[][];
  readonly forced: (readonly number[])[];
  readonly doomRound: number[];
  readonly altWin: boolean[];
  readonly mustLose: boolean[];
  readonly cannotLose: boolean[];
  noted(kind: NoteKind, hero: number): number;
  note(kind: NoteKind, hero: number, value: number): void;
  /**
   * The holder's Reveal choice for its power `k` (about hero `of`, for choices about
   * another hero's powers), or undefined: the power then takes its default (picks.ts).
   */
  pick(hero: number, k: number, of?: number): number | undefined;
  hasPower(hero: number, id: string): number;
  powerCount(hero: number): number;
  opponents(hero: number): number[];
  attackTotal(hero: number): number;
  gain(hero: number, amount: number): void;
  lose(hero: number, amount: number): void;
  deal(src: number, tgt: number, amount: number, kind: 'attack' | 'power', blockable?: boolean): void;
  update(hero: number, k: number, patch: Partial<Pick<HeldPower, 'uses' | 'acc' | 'fired'>>): void;
  discard(hero: number, k: number): void;
  give(hero: number, p: HeldPower): void;
  setPowers(hero: number, ps: HeldPower[]): void;
  /** Swaps two heroes' Energy (round-end changes still pending included). */
  swapEnergy(a: number, b: number): void;
}


/** A cost amount: a number, a parameter name, or 'X' (chosen by the user). */
export type CostAmount = number | string;

export interface UseSpec {
  readonly spend?: CostAmount;
  readonly burn?: CostAmount;
  readonly drain?: CostAmount;
  /** Uses per round at most (Activate N): a number or a param name. */
  readonly activate?: CostAmount;
  /** Uses per game at most (Exhaust N): a number or a param name. */
  readonly exhaust?: CostAmount;
  /** What a use targets: nothing, a hero, or one of the user's own powers. */
  readonly target: 'none' | 'hero' | 'opponent' | 'ownPower';
  /** When the use is chosen: secretly at Allocation or at Reveal (Drain, free powers). */
  readonly phase: 'allocation' | 'reveal';
}

export interface ParamSpec {
  readonly value: number;
  /** Which way helps the holder (Expert Training halves or doubles to help). */
  readonly better: 'higher' | 'lower';
}

export interface PowerDef {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly flaw: boolean;
  /** Curse: the winner gives it to an opponent (Blood Rage, Weak Hands). */
  readonly curse: boolean;
  /** Acts on every hero (Psuedonite): worth bidding on just to discard it. */
  readonly environmental?: boolean;
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly use?: UseSpec;
  /** A rough value in Energy for bidders before any study (heuristic prior). */
  readonly prior: number;
  /** Where it comes from: 'data' (a power file) or 'code'. */
  readonly source: 'data' | 'code';
  /** An effect applied when the power is won at auction (handled by auction.ts). */
  readonly onWin?: 'sidekick' | 'expert-training' | 'alternate-universe' | 'pure-energy';
  /** Zypher: its use redirects powers that target the holder to `use.target`. */
  readonly redirects?: boolean;
  /** The holder may keep Energy back at Allocation and assign it at Reveal (Precognition). */
  readonly precognition?: boolean;
  /** The holder may move Attack to Defense at Reveal when it used this power (Quick Reflexes). */
  readonly reflex?: boolean;
  /** A param by which the holder's Spend and Burn costs are reduced (Technical Training). */
  readonly costReduction?: string;

  roundStart?(c: PowerWorld, self: number, k: number): void;
  /** Stat changes once allocations are known. stage 0 adds, 1 multiplies, 2 overrides. */
  modify?(c: PowerWorld, self: number, k: number, stage: 0 | 1 | 2): void;
  /** Stat-like effect of each use (before attacks resolve). */
  prepareUse?(c: PowerWorld, self: number, k: number, use: PowerUse): void;
  /** Damage or energy effect of each use (after attacks resolve). */
  resolveUse?(c: PowerWorld, self: number, k: number, use: PowerUse): void;
  /** Unconditional resolution-time effects (Blood Rage, Weak Hands). */
  resolve?(c: PowerWorld, self: number, k: number): void;
  /** An attack against the holder, before Defense. */
  onAttacked?(c: PowerWorld, self: number, k: number, attacker: number, amount: number): void;
  beforeDeal?(c: PowerWorld, self: number, k: number, ev: DamageEvent): void;
  beforeTake?(c: PowerWorld, self: number, k: number, ev: DamageEvent): void;
  afterDeal?(c: PowerWorld, self: number, k: number, ev: DamageEvent): void;
  afterTake?(c: PowerWorld, self: number, k: number, ev: DamageEvent): void;
  roundEnd?(c: PowerWorld, self: number, k: number): void;
  /** The holder is at 0 or below: return true if the power saves it. */
  onEliminated?(c: PowerWorld, self: number, k: number): boolean;
}

/** A held power's Activate or Exhaust limit (undefined = no limit), params resolved. */
export function useLimit(def: PowerDef, held: HeldPower, which: 'activate' | 'exhaust'): number | undefined {
  const v = def.use?.[which];
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  return held.params[v] ?? def.params[v]?.value;
}

/** The value of a param of a held power (its override, else the definition's). */
export function param(c: PowerWorld, self: number, k: number, name: string): number {
  const held = c.powers[self]![k]!;
  const v = held.params[name];
  if (v !== undefined) return v;
  const spec = (c.defs[self]![k] ?? c.lib.get(held.id)).params[name];
  return spec ? spec.value : 0;
}

/**
 * Energy a hero actually pays for one use of its power `k` (Spend + Burn + Drain after
 * cost reductions): Doomsday Device counts this, so a discounted X = 5 at cost 0 counts 0.
 */
export function paidFor(c: PowerWorld, self: number, k: number, use: PowerUse | undefined): number {
  const d = c.defs[self]![k] ?? (c.powers[self]![k] ? c.lib.get(c.powers[self]![k]!.id) : null);
  if (!d || !d.use) return 0;
  const red = c.costReduction[self]!;
  const amount = (a: CostAmount | undefined) => {
    if (a === undefined) return 0;
    if (typeof a === 'number') return a;
    if (a === 'X') return use?.x ?? 0;
    return param(c, self, k, a);
  };
  return Math.max(0, amount(d.use.spend) - red) * (d.use.spend === undefined ? 0 : 1) + Math.max(0, amount(d.use.burn) - red) * (d.use.burn === undefined ? 0 : 1) + Math.max(0, amount(d.use.drain) - (c.reducesDrain ? red : 0)) * (d.use.drain === undefined ? 0 : 1);
}
