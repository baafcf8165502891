/**
 * Gladiator duel on the core turn flow (`defineFlow`, src/core/flow.ts), for measurement:
 * the same rules, action numbers and dice as the engine's own loop (src/games/gladiator-duel),
 * written the way the flow games (dark-hero, superhero-gladiators, ophidian, rumble) are —
 * one phase whose moves are the engine's bit-mask legality, a `play` hook that assigns the
 * flow's draft, dice drawn with `random(d)` — so the two can be timed side by side in one
 * process (bench/gladiator-duel/flow-ab.ts) and the README's "Why gladiator-duel keeps its
 * own loop" figure can be reproduced. test/games/gladiator-duel/flow-port.test.ts checks that
 * it plays identically to the engine on seeded games (so the figure compares like with like).
 *
 * Layout: the flow's fields sit beside the duel's. The flow's `turn` (the index in the turn
 * order) is made to mean what the duel's `turn` means (turns begun, 1 during the first turn):
 * the whole fight is one round whose order alternates the seats from the first mover, with an
 * empty opening entry (index 0) that the turn phase skips. So every field the engine's readers
 * use (heuristic, evaluate, encoder, describe, legalMask) has its name and meaning here, except
 * `moves`, which is the flow's `steps`, and `current`, which the flow sets to -1 once the fight
 * is over (the seat that moved last is `order[turn]`).
 *
 * Imports only from src (bench may import anything; src never imports bench).
 */
import { GAME_OVER, defineFlow, END_TURN, type Draft, type FlowFields } from '../../src/core/flow.js';
import { Dice } from '../../src/core/dice.js';
import type { Game } from '../../src/core/game.js';
import { random } from '../../src/core/random.js';
import { UNSEEN_STREAM, type RngState } from '../../src/core/rng.js';
import { gladiatorDuel } from '../../src/games/gladiator-duel/index.js';
import { CAST_NET, END_TURN as A_END_TURN, ESCAPE_NET, PIVOT_LEFT, PIVOT_RIGHT, STEP, STRIKE, actionsOfMask, type DuelAction } from '../../src/games/gladiator-duel/actions.js';
import { GLADIATOR_TYPES, type DuelOptions } from '../../src/games/gladiator-duel/options.js';
import { legalMask, saveTarget, strikeModifier } from '../../src/games/gladiator-duel/rules.js';
import {
  DRAW,
  END_DEAD,
  END_DECKED,
  END_HELPLESS,
  END_NONE,
  END_TURN_CAP,
  ONGOING,
  compileRules,
  gladiatorWith,
  makeGladiator,
  rollAp,
  type DuelState,
  type Gladiator,
  type Rules,
} from '../../src/games/gladiator-duel/state.js';

/** The duel's fields (DuelState without `turn`, `current` and `moves`, which the flow holds) beside the flow's. */
export interface FlowDuelState extends FlowFields<number> {
  readonly rules: Rules;
  readonly g0: Gladiator;
  readonly g1: Gladiator;
  readonly ap: number;
  readonly struck: boolean;
  readonly casts: number;
  readonly rng: RngState;
  readonly result: number;
  readonly end: number;
  readonly firstMover: number;
  readonly spared: number;
}

// Module-local copies of the hot imported bindings, as the engine's rules.ts keeps them (a read
// of an imported binding is a live-binding load that V8 does not fold as it does a local const).
const mask = legalMask as unknown as (s: FlowDuelState) => number;
const listOf = actionsOfMask;
const dice = random;
const roll = rollAp;
const OVER = GAME_OVER;
const withG = gladiatorWith;
const modifier = strikeModifier;
const saveOf = saveTarget;
const A_END = A_END_TURN;
const A_STEP = STEP;
const A_PIVOT_LEFT = PIVOT_LEFT;
const A_PIVOT_RIGHT = PIVOT_RIGHT;
const A_STRIKE = STRIKE;
const A_CAST_NET = CAST_NET;
const R_ONGOING = ONGOING;
const NONE: readonly DuelAction[] = Object.freeze([]);
const NEVER = (): boolean => false;

/** The fight's turn order: an opening entry (skipped), then the first mover and his foe alternating, `turnCap` turns. */
const orders = new Map<number, readonly number[]>();
function orderOf(first: number, turnCap: number): readonly number[] {
  const key = turnCap * 2 + first;
  let order = orders.get(key);
  if (order === undefined) {
    order = Object.freeze(Array.from({ length: turnCap + 1 }, (_, i) => (i === 0 || i % 2 === 1 ? first : 1 - first)));
    orders.set(key, order);
  }
  return order;
}

/** `g` at another cell or facing, one literal (the engine's `placed`). */
function placed(g: Gladiator, cell: number, facing: number): Gladiator {
  return { type: g.type, cell, facing, strength: g.strength, startStrength: g.startStrength, shield: g.shield, armed: g.armed, ensnared: g.ensnared, offBalance: g.offBalance };
}

/** The mob's thumbs for a helpless or decked loser (mobThumbs 'roll'), else -1. */
function mobVerdict(rules: Rules, roller: Dice): number {
  return rules.options.mobThumbs === 'roll' ? (roller.d(6) >= 4 ? 1 : 0) : -1;
}

/** One strike on the draft (the engine's `strike`, same dice in the same order). */
function strike(d: Draft<FlowDuelState>, zero: boolean): void {
  const rules = d.rules;
  const o = rules.options;
  const me = zero ? d.g0 : d.g1;
  const foe = zero ? d.g1 : d.g0;
  const roller = dice(d);
  d.ap = d.ap - rules.strike;
  d.struck = true;
  const attackRoll = roller.d(6);
  const defendRoll = roller.d(6);
  if (attackRoll === defendRoll && !(attackRoll === 6 && o.doubleSix === 'normal')) {
    switch (attackRoll) {
      case 5: // defender loses shield or net for good
        if (foe.shield) setFoe(d, zero, withG(foe, { shield: false }));
        return;
      case 4: // defender knocked off balance
        setFoe(d, zero, withG(foe, { offBalance: true }));
        return;
      case 3: // attacker off balance
        if (o.offBalanceTiming === 'now') {
          const left = d.ap - rules.apOffBalance;
          d.ap = left < 0 ? 0 : left;
        } else setMe(d, zero, withG(me, { offBalance: true }));
        return;
      case 2: // defender decked: the attacker wins
        d.spared = mobVerdict(rules, roller);
        d.result = zero ? 0 : 1;
        d.end = END_DECKED;
        return;
      default:
        // Double 1: a weapon breaks, 1d6 1-3 the defender's, 4-6 the attacker's. Double 6: nothing.
        if (attackRoll === 6) return;
        if (roller.d(6) <= 3) {
          if (foe.armed) setFoe(d, zero, withG(foe, { armed: false }));
        } else if (me.armed) setMe(d, zero, withG(me, { armed: false }));
        return;
    }
  }
  const margin = attackRoll + modifier(rules, me, foe) - defendRoll;
  if (margin <= 0) return;
  const target = saveOf(rules, foe);
  if (target <= 6 && roller.d(6) >= target) return;
  const strength = foe.strength - margin;
  setFoe(d, zero, withG(foe, { strength }));
  if (strength > 0) return;
  const end = strength < -2 ? END_DEAD : END_HELPLESS;
  d.spared = end === END_HELPLESS ? mobVerdict(rules, roller) : -1;
  d.result = zero ? 0 : 1;
  d.end = end;
}

function setMe(d: Draft<FlowDuelState>, zero: boolean, g: Gladiator): void {
  if (zero) d.g0 = g;
  else d.g1 = g;
}

function setFoe(d: Draft<FlowDuelState>, zero: boolean, g: Gladiator): void {
  if (zero) d.g1 = g;
  else d.g0 = g;
}

export const duelFlow = defineFlow<FlowDuelState, DuelAction>({
  game: 'gladiator-duel',
  turnOrder: { round: (s) => orderOf(s.firstMover, s.rules.turnCap) },
  first: 'turn',
  phases: {
    // A turn: roll the AP, then spend them one action at a time until "end turn".
    turn: {
      onBegin(d) {
        if (d.turn === 0) return; // the opening entry of the order: skipped
        const zero = d.current === 0;
        const g = zero ? d.g0 : d.g1;
        d.ap = roll(d.rules, g, dice(d).d(6));
        if (g.offBalance) setMe(d, zero, withG(g, { offBalance: false }));
        d.struck = false;
        d.casts = 0;
      },
      skipIf: (s) => s.turn === 0,
      moves: (s, player) => (player === s.current ? listOf(mask(s)) : NONE),
      play(d, player, a) {
        const rules = d.rules;
        const zero = player === 0;
        if (a === A_END) {
          // Unspent AP is lost; after `turnCap` turns the fight is a draw.
          if (d.turn >= rules.turnCap) {
            d.ap = 0;
            d.result = DRAW;
            d.end = END_TURN_CAP;
          } else duelFlow.goto(d, END_TURN_AT);
          return;
        }
        const me = zero ? d.g0 : d.g1;
        if (a < A_PIVOT_LEFT) {
          const k = a - A_STEP;
          setMe(d, zero, placed(me, rules.neighbor[me.cell * 6 + ((me.facing + k) % 6)]!, me.facing));
          d.ap = d.ap - (k === 0 ? rules.forwardStep : rules.otherStep);
        } else if (a === A_PIVOT_LEFT) {
          setMe(d, zero, placed(me, me.cell, (me.facing + 5) % 6));
          d.ap = d.ap - rules.pivot;
        } else if (a === A_PIVOT_RIGHT) {
          setMe(d, zero, placed(me, me.cell, (me.facing + 1) % 6));
          d.ap = d.ap - rules.pivot;
        } else if (a === A_STRIKE) strike(d, zero);
        else if (a === A_CAST_NET) {
          // 1d6: ensnares on net.adjacentTarget+ when adjacent, net.gapTarget+ over one hex.
          const foe = zero ? d.g1 : d.g0;
          const adjacent = rules.dist[me.cell * rules.size + foe.cell] === 1;
          const hit = dice(d).d(6) >= (adjacent ? rules.options.net.adjacentTarget : rules.options.net.gapTarget);
          if (!rules.netRecovered) setMe(d, zero, withG(me, { shield: false }));
          if (hit) setFoe(d, zero, withG(foe, { ensnared: true }));
          d.ap = d.ap - rules.castNet;
          d.casts = d.casts + 1;
        } else {
          // Escape the net: 1d6, free on net.escapeTarget+.
          if (dice(d).d(6) >= rules.options.net.escapeTarget) setMe(d, zero, withG(me, { ensnared: false }));
          d.ap = d.ap - rules.escapeNet;
        }
      },
      endIf: NEVER, // the turn goes on until "end turn" (its goto)
    },
  },
  endIf: (s) => s.result !== R_ONGOING,
  copy: (s) => ({
    phase: s.phase,
    round: s.round,
    order: s.order,
    turn: s.turn,
    current: s.current,
    stack: s.stack,
    steps: s.steps,
    rules: s.rules,
    g0: s.g0,
    g1: s.g1,
    ap: s.ap,
    struck: s.struck,
    casts: s.casts,
    rng: s.rng,
    result: s.result,
    end: s.end,
    firstMover: s.firstMover,
    spared: s.spared,
  }),
});
const END_TURN_AT = duelFlow.phaseIndex(END_TURN);

/**
 * The opening position (the engine's `setupState`): strengths (2d6 unless fixed) and the first
 * mover (1d6 each, ties reroll) rolled from `seed`; the flow's first turn then rolls his AP.
 */
export function setupFlowDuel(options: DuelOptions, seed: number): FlowDuelState {
  const rules = compileRules(options);
  const roller = new Dice(seed | 0);
  const row = Math.floor(rules.rows / 2);
  const left = Math.floor((rules.cols - 1 - options.arena.startDistance) / 2);
  const cellA = row * rules.cols + left;
  const [spec0, spec1] = options.gladiators;
  const strength0 = spec0.strength === 'roll' ? roller.sum(2, 6) : spec0.strength;
  const strength1 = spec1.strength === 'roll' ? roller.sum(2, 6) : spec1.strength;
  const g0 = makeGladiator(GLADIATOR_TYPES.indexOf(spec0.type), cellA, 0, strength0);
  const g1 = makeGladiator(GLADIATOR_TYPES.indexOf(spec1.type), cellA + options.arena.startDistance, 3, strength1);
  let first: number;
  if (options.firstMover === 'roll') {
    let a = 0;
    let b = 0;
    while (a === b) {
      a = roller.d(6);
      b = roller.d(6);
    }
    first = a > b ? 0 : 1;
  } else first = options.firstMover;
  const f = duelFlow.initial();
  return duelFlow.begin({
    phase: f.phase,
    round: f.round,
    order: f.order,
    turn: f.turn,
    current: f.current,
    stack: f.stack,
    steps: f.steps,
    rules,
    g0,
    g1,
    ap: 0,
    struck: false,
    casts: 0,
    rng: roller.state,
    result: ONGOING,
    end: END_NONE,
    firstMover: first,
    spared: -1,
  });
}

/** The state as the engine's readers see it: every field they read has its name and meaning (see the file comment). */
export const asDuel = (s: FlowDuelState): DuelState => s as unknown as DuelState;

const TO_MOVE = duelFlow.toMove;

/** Gladiator duel on the flow: the engine's Game with the flow's setup, moves and transitions. */
export const gladiatorDuelFlow: Game<FlowDuelState, DuelAction, FlowDuelState, DuelOptions> = {
  ...(gladiatorDuel as unknown as Game<FlowDuelState, DuelAction, FlowDuelState, DuelOptions>),
  setup: setupFlowDuel,
  toMove: TO_MOVE,
  legalActions: duelFlow.legalActions,
  apply: duelFlow.apply,
  applyUnchecked: duelFlow.applyUnchecked,
  isTerminal: (s) => s.phase === OVER,
  returns: (s) => gladiatorDuel.returns(asDuel(s)),
  tags: (s) => gladiatorDuel.tags(asDuel(s)),
  moveCount: (s) => s.steps,
  observe: (s) => ({ ...s, rng: UNSEEN_STREAM }),
  determinize: (obs, _player, rng) => ({ ...obs, rng: rng.u32() | 0 }),
  describeAction: (s, player, a) => gladiatorDuel.describeAction(asDuel(s), player, a),
  describeState: (s) => gladiatorDuel.describeState(asDuel(s)),
  evaluate: (s) => gladiatorDuel.evaluate!(asDuel(s)),
};
