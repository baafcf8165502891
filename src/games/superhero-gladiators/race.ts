/**
 * The fight's value as a chance of winning (what `evaluate` returns): a damage race to
 * a knockout or to the turn cap, played out exactly over the segments left.
 *
 * Why not each side's share of Oomph left: that values an even exchange at nothing, so a
 * search cut off two plies after stepping into reach sees only the blow it takes first
 * and never the knockout its stronger attack wins a few exchanges later. Here every hero
 * who can strike a foe from where it stands now (adjacent with a close attack or the
 * punch, in sight with a distance attack) strikes on each of its segments until one side
 * is knocked out or the cap comes; the cap's own tie-break decides what is left. Heroes
 * who cannot strike from where they stand do not strike in the race: a stand-off is
 * valued as what it is — the turn cap's verdict on the Oomph as it stands — so a player
 * who would win the exchange sees that closing in gains it something, and a player who
 * would lose it sees that it does not. Where nobody can strike, this is exactly the
 * returns of a game that ends now at the cap.
 *
 * The race, per pair of sides: each striker's best attack on the other side (hit chance
 * times reliability, damage after defenses; heuristic.ts's `strikeOdds`), the other
 * side's Oomph pooled and counted in hits of the side's hardest hitter (a weaker
 * striker's chance scaled by its damage share, so each action's expected damage is
 * kept), the actions in segment order (the rest of this segment, then whole segments to
 * the cap), and an exact dynamic programme over the hits each side still needs. Not
 * modelled: healing, entangles, copy, switching defenses on, movement during the race.
 * Three or more sides: each side's value is the product of its pairwise chances,
 * normalised.
 */
import { conscious, isDesolid, limbSlot, mayActOn, sees } from './rules.js';
import { attackSlots, isRanged, moveReach, strikeOdds } from './odds.js';
import { OPEN } from './arena.js';
import type { ShgState } from './state.js';

/** Largest product of the two sides' hits-needed before the units are coarsened (cost bound). */
const MAX_CELLS = 900;
/** Probability mass still undecided below which the race stops early. */
const SETTLED = 1e-6;
/** Weight of the fight-if-met next to the foe, where nobody can strike yet (see pairValue). */
const LEAN = 0.2;
/** Hexes from which the fight-if-met no longer leans the value. */
const LEAN_RANGE = 12;

interface Strike {
  /** Chance per action of one hit, in the striker side's hit unit. */
  readonly p: number;
  /** Oomph a hit takes. */
  readonly d: number;
}

/**
 * The best strike of `a` on any conscious foe of side `foeSide` it can hit from where it
 * stands (`anywhere`: wherever the foe stands), or null.
 */
function strikeNow(s: ShgState, a: number, foeSide: number, anywhere: boolean): Strike | null {
  if (!conscious(s, a) || s.heroes[a]!.entangled > 0 || isDesolid(s, a)) return null;
  const grid = s.setup.map.grid;
  const from = s.heroes[a]!.cell;
  // Under `charge` a close attack reaches a foe one move away (move, then strike).
  const closeReach = s.setup.options.charge ? moveReach(s, a) + 1 : 1;
  let best: Strike | null = null;
  for (let t = 0; t < s.heroes.length; t++) {
    if (s.setup.side[t] !== foeSide || !conscious(s, t) || isDesolid(s, t)) continue;
    const to = s.heroes[t]!.cell;
    for (const slot of attackSlots(s, a)) {
      const ok = anywhere || (isRanged(s, a, slot) ? sees(s, from, to) : grid.distance(from, to) <= closeReach);
      if (!ok) continue;
      const o = strikeOdds(s, a, slot, t);
      if (o.p > 0 && o.d > 0 && (!best || o.p * o.d > best.p * best.d)) best = o;
    }
  }
  return best;
}

/**
 * Segment lists found before, per game (keyed by its initiative rolls, one array a game):
 * what a list depends on beyond the setup and those rolls is which heroes are conscious
 * and whose extra limbs work, a handful of cases a game, and `evaluate` asked for them at
 * every leaf of a search.
 */
const actorsMemo = new WeakMap<readonly number[], { setup: object; bySituation: Map<number, readonly (readonly number[])[]> }>();

/** The heroes acting on each segment 1..6 (conscious now), in the flow's order (game.ts, `rules.actingOrder`). */
function segmentActors(s: ShgState): readonly (readonly number[])[] {
  const n = s.heroes.length;
  if (n > 15) return listSegmentActors(s);
  let situation = 0;
  for (let h = 0; h < n; h++) {
    if (conscious(s, h)) situation |= 1 << h;
    if (limbSlot(s, h) >= 0) situation |= 1 << (h + 15);
  }
  let memo = actorsMemo.get(s.initiative);
  if (memo === undefined || memo.setup !== s.setup) actorsMemo.set(s.initiative, (memo = { setup: s.setup, bySituation: new Map() }));
  let lists = memo.bySituation.get(situation);
  if (lists === undefined) memo.bySituation.set(situation, (lists = listSegmentActors(s)));
  return lists;
}

function listSegmentActors(s: ShgState): number[][] {
  const heroes = s.setup.heroes;
  const dexFirst = s.setup.options.rules.actingOrder === 'dex';
  const out: number[][] = [];
  for (let seg = 0; seg < 6; seg++) {
    const list: number[] = [];
    for (let h = 0; h < s.heroes.length; h++) if (conscious(s, h) && mayActOn(s, h, seg)) list.push(h);
    list.sort((a, b) => {
      const x = heroes[a]!;
      const y = heroes[b]!;
      const first = dexFirst ? y.DEX - x.DEX || y.PER - x.PER : y.PER - x.PER || y.DEX - x.DEX;
      return first || s.initiative[b]! - s.initiative[a]! || a - b;
    });
    out.push(list);
  }
  return out;
}

function sideOomph(s: ShgState, side: number): { left: number; max: number } {
  let left = 0;
  let max = 0;
  for (let h = 0; h < s.heroes.length; h++) {
    if (s.setup.side[h] !== side) continue;
    left += Math.max(0, s.heroes[h]!.oomph);
    max += s.setup.heroes[h]!.oomphMax;
  }
  return { left, max };
}

/** The cap's verdict between two sides with `li`/`lj` Oomph left (of `mi`/`mj`): 1, 0 or 1/2 for side i. */
function capVerdict(s: ShgState, li: number, mi: number, lj: number, mj: number): number {
  if (s.setup.options.capTiebreak === 'draw') return 0.5;
  const a = li / mi;
  const b = lj / mj;
  return Math.abs(a - b) < 1e-12 ? 0.5 : a > b ? 1 : 0;
}

/**
 * Side i's chance of beating side j: knocking it out first, or leading at the cap.
 * `actions` is the rest of the schedule as hero indices (the current actor first);
 * `anywhere`: every hero strikes as if in reach (the fight both sides would have).
 * `engaged` is false when nobody in the pair can strike (the value is then the cap's).
 */
function pairChance(s: ShgState, i: number, j: number, actions: Schedule, anywhere: boolean, careful = false): { v: number; engaged: boolean } {
  const oi = sideOomph(s, i);
  const oj = sideOomph(s, j);
  if (oj.left <= 0) return { v: oi.left > 0 ? 1 : 0.5, engaged: true };
  if (oi.left <= 0) return { v: 0, engaged: true };
  // Strikes per hero in this pair, and each side's hit unit (its hardest hitter's damage).
  const strikes = new Map<number, Strike>();
  let unitI = 0;
  let unitJ = 0;
  for (let h = 0; h < s.heroes.length; h++) {
    const side = s.setup.side[h];
    if (side !== i && side !== j) continue;
    const st = strikeNow(s, h, side === i ? j : i, anywhere);
    if (!st) continue;
    strikes.set(h, st);
    if (side === i) unitI = Math.max(unitI, st.d);
    else unitJ = Math.max(unitJ, st.d);
  }
  if (strikes.size === 0) return { v: capVerdict(s, oi.left, oi.max, oj.left, oj.max), engaged: false };
  // A side with no step out of its foes' reach cannot walk away (a walled arena corners an equal mover).
  const cornered = careful ? [i, j].map((side) => !canStepAway(s, side, side === i ? j : i)) : [false, false];
  const key = `${careful ? `c${+cornered[0]!}${+cornered[1]!}` : ''}${i},${j},${actions.length},${actions.first},${actions.limbs},${oi.left},${oj.left},${[...strikes].map(([h, st]) => `${h}:${st.p}:${st.d}`).join(' ')}`;
  let memo = raceMemo.get(s.setup);
  if (!memo) raceMemo.set(s.setup, (memo = new Map()));
  let v = memo.get(key);
  if (v === undefined) {
    v = careful ? carefulRace(s, i, j, actions.list(), strikes, oi, oj, unitI, unitJ, cornered) : race(s, i, actions.list(), strikes, oi, oj, unitI, unitJ);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, v);
  }
  return { v, engaged: true };
}

/**
 * Whether a hero of `side` can step, in one action, to an open, empty hex out of every
 * conscious `foe` hero's close reach (1, or a move and 1 under `charge`). A foe with a
 * distance attack, or a hero not yet placed, counts as escapable (walking away as before).
 * Path obstacles are not traced (a hex within move reach counts as reachable).
 */
function canStepAway(s: ShgState, side: number, foe: number): boolean {
  const { grid, terrain } = s.setup.map;
  const foes: { cell: number; reach: number }[] = [];
  for (let t = 0; t < s.heroes.length; t++) {
    if (s.setup.side[t] !== foe || !conscious(s, t)) continue;
    if (s.heroes[t]!.cell < 0 || attackSlots(s, t).some((slot) => isRanged(s, t, slot))) return true;
    foes.push({ cell: s.heroes[t]!.cell, reach: s.setup.options.charge ? moveReach(s, t) + 1 : 1 });
  }
  const outOfReach = (c: number): boolean => foes.every((f) => grid.distance(f.cell, c) > f.reach);
  const taken = (c: number): boolean => s.heroes.some((r, h) => r.cell === c && conscious(s, h));
  for (let h = 0; h < s.heroes.length; h++) {
    if (s.setup.side[h] !== side || !conscious(s, h)) continue;
    const from = s.heroes[h]!.cell;
    // Not placed, or already out of reach where it stands: no scan of the arena needed (this runs at every engaged leaf).
    if (from < 0 || outOfReach(from)) return true;
    const reach = moveReach(s, h);
    for (let c = 0; c < grid.size; c++) {
      if (terrain[c] !== OPEN || grid.distance(from, c) > reach || taken(c)) continue;
      if (outOfReach(c)) return true;
    }
  }
  return false;
}

/**
 * Races already run, per setup: within one search the same Oomph, segment and strikes
 * recur at many leaves. The key holds everything the race reads but the schedule, which
 * the setup, its length, its first actor and the limb uses left fix (a schedule runs to the cap).
 */
const raceMemo = new WeakMap<object, Map<string, number>>();
const MEMO_SIZE = 20_000;

/**
 * The hits-needed grid of a race: hits side i needs on j (ki) and j on i (kj), both units
 * coarsened alike by f when the grid would pass MAX_CELLS. (A side with no striker needs
 * one hit it never lands.)
 */
function hitsGrid(oi: { left: number }, oj: { left: number }, unitI: number, unitJ: number): { ki: number; kj: number; f: number } {
  let ki = unitI > 0 ? Math.ceil(oj.left / unitI - 1e-9) : 1;
  let kj = unitJ > 0 ? Math.ceil(oi.left / unitJ - 1e-9) : 1;
  const cells = ki * kj;
  const f = cells > MAX_CELLS ? Math.ceil(Math.sqrt(cells / MAX_CELLS)) : 1;
  if (f > 1) {
    ki = Math.ceil(ki / f);
    kj = Math.ceil(kj / f);
  }
  return { ki, kj, f };
}

/** The race itself (see pairChance): side i's chance of a knockout first or a lead at the cap. */
function race(
  s: ShgState,
  i: number,
  actions: readonly number[],
  strikes: ReadonlyMap<number, Strike>,
  oi: { left: number; max: number },
  oj: { left: number; max: number },
  unitI: number,
  unitJ: number,
): number {
  const { ki, kj, f } = hitsGrid(oi, oj, unitI, unitJ);
  const W = kj + 1; // prob[a * W + b]: side i still needs a hits, side j still needs b
  const prob = new Float64Array((ki + 1) * W);
  prob[ki * W + kj] = 1;
  let winI = 0;
  let winJ = 0;
  for (const h of actions) {
    if (1 - winI - winJ < SETTLED) break;
    const st = strikes.get(h);
    if (!st) continue;
    const mine = s.setup.side[h] === i;
    const p = Math.min(1, (st.p * st.d) / ((mine ? unitI : unitJ) * f));
    if (p <= 0) continue;
    // In place: a hit only lowers a (or b), and the lower cell has been updated already.
    for (let a = 1; a <= ki; a++) {
      for (let b = 1; b <= kj; b++) {
        const at = a * W + b;
        const m = prob[at]!;
        if (m === 0) continue;
        prob[at] = m * (1 - p);
        if (mine) {
          if (a === 1) winI += m * p;
          else prob[at - W]! += m * p;
        } else if (b === 1) winJ += m * p;
        else prob[at - 1]! += m * p;
      }
    }
  }
  // What is still standing at the cap goes to the cap's tie-break.
  let capI = 0;
  for (let a = 1; a <= ki; a++) {
    for (let b = 1; b <= kj; b++) {
      const m = prob[a * W + b]!;
      if (m === 0) continue;
      const leftJ = Math.max(0, oj.left - (ki - a) * unitI * f);
      const leftI = Math.max(0, oi.left - (kj - b) * unitJ * f);
      capI += m * capVerdict(s, leftI, oi.max, leftJ, oj.max);
    }
  }
  return winI + capI;
}

/**
 * The race as careful players fight it: on each of its actions a side may also walk away
 * and take the stand-off — the turn cap's verdict on the Oomph as it stands (what the
 * value of heroes out of reach is, pairValue) — when that is worth more to it than going
 * on. So a side that lands the first blow and leads walks away with the lead, and a
 * side that would lose the exchange declines it, as the tuned search and `flee` do; the
 * plain race (every hero strikes to a knockout or the cap) values an exchange the foe
 * can decline as if it could not. Backward induction over the same schedule and hits-needed
 * grid as `race`: V(a, b) after the last action is the cap's verdict; at an action of side
 * i, V = max(strike on, walk away), at side j's, the min. A side that cannot walk away
 * (`cornered`: no step out of its foes' reach now, canStepAway) strikes on; the position
 * is taken as it stands for the whole race. Not modelled, as in `race`:
 * a pursuer's segments the leader lacks (extra limbs can force a blow on a foe who walked
 * away), healing, entangles.
 */
function carefulRace(
  s: ShgState,
  i: number,
  j: number,
  actions: readonly number[],
  strikes: ReadonlyMap<number, Strike>,
  oi: { left: number; max: number },
  oj: { left: number; max: number },
  unitI: number,
  unitJ: number,
  cornered: readonly boolean[],
): number {
  const { ki, kj, f } = hitsGrid(oi, oj, unitI, unitJ);
  const W = kj + 1;
  // stop[a * W + b]: the cap's verdict for side i with a hits still needed by i, b by j.
  const stop = new Float64Array((ki + 1) * W);
  for (let a = 1; a <= ki; a++) {
    for (let b = 1; b <= kj; b++) {
      const leftJ = Math.max(0, oj.left - (ki - a) * unitI * f);
      const leftI = Math.max(0, oi.left - (kj - b) * unitJ * f);
      stop[a * W + b] = capVerdict(s, leftI, oi.max, leftJ, oj.max);
    }
  }
  // After the last action the cap decides; walk back through the schedule.
  const v = Float64Array.from(stop);
  for (let k = actions.length - 1; k >= 0; k--) {
    const h = actions[k]!;
    const side = s.setup.side[h];
    if (side !== i && side !== j) continue;
    const mine = side === i;
    const st = strikes.get(h);
    const p = st ? Math.min(1, (st.p * st.d) / ((mine ? unitI : unitJ) * f)) : 0;
    const free = !(s.heroes[h]!.entangled > 0) && !cornered[mine ? 0 : 1];
    // In place, from the top: a hit moves to a − 1 (or b − 1), a cell this action has
    // not updated yet, so it still holds the value after the next action.
    for (let a = ki; a >= 1; a--) {
      for (let b = kj; b >= 1; b--) {
        const at = a * W + b;
        const rest = v[at]!;
        let on = rest;
        if (p > 0) {
          const hit = mine ? (a === 1 ? 1 : v[at - W]!) : b === 1 ? 0 : v[at - 1]!;
          on = p * hit + (1 - p) * rest;
        }
        v[at] = !free ? on : mine ? Math.max(on, stop[at]!) : Math.min(on, stop[at]!);
      }
    }
  }
  return v[ki * W + kj]!;
}

/**
 * The actions left before the turn cap, in order (hero indices; the hero deciding now
 * first); `whole`: from the next segment on. Its length and first actor (all a remembered
 * race needs, with the limb uses left: `limbs`) are counted without listing it; `list()`
 * lists it, once. A segment only a hero's extra limbs give counts while the power has
 * uses left, one use each (rules.ts playAction), so a hero with ten uses of a limb strikes
 * on ten extra segments, not on every turn to the cap.
 */
class Schedule {
  readonly length: number;
  readonly first: number | undefined;
  /** The limb uses left of heroes whose limbs give segments ('' when none do). */
  readonly limbs: string;
  private listed: number[] | null = null;
  private readonly cap: number;
  private readonly from: number;
  private readonly startRound: number;
  private readonly bySegment: readonly (readonly number[])[];
  /** Limb actions left per hero (Infinity without limb segments), or null when no hero has limb segments. */
  private readonly limbsLeft: readonly number[] | null;

  constructor(
    private readonly s: ShgState,
    private readonly whole = false,
  ) {
    this.cap = s.setup.options.turnCap * 6;
    // During placement (round 0) the fight starts with segment 1: where a hero is put decides who strikes first.
    const placing = s.round < 1;
    this.from = whole || placing ? s.order.length : s.stack.length > 0 ? s.turn + 1 : s.turn;
    this.startRound = placing ? 1 : s.round + 1;
    this.bySegment = segmentActors(s);
    this.limbsLeft = limbActionsLeft(s);
    this.limbs = this.limbsLeft === null ? '' : this.limbsLeft.join('/');
    if (this.limbsLeft !== null) {
      const out = this.list();
      this.length = out.length;
      this.first = out[0];
      return;
    }
    let length = 0;
    let first: number | undefined;
    for (let k = this.from; k < s.order.length; k++) {
      if (!conscious(s, s.order[k]!)) continue;
      if (length++ === 0) first = s.order[k]!;
    }
    for (let r = this.startRound; r <= this.cap; r++) {
      const seg = this.bySegment[(r - 1) % 6]!;
      if (length === 0 && seg.length > 0) first = seg[0]!;
      length += seg.length;
    }
    this.length = length;
    this.first = first;
  }

  list(): readonly number[] {
    if (this.listed !== null) return this.listed;
    const s = this.s;
    const out: number[] = [];
    const left = this.limbsLeft === null ? null : [...this.limbsLeft];
    const heroes = s.setup.heroes;
    // Whether hero h acts on segment `seg` (0-based) with the limb uses still left, spending one.
    const acts = (h: number, seg: number): boolean => {
      if (left === null || !heroes[h]!.limbBoxes[seg]) return true;
      if (left[h]! <= 0) return false;
      left[h]!--;
      return true;
    };
    const current = s.round >= 1 ? (s.round - 1) % 6 : -1;
    for (let k = this.from; k < s.order.length; k++) if (conscious(s, s.order[k]!) && acts(s.order[k]!, current)) out.push(s.order[k]!);
    for (let r = this.startRound; r <= this.cap; r++) for (const h of this.bySegment[(r - 1) % 6]!) if (acts(h, (r - 1) % 6)) out.push(h);
    return (this.listed = out);
  }
}

/** Actions each hero's extra limbs still give (Infinity without limb segments); null when no hero has limb segments with limited uses. */
function limbActionsLeft(s: ShgState): number[] | null {
  let any = false;
  const left = s.heroes.map((r, h) => {
    if (!s.setup.heroes[h]!.limbBoxes.some(Boolean)) return Infinity;
    const slot = limbSlot(s, h);
    const uses = slot < 0 ? 0 : r.uses[slot]!;
    if (uses !== Infinity) any = true;
    return uses;
  });
  return any ? left : null;
}

/** Nearest distance between two conscious heroes of sides i and j (Infinity before placement). */
function gap(s: ShgState, i: number, j: number): number {
  const grid = s.setup.map.grid;
  let best = Infinity;
  for (let a = 0; a < s.heroes.length; a++) {
    if (s.setup.side[a] !== i || !conscious(s, a)) continue;
    for (let b = 0; b < s.heroes.length; b++) if (s.setup.side[b] === j && conscious(s, b)) best = Math.min(best, grid.distance(s.heroes[a]!.cell, s.heroes[b]!.cell));
  }
  return best;
}

/**
 * Side i's chance against side j. Where neither can strike, the cap's verdict on the
 * Oomph as it stands, leaning by `closeness` toward the fight both would have if they
 * met (each hero striking on its segments from the next segment on): a small pull, at
 * most LEAN next to each other and nothing from LEAN_RANGE hexes on, that lets a search
 * whose horizon ends before contact see which way the fight lies — toward the foe for
 * the side that would win it, away for the side that would lose it, neither in a mirror
 * — without ever outweighing what contact itself is worth.
 */
function pairValue(s: ShgState, i: number, j: number, actions: Schedule, whole: () => Schedule): number {
  const now = pairChance(s, i, j, actions, false, true);
  if (now.engaged) return now.v;
  const d = gap(s, i, j);
  const closeness = Number.isFinite(d) ? Math.max(0, 1 - (d - 1) / LEAN_RANGE) : 0;
  if (closeness <= 0) return now.v;
  const met = pairChance(s, i, j, whole(), true);
  return now.v + LEAN * closeness * (met.v - now.v);
}

/**
 * Side `side`'s chance in the fight every side would have if they met now (each hero
 * striking on its segments from the next segment on, wherever it stands): does closing
 * in pay for this side, once contact is made?
 */
export function fightIfMet(s: ShgState, side: number): number {
  const whole = new Schedule(s, true);
  const v = new Array<number>(s.setup.sides).fill(1);
  for (let i = 0; i < v.length; i++) {
    for (let j = i + 1; j < v.length; j++) {
      const c = pairChance(s, i, j, whole, true).v;
      v[i]! *= c;
      v[j]! *= 1 - c;
    }
  }
  const total = v.reduce((a, b) => a + b, 0);
  return total > 0 ? v[side]! / total : 1 / v.length;
}

/** Each side's chance of winning from `s` (sums to 1). */
export function raceValue(s: ShgState): number[] {
  const n = s.setup.sides;
  const actions = new Schedule(s);
  let wholeCache: Schedule | null = null;
  const whole = () => (wholeCache ??= new Schedule(s, true));
  if (n === 2) {
    const v = pairValue(s, 0, 1, actions, whole);
    return [v, 1 - v];
  }
  const v = new Array<number>(n).fill(1);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = pairValue(s, i, j, actions, whole);
      v[i]! *= c;
      v[j]! *= 1 - c;
    }
  }
  const total = v.reduce((a, b) => a + b, 0);
  return total > 0 ? v.map((x) => x / total) : new Array<number>(n).fill(1 / n);
}
