/**
 * Randomness owned by the core (boardgame.io's random plugin is the model): a game state
 * carries its random stream in one field, `rng` (`Streamed`), and the game never moves it by
 * hand. A transition draws through a `Random` the core binds to the input state's stream,
 * and the core writes the advanced stream onto the new state:
 *
 * - in a flow game (core/flow.ts) every hook draws with `random(d)`, the dice of the step
 *   whose draft is `d`; the flow opens the step (`openStep`) and writes the stream back when
 *   it ends (`closeStep`);
 * - an engine with its own loop (gladiator-duel) takes `drawFrom(s)` and hands the state it
 *   builds to `settle(dice, next)`.
 *
 * `freshStream(rng)` is the one way to re-sample a stream in `determinize`: nobody knows the
 * future rolls, so a determinized state gets a stream drawn from the searcher's `rng`.
 *
 * Tests script dice instead of searching for seeds (boardgame.io's MockRandom):
 * `scriptDice(state, [5, 2, 5])` is `state` whose next die rolls are 5, 2 and 5 (then the
 * stream's own again). The script is kept beside the state object (a WeakMap), never in it:
 * it follows the states the transitions make from it and nothing else (an observation, a
 * determinization or a copy is unscripted), and no state a game sets up is ever scripted.
 * Only tests call `scriptDice` (test/core/random.test.ts checks that no other module imports
 * it); until one does, `drawFrom` costs one null check and allocates nothing.
 */
import { Dice } from './dice.js';
import type { Rng, RngState } from './rng.js';

/** What a rule draws from: dice, sums of dice, integers and shuffles. */
export interface Random {
  /** One die with `sides` faces: 1..sides. */
  d(sides: number): number;
  /** Sum of `count` dice with `sides` faces (2d6 = sum(2, 6)). */
  sum(count: number, sides: number): number;
  /** Integer in [0, n): seeded draws that are not dice (shuffles, tie-breaks). */
  int(n: number): number;
  /** Fisher–Yates shuffle into a new array. */
  shuffled<T>(items: readonly T[]): T[];
}

/** A state that carries its random stream: the field only the core reads and writes. */
export interface Streamed {
  readonly rng: RngState;
}

/** A fresh in-state stream for a determinized state: the future dice drawn from the searcher's `rng`. */
export function freshStream(rng: Rng): RngState {
  return rng.u32() | 0;
}

// ---------------------------------------------------------------------------------
// Scripted dice (tests only)

/**
 * What a test gives for the next die rolls (`d` and `sum`): a list, used in order and then
 * the stream's own dice again, or a function of the die's sides, asked for every roll.
 * Integer draws (`int`, `shuffled`: decks, tie-breaks) are never scripted; they keep coming
 * from the stream.
 */
export type DiceScript = readonly number[] | ((sides: number) => number);

/** A script and how far into it the state's next roll is. */
interface Scripting {
  /** null: the stream's own dice (a recorded state that no test scripted). */
  readonly script: DiceScript | null;
  readonly at: number;
  /** Recording (`recordDraws`): every roll and integer draw is pushed here. */
  readonly log: number[] | null;
}

/** Scripts by state; null until a test scripts a state or a move is recorded (the fast path). */
let scripts: WeakMap<object, Scripting> | null = null;
/** Whether a test has scripted a state in this process (then `scripts` stays). */
let scriptedByTest = false;

/** Dice that take their rolls from a script; the stream advances as if it had rolled them. */
class ScriptedDice extends Dice {
  private at: number;

  constructor(state: RngState, private readonly scripting: Scripting) {
    super(state);
    this.at = scripting.at;
  }

  override d(sides: number): number {
    const own = super.d(sides);
    const script = this.scripting.script;
    let v = own;
    if (typeof script === 'function') v = script(sides);
    else if (script !== null && this.at < script.length) v = script[this.at++]!;
    if (!(Number.isInteger(v) && v >= 1 && v <= sides)) throw new Error(`scripted dice: ${v} is not a face of a d${sides}; allowed: 1..${sides}`);
    this.scripting.log?.push(v);
    return v;
  }

  override int(n: number): number {
    const v = super.int(n);
    this.scripting.log?.push(v);
    return v;
  }

  /** The script's remainder for the next state (never the recording), or null when there is none left. */
  rest(): Scripting | null {
    const script = this.scripting.script;
    if (script === null || (typeof script !== 'function' && this.at >= script.length)) return null;
    return { script, at: this.at, log: null };
  }
}

/**
 * `state` (a shallow copy of it) whose next die rolls are `script`: the rule test gives the
 * rolls the rule book speaks of (`scriptDice(s, [5, 2])`: the attacker rolls 5, the
 * defender 2). The states the transitions make from it carry the rest of the script.
 * Tests only: no module outside test/ may import it.
 */
export function scriptDice<S extends Streamed>(state: S, script: DiceScript): S {
  const copy = { ...state };
  scripts ??= new WeakMap();
  scriptedByTest = true;
  scripts.set(copy, { script, at: 0, log: null });
  return copy;
}

/**
 * Runs `step` (a transition from `s`) and returns it with the die rolls and integer draws it
 * made from `s`'s stream, in order (scripted ones as scripted): for texts that show the dice
 * behind a move (gladiator-duel's described strike). `s` and its stream are untouched.
 */
export function recordDraws<T>(s: Streamed, step: () => T): { readonly result: T; readonly draws: readonly number[] } {
  const log: number[] = [];
  scripts ??= new WeakMap();
  const known = scripts.get(s);
  scripts.set(s, { script: known?.script ?? null, at: known?.at ?? 0, log });
  try {
    return { result: step(), draws: log };
  } finally {
    if (known !== undefined) scripts.set(s, known);
    else if (scriptedByTest) scripts.delete(s);
    else scripts = null; // nothing scripted in this process: back to the fast path
  }
}

// ---------------------------------------------------------------------------------
// Dice bound to a state's stream

/** Dice over `s`'s stream, scripted when a test scripted `s` (a new one each call: the flow's steps nest). */
function boundTo(s: Streamed): Dice {
  if (scripts !== null) {
    const sc = scripts.get(s);
    if (sc !== undefined) return new ScriptedDice(s.rng, sc);
  }
  return new Dice(s.rng);
}

/**
 * The one cursor an engine with its own loop draws through, re-bound to each transition's
 * input stream: a transition allocates no dice (gladiator-duel's hottest moves roll).
 */
const loopCursor = new Dice(0);

/**
 * Dice over `s`'s stream for one transition of an engine with its own loop (gladiator-duel),
 * scripted when a test scripted `s`. Unscripted, it is the core's single cursor set to
 * `s.rng` (no allocation per move): valid until the next `drawFrom`, so a transition hands
 * its result to `settle` before it or anything it calls starts another transition.
 */
export function drawFrom(s: Streamed): Dice {
  if (scripts !== null) {
    const sc = scripts.get(s);
    if (sc !== undefined) return new ScriptedDice(s.rng, sc);
  }
  loopCursor.state = s.rng;
  return loopCursor;
}

/**
 * Writes the stream `dice` advanced to onto `next` (the state the transition just built,
 * never its input) and hands a script's remainder on to it; returns `next`.
 */
export function settle<S extends Streamed>(dice: Dice, next: S): S {
  (next as { rng: RngState }).rng = dice.state;
  if (scripts !== null && dice instanceof ScriptedDice) {
    const rest = dice.rest();
    if (rest !== null) scripts.set(next, rest);
  }
  return next;
}

/**
 * `next`, made from `from` by a transition that drew no dice: a script `from` carries is
 * `next`'s too (the next roll is still the script's next). For an engine with its own loop,
 * on its paths that do not roll; returns `next`.
 */
export function unrolled<S extends Streamed>(from: Streamed, next: S): S {
  if (scripts !== null) carry(from, next);
  return next;
}

function carry(from: object, next: object): void {
  const sc = scripts!.get(from);
  if (sc !== undefined && sc.script !== null) scripts!.set(next, sc.log === null ? sc : { script: sc.script, at: sc.at, log: null });
}

// ---------------------------------------------------------------------------------
// The step in progress (the flow's hooks)

/** The step in progress: its input state, its draft, and its dice once a hook drew. */
let stepFrom: Streamed | null = null;
let stepDraft: object | null = null;
let stepDice: Dice | null = null;
/** Steps opened inside another step's hook (an `apply` called from a hook), saved three fields at a time. */
const outer: (Streamed | object | Dice | null)[] = [];

/**
 * The dice of the step whose draft is `d`: bound to the step's input stream on the first
 * draw; the core writes where they stopped onto `d` when the step ends. Throws when `d` is
 * not the draft of the step in progress (dice drawn in `moves`, `observe`, or on a copy).
 */
export function random(d: object): Dice {
  if (stepDice !== null && d === stepDraft) return stepDice;
  if (d !== stepDraft) throw new Error('random(d): d is not the draft of the step in progress; allowed: draw dice only in a flow hook, from the draft it was given');
  if (typeof stepFrom!.rng !== 'number') throw new Error('random(d): the state has no rng field; allowed: a state that carries its stream in `rng` (seeded in setup)');
  return (stepDice = boundTo(stepFrom!));
}

/** Opens the step from `s` whose draft is `d` (core/flow.ts, around every transition and `begin`). */
export function openStep(s: Streamed, d: object): void {
  if (stepDraft !== null) outer.push(stepFrom, stepDraft, stepDice);
  stepFrom = s;
  stepDraft = d;
  stepDice = null;
}

/** Closes the step whose draft is `d`: writes the stream its dice advanced to onto `d`. */
export function closeStep(d: object): void {
  if (stepDice !== null) settle(stepDice, d as Streamed);
  else if (scripts !== null) carry(stepFrom!, d);
  if (outer.length === 0) {
    stepFrom = null;
    stepDraft = null;
    stepDice = null;
  } else {
    stepDice = outer.pop() as Dice | null;
    stepDraft = outer.pop() as object | null;
    stepFrom = outer.pop() as Streamed | null;
  }
}
