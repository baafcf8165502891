/**
 * The gladiator-duel state: two small per-gladiator records and a handful of turn
 * fields, plus a shared, frozen `rules` object compiled once per option set (arena
 * tables, costs, modifiers). Transitions copy only what changes.
 */
import { Dice } from '../../core/dice.js';
import { HexArena } from '../../core/hex.js';
import type { RngState } from '../../core/rng.js';
import { GLADIATOR_TYPES, type DuelOptions } from './options.js';

/** Gladiator types as small integers (index into GLADIATOR_TYPES). */
export const HEAVY = 0;
export const MEDIUM = 1;
export const LIGHT = 2;
export const RETIARIUS = 3;

export interface Gladiator {
  /** HEAVY, MEDIUM, LIGHT or RETIARIUS. */
  readonly type: number;
  /** Arena cell index. */
  readonly cell: number;
  /** Absolute direction (0..5, see core/hex.ts) of the front hexside. */
  readonly facing: number;
  readonly strength: number;
  readonly startStrength: number;
  /** Still holds his shield (or, for a Retiarius, his net). */
  readonly shield: boolean;
  /** Weapon (sword or trident) not broken. */
  readonly armed: boolean;
  readonly ensnared: boolean;
  /** Owes the off-balance AP penalty at his next AP roll. */
  readonly offBalance: boolean;
}

/** Why a fight ended. */
export const END_NONE = 0;
export const END_DECKED = 1;
export const END_HELPLESS = 2;
export const END_DEAD = 3;
export const END_TURN_CAP = 4;
export const END_NAMES = ['none', 'decked', 'helpless', 'dead', 'turn cap'] as const;

/** Result codes: ongoing, a winning seat, or a draw. */
export const ONGOING = -1;
export const DRAW = 2;

/** Option-derived constants shared by every state of one game (frozen, plain data). */
export interface Rules {
  readonly options: DuelOptions;
  readonly cols: number;
  readonly rows: number;
  readonly size: number;
  /** neighbor[cell * 6 + dir]: the adjacent cell or -1 at the wall. */
  readonly neighbor: readonly number[];
  /** dist[a * size + b]: hex distance. */
  readonly dist: readonly number[];
  /** For cells two apart: 1 when a straight line between them crosses only arena hexes. */
  readonly gapLine: readonly number[];
  /** AP modifier per type (HEAVY..RETIARIUS). */
  readonly typeAp: readonly number[];
  /** Save target per type with shield (7 = none). */
  readonly saveWith: readonly number[];
  /** Save target per type without shield. */
  readonly saveWithout: readonly number[];
}

export interface DuelState {
  readonly rules: Rules;
  readonly g0: Gladiator;
  readonly g1: Gladiator;
  /** Seat to move (meaningless once the fight is over). */
  readonly current: number;
  /** Action points left this turn. */
  readonly ap: number;
  /** The gladiator to move has struck this turn. */
  readonly struck: boolean;
  /** Turns begun so far (1 during the first turn). */
  readonly turn: number;
  /** The state's own random stream. */
  readonly rng: RngState;
  /** ONGOING, winning seat 0/1, or DRAW. */
  readonly result: number;
  /** END_* reason. */
  readonly end: number;
  /** Decisions taken. */
  readonly moves: number;
  readonly firstMover: number;
  /** Mob's verdict on a helpless/decked loser with mobThumbs 'roll': 1 up, 0 down, -1 none. */
  readonly spared: number;
}

export function gladiatorOf(s: DuelState, seat: number): Gladiator {
  return seat === 0 ? s.g0 : s.g1;
}

const rulesCache = new Map<string, Rules>();

/** Compiles (and caches) the shared tables for one option set. */
export function compileRules(options: DuelOptions): Rules {
  const key = JSON.stringify(options);
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const { cols, rows } = options.arena;
  const arena = new HexArena(cols, rows);
  const size = arena.size;
  const neighbor = Array.from(arena.neighbor);
  const dist: number[] = new Array(size * size);
  const gapLine: number[] = new Array(size * size).fill(0);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      const d = arena.distance(a, b);
      dist[a * size + b] = d;
      if (d === 2 && arena.lineOfSight(a, b)) gapLine[a * size + b] = 1;
    }
  }
  const s = options.saves;
  const rules: Rules = Object.freeze({
    options,
    cols,
    rows,
    size,
    neighbor: Object.freeze(neighbor),
    dist: Object.freeze(dist),
    gapLine: Object.freeze(gapLine),
    typeAp: Object.freeze([options.heavyApModifier, 0, options.lightApBonus, 0]),
    saveWith: Object.freeze([s.heavy, s.medium, s.light, s.retiarius]),
    // No shield: a Heavy saves as a Medium, a Medium (and a Light) gets none. The
    // Retiarius's net is not armour, so his save does not depend on it.
    saveWithout: Object.freeze([s.medium, 7, 7, s.retiarius]),
  });
  if (rulesCache.size > 256) rulesCache.clear();
  rulesCache.set(key, rules);
  return rules;
}

/** 0 healthy, 1 lightly wounded, 2 badly wounded. */
export function woundLevel(rules: Rules, g: Gladiator): number {
  const w = rules.options.wounds;
  if (g.strength <= Math.floor(w.badlyAt * g.startStrength)) return 2;
  if (g.strength <= Math.floor(w.lightlyAt * g.startStrength)) return 1;
  return 0;
}

/** AP rolled at the start of a turn: 1d6 + modifiers, never below 0. */
export function rollAp(rules: Rules, g: Gladiator, roll: number): number {
  const o = rules.options.ap;
  let ap = roll + rules.typeAp[g.type]!;
  const wound = woundLevel(rules, g);
  if (wound === 2) ap -= o.badlyWounded;
  else if (wound === 1) ap -= o.lightlyWounded;
  if (g.ensnared) ap -= o.ensnared;
  if (g.offBalance) ap -= o.offBalance;
  return ap < 0 ? 0 : ap;
}

/** A fresh gladiator record. */
export function makeGladiator(type: number, cell: number, facing: number, strength: number): Gladiator {
  return { type, cell, facing, strength, startStrength: strength, shield: true, armed: true, ensnared: false, offBalance: false };
}

/**
 * The opening position: both on the middle row, `startDistance` apart and centred,
 * seat 0 on the west facing east, seat 1 facing west. Strengths (2d6 unless fixed),
 * the first mover (1d6 each, ties reroll) and his AP are rolled from `seed`.
 */
export function setupState(options: DuelOptions, seed: number): DuelState {
  const rules = compileRules(options);
  const dice = new Dice(seed | 0);
  const row = Math.floor(rules.rows / 2);
  const gap = options.arena.startDistance;
  const left = Math.floor((rules.cols - 1 - gap) / 2);
  const cellA = row * rules.cols + left;
  const cellB = cellA + gap;
  const strengths = options.gladiators.map((g) => (g.strength === 'roll' ? dice.sum(2, 6) : g.strength));
  const types = options.gladiators.map((g) => GLADIATOR_TYPES.indexOf(g.type));
  const g0 = makeGladiator(types[0]!, cellA, 0, strengths[0]!);
  const g1 = makeGladiator(types[1]!, cellB, 3, strengths[1]!);
  let first: number;
  if (options.firstMover === 'roll') {
    let a = 0;
    let b = 0;
    while (a === b) {
      a = dice.d(6);
      b = dice.d(6);
    }
    first = a > b ? 0 : 1;
  } else {
    first = options.firstMover;
  }
  const ap = rollAp(rules, first === 0 ? g0 : g1, dice.d(6));
  return {
    rules,
    g0,
    g1,
    current: first,
    ap,
    struck: false,
    turn: 1,
    rng: dice.state,
    result: ONGOING,
    end: END_NONE,
    moves: 0,
    firstMover: first,
    spared: -1,
  };
}
