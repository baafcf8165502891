/**
 * A positional value of a gladiator-duel state, for search agents that cut their
 * lookahead short (the game's `evaluate`).
 *
 * Strength alone misjudges most positions: a fighter whose flank the foe can reach next
 * turn is worse off than the numbers say, and a turn is several decisions, so a search
 * rarely sees the foe's reply. This value plays out the next exchange in expectation:
 *
 *   1. the fighter to move strikes once more this turn if he still may, from the best
 *      hex his AP left can reach (steps, pivots and the zone of control as the rules
 *      cost them) — so a half-played turn is judged by where it can still go;
 *   2. the foe replies next turn from the best hex his AP roll (1d6 + modifiers) lets
 *      him reach, averaged over the roll;
 *   3. the mover strikes back the turn after, on the same terms.
 *
 * The foe's reply and the strike back are reckoned from where the two stand now. Each
 * strike costs its target its expected damage (the d6-vs-d6 margin, modifier of the
 * hexside struck, saving throw) and ends the fight on a double two (decked). The
 * expected strengths become a win chance by a damage race: the average frontal strikes
 * each side can still take, compared on a logistic scale fitted to
 * heuristic-vs-heuristic fights. test/games/gladiator-duel/evaluate.test.ts checks that
 * it predicts winners from mid-fight states better than strength alone.
 *
 * Cost: three cheapest-path sweeps over the arena's (cell, facing) pairs, in scratch
 * buffers kept per rule set; no allocation but the returned pair.
 */
import { hexsideBonus, saveTarget } from './rules.js';
import { ONGOING, woundLevel, type DuelState, type Gladiator, type Rules } from './state.js';

/** Expected strength lost to one strike with total modifier m against a save target (7 = none). */
function computeExpectedDamage(m: number, save: number): number {
  let sum = 0;
  for (let a = 1; a <= 6; a++) {
    for (let d = 1; d <= 6; d++) if (a !== d && a + m - d > 0) sum += a + m - d;
  }
  const saved = save <= 6 ? (7 - save) / 6 : 0;
  return (sum / 36) * (1 - saved);
}

const DAMAGE = new Float64Array(32 * 8);
for (let m = -16; m < 16; m++) for (let save = 1; save <= 7; save++) DAMAGE[(m + 16) * 8 + save] = computeExpectedDamage(m, save);

/** Expected strength lost to one strike with total modifier m (clamped to -16..15) against a save target. */
export function expectedDamage(m: number, save: number): number {
  const mm = m < -16 ? -16 : m > 15 ? 15 : m;
  return DAMAGE[(mm + 16) * 8 + (save > 7 ? 7 : save < 1 ? 1 : save)]!;
}

/** Chance that a double two decks the defender on one strike. */
const DECKED = 1 / 36;

/** Logistic scale of the damage race (fitted on heuristic-vs-heuristic fights). */
export const RACE_SCALE = 1.0;

/** AP looked at: a roll of 6 plus the largest bonus (Light +1), with room for house rules. */
const MAX_AP = 15;
const UNREACHED = 127;

/** Scratch buffers for the cheapest-path sweep, one set per rule set. */
interface Sweep {
  readonly cost: Int8Array;
  /** Bucket queue: nodes by cost, `MAX_AP + 1` buckets of `size * 6` slots. */
  readonly queue: Int32Array;
  readonly fill: Int32Array;
  /** best[a]: expected damage of the best strike that `a` AP pays for, steps included. */
  readonly best: Float64Array;
}
const sweeps = new WeakMap<Rules, Sweep>();
function sweepOf(rules: Rules): Sweep {
  let sweep = sweeps.get(rules);
  if (!sweep) {
    const n = rules.size * 6;
    sweep = {
      cost: new Int8Array(n),
      queue: new Int32Array((MAX_AP + 1) * n),
      fill: new Int32Array(MAX_AP + 1),
      best: new Float64Array(MAX_AP + 1),
    };
    sweeps.set(rules, sweep);
  }
  return sweep;
}

/**
 * Fills `sweep.best` for `attacker` striking `defender` with up to `maxAp` AP: the
 * cheapest path (steps, pivots, zone of control) to every (cell, facing), and the
 * expected damage of a strike from each cell next to the defender.
 */
function bestStrikes(rules: Rules, attacker: Gladiator, defender: Gladiator, maxAp: number): Float64Array {
  const o = rules.options;
  const c = o.costs;
  const sweep = sweepOf(rules);
  const { cost, queue, fill, best } = sweep;
  const n = rules.size * 6;
  const top = maxAp > MAX_AP ? MAX_AP : maxAp;
  best.fill(0);
  if (top < c.strike) return best;
  cost.fill(UNREACHED);
  fill.fill(0);
  const size = rules.size;
  const dist = rules.dist;
  const neighbor = rules.neighbor;
  const target = defender.cell;
  const canStep = !attacker.ensnared || o.ensnaredCanStep;
  const modifier = (defender.ensnared ? 1 : 0) - (attacker.armed ? 0 : o.disarmedPenalty);
  const save = saveTarget(rules, defender);
  const moveBudget = top - c.strike;
  const start = attacker.cell * 6 + attacker.facing;
  cost[start] = 0;
  queue[0] = start;
  fill[0] = 1;
  for (let spent = 0; spent <= moveBudget; spent++) {
    for (let q = 0; q < fill[spent]!; q++) {
      const node = queue[spent * n + q]!;
      if (cost[node] !== spent) continue;
      const cell = (node / 6) | 0;
      const facing = node - cell * 6;
      const adjacent = dist[cell * size + target] === 1;
      if (adjacent) {
        // Strike from here with `spent + strike` AP or more.
        const value = expectedDamage(hexsideBonus(rules, defender, cell) + modifier, save);
        const from = spent + c.strike;
        if (value > best[from]!) best[from] = value;
      }
      const turnCost = spent + c.pivot;
      if (turnCost <= moveBudget) {
        const left = cell * 6 + ((facing + 5) % 6);
        const right = cell * 6 + ((facing + 1) % 6);
        if (turnCost < cost[left]!) {
          cost[left] = turnCost;
          queue[turnCost * n + fill[turnCost]!++] = left;
        }
        if (turnCost < cost[right]!) {
          cost[right] = turnCost;
          queue[turnCost * n + fill[turnCost]!++] = right;
        }
      }
      if (!canStep) continue;
      for (let k = 0; k < 6; k++) {
        const dest = neighbor[cell * 6 + ((facing + k) % 6)]!;
        if (dest < 0 || dest === target) continue;
        if (adjacent && dist[dest * size + target] === 1) continue; // zone of control
        const to = dest * 6 + facing;
        const nc = spent + (k === 0 ? c.forwardStep : c.otherStep);
        if (nc <= moveBudget && nc < cost[to]!) {
          cost[to] = nc;
          queue[nc * n + fill[nc]!++] = to;
        }
      }
    }
  }
  // More AP can always buy what less AP could.
  for (let a = 1; a <= top; a++) if (best[a - 1]! > best[a]!) best[a] = best[a - 1]!;
  for (let a = top + 1; a <= MAX_AP; a++) best[a] = best[top]!;
  return best;
}

/** AP modifiers of `g`'s next roll (type, wounds, net, off balance). */
function apModifier(rules: Rules, g: Gladiator): number {
  const o = rules.options.ap;
  const wound = woundLevel(rules, g);
  return rules.typeAp[g.type]! - (wound === 2 ? o.badlyWounded : wound === 1 ? o.lightlyWounded : 0) - (g.ensnared ? o.ensnared : 0) - (g.offBalance ? o.offBalance : 0);
}

/** Chance that the last `nextTurnDamage` roll allowed a strike (set beside its result). */
let rollHit = 0;

/** Expected damage of `attacker`'s next turn, averaged over his AP roll; sets `rollHit`. */
function nextTurnDamage(rules: Rules, attacker: Gladiator, defender: Gladiator): number {
  const mod = apModifier(rules, attacker);
  const best = bestStrikes(rules, attacker, defender, 6 + mod);
  let damage = 0;
  let hit = 0;
  const strikeCost = rules.options.costs.strike;
  for (let roll = 1; roll <= 6; roll++) {
    const ap = roll + mod;
    if (ap < strikeCost) continue;
    const a = ap > MAX_AP ? MAX_AP : ap;
    damage += best[a]!;
    if (best[a]! > 0) hit++;
  }
  rollHit = hit / 6;
  return damage / 6;
}

/** Strikes `g` can still take before losing: strength over a frontal strike's expected damage. */
function strikesToBeat(rules: Rules, g: Gladiator, strength: number): number {
  return Math.max(0, strength) / Math.max(0.05, expectedDamage(0, saveTarget(rules, g)));
}

/** Per-seat value in [0, 1]: returns at the end, the expected-exchange race before. */
export function evaluatePosition(s: DuelState, scale = RACE_SCALE): readonly number[] {
  if (s.result !== ONGOING) return s.result === 0 ? [1, 0] : s.result === 1 ? [0, 1] : [0.5, 0.5];
  const rules = s.rules;
  const o = rules.options;
  const mover = s.current === 0 ? s.g0 : s.g1;
  const other = s.current === 0 ? s.g1 : s.g0;

  // 1. The mover's strike still to come this turn (his AP is known).
  let toOther = 0;
  let hitMover = 0;
  if (!s.struck && (!mover.ensnared || o.ensnaredCanStrike)) {
    toOther = bestStrikes(rules, mover, other, s.ap)[s.ap > MAX_AP ? MAX_AP : s.ap]!;
    hitMover = toOther > 0 ? 1 : 0;
  }
  // 2. The other's reply next turn.
  const toMover = (1 - hitMover * DECKED) * nextTurnDamage(rules, other, mover);
  const hitOther = (1 - hitMover * DECKED) * rollHit;
  // 3. The mover's strike back the turn after.
  const toOtherAgain = (1 - hitOther * DECKED) * nextTurnDamage(rules, mover, other);

  const moverLeft = strikesToBeat(rules, mover, mover.strength - toMover);
  const otherLeft = strikesToBeat(rules, other, other.strength - toOther - toOtherAgain);
  const race = (moverLeft - otherLeft) / Math.sqrt(1 + otherLeft + moverLeft);
  const moverDecks = hitMover * DECKED;
  const otherDecks = hitOther * DECKED;
  const v = moverDecks + (1 - moverDecks - otherDecks) / (1 + Math.exp(-scale * race));
  return s.current === 0 ? [v, 1 - v] : [1 - v, v];
}
