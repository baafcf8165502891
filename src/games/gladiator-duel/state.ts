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

/**
 * Option-derived constants shared by every state of one game, compiled once per option
 * set. The hot path reads flat numbers and typed arrays here (not nested option objects
 * or frozen JS arrays, which V8 loads through slower generic paths). The tables are
 * never written after compilation; typed arrays cannot be frozen, so deep-freeze
 * helpers skip them.
 */
export interface Rules {
  readonly options: DuelOptions;
  readonly cols: number;
  readonly rows: number;
  readonly size: number;
  /** neighbor[cell * 6 + dir]: the adjacent cell or -1 at the wall. */
  readonly neighbor: Int16Array;
  /** dist[a * size + b]: hex distance. */
  readonly dist: Int16Array;
  /** For cells two apart: 1 when the net can fly between them (some arena hex is adjacent to both). */
  readonly gapLine: Uint8Array;
  /**
   * stepDirs[me * size + foe]: bit d set when a gladiator on `me` may step in absolute
   * direction d with his foe on `foe` (inside the arena, not onto the foe, zone of control).
   */
  readonly stepDirs: Uint8Array;
  /** AP modifier per type (HEAVY..RETIARIUS). */
  readonly typeAp: Int8Array;
  /** Save target per type with shield (7 = none). */
  readonly saveWith: Int8Array;
  /** Save target per type without shield. */
  readonly saveWithout: Int8Array;
  /** lightlyAt[start] / badlyAt[start]: the strength at or below which a gladiator who started with `start` is lightly / badly wounded. */
  readonly lightlyAt: Int16Array;
  readonly badlyAt: Int16Array;
  // AP costs (options.costs) and AP penalties (options.ap), flattened.
  readonly forwardStep: number;
  readonly otherStep: number;
  readonly pivot: number;
  readonly strike: number;
  readonly castNet: number;
  readonly escapeNet: number;
  readonly apLightly: number;
  readonly apBadly: number;
  readonly apEnsnared: number;
  readonly apOffBalance: number;
  readonly turnCap: number;
  readonly ensnaredCanStep: boolean;
  readonly ensnaredCanStrike: boolean;
  /** strikeArc 'front'. */
  readonly frontArcOnly: boolean;
  /** net.recovered: a cast that misses keeps the net. */
  readonly netRecovered: boolean;
  readonly netCastsPerTurn: number;
  readonly disarmedPenalty: number;
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
  /** Nets the gladiator to move has cast this turn. */
  readonly casts: number;
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

/**
 * A copy of `s` with `changes` (fields absent or undefined are kept). Every state is
 * built here, as one literal with every field in one order, so all states share one
 * shape and V8 keeps the reads monomorphic (a spread of a partial object would not).
 */
export function duelWith(s: DuelState, changes: Partial<DuelState>): DuelState {
  return {
    rules: s.rules,
    g0: changes.g0 !== undefined ? changes.g0 : s.g0,
    g1: changes.g1 !== undefined ? changes.g1 : s.g1,
    current: changes.current !== undefined ? changes.current : s.current,
    ap: changes.ap !== undefined ? changes.ap : s.ap,
    struck: changes.struck !== undefined ? changes.struck : s.struck,
    casts: changes.casts !== undefined ? changes.casts : s.casts,
    turn: changes.turn !== undefined ? changes.turn : s.turn,
    rng: changes.rng !== undefined ? changes.rng : s.rng,
    result: changes.result !== undefined ? changes.result : s.result,
    end: changes.end !== undefined ? changes.end : s.end,
    moves: changes.moves !== undefined ? changes.moves : s.moves,
    firstMover: s.firstMover,
    spared: changes.spared !== undefined ? changes.spared : s.spared,
  };
}

/** A copy of gladiator `g` with `changes` (one literal, one shape: see `duelWith`). */
export function gladiatorWith(g: Gladiator, changes: Partial<Gladiator>): Gladiator {
  return {
    type: g.type,
    cell: changes.cell !== undefined ? changes.cell : g.cell,
    facing: changes.facing !== undefined ? changes.facing : g.facing,
    strength: changes.strength !== undefined ? changes.strength : g.strength,
    startStrength: g.startStrength,
    shield: changes.shield !== undefined ? changes.shield : g.shield,
    armed: changes.armed !== undefined ? changes.armed : g.armed,
    ensnared: changes.ensnared !== undefined ? changes.ensnared : g.ensnared,
    offBalance: changes.offBalance !== undefined ? changes.offBalance : g.offBalance,
  };
}

export function gladiatorOf(s: DuelState, seat: number): Gladiator {
  return seat === 0 ? s.g0 : s.g1;
}

/** Compiled rules by option object (the common case: one parsed object per run) ... */
const rulesByObject = new WeakMap<DuelOptions, Rules>();
/** ... and by content, for equal option sets parsed separately. */
const rulesByKey = new Map<string, Rules>();

/** Compiles (and caches) the shared tables for one option set. */
export function compileRules(options: DuelOptions): Rules {
  const known = rulesByObject.get(options);
  if (known !== undefined) return known;
  const key = JSON.stringify(options);
  let rules = rulesByKey.get(key);
  if (rules === undefined) {
    rules = buildRules(options);
    if (rulesByKey.size > 256) rulesByKey.clear();
    rulesByKey.set(key, rules);
  }
  rulesByObject.set(options, rules);
  return rules;
}

function buildRules(options: DuelOptions): Rules {
  const { cols, rows } = options.arena;
  const arena = new HexArena(cols, rows);
  const size = arena.size;
  const neighbor = Int16Array.from(arena.neighbor);
  const dist = new Int16Array(size * size);
  for (let a = 0; a < size; a++) for (let b = 0; b < size; b++) dist[a * size + b] = arena.distance(a, b);
  const adjacent = (a: number, b: number): boolean => dist[a * size + b] === 1;
  const gapLine = new Uint8Array(size * size);
  const stepDirs = new Uint8Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      if (dist[a * size + b] === 2) {
        // The net flies over one hex: the hex on the straight line between them or, when
        // that line runs along the edge between two hexes, either of the two. So the
        // cast is open when some arena hex is adjacent to both, whichever side of the
        // arena they stand on (a nudged line would pick one of the two hexes by its
        // side and refuse, e.g., (10,1)-(10,3) at the east wall but not its mirror).
        for (let d = 0; d < 6; d++) {
          const m = neighbor[a * 6 + d]!;
          if (m >= 0 && adjacent(m, b)) gapLine[a * size + b] = 1;
        }
      }
      let dirs = 0;
      for (let d = 0; d < 6; d++) {
        const to = neighbor[a * 6 + d]!;
        if (to < 0 || to === b) continue;
        if (adjacent(a, b) && adjacent(to, b)) continue; // zone of control
        dirs |= 1 << d;
      }
      stepDirs[a * size + b] = dirs;
    }
  }
  const w = options.wounds;
  const lightlyAt = new Int16Array(37);
  const badlyAt = new Int16Array(37);
  for (let start = 0; start <= 36; start++) {
    lightlyAt[start] = Math.floor(w.lightlyAt * start);
    badlyAt[start] = Math.floor(w.badlyAt * start);
  }
  const s = options.saves;
  const c = options.costs;
  return Object.freeze({
    options,
    cols,
    rows,
    size,
    neighbor,
    dist,
    gapLine,
    stepDirs,
    typeAp: Int8Array.of(options.heavyApModifier, 0, options.lightApBonus, 0),
    saveWith: Int8Array.of(s.heavy, s.medium, s.light, s.retiarius),
    // No shield: a Heavy saves as a Medium, a Medium (and a Light) gets none. The
    // Retiarius's net is not armour, so his save does not depend on it.
    saveWithout: Int8Array.of(s.medium, 7, 7, s.retiarius),
    lightlyAt,
    badlyAt,
    forwardStep: c.forwardStep,
    otherStep: c.otherStep,
    pivot: c.pivot,
    strike: c.strike,
    castNet: c.castNet,
    escapeNet: c.escapeNet,
    apLightly: options.ap.lightlyWounded,
    apBadly: options.ap.badlyWounded,
    apEnsnared: options.ap.ensnared,
    apOffBalance: options.ap.offBalance,
    turnCap: options.turnCap,
    ensnaredCanStep: options.ensnaredCanStep,
    ensnaredCanStrike: options.ensnaredCanStrike,
    frontArcOnly: options.strikeArc === 'front',
    netRecovered: options.net.recovered,
    netCastsPerTurn: options.net.castsPerTurn,
    disarmedPenalty: options.disarmedPenalty,
  });
}

/** 0 healthy, 1 lightly wounded, 2 badly wounded. */
export function woundLevel(rules: Rules, g: Gladiator): number {
  if (g.strength <= rules.badlyAt[g.startStrength]!) return 2;
  if (g.strength <= rules.lightlyAt[g.startStrength]!) return 1;
  return 0;
}

/** AP rolled at the start of a turn: 1d6 + modifiers, never below 0. */
export function rollAp(rules: Rules, g: Gladiator, roll: number): number {
  let ap = roll + rules.typeAp[g.type]!;
  if (g.strength <= rules.badlyAt[g.startStrength]!) ap -= rules.apBadly;
  else if (g.strength <= rules.lightlyAt[g.startStrength]!) ap -= rules.apLightly;
  if (g.ensnared) ap -= rules.apEnsnared;
  if (g.offBalance) ap -= rules.apOffBalance;
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
  const [spec0, spec1] = options.gladiators;
  const strength0 = spec0.strength === 'roll' ? dice.sum(2, 6) : spec0.strength;
  const strength1 = spec1.strength === 'roll' ? dice.sum(2, 6) : spec1.strength;
  const g0 = makeGladiator(GLADIATOR_TYPES.indexOf(spec0.type), cellA, 0, strength0);
  const g1 = makeGladiator(GLADIATOR_TYPES.indexOf(spec1.type), cellB, 3, strength1);
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
    casts: 0,
    turn: 1,
    rng: dice.state,
    result: ONGOING,
    end: END_NONE,
    moves: 0,
    firstMover: first,
    spared: -1,
  };
}
