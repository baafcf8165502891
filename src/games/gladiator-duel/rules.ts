/**
 * The forward model: which actions are legal, and what each one does. Combat (the
 * d6-vs-d6 strike, special events on doubles, saving throws), the net and the turn
 * sequence all live here as small pure functions over `DuelState`.
 */
import type { Dice } from '../../core/dice.js';
import { drawFrom, settle, unrolled } from '../../core/random.js';
import { illegalMove } from '../../core/errors.js';
import {
  ACTION_COUNT,
  CAST_NET,
  END_TURN,
  ESCAPE_NET,
  PIVOT_LEFT,
  PIVOT_RIGHT,
  STEP,
  STRIKE,
  actionName,
  actionsOfMask,
  type DuelAction,
} from './actions.js';
import {
  DRAW,
  END_DEAD,
  END_DECKED,
  END_HELPLESS,
  END_TURN_CAP,
  ONGOING,
  RETIARIUS,
  duelWith,
  gladiatorWith,
  rollAp,
  type DuelState,
  type Gladiator,
  type Rules,
} from './state.js';

// Module-local copies of the ids the hot path reads: once transpiled (tsx), every read
// of an imported binding is a getter call, which costs ~15% of random-play speed.
const A_END = END_TURN;
const A_STEP = STEP;
const A_PIVOT_LEFT = PIVOT_LEFT;
const A_PIVOT_RIGHT = PIVOT_RIGHT;
const A_STRIKE = STRIKE;
const A_CAST_NET = CAST_NET;
const A_ESCAPE_NET = ESCAPE_NET;
const R_ONGOING = ONGOING;
const T_RETIARIUS = RETIARIUS;
const rollApLocal = rollAp;
const ACTION_COUNT_LOCAL = ACTION_COUNT;
// The core's dice (core/random.ts): a move that rolls takes them from the state's stream
// (`diceOf`: the core's reusable cursor, no allocation per move) and hands the state it
// builds to `settled`, which writes the advanced stream onto it before any other move
// draws; a move that rolls nothing goes through `rolledNothing` (a test's scripted dice
// stay with the state; one null check when no test scripts).
const diceOf = drawFrom;
const settled = settle;
/** `next` after a move that rolled nothing: the core's `unrolled`, called only while a test scripts dice (a load per move otherwise). */
const rolledNothing = unrolled;

/** Direction from cell `a` to an adjacent cell `b`, or -1. */
export function directionTo(rules: Rules, a: number, b: number): number {
  const base = a * 6;
  const n = rules.neighbor;
  for (let d = 0; d < 6; d++) if (n[base + d] === b) return d;
  return -1;
}

/**
 * The strike bonus for hitting `defender` from the adjacent cell `from`, by the
 * defender's hexside facing the attacker: front 0; sword side (right-front) +2, or +3
 * once his weapon broke; shield side (left-front) 0, +2 for a Retiarius's net side, +3
 * once the shield or net is lost; any of the three back hexsides +3.
 */
export function hexsideBonus(rules: Rules, defender: Gladiator, from: number): number {
  const side = (directionTo(rules, defender.cell, from) - defender.facing + 6) % 6;
  switch (side) {
    case 0:
      return 0;
    case 1:
      return defender.armed ? 2 : 3;
    case 5:
      if (!defender.shield) return 3;
      return defender.type === T_RETIARIUS ? 2 : 0;
    default:
      return 3;
  }
}

/** All modifiers added to the attacker's strike roll. */
export function strikeModifier(rules: Rules, attacker: Gladiator, defender: Gladiator): number {
  let m = hexsideBonus(rules, defender, attacker.cell);
  if (defender.ensnared) m += 1;
  if (!attacker.armed) m -= rules.disarmedPenalty;
  return m;
}

/** The save target of a gladiator now (7 or more = no save). */
export function saveTarget(rules: Rules, g: Gladiator): number {
  return g.shield ? rules.saveWith[g.type]! : rules.saveWithout[g.type]!;
}

/**
 * Zone of control, as written ("once next to each other they can't move around each
 * other without stepping back"): a gladiator adjacent to his foe may not step into
 * another hex adjacent to the foe; he must first step to a hex that is not.
 */
export function stepAllowed(rules: Rules, me: Gladiator, foe: Gladiator, to: number): boolean {
  if (to < 0 || to === foe.cell) return false;
  const size = rules.size;
  return !(rules.dist[me.cell * size + foe.cell] === 1 && rules.dist[to * size + foe.cell] === 1);
}

/** Whether `me` may strike `foe` now given adjacency and the strike arc option. */
function inStrikeArc(rules: Rules, me: Gladiator, foe: Gladiator): boolean {
  if (!rules.frontArcOnly) return true;
  const side = (directionTo(rules, me.cell, foe.cell) - me.facing + 6) % 6;
  return side === 0 || side === 1 || side === 5;
}

/**
 * The last state asked about and its mask: `legalActions` and then `apply` on the same
 * (immutable) state is the common pattern, so the second call is free.
 */
let memoState: DuelState | null = null;
let memoMask = 0;

/** Bit mask of the legal actions of the gladiator to move (0 when the fight is over). */
export function legalMask(s: DuelState): number {
  if (s === memoState) return memoMask;
  const mask = computeLegalMask(s);
  memoState = s;
  memoMask = mask;
  return mask;
}

function computeLegalMask(s: DuelState): number {
  if (s.result !== R_ONGOING) return 0;
  const rules = s.rules;
  const me = s.current === 0 ? s.g0 : s.g1;
  const foe = s.current === 0 ? s.g1 : s.g0;
  const ap = s.ap;
  const at = me.cell * rules.size + foe.cell;
  let mask = 1 << A_END;
  if (ap >= rules.pivot) mask |= (1 << A_PIVOT_LEFT) | (1 << A_PIVOT_RIGHT);
  if (ap >= rules.forwardStep || ap >= rules.otherStep) {
    if (!me.ensnared || rules.ensnaredCanStep) {
      // Open directions, turned so bit k is relative hexside k (0 = forward).
      const dirs = rules.stepDirs[at]!;
      const f = me.facing;
      let rel = ((dirs >>> f) | (dirs << (6 - f))) & 63;
      if (ap < rules.otherStep) rel &= 1;
      if (ap < rules.forwardStep) rel &= 62;
      mask |= rel << A_STEP;
    }
  }
  const d = rules.dist[at]!;
  if (d === 1 && !s.struck && ap >= rules.strike && (!me.ensnared || rules.ensnaredCanStrike) && inStrikeArc(rules, me, foe)) {
    mask |= 1 << A_STRIKE;
  }
  if (me.type === T_RETIARIUS && me.shield && !foe.ensnared && ap >= rules.castNet && s.casts < rules.netCastsPerTurn) {
    if (d === 1 || (d === 2 && rules.gapLine[at] === 1)) mask |= 1 << A_CAST_NET;
  }
  if (me.ensnared && ap >= rules.escapeNet) mask |= 1 << A_ESCAPE_NET;
  return mask;
}

/** What a decision within the turn changes: the mover and his foe (either may be unchanged), the AP left and, when they change, the rest. */
interface TurnChanges {
  readonly me: Gladiator;
  readonly foe: Gladiator;
  readonly ap: number;
  readonly struck?: boolean;
  readonly casts?: number;
}

/**
 * The state after a decision within the current turn. Written out as one literal (the
 * style of `duelWith`, specialised to the mover/foe view): it is the hottest builder,
 * and V8 inlines this small function and drops the `changes` object.
 */
function within(s: DuelState, c: TurnChanges): DuelState {
  const zero = s.current === 0;
  return {
    rules: s.rules,
    g0: zero ? c.me : c.foe,
    g1: zero ? c.foe : c.me,
    current: s.current,
    ap: c.ap,
    struck: c.struck !== undefined ? c.struck : s.struck,
    casts: c.casts !== undefined ? c.casts : s.casts,
    turn: s.turn,
    rng: s.rng, // the stream moves only through `settled`
    result: s.result,
    end: s.end,
    moves: s.moves + 1,
    firstMover: s.firstMover,
    spared: s.spared,
  };
}

/**
 * `g` at another cell or facing: the hottest allocation (every step and pivot), so it is
 * written out rather than built through `gladiatorWith`, which V8 does not inline here
 * (measured: 11% of random-play time).
 */
function placed(g: Gladiator, cell: number, facing: number): Gladiator {
  return {
    type: g.type,
    cell,
    facing,
    strength: g.strength,
    startStrength: g.startStrength,
    shield: g.shield,
    armed: g.armed,
    ensnared: g.ensnared,
    offBalance: g.offBalance,
  };
}

/** A strike that ended the fight: the mover wins. */
function won(s: DuelState, me: Gladiator, foe: Gladiator, ap: number, end: number, spared: number): DuelState {
  return s.current === 0
    ? duelWith(s, { g0: me, g1: foe, ap, struck: true, result: 0, end, spared, moves: s.moves + 1 })
    : duelWith(s, { g0: foe, g1: me, ap, struck: true, result: 1, end, spared, moves: s.moves + 1 });
}

/** The mob's thumbs for a helpless or decked loser (mobThumbs 'roll'), else -1. */
function mobVerdict(rules: Rules, dice: Dice): number {
  return rules.options.mobThumbs === 'roll' ? (dice.d(6) >= 4 ? 1 : 0) : -1;
}

/**
 * One strike: both roll 1d6. A double is a special event; otherwise the margin is
 * attacker roll + modifiers - defender roll, and a positive margin costs the defender
 * that much strength unless his saving throw succeeds.
 */
function strike(s: DuelState, me: Gladiator, foe: Gladiator): DuelState {
  const rules = s.rules;
  const o = rules.options;
  const dice = diceOf(s);
  const ap = s.ap - rules.strike;
  const attackRoll = dice.d(6);
  const defendRoll = dice.d(6);
  if (attackRoll === defendRoll && !(attackRoll === 6 && o.doubleSix === 'normal')) {
    switch (attackRoll) {
      case 5: // defender loses shield or net for good
        return settled(dice, within(s, { me, foe: foe.shield ? gladiatorWith(foe, { shield: false }) : foe, ap, struck: true }));
      case 4: // defender knocked off balance
        return settled(dice, within(s, { me, foe: gladiatorWith(foe, { offBalance: true }), ap, struck: true }));
      case 3: // attacker off balance
        if (o.offBalanceTiming === 'now') {
          const left = ap - rules.apOffBalance;
          return settled(dice, within(s, { me, foe, ap: left < 0 ? 0 : left, struck: true }));
        }
        return settled(dice, within(s, { me: gladiatorWith(me, { offBalance: true }), foe, ap, struck: true }));
      case 2: {
        // defender decked: the fight is over, the attacker wins
        const spared = mobVerdict(rules, dice);
        return settled(dice, won(s, me, foe, ap, END_DECKED, spared));
      }
      default: {
        // double 1 or 6. Double 1: a weapon breaks, 1d6 1-3 the defender's, 4-6 the
        // attacker's (a broken weapon stays broken). Double 6 has no entry: nothing.
        if (attackRoll === 6) return settled(dice, within(s, { me, foe, ap, struck: true }));
        if (dice.d(6) <= 3) {
          return settled(dice, within(s, { me, foe: foe.armed ? gladiatorWith(foe, { armed: false }) : foe, ap, struck: true }));
        }
        return settled(dice, within(s, { me: me.armed ? gladiatorWith(me, { armed: false }) : me, foe, ap, struck: true }));
      }
    }
  }
  const margin = attackRoll + strikeModifier(rules, me, foe) - defendRoll;
  if (margin <= 0) return settled(dice, within(s, { me, foe, ap, struck: true }));
  const target = saveTarget(rules, foe);
  if (target <= 6 && dice.d(6) >= target) return settled(dice, within(s, { me, foe, ap, struck: true }));
  const strength = foe.strength - margin;
  const hurt = gladiatorWith(foe, { strength });
  if (strength > 0) return settled(dice, within(s, { me, foe: hurt, ap, struck: true }));
  const end = strength < -2 ? END_DEAD : END_HELPLESS;
  const spared = end === END_HELPLESS ? mobVerdict(rules, dice) : -1;
  return settled(dice, won(s, me, hurt, ap, end, spared));
}

/**
 * Net cast: 1d6, ensnaring on net.adjacentTarget+ when adjacent, net.gapTarget+ with one
 * hex between. As written, only a double 5 loses the net for good, so by default the
 * Retiarius keeps it after a cast (`net.recovered`; false is the single-use reading).
 */
function castNet(s: DuelState, me: Gladiator, foe: Gladiator): DuelState {
  const rules = s.rules;
  const o = rules.options;
  const dice = diceOf(s);
  const adjacent = rules.dist[me.cell * rules.size + foe.cell] === 1;
  const hit = dice.d(6) >= (adjacent ? o.net.adjacentTarget : o.net.gapTarget);
  const thrower = rules.netRecovered ? me : gladiatorWith(me, { shield: false });
  const target = hit ? gladiatorWith(foe, { ensnared: true }) : foe;
  return settled(dice, within(s, { me: thrower, foe: target, ap: s.ap - rules.castNet, casts: s.casts + 1 }));
}

function escapeNet(s: DuelState, me: Gladiator, foe: Gladiator): DuelState {
  const rules = s.rules;
  const dice = diceOf(s);
  const free = dice.d(6) >= rules.options.net.escapeTarget;
  return settled(dice, within(s, { me: free ? gladiatorWith(me, { ensnared: false }) : me, foe, ap: s.ap - rules.escapeNet }));
}

/** Ends the turn: unspent AP is lost; the foe rolls his AP, or the turn cap draws. */
function endTurn(s: DuelState): DuelState {
  const rules = s.rules;
  if (s.turn >= rules.turnCap) {
    return rolledNothing(s, duelWith(s, { ap: 0, result: DRAW, end: END_TURN_CAP, moves: s.moves + 1 }));
  }
  const next = 1 - s.current;
  let g = next === 0 ? s.g0 : s.g1;
  const dice = diceOf(s);
  const ap = rollApLocal(rules, g, dice.d(6));
  if (g.offBalance) g = gladiatorWith(g, { offBalance: false });
  return settled(dice, {
    rules,
    g0: next === 0 ? g : s.g0,
    g1: next === 0 ? s.g1 : g,
    current: next,
    ap,
    struck: false,
    casts: 0,
    turn: s.turn + 1,
    rng: s.rng,
    result: s.result,
    end: s.end,
    moves: s.moves + 1,
    firstMover: s.firstMover,
    spared: s.spared,
  });
}

/** The state after the gladiator to move takes `action`. Refuses an illegal action in one line naming the legal ones. */
export function applyAction(s: DuelState, action: DuelAction): DuelState {
  if (!((action | 0) === action && action >= 0 && action < ACTION_COUNT_LOCAL && (legalMask(s) >>> action) & 1)) {
    const show = (a: DuelAction) => `${String(a)} (${actionName(a)})`;
    throw illegalMove('gladiator-duel', s.current, show(action), actionsOfMask(legalMask(s)).map(show));
  }
  if (action === A_END) return endTurn(s);
  const rules = s.rules;
  const me = s.current === 0 ? s.g0 : s.g1;
  const foe = s.current === 0 ? s.g1 : s.g0;
  if (action < A_PIVOT_LEFT) {
    const k = action - A_STEP;
    const cell = rules.neighbor[me.cell * 6 + ((me.facing + k) % 6)]!;
    return rolledNothing(s, within(s, { me: placed(me, cell, me.facing), foe, ap: s.ap - (k === 0 ? rules.forwardStep : rules.otherStep) }));
  }
  if (action === A_PIVOT_LEFT) return rolledNothing(s, within(s, { me: placed(me, me.cell, (me.facing + 5) % 6), foe, ap: s.ap - rules.pivot }));
  if (action === A_PIVOT_RIGHT) return rolledNothing(s, within(s, { me: placed(me, me.cell, (me.facing + 1) % 6), foe, ap: s.ap - rules.pivot }));
  if (action === A_STRIKE) return strike(s, me, foe);
  if (action === A_CAST_NET) return castNet(s, me, foe);
  return escapeNet(s, me, foe);
}
