/**
 * The forward model: which actions are legal, and what each one does. Combat (the
 * d6-vs-d6 strike, special events on doubles, saving throws), the net and the turn
 * sequence all live here as small pure functions over `DuelState`.
 */
import { Dice } from '../../core/dice.js';
import { relativeSide, turn } from '../../core/hex.js';
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
  const side = relativeSide(defender.facing, directionTo(rules, defender.cell, from));
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
  if (!attacker.armed) m -= rules.options.disarmedPenalty;
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
  if (rules.options.strikeArc === 'any') return true;
  const side = relativeSide(me.facing, directionTo(rules, me.cell, foe.cell));
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
  const o = rules.options;
  const c = o.costs;
  const me = s.current === 0 ? s.g0 : s.g1;
  const foe = s.current === 0 ? s.g1 : s.g0;
  const ap = s.ap;
  let mask = 1 << A_END;
  if (ap >= c.pivot) mask |= (1 << A_PIVOT_LEFT) | (1 << A_PIVOT_RIGHT);
  if (!me.ensnared || o.ensnaredCanStep) {
    const base = me.cell * 6;
    for (let k = 0; k < 6; k++) {
      if (ap < (k === 0 ? c.forwardStep : c.otherStep)) continue;
      const to = rules.neighbor[base + ((me.facing + k) % 6)]!;
      if (stepAllowed(rules, me, foe, to)) mask |= 1 << (A_STEP + k);
    }
  }
  const d = rules.dist[me.cell * rules.size + foe.cell]!;
  if (d === 1 && !s.struck && ap >= c.strike && (!me.ensnared || o.ensnaredCanStrike) && inStrikeArc(rules, me, foe)) {
    mask |= 1 << A_STRIKE;
  }
  if (me.type === T_RETIARIUS && me.shield && !foe.ensnared && ap >= c.castNet) {
    if (d === 1 || (d === 2 && rules.gapLine[me.cell * rules.size + foe.cell] === 1)) mask |= 1 << A_CAST_NET;
  }
  if (me.ensnared && ap >= c.escapeNet) mask |= 1 << A_ESCAPE_NET;
  return mask;
}

/**
 * The successor state, built as one object literal with every field in a fixed order
 * (one hidden class, no spread of a partial object): the hot path of every transition.
 */
function successor(
  s: DuelState,
  g0: Gladiator,
  g1: Gladiator,
  current: number,
  ap: number,
  struck: boolean,
  turn: number,
  rng: number,
  result: number,
  end: number,
  spared: number,
): DuelState {
  return { rules: s.rules, g0, g1, current, ap, struck, turn, rng, result, end, moves: s.moves + 1, firstMover: s.firstMover, spared };
}

/** `g` at another cell or facing (explicit literal: the hottest allocation). */
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

/** Successor within the current turn, with the mover `me` and his foe updated. */
function within(s: DuelState, me: Gladiator, foe: Gladiator, ap: number, struck: boolean, rng: number): DuelState {
  return s.current === 0
    ? successor(s, me, foe, 0, ap, struck, s.turn, rng, R_ONGOING, s.end, s.spared)
    : successor(s, foe, me, 1, ap, struck, s.turn, rng, R_ONGOING, s.end, s.spared);
}

/** Successor where the mover has just won the fight. */
function won(s: DuelState, me: Gladiator, foe: Gladiator, ap: number, rng: number, end: number, spared: number): DuelState {
  return s.current === 0
    ? successor(s, me, foe, 0, ap, true, s.turn, rng, 0, end, spared)
    : successor(s, foe, me, 1, ap, true, s.turn, rng, 1, end, spared);
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
  const dice = new Dice(s.rng);
  const ap = s.ap - o.costs.strike;
  const attackRoll = dice.d(6);
  const defendRoll = dice.d(6);
  if (attackRoll === defendRoll && !(attackRoll === 6 && o.doubleSix === 'normal')) {
    switch (attackRoll) {
      case 5: // defender loses shield or net for good
        return within(s, me, foe.shield ? { ...foe, shield: false } : foe, ap, true, dice.state);
      case 4: // defender knocked off balance
        return within(s, me, { ...foe, offBalance: true }, ap, true, dice.state);
      case 3: // attacker off balance
        if (o.offBalanceTiming === 'now') {
          const left = ap - o.ap.offBalance;
          return within(s, me, foe, left < 0 ? 0 : left, true, dice.state);
        }
        return within(s, { ...me, offBalance: true }, foe, ap, true, dice.state);
      case 2: {
        // defender decked: the fight is over, the attacker wins
        const spared = mobVerdict(rules, dice);
        return won(s, me, foe, ap, dice.state, END_DECKED, spared);
      }
      default: {
        // double 1 or 6. Double 1: a weapon breaks, 1d6 1-3 the defender's, 4-6 the
        // attacker's (a broken weapon stays broken). Double 6 has no entry: nothing.
        if (attackRoll === 6) return within(s, me, foe, ap, true, dice.state);
        if (dice.d(6) <= 3) {
          return within(s, me, foe.armed ? { ...foe, armed: false } : foe, ap, true, dice.state);
        }
        return within(s, me.armed ? { ...me, armed: false } : me, foe, ap, true, dice.state);
      }
    }
  }
  const margin = attackRoll + strikeModifier(rules, me, foe) - defendRoll;
  if (margin <= 0) return within(s, me, foe, ap, true, dice.state);
  const target = saveTarget(rules, foe);
  if (target <= 6 && dice.d(6) >= target) return within(s, me, foe, ap, true, dice.state);
  const strength = foe.strength - margin;
  const hurt = { ...foe, strength };
  if (strength > 0) return within(s, me, hurt, ap, true, dice.state);
  const end = strength < -2 ? END_DEAD : END_HELPLESS;
  const spared = end === END_HELPLESS ? mobVerdict(rules, dice) : -1;
  return won(s, me, hurt, ap, dice.state, end, spared);
}

/** Net cast: 1d6, ensnaring on net.adjacentTarget+ when adjacent, net.gapTarget+ with one hex between. */
function castNet(s: DuelState, me: Gladiator, foe: Gladiator): DuelState {
  const rules = s.rules;
  const o = rules.options;
  const dice = new Dice(s.rng);
  const adjacent = rules.dist[me.cell * rules.size + foe.cell] === 1;
  const hit = dice.d(6) >= (adjacent ? o.net.adjacentTarget : o.net.gapTarget);
  const thrower = o.net.recovered ? me : { ...me, shield: false };
  return within(s, thrower, hit ? { ...foe, ensnared: true } : foe, s.ap - o.costs.castNet, s.struck, dice.state);
}

function escapeNet(s: DuelState, me: Gladiator): DuelState {
  const o = s.rules.options;
  const dice = new Dice(s.rng);
  const free = dice.d(6) >= o.net.escapeTarget;
  return within(s, free ? { ...me, ensnared: false } : me, s.current === 0 ? s.g1 : s.g0, s.ap - o.costs.escapeNet, s.struck, dice.state);
}

/** Ends the turn: unspent AP is lost; the foe rolls his AP, or the turn cap draws. */
function endTurn(s: DuelState): DuelState {
  const rules = s.rules;
  if (s.turn >= rules.options.turnCap) {
    return successor(s, s.g0, s.g1, s.current, 0, s.struck, s.turn, s.rng, DRAW, END_TURN_CAP, s.spared);
  }
  const next = 1 - s.current;
  let g = next === 0 ? s.g0 : s.g1;
  const dice = new Dice(s.rng);
  const ap = rollApLocal(rules, g, dice.d(6));
  if (g.offBalance) g = { ...g, offBalance: false };
  return next === 0
    ? successor(s, g, s.g1, 0, ap, false, s.turn + 1, dice.state, R_ONGOING, s.end, s.spared)
    : successor(s, s.g0, g, 1, ap, false, s.turn + 1, dice.state, R_ONGOING, s.end, s.spared);
}

/** The state after the gladiator to move takes `action`. Throws on an illegal action (a caller bug). */
export function applyAction(s: DuelState, action: DuelAction): DuelState {
  if (!((action | 0) === action && action >= 0 && action < ACTION_COUNT_LOCAL && (legalMask(s) >>> action) & 1)) {
    throw new Error(`gladiator-duel: illegal action ${String(action)} (${actionName(action)}) for seat ${s.current}`);
  }
  if (action === A_END) return endTurn(s);
  const rules = s.rules;
  const c = rules.options.costs;
  const me = s.current === 0 ? s.g0 : s.g1;
  const foe = s.current === 0 ? s.g1 : s.g0;
  if (action < A_PIVOT_LEFT) {
    const k = action - A_STEP;
    const cell = rules.neighbor[me.cell * 6 + ((me.facing + k) % 6)]!;
    return within(s, placed(me, cell, me.facing), foe, s.ap - (k === 0 ? c.forwardStep : c.otherStep), s.struck, s.rng);
  }
  if (action === A_PIVOT_LEFT) return within(s, placed(me, me.cell, turn(me.facing, -1)), foe, s.ap - c.pivot, s.struck, s.rng);
  if (action === A_PIVOT_RIGHT) return within(s, placed(me, me.cell, turn(me.facing, 1)), foe, s.ap - c.pivot, s.struck, s.rng);
  if (action === A_STRIKE) return strike(s, me, foe);
  if (action === A_CAST_NET) return castNet(s, me, foe);
  return escapeNet(s, me);
}
