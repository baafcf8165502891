/**
 * What a power is to the engine: its auction traits, its cost (if it is used), its
 * numbers, and hooks called at fixed points of a round. Declarative power files compile
 * to this shape (vocabulary.ts); the few powers that data cannot express implement it in
 * TypeScript (coded.ts). Hooks get the round's scratch context and mutate only it.
 */
import type { RoundCtx, DamageEvent } from '../round.js';
import type { HeldPower, PowerUse } from '../types.js';

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

  roundStart?(c: RoundCtx, self: number, k: number): void;
  /** Stat changes once allocations are known. stage 0 adds, 1 multiplies, 2 overrides. */
  modify?(c: RoundCtx, self: number, k: number, stage: 0 | 1 | 2): void;
  /** Stat-like effect of each use (before attacks resolve). */
  prepareUse?(c: RoundCtx, self: number, k: number, use: PowerUse): void;
  /** Damage or energy effect of each use (after attacks resolve). */
  resolveUse?(c: RoundCtx, self: number, k: number, use: PowerUse): void;
  /** Unconditional resolution-time effects (Blood Rage, Weak Hands). */
  resolve?(c: RoundCtx, self: number, k: number): void;
  /** An attack against the holder, before Defense. */
  onAttacked?(c: RoundCtx, self: number, k: number, attacker: number, amount: number): void;
  beforeDeal?(c: RoundCtx, self: number, k: number, ev: DamageEvent): void;
  beforeTake?(c: RoundCtx, self: number, k: number, ev: DamageEvent): void;
  afterDeal?(c: RoundCtx, self: number, k: number, ev: DamageEvent): void;
  afterTake?(c: RoundCtx, self: number, k: number, ev: DamageEvent): void;
  roundEnd?(c: RoundCtx, self: number, k: number): void;
  /** The holder is at 0 or below: return true if the power saves it. */
  onEliminated?(c: RoundCtx, self: number, k: number): boolean;
}

/** A held power's Activate or Exhaust limit (undefined = no limit), params resolved. */
export function useLimit(def: PowerDef, held: HeldPower, which: 'activate' | 'exhaust'): number | undefined {
  const v = def.use?.[which];
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  return held.params[v] ?? def.params[v]?.value;
}

/** The value of a param of a held power (its override, else the definition's). */
export function param(c: RoundCtx, self: number, k: number, name: string): number {
  const held = c.powers[self]![k]!;
  const v = held.params[name];
  if (v !== undefined) return v;
  const spec = (c.defs[self]![k] ?? c.lib.get(held.id)).params[name];
  return spec ? spec.value : 0;
}
