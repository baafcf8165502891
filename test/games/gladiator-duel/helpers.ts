/** Builders for hand-made duel states whose dice are chosen by the test. */
import { scriptDice } from '../../../src/core/random.js';
import { parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';
import { setupState, type DuelState, type Gladiator } from '../../../src/games/gladiator-duel/state.js';

/** Middle of the default 11 x 7 arena: column 5, row 3. */
export const CENTRE = 3 * 11 + 5;

/** Directions (core/hex.ts): 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE. */
export const E = 0;
export const SE = 1;
export const SW = 2;
export const W = 3;
export const NW = 4;
export const NE = 5;

/** The neighbouring cell of `cell` in direction `dir` on an arena `cols` wide. */
export function neighbour(state: DuelState, cell: number, dir: number): number {
  return state.rules.neighbor[cell * 6 + dir]!;
}

export interface Scene {
  options?: Record<string, unknown>;
  g0?: Partial<Gladiator>;
  g1?: Partial<Gladiator>;
  current?: number;
  ap?: number;
  struck?: boolean;
  turn?: number;
  /** The next d6 rolls (scripted dice, core/random.ts); after them, the stream's own. */
  rolls?: readonly number[];
}

/**
 * A mid-fight state: seat 0 and seat 1 as given (defaults: both Medium, strength 10,
 * seat 0 at the centre facing E, seat 1 adjacent to its east facing W), seat 0 to move.
 */
export function scene(sc: Scene = {}): DuelState {
  const base = setupState(
    parseDuelOptions({ gladiators: [{ type: 'medium', strength: 10 }, { type: 'medium', strength: 10 }], firstMover: 0, ...sc.options }),
    1,
  );
  const g0 = { ...base.g0, cell: CENTRE, facing: E, ...sc.g0 };
  const g1 = { ...base.g1, cell: neighbour(base, CENTRE, E), facing: W, ...sc.g1 };
  const state: DuelState = {
    ...base,
    g0,
    g1,
    current: sc.current ?? 0,
    ap: sc.ap ?? 6,
    struck: sc.struck ?? false,
    turn: sc.turn ?? 1,
    rng: 0,
  };
  return sc.rolls ? scriptDice(state, sc.rolls) : state;
}
