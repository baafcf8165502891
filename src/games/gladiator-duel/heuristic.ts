/**
 * A hand-written gladiator: closes in, faces the foe, strikes from the flank or rear
 * when it can reach there, never leaves its own back to the foe if it can help it,
 * casts the net as a Retiarius, and, badly wounded and losing with the turn cap in
 * reach, backs off to run out the clock; otherwise it fights on.
 *
 * Each decision plans the rest of the turn: a shortest-path search over
 * (cell, facing) with the game's own AP costs and zone of control finds every position
 * reachable with the AP left; each is scored by what a strike from there is worth,
 * minus what the foe's reply is likely to cost. The agent takes the first action of
 * the best plan and plans again after it (chance may have changed everything).
 * Deterministic: it never draws from its rng.
 */
import type { Agent, AgentFactory, DecisionContext } from '../../core/agent.js';
import { invalid } from '../../core/errors.js';
import { HexArena, relativeSide } from '../../core/hex.js';
import { CAST_NET, END_TURN, ESCAPE_NET, PIVOT_LEFT, PIVOT_RIGHT, STEP, STRIKE } from './actions.js';
import { expectedDamage } from './evaluate.js';
import { directionTo, hexsideBonus, saveTarget } from './rules.js';
import { RETIARIUS, gladiatorWith, woundLevel, type DuelState, type Gladiator, type Rules } from './state.js';

/**
 * Backing off pays only when it runs out the clock: wounds never heal, and in a walled
 * arena the foe corners a fleeing gladiator within a few turns and strikes at will. So
 * a losing gladiator retreats only when the foe has at most this many turns left before
 * the turn cap draws the fight; earlier, it fights on (frontal strikes included).
 */
export const RUN_OUT_TURNS = 2;

/** Probability that 1d6 + mod reaches at least n. */
function chanceAtLeast(n: number, mod: number): number {
  const need = n - mod;
  if (need <= 1) return 1;
  if (need > 6) return 0;
  return (7 - need) / 6;
}

/** Value of one strike, in "share of the fight": damage relative to what the target has left, plus the decked chance. */
function strikeValue(m: number, save: number, targetStrength: number): number {
  return expectedDamage(m, save) / Math.max(1, targetStrength + 3) + 1 / 36;
}

function vigour(g: Gladiator): number {
  return Math.max(0, g.strength + 2) / (g.startStrength + 2);
}

/** Hexside turns (0..3) from facing `f` to face direction `d`. */
function turnsToFace(f: number, d: number): number {
  const r = relativeSide(f, d);
  return r <= 3 ? r : 6 - r;
}

/** bearing[a * size + b]: the direction from cell a that points most nearly at cell b. */
const bearings = new WeakMap<Rules, Int8Array>();
function bearingsOf(rules: Rules): Int8Array {
  let table = bearings.get(rules);
  if (!table) {
    const arena = new HexArena(rules.cols, rules.rows);
    table = new Int8Array(rules.size * rules.size);
    for (let a = 0; a < rules.size; a++) for (let b = 0; b < rules.size; b++) table[a * rules.size + b] = arena.bearing(a, b);
    bearings.set(rules, table);
  }
  return table;
}

/** Turns the foe of the gladiator to move still gets before the turn cap ends the fight. */
export function foeTurnsLeft(s: DuelState): number {
  return Math.ceil((s.rules.turnCap - s.turn) / 2);
}

/**
 * The planner behind the `heuristic` agent (below). Keeps its search buffers between
 * decisions; holds no other state.
 */
export class DuelPlanner {
  private cost = new Int16Array(0);
  private first = new Int8Array(0);

  /** The action to take for `player` in `s`, given the bit mask of his legal actions. */
  choose(s: DuelState, player: number, legal: number): number {
    const rules = s.rules;
    const o = rules.options;
    const me = player === 0 ? s.g0 : s.g1;
    const foe = player === 0 ? s.g1 : s.g0;
    const size = rules.size;
    const dist = rules.dist[me.cell * size + foe.cell]!;
    const canStrike = (legal >>> STRIKE) & 1;
    const retreating = woundLevel(rules, me) === 2 && vigour(me) < vigour(foe) && foeTurnsLeft(s) <= RUN_OUT_TURNS;

    // The net: a 1-in-3 cast over a one-hex gap is worth its 2 AP; adjacent (1 in 6) it is not.
    if ((legal >>> CAST_NET) & 1 && dist === 2) return CAST_NET;
    // Ensnared: -3 AP every turn and +1 to be hit; get out once any strike is done.
    if ((legal >>> ESCAPE_NET) & 1 && !canStrike) return ESCAPE_NET;

    this.search(s, me, foe);
    const bearing = bearingsOf(rules);
    const c = o.costs;
    const mySave = saveTarget(rules, me);
    const foeSave = saveTarget(rules, foe);
    const foeApMod = rules.typeAp[foe.type]! - [0, o.ap.lightlyWounded, o.ap.badlyWounded][woundLevel(rules, foe)]! - (foe.ensnared ? o.ap.ensnared : 0) - (foe.offBalance ? o.ap.offBalance : 0);
    const foeStrikeMod = (me.ensnared ? 1 : 0) - (foe.armed ? 0 : o.disarmedPenalty);
    const myStrikeMod = (foe.ensnared ? 1 : 0) - (me.armed ? 0 : o.disarmedPenalty);
    const strikeOpen = !s.struck && (!me.ensnared || o.ensnaredCanStrike);
    const wantsNet = me.type === RETIARIUS && me.shield && !foe.ensnared;

    let bestValue = -Infinity;
    let bestAction: number = END_TURN;
    for (let node = 0; node < size * 6; node++) {
      const spent = this.cost[node]!;
      if (spent > s.ap) continue;
      const cell = (node / 6) | 0;
      const facing = node % 6;
      const d = rules.dist[cell * size + foe.cell]!;
      const left = s.ap - spent;
      // What the foe's next turn is likely to cost us, if we end here facing this way.
      let threat: number;
      if (d === 1) {
        const at = gladiatorWith(me, { cell, facing });
        threat = strikeValue(hexsideBonus(rules, at, foe.cell) + foeStrikeMod, mySave, me.strength);
      } else {
        const side = relativeSide(facing, bearing[cell * size + foe.cell]!);
        const exposed = side === 0 ? 0 : side === 1 || side === 5 ? 2 : 3;
        threat = chanceAtLeast(d, foeApMod) * strikeValue(exposed + foeStrikeMod, mySave, me.strength);
      }
      let value = -threat - 0.001 * spent;
      value += retreating ? 0.05 * d : -0.05 * Math.max(0, d - 2);
      if (wantsNet && d === 2 && left >= c.castNet) value += 0.1;
      if (value > bestValue) {
        bestValue = value;
        bestAction = spent === 0 ? END_TURN : this.first[node]!;
      }
      // Strike from here, then (AP allowing) turn to face the foe.
      if (d === 1 && strikeOpen && left >= c.strike) {
        const bonus = hexsideBonus(rules, foe, cell);
        if (o.strikeArc === 'front' && turnsToFace(facing, directionTo(rules, cell, foe.cell)) > 1) continue;
        const faceCost = turnsToFace(facing, directionTo(rules, cell, foe.cell)) * c.pivot;
        const after =
          left - c.strike >= faceCost ? strikeValue(foeStrikeMod, mySave, me.strength) : threat;
        const v = strikeValue(bonus + myStrikeMod, foeSave, foe.strength) - after - 0.001 * spent + 0.001;
        if (v > bestValue) {
          bestValue = v;
          bestAction = spent === 0 ? STRIKE : this.first[node]!;
        }
      }
    }
    if (bestAction === END_TURN && (legal >>> ESCAPE_NET) & 1) return ESCAPE_NET;
    return bestAction;
  }

  /** Cheapest AP cost to every (cell, facing) this turn, and the first action of that path. */
  private search(s: DuelState, me: Gladiator, foe: Gladiator): void {
    const rules = s.rules;
    const o = rules.options;
    const n = rules.size * 6;
    if (this.cost.length !== n) {
      this.cost = new Int16Array(n);
      this.first = new Int8Array(n);
    }
    const cost = this.cost;
    const first = this.first;
    cost.fill(32767);
    const start = me.cell * 6 + me.facing;
    cost[start] = 0;
    first[start] = END_TURN;
    const canStep = !me.ensnared || o.ensnaredCanStep;
    const size = rules.size;
    // Costs are small integers: a bucket queue, one bucket per AP spent.
    const buckets: number[][] = [];
    for (let c = 0; c <= s.ap; c++) buckets.push([]);
    buckets[0]!.push(start);
    for (let c = 0; c <= s.ap; c++) {
      for (const node of buckets[c]!) {
        if (cost[node] !== c) continue; // reached more cheaply since it was queued
        const cell = (node / 6) | 0;
        const facing = node % 6;
        const relax = (to: number, stepCost: number, action: number) => {
          const nc = c + stepCost;
          if (nc <= s.ap && nc < cost[to]!) {
            cost[to] = nc;
            buckets[nc]!.push(to);
            first[to] = node === start ? action : first[node]!;
          }
        };
        relax(cell * 6 + ((facing + 5) % 6), o.costs.pivot, PIVOT_LEFT);
        relax(cell * 6 + ((facing + 1) % 6), o.costs.pivot, PIVOT_RIGHT);
        if (!canStep) continue;
        const adjacent = rules.dist[cell * size + foe.cell] === 1;
        for (let k = 0; k < 6; k++) {
          const to = rules.neighbor[cell * 6 + ((facing + k) % 6)]!;
          if (to < 0 || to === foe.cell) continue;
          if (adjacent && rules.dist[to * size + foe.cell] === 1) continue; // zone of control
          relax(to * 6 + facing, k === 0 ? o.costs.forwardStep : o.costs.otherStep, STEP + k);
        }
      }
    }
  }
}

/** The `heuristic` agent: the planner behind the agent contract. Never draws from its rng. */
export class GladiatorDuelHeuristic implements Agent {
  private readonly planner = new DuelPlanner();

  constructor(readonly spec: string) {}

  act(ctx: DecisionContext): unknown {
    let legal = 0;
    for (const a of ctx.legal as readonly number[]) legal |= 1 << a;
    const choice = this.planner.choose(ctx.obs as DuelState, ctx.player, legal);
    return (legal >>> choice) & 1 ? choice : END_TURN;
  }
}

export const gladiatorDuelHeuristic: AgentFactory = ({ spec, params }) => {
  const keys = Object.keys(params);
  if (keys.length > 0) throw invalid(`agent spec ${JSON.stringify(spec)}`, keys[0]!, params[keys[0]!], 'no parameters for the gladiator-duel heuristic');
  return new GladiatorDuelHeuristic(spec);
};
