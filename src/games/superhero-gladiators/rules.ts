/**
 * What a hero may do on its segment (legal actions) and what each action does. Every
 * number of a power comes from its own compiled numbers (`p.numbers`, power-numbers.ts), and
 * the rules switch on its mechanic (`p.mechanic`), never on its type's name; every
 * interpretation of a gap in the text is an option (options.ts, README "Rule
 * interpretations"). Functions here read a state and write only a `Draft` made by the
 * turn flow for this step, replacing arrays copy-on-write: the input state is never
 * touched.
 */
import type { Dice } from '../../core/dice.js';
import { setAt, type Draft } from '../../core/flow.js';
import { random } from '../../core/random.js';
import { emit } from '../../core/listeners.js';
import { OPEN, PIT, WALL, WATER } from './arena.js';
import type { Power } from './builder.js';
import type { PowerType } from './catalogue.js';
import type { NumberEnv } from './power-numbers.js';
import { powerAt, turnOf, type HeroRun, type ShgAction, type ShgState } from './state.js';
import { cellsBetween, clearOfBuildings } from './sight.js';
import { BLOW_LANDED } from './listener.js';

// ---------------------------------------------------------------------------------
// Small readers

export function conscious(s: ShgState, h: number): boolean {
  const r = s.heroes[h]!;
  return r.oomph > 0 && r.cell >= 0;
}

export function isDesolid(s: ShgState, h: number): boolean {
  return s.heroes[h]!.desolidUntil >= s.round;
}

function env(level: number, s: ShgState, h: number): NumberEnv {
  const hero = s.setup.heroes[h]!;
  return { level, STR: hero.STR, DEX: hero.DEX, SIZ: hero.SIZ, PER: hero.PER };
}

/** Slots of hero `h` (own powers, then the copy slot) whose power is usable now. */
function usable(s: ShgState, h: number, slot: number): Power | null {
  const r = s.heroes[h]!;
  if ((r.lost >> slot) & 1) return null;
  if (r.uses[slot]! <= 0) return null;
  return powerAt(s, h, slot);
}

/** Slot of the first usable power of mechanic `mechanic`, or -1. */
export function slotOf(s: ShgState, h: number, mechanic: PowerType): number {
  const n = s.setup.heroes[h]!.powers.length;
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(s, h, slot);
    if (p && p.mechanic === mechanic) return slot;
  }
  return -1;
}

/** A guard power (defenses, missile deflection) that is on: always-on, or switched on for this segment. */
function guardOn(s: ShgState, h: number, mechanic: PowerType): number {
  const n = s.setup.heroes[h]!.powers.length;
  const r = s.heroes[h]!;
  for (let slot = 0; slot <= n; slot++) {
    if ((r.lost >> slot) & 1) continue;
    const p = powerAt(s, h, slot);
    if (p && p.mechanic === mechanic && (p.alwaysOn || r.onUntil[slot]! >= s.round)) return slot;
  }
  return -1;
}

function feetToHexes(s: ShgState, feet: number): number {
  return Math.floor(feet / s.setup.options.arena.hexFeet);
}

function wallAt(s: ShgState, cell: number): number {
  for (let w = 0; w < s.walls.length; w++) if (s.walls[w]!.cells.includes(cell)) return w;
  return -1;
}

/** A conscious hero standing on `cell`, or -1. */
function heroAt(s: ShgState, cell: number): number {
  for (let h = 0; h < s.heroes.length; h++) if (s.heroes[h]!.cell === cell && s.heroes[h]!.oomph > 0) return h;
  return -1;
}

/** Line of sight: no building or force wall strictly between. */
export function sees(s: ShgState, a: number, b: number): boolean {
  const map = s.setup.map;
  // The buildings' part is remembered per map (sight.ts); force walls are checked as they stand.
  if (!clearOfBuildings(map, a, b)) return false;
  if (s.walls.length === 0) return true;
  const between = cellsBetween(map, a, b);
  for (let i = 0; i < between.length; i++) if (wallAt(s, between[i]!) >= 0) return false;
  return true;
}

/**
 * Darkness penalty to an attack by `a` on a foe at `targetCell`, for an attacker who sees
 * through clouds of kind `vision` (null: no enhanced vision in use).
 */
function darknessPenalty(s: ShgState, a: number, targetCell: number, close: boolean, vision: string | null): number {
  let pen = 0;
  const ac = s.heroes[a]!.cell;
  for (const c of s.clouds) {
    if (c.until < s.round) continue;
    const inIt = c.cells.includes(targetCell) || (close && c.cells.includes(ac));
    if (!inIt || c.vision === vision) continue;
    pen = Math.max(pen, close ? c.closePenalty : c.distancePenalty);
  }
  return pen;
}

/**
 * The darkness penalty an attack meets, at resolution: enhanced vision of a cloud's kind
 * sees through it, and doing so is one use of the vision power (a use per game spent, an
 * unreliable roll made; a smashed gizmo sees nothing).
 */
function darknessAtAttack(d: Draft<ShgState>, dice: Dice, a: number, targetCell: number, close: boolean): number {
  const blind = darknessPenalty(d, a, targetCell, close, null);
  if (blind === 0) return 0;
  const n = d.setup.heroes[a]!.powers.length;
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(d, a, slot);
    if (!p || p.mechanic !== 'enhanced-vision') continue;
    const seeing = darknessPenalty(d, a, targetCell, close, p.vision);
    if (seeing < blind) return activate(d, dice, a, slot, p) ? seeing : blind;
  }
  return blind;
}

/** Slot of hero `h`'s own extra-limbs power while it works (gizmo intact, uses left), or -1. */
export function limbSlot(s: ShgState, h: number): number {
  const powers = s.setup.heroes[h]!.powers;
  for (let slot = 0; slot < powers.length; slot++) if (powers[slot]!.mechanic === 'extra-limbs') return usable(s, h, slot) ? slot : -1;
  return -1;
}

/**
 * May hero `h` act on segment `seg` (0-based)? Its movement-rate boxes always; a box its
 * extra limbs add only while the limbs power works (uses left, gizmo intact).
 */
export function mayActOn(s: ShgState, h: number, seg: number): boolean {
  const hero = s.setup.heroes[h]!;
  if (!hero.segments[seg]) return false;
  return !hero.limbBoxes[seg] || limbSlot(s, h) >= 0;
}

function foes(s: ShgState, h: number): number[] {
  const side = s.setup.side[h];
  const out: number[] = [];
  for (let t = 0; t < s.heroes.length; t++) if (s.setup.side[t] !== side && conscious(s, t) && !isDesolid(s, t)) out.push(t);
  return out;
}

// ---------------------------------------------------------------------------------
// Movement

type Mode = 'walk' | 'tunnel' | 'cling' | 'fly' | 'run' | 'swim' | 'desolid';

/** Movement cost of entering a cell in a mode (Infinity = cannot). */
function stepCost(terrain: number, mode: Mode): number {
  switch (terrain) {
    case OPEN:
      return 1;
    case WATER:
      return mode === 'swim' || mode === 'fly' ? 1 : 2;
    case WALL:
      return mode === 'tunnel' || mode === 'cling' || mode === 'fly' || mode === 'desolid' ? 1 : Infinity;
    case PIT:
      return mode === 'fly' || mode === 'cling' ? 1 : Infinity;
    default:
      return Infinity;
  }
}

/**
 * House rule `shrinkArena` (N turns, 0 = off): in turn T the outer floor((T - 1) / N)
 * rings of hexes are closed (never the middle row or column: at most
 * floor((min(cols, rows) - 1) / 2) rings).
 */
export function shrinkLevelAt(s: ShgState, round: number): number {
  const n = s.setup.options.shrinkArena;
  if (n <= 0 || round <= 0) return 0;
  const { cols, rows } = s.setup.map.grid;
  return Math.min(Math.floor((Math.min(cols, rows) - 1) / 2), Math.floor((turnOf(round) - 1) / n));
}

/** Is `cell` outside the arena closed `level` rings in? */
export function closedAt(s: ShgState, cell: number, level: number): boolean {
  if (level <= 0) return false;
  const { cols, rows } = s.setup.map.grid;
  const col = cell % cols;
  const row = Math.floor(cell / cols);
  return Math.min(col, row, cols - 1 - col, rows - 1 - row) < level;
}

function canStandAt(s: ShgState, cell: number, level: number): boolean {
  const t = s.setup.map.terrain[cell]!;
  return (t === OPEN || t === WATER) && heroAt(s, cell) < 0 && wallAt(s, cell) < 0 && !closedAt(s, cell, level);
}

function canStand(s: ShgState, cell: number): boolean {
  return canStandAt(s, cell, shrinkLevelAt(s, s.round));
}

/**
 * Before round `round` starts: heroes standing on hexes closed by then step to the
 * nearest free hex inside (ties: the lowest cell index), one after the other by index.
 */
export function pushInside(d: Draft<ShgState>, round: number): void {
  const level = shrinkLevelAt(d, round);
  if (level === 0) return;
  const grid = d.setup.map.grid;
  for (let h = 0; h < d.heroes.length; h++) {
    const r = d.heroes[h]!;
    if (r.oomph <= 0 || r.cell < 0 || !closedAt(d, r.cell, level)) continue;
    let best = -1;
    for (let c = 0; c < grid.size; c++) {
      if (!canStandAt(d, c, level)) continue;
      if (best < 0 || grid.distance(r.cell, c) < grid.distance(r.cell, best)) best = c;
    }
    if (best >= 0) setHero(d, h, { cell: best });
  }
}

/**
 * Scratch arrays of the movement search, reused from call to call (sized to the largest
 * grid met): the search runs hundreds of thousands of times a game under MCTS, and a Map
 * and a Set per call were most of its cost.
 */
const scratch = { signature: '', size: 0, cost: new Int32Array(0), stamp: new Int32Array(0), generation: 0, blocked: new Uint8Array(0), order: [] as number[], frontier: [] as number[], next: [] as number[] };
/** `blocked` marks: a force wall or a closed hex (nobody enters), a conscious hero (only the desolidified pass). */
const SHUT = 1;
const TAKEN = 2;

/**
 * Marks every cell of `s` a move cannot enter (SHUT) or end in for a hero (TAKEN) in
 * `scratch.blocked`; the marks hold until the next call (one state's legal moves).
 */
function markBlocked(s: ShgState): Uint8Array {
  const size = s.setup.map.grid.size;
  if (scratch.size < size) {
    scratch.size = size;
    scratch.cost = new Int32Array(size);
    scratch.stamp = new Int32Array(size);
    scratch.generation = 0;
    scratch.blocked = new Uint8Array(size);
  }
  const blocked = scratch.blocked;
  blocked.fill(0, 0, size);
  const level = shrinkLevelAt(s, s.round);
  // What the marks depend on, as a string: the closed rings, the wall cells, the heroes' cells.
  let signature = `${level}|`;
  for (const w of s.walls) {
    for (const c of w.cells) {
      blocked[c] = SHUT;
      signature += `${c},`;
    }
  }
  signature += '|';
  if (level > 0) for (let c = 0; c < size; c++) if (closedAt(s, c, level)) blocked[c] = SHUT;
  for (const r of s.heroes) {
    if (r.cell >= 0 && r.oomph > 0) {
      if (blocked[r.cell] === 0) blocked[r.cell] = TAKEN;
      signature += `${r.cell},`;
    }
  }
  scratch.signature = signature;
  return blocked;
}

/**
 * Destinations found before, per map, by mode, budget, start and blocked cells: under a
 * search the same hero stands on the same cell, with the foe on the same cell, at
 * thousands of the states it lists moves for.
 */
const reachMemo = new WeakMap<object, Map<string, Int16Array>>();
const REACH_MEMO_SIZE = 50_000;

/**
 * The destinations of one way of moving (a mode of `reachable`, or a teleport or jump of
 * `range` hexes), remembered (`markBlocked(s)` must have been called): the cells in
 * order, appended to `into`.
 */
function destinations(s: ShgState, from: number, how: Mode | 'teleport' | 'jumping', range: number, into: number[]): void {
  let memo = reachMemo.get(s.setup.map);
  if (memo === undefined) reachMemo.set(s.setup.map, (memo = new Map()));
  const key = `${how}:${range}:${from}:${scratch.signature}`;
  let cells = memo.get(key);
  if (cells === undefined) {
    const found: number[] = [];
    if (how === 'teleport' || how === 'jumping') jumpDestinations(s, from, range, how === 'teleport', found);
    else reachable(s, from, range, how, found);
    cells = Int16Array.from(found);
    if (memo.size >= REACH_MEMO_SIZE) memo.clear();
    memo.set(key, cells);
  }
  for (let i = 0; i < cells.length; i++) into.push(cells[i]!);
}

/** Free hexes within `range` of `from` (in sight of it for a teleport), by cell index. */
function jumpDestinations(s: ShgState, from: number, range: number, teleport: boolean, into: number[]): void {
  const grid = s.setup.map.grid;
  const terrain = s.setup.map.terrain;
  const blocked = scratch.blocked;
  for (let c = 0; c < grid.size; c++) {
    if (c === from || grid.distance(from, c) > range) continue;
    const t = terrain[c]!;
    // canStand: open ground or water, nobody there, no wall, not closed.
    if ((t !== OPEN && t !== WATER) || blocked[c] !== 0) continue;
    if (!teleport || sees(s, from, c)) into.push(c);
  }
}

/**
 * Cells reachable with `budget` movement in `mode`, excluding the start, in the order
 * they are first reached, appended to `into` (a label-correcting search on small
 * integer costs, frontier by frontier; `markBlocked(s)` must have been called). A cell
 * whose cheapest cost drops is searched again, so every cell within the budget is found.
 */
function reachable(s: ShgState, from: number, budget: number, mode: Mode, into: number[]): void {
  const terrain = s.setup.map.terrain;
  const neighbor = s.setup.map.grid.neighbor;
  const { cost, stamp, blocked, order } = scratch;
  const costs = STEP_COSTS[mode];
  if (scratch.generation >= 0x3fffffff) {
    stamp.fill(0);
    scratch.generation = 0;
  }
  const gen = ++scratch.generation;
  const passHeroes = mode === 'desolid';
  const swim = mode === 'swim';
  order.length = 0;
  stamp[from] = gen;
  cost[from] = 0;
  order.push(from);
  let frontier = scratch.frontier;
  let next = scratch.next;
  frontier.length = 0;
  frontier.push(from);
  while (frontier.length > 0) {
    next.length = 0;
    for (let i = 0; i < frontier.length; i++) {
      const c = frontier[i]!;
      const spent = cost[c]!;
      for (let d = 0; d < 6; d++) {
        const n = neighbor[c * 6 + d]!;
        if (n < 0) continue;
        const total = spent + costs[terrain[n]!]!;
        if (total > budget) continue;
        const mark = blocked[n]!;
        if (mark === SHUT || (mark === TAKEN && !passHeroes)) continue;
        if (swim && terrain[n] !== WATER && terrain[c] !== WATER) continue; // swimming follows water
        if (stamp[n] === gen) {
          if (cost[n]! <= total) continue;
        } else {
          stamp[n] = gen;
          order.push(n);
        }
        cost[n] = total;
        next.push(n);
      }
    }
    const t = frontier;
    frontier = next;
    next = t;
  }
  scratch.frontier = frontier;
  scratch.next = next;
  // Where a hero may end its move: open ground or water, nobody there, no wall, not closed.
  for (let i = 1; i < order.length; i++) {
    const c = order[i]!;
    const t = terrain[c]!;
    if ((t === OPEN || t === WATER) && blocked[c] === 0) into.push(c);
  }
}

/** Movement cost of entering each terrain (OPEN, WALL, WATER, PIT) in each mode: `stepCost` as a table. */
const STEP_COSTS: Readonly<Record<Mode, readonly number[]>> = Object.fromEntries(
  (['walk', 'tunnel', 'cling', 'fly', 'run', 'swim', 'desolid'] as const).map((m) => [m, [OPEN, WALL, WATER, PIT].map((t) => stepCost(t, m))]),
) as unknown as Record<Mode, readonly number[]>;

function hexesFor(s: ShgState, rate: number): number {
  return Math.ceil(rate / s.setup.options.rules.moveDivisor);
}

const MODE_OF: Readonly<Record<string, Mode>> = { tunneling: 'tunnel', 'wall-clinging': 'cling', flight: 'fly', 'run-fast': 'run', 'swim-fast': 'swim' };

/** Power types that move a hero (a mode of `reachable`, a teleport or a jump). */
const MOVING = new Set([...Object.keys(MODE_OF), 'teleport', 'jumping']);

/**
 * Move lists found before, for one setup (the last one asked about: a worker plays one
 * table's games at a time), by what a list depends on — the hero, its cell, whether it is
 * desolidified, which of its movement powers work (and the copied one), and the blocked
 * cells (`scratch.signature`). Under a search the same positions come back at thousands of
 * states, and building the list (a lookup per way of moving, an object per move) was a
 * fifth of the study's play. The lists hold shared move objects (`moveAction`) and are
 * never handed out: `moveActions` copies one into the caller's list.
 */
const moveLists = { setup: null as object | null, lists: new Map<string, readonly ShgAction[]>() };
const MOVE_LISTS_SIZE = 20_000;

/** One frozen move object per (slot, cell): legal lists share them (actions are immutable). */
const moveObjects: ShgAction[][] = [];
export function moveAction(p: number, to: number): ShgAction {
  const row = (moveObjects[p + 1] ??= []);
  return (row[to] ??= Object.freeze({ k: 'move', p, to }) as ShgAction);
}

function moveActions(s: ShgState, h: number, out: ShgAction[]): void {
  markBlocked(s);
  const r = s.heroes[h]!;
  const desolid = isDesolid(s, h) && s.setup.options.rules.desolidPassesWalls;
  const n = s.setup.heroes[h]!.powers.length;
  let key = `${h}:${r.cell}:${desolid ? 1 : 0}:`;
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(s, h, slot);
    if (p && MOVING.has(p.mechanic)) key += slot < n ? `${slot},` : `c${r.copy!.from}.${r.copy!.slot},`;
  }
  key += `|${scratch.signature}`;
  if (moveLists.setup !== s.setup) {
    moveLists.setup = s.setup;
    moveLists.lists.clear();
  }
  let list = moveLists.lists.get(key);
  if (list === undefined) {
    const fresh: ShgAction[] = [];
    listMoves(s, h, desolid, fresh);
    if (moveLists.lists.size >= MOVE_LISTS_SIZE) moveLists.lists.clear();
    moveLists.lists.set(key, fresh);
    list = fresh;
  }
  for (let i = 0; i < list.length; i++) out.push(list[i]!);
}

/** The move actions of hero `h` (`markBlocked(s)` called), in the order listed: plain movement, then each power's new destinations. */
function listMoves(s: ShgState, h: number, desolid: boolean, out: ShgAction[]): void {
  const hero = s.setup.heroes[h]!;
  const from = s.heroes[h]!.cell;
  // Cells already listed (by plain movement or a free, reliable mode): a stamp per cell.
  const listed = listedStamp(s.setup.map.grid.size);
  const cells = moveCells;
  cells.length = 0;
  destinations(s, from, desolid ? 'desolid' : 'walk', hexesFor(s, hero.movementRate), cells);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    out.push(moveAction(-1, c));
    listed.stamp[c] = listed.generation;
  }
  const n = hero.powers.length;
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(s, h, slot);
    if (!p) continue;
    cells.length = 0;
    const mode = MODE_OF[p.mechanic];
    if (mode) {
      const rate = p.numbers.rate!(env(p.level, s, h));
      destinations(s, from, mode, hexesFor(s, rate), cells);
    } else if (p.mechanic === 'teleport') {
      destinations(s, from, 'teleport', feetToHexes(s, p.numbers.distance!(env(p.level, s, h))), cells);
    } else if (p.mechanic === 'jumping') {
      destinations(s, from, 'jumping', feetToHexes(s, p.numbers.standing!(env(p.level, s, h))), cells);
    } else continue;
    // A free, reliable mode makes the same destination by a costly one pointless to list twice.
    const free = p.uses === Infinity && p.worksOn >= 20;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i]!;
      if (listed.stamp[c] === listed.generation) continue;
      out.push(moveAction(slot, c));
      if (free) listed.stamp[c] = listed.generation;
    }
  }
}

/** The destinations of one movement mode (reused). */
const moveCells: number[] = [];
const listed = { stamp: new Int32Array(0), generation: 0 };

/** A fresh generation of the "already listed" stamps, sized for `size` cells. */
function listedStamp(size: number): typeof listed {
  if (listed.stamp.length < size || listed.generation >= 0x3fffffff) {
    listed.stamp = new Int32Array(Math.max(size, listed.stamp.length));
    listed.generation = 0;
  }
  listed.generation++;
  return listed;
}

// ---------------------------------------------------------------------------------
// Legal actions

function attackReach(s: ShgState, a: number, t: number, p: Power | null): boolean {
  const grid = s.setup.map.grid;
  const from = s.heroes[a]!.cell;
  const to = s.heroes[t]!.cell;
  if (!p || p.mechanic === 'close-attack') return grid.distance(from, to) === 1;
  const range = s.setup.options.rules.distanceRange;
  return (range === 0 || grid.distance(from, to) <= range) && sees(s, from, to);
}

function attackActions(s: ShgState, h: number, out: ShgAction[]): void {
  const n = s.setup.heroes[h]!.powers.length;
  const attacks: number[] = s.setup.options.rules.punchDivisor > 0 ? [-1] : [];
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(s, h, slot);
    if (p && (p.mechanic === 'close-attack' || p.mechanic === 'distance-attack' || p.mechanic === 'entangle')) attacks.push(slot);
  }
  if (attacks.length === 0) return;
  const targets = foes(s, h);
  const grid = s.setup.map.grid;
  const from = s.heroes[h]!.cell;
  for (const slot of attacks) {
    const p = slot < 0 ? null : powerAt(s, h, slot);
    for (const t of targets) {
      if (!attackReach(s, h, t, p)) continue;
      out.push({ k: 'attack', p: slot, target: t, gizmo: -1 });
      if (p && p.mechanic === 'entangle') continue;
      const tn = s.setup.heroes[t]!.powers.length;
      for (let g = 0; g < tn; g++) {
        const tp = s.setup.heroes[t]!.powers[g]!;
        if ((tp.gizmo === 'visible-gizmo' || tp.gizmo === 'hidden-gizmo') && !((s.heroes[t]!.lost >> g) & 1)) out.push({ k: 'attack', p: slot, target: t, gizmo: g });
      }
    }
    if (p && p.mechanic === 'entangle') continue;
    for (let w = 0; w < s.walls.length; w++) {
      const cells = s.walls[w]!.cells;
      const close = !p || p.mechanic === 'close-attack';
      if (cells.some((c) => (close ? grid.distance(from, c) === 1 : s.setup.map.grid.lineOfSight(from, c, (x) => s.setup.map.terrain[x] === WALL || (wallAt(s, x) >= 0 && x !== c))))) {
        out.push({ k: 'wall', p: slot, wall: w });
      }
    }
  }
}

/**
 * Under the `charge` reading, what hero `h` may do after its move: strike an adjacent foe
 * with a close attack or the punch (the hero, or one of its gizmos), or pass.
 */
export function strikeActions(s: ShgState, h: number): ShgAction[] {
  const out: ShgAction[] = [{ k: 'pass' }];
  const all: ShgAction[] = [];
  attackActions(s, h, all);
  for (const a of all) {
    if (a.k !== 'attack') continue;
    const p = a.p < 0 ? null : powerAt(s, h, a.p);
    if (!p || p.mechanic === 'close-attack') out.push(a);
  }
  return out;
}

function forceWallCells(s: ShgState, h: number, p: Power, dir: number): number[] {
  const grid = s.setup.map.grid;
  const centre = grid.step(s.heroes[h]!.cell, dir);
  if (centre < 0 || !canStand(s, centre)) return [];
  const length = Math.max(1, feetToHexes(s, p.numbers.side!(env(p.level, s, h))));
  const cells = [centre];
  const ends = [centre, centre];
  const axes = [(dir + 2) % 6, (dir + 5) % 6];
  for (let i = 0; cells.length < length && i < 2 * length; i++) {
    const k = i % 2;
    if (ends[k]! < 0) continue;
    const n = grid.step(ends[k]!, axes[k]!);
    if (n < 0 || !canStand(s, n)) {
      ends[k] = -1;
      if (ends[0]! < 0 && ends[1]! < 0) break;
      continue;
    }
    cells.push(n);
    ends[k] = n;
  }
  return cells;
}

function useActions(s: ShgState, h: number, entangled: boolean, out: ShgAction[]): void {
  const hero = s.setup.heroes[h]!;
  const r = s.heroes[h]!;
  const n = hero.powers.length;
  for (let slot = 0; slot <= n; slot++) {
    const p = usable(s, h, slot);
    if (!p) continue;
    switch (p.mechanic) {
      case 'healing':
        if (r.oomph < hero.oomphMax) out.push({ k: 'use', p: slot, dir: -1 });
        break;
      case 'darkness':
      case 'desolidify':
        if (p.mechanic === 'desolidify' && isDesolid(s, h)) break;
        out.push({ k: 'use', p: slot, dir: -1 });
        break;
      case 'defenses':
      case 'missile-deflection':
        if (!p.alwaysOn && r.onUntil[slot]! < s.round) out.push({ k: 'use', p: slot, dir: -1 });
        break;
      case 'shapeshift':
        if (entangled && p.level >= 2) out.push({ k: 'use', p: slot, dir: -1 });
        break;
      case 'force-wall':
        if (!entangled) for (let d = 0; d < 6; d++) if (forceWallCells(s, h, p, d).length > 0) out.push({ k: 'use', p: slot, dir: d });
        break;
    }
  }
}

/** The legal actions of hero `h` on its segment. */
export function actionsOf(s: ShgState, h: number): ShgAction[] {
  const out: ShgAction[] = [{ k: 'pass' }];
  const entangled = s.heroes[h]!.entangled > 0;
  if (entangled) out.push({ k: 'escape' });
  else {
    moveActions(s, h, out);
    if (!isDesolid(s, h)) attackActions(s, h, out);
  }
  useActions(s, h, entangled, out);
  return out;
}

/**
 * Where hero `h` may be put: any free hex it could stand on ("put the superheroes in the
 * arena"), or, under `arena.placement: start-zones`, the free hexes of its side's zone.
 */
export function placeActions(s: ShgState, h: number): ShgAction[] {
  const out: ShgAction[] = [];
  if (s.setup.options.arena.placement === 'start-zones') {
    for (const c of s.setup.zones[s.setup.side[h]!]!) if (canStand(s, c)) out.push({ k: 'place', cell: c });
    return out;
  }
  for (let c = 0; c < s.setup.map.grid.size; c++) if (canStand(s, c)) out.push({ k: 'place', cell: c });
  return out;
}

// ---------------------------------------------------------------------------------
// Resolution (on the flow's draft)

function setHero(d: Draft<ShgState>, h: number, patch: Partial<HeroRun>): void {
  d.heroes = setAt(d.heroes, h, { ...d.heroes[h]!, ...patch });
}

/** Spends one use of a finite-use power. */
function spend(d: Draft<ShgState>, h: number, slot: number): void {
  const r = d.heroes[h]!;
  const u = r.uses[slot]!;
  if (u !== Infinity) setHero(d, h, { uses: setAt(r.uses, slot, u - 1) });
}

/** Rolls an unreliable power: true when it works (reliable powers always do). */
function works(dice: Dice, p: Power): boolean {
  return p.worksOn >= 20 || dice.d(20) <= p.worksOn;
}

/** Uses `slot` of `h`: rolls its reliability and spends its use; false when it failed. */
function activate(d: Draft<ShgState>, dice: Dice, h: number, slot: number, p: Power): boolean {
  const ok = works(dice, p);
  if (ok || d.setup.options.rules.unreliableFailSpendsUse) spend(d, h, slot);
  return ok;
}

function hurt(d: Draft<ShgState>, h: number, amount: number): void {
  if (amount <= 0) return;
  const r = d.heroes[h]!;
  setHero(d, h, { oomph: Math.max(0, r.oomph - amount) });
}

function gain(d: Draft<ShgState>, h: number, amount: number): void {
  const r = d.heroes[h]!;
  setHero(d, h, { oomph: Math.min(d.setup.heroes[h]!.oomphMax, r.oomph + amount) });
}

/** Records a blow landed by hero `a`'s side on hero `t` (an attack that took Oomph off a foe hero); a listener hears it (listener.ts). */
function landBlow(d: Draft<ShgState>, a: number, t: number): void {
  const side = d.setup.side[a]!;
  d.blows = setAt(d.blows, side, d.blows[side]! + 1);
  d.blowRound = setAt(d.blowRound, side, d.round);
  emit(BLOW_LANDED, d, t);
}

export interface Pending {
  /** Windows the resolution wants opened: [name, seat, data]. */
  readonly windows: [string, number, number][];
}

/**
 * Hero `h`'s combat modifier in one to-hit roll: 2 x DEX + STR, plus its combat limbs when
 * the extra-limbs power works. Counting them is one use of the power (spent, and rolled
 * when unreliable) when attacking, and when defending under `combatLimbsOnDefence: 'use'`;
 * under 'free' they count on defence while the power has uses, rolled but not spent.
 */
function combatModifierNow(d: Draft<ShgState>, dice: Dice, h: number, attacking: boolean): number {
  const hero = d.setup.heroes[h]!;
  if (hero.limbCombat === 0) return hero.baseCombatModifier;
  const slot = limbSlot(d, h);
  if (slot < 0) return hero.baseCombatModifier;
  const p = hero.powers[slot]!;
  const spend = attacking || d.setup.options.rules.combatLimbsOnDefence === 'use';
  const ok = spend ? activate(d, dice, h, slot, p) : works(dice, p);
  return hero.baseCombatModifier + (ok ? hero.limbCombat : 0);
}

function toHit(d: Draft<ShgState>, dice: Dice, a: number, t: number, penalty: number): number {
  const o = d.setup.options.rules;
  const n = o.toHitBase + combatModifierNow(d, dice, a, true) - combatModifierNow(d, dice, t, false) - penalty;
  return Math.max(o.toHitMin, Math.min(o.toHitMax, n));
}

function resolveAttack(d: Draft<ShgState>, dice: Dice, a: number, slot: number, t: number, gizmo: number, pending: Pending): void {
  const p = slot < 0 ? null : powerAt(d, a, slot);
  if (p && !activate(d, dice, a, slot, p)) return;
  const close = !p || p.mechanic === 'close-attack';
  const targetCell = d.heroes[t]!.cell;
  let penalty = darknessAtAttack(d, dice, a, targetCell, close);
  const tp = gizmo >= 0 ? d.setup.heroes[t]!.powers[gizmo]! : null;
  if (tp) penalty += tp.gizmo === 'hidden-gizmo' ? d.setup.options.rules.gizmoPenaltyHidden : d.setup.options.rules.gizmoPenaltyVisible;
  const need = toHit(d, dice, a, t, penalty);
  if (dice.d(20) > need) return; // miss
  if (p && p.missile) {
    const md = guardOn(d, t, 'missile-deflection');
    if (md >= 0 && works(dice, powerAt(d, t, md)!)) return; // deflected
  }
  if (p && p.mechanic === 'entangle') {
    setHero(d, t, { entangled: Math.max(d.heroes[t]!.entangled, p.level) });
    return;
  }
  const attacker = d.setup.heroes[a]!;
  let damage = p
    ? p.numbers.damage!(env(p.level, d, a))
    : Math.ceil(attacker.STR / d.setup.options.rules.punchDivisor);
  if (tp) {
    if (damage >= d.setup.options.rules.gizmoBreaks) setHero(d, t, { lost: d.heroes[t]!.lost | (1 << gizmo) });
    return;
  }
  const piercing = p?.piercing ?? false;
  let blocked = 0;
  const def = guardOn(d, t, 'defenses');
  if (def >= 0) {
    const dp = powerAt(d, t, def)!;
    if ((!piercing || dp.piercing) && works(dice, dp)) {
      const limit = dp.numbers.blocks!(env(dp.level, d, t));
      if (d.setup.options.rules.defenses === 'threshold') {
        if (damage <= limit) {
          blocked = damage;
          damage = 0;
        }
      } else {
        blocked = Math.min(damage, limit);
        damage -= blocked;
      }
    }
  }
  hurt(d, t, damage);
  if (damage > 0) landBlow(d, a, t);
  if (blocked > 0 && d.heroes[t]!.oomph > 0) {
    const ab = slotOf(d, t, 'absorbing');
    const ap = ab >= 0 ? powerAt(d, t, ab)! : null;
    if (ap && (!piercing || ap.piercing)) {
      if (d.heroes[t]!.uses[ab] === Infinity && ap.worksOn >= 20) gain(d, t, blocked); // nothing to decide
      else pending.windows.push(['absorb', d.setup.side[t]!, t * 10000 + blocked]);
    }
  }
  // "only usable after a close attack that did damage": the close attack power, not the unarmed punch.
  if (p?.mechanic === 'close-attack' && damage > 0 && copyChoices(d, a, t).length > 0) pending.windows.push(['copy', d.setup.side[a]!, t]);
}

/** Slots of `t` that `a`'s copy power can copy now: no gizmo, level within reach, a mechanic `a` lacks. */
export function copyChoices(s: ShgState, a: number, t: number): number[] {
  const cs = slotOf(s, a, 'copy-power');
  if (cs < 0) return [];
  const cp = powerAt(s, a, cs)!;
  const maxLevel = cp.numbers.maxLevel!(env(cp.level, s, a));
  const own = new Set(s.setup.heroes[a]!.powers.map((p) => p.mechanic));
  const out: number[] = [];
  const tn = s.setup.heroes[t]!.powers.length;
  for (let g = 0; g < tn; g++) {
    const p = s.setup.heroes[t]!.powers[g]!;
    if (p.gizmo === 'no-gizmo' && p.level <= maxLevel && !own.has(p.mechanic) && p.mechanic !== 'copy-power') out.push(g);
  }
  return out;
}

function resolveWallHit(d: Draft<ShgState>, dice: Dice, a: number, slot: number, w: number): void {
  const p = slot < 0 ? null : powerAt(d, a, slot);
  if (p && !activate(d, dice, a, slot, p)) return;
  const damage = p ? p.numbers.damage!(env(p.level, d, a)) : Math.ceil(d.setup.heroes[a]!.STR / d.setup.options.rules.punchDivisor);
  const wall = d.walls[w]!;
  const hp = wall.hp - damage;
  d.walls = hp > 0 ? setAt(d.walls, w, { ...wall, hp }) : d.walls.filter((_, i) => i !== w);
}

function resolveUse(d: Draft<ShgState>, dice: Dice, h: number, slot: number, dir: number): void {
  const p = powerAt(d, h, slot)!;
  if (!activate(d, dice, h, slot, p)) return;
  const numbers = p.numbers;
  const rules = d.setup.options.rules;
  switch (p.mechanic) {
    case 'healing':
      gain(d, h, numbers.gain!(env(p.level, d, h)));
      break;
    case 'darkness': {
      const radius = feetToHexes(d, numbers.radius!(env(p.level, d, h)));
      const grid = d.setup.map.grid;
      const centre = d.heroes[h]!.cell;
      const cells: number[] = [];
      for (let c = 0; c < grid.size; c++) if (grid.distance(centre, c) <= radius) cells.push(c);
      const e = env(p.level, d, h);
      d.clouds = [
        ...d.clouds,
        { cells, until: d.round + rules.darknessSegments - 1, vision: p.vision ?? 'infrared', distancePenalty: numbers.distancePenalty!(e), closePenalty: numbers.closePenalty!(e), owner: h },
      ];
      break;
    }
    case 'desolidify': {
      const segments = numbers.segments!(env(p.level, d, h));
      setHero(d, h, { desolidUntil: desolidEnd(d, h, segments), ...(rules.desolidifyEscapes ? { entangled: 0 } : {}) });
      break;
    }
    case 'defenses':
    case 'missile-deflection':
      setHero(d, h, { onUntil: setAt(d.heroes[h]!.onUntil, slot, d.round + rules.activeSegments - 1) });
      break;
    case 'shapeshift':
      setHero(d, h, { entangled: 0 });
      break;
    case 'force-wall': {
      const cells = forceWallCells(d, h, p, dir);
      if (cells.length) d.walls = [...d.walls, { cells, hp: numbers.blocks!(env(p.level, d, h)), owner: h }];
      break;
    }
  }
}

/**
 * The last round of a desolidify used now that lasts `phases` phases "including the phase
 * it happens on": `phases` segments, or under `desolidifyPhases: own-actions` the round of
 * the hero's `phases`-th own action segment from this one.
 */
function desolidEnd(d: Draft<ShgState>, h: number, phases: number): number {
  if (d.setup.options.rules.desolidifyPhases === 'segments') return d.round + phases - 1;
  const boxes = d.setup.heroes[h]!.segments;
  let left = phases;
  for (let r = d.round; ; r++) if (boxes[(r - 1) % 6] && --left <= 0) return r;
}

function resolveEscape(d: Draft<ShgState>, dice: Dice, h: number): void {
  const level = d.heroes[h]!.entangled;
  const e = env(level, d, h);
  hurt(d, h, d.setup.numbers.entangle.escapeCost(e));
  if (dice.d(20) >= d.setup.numbers.entangle.escapeAtLeast(e)) setHero(d, h, { entangled: 0 });
}

/**
 * Ending an action in water costs `drowning` Oomph, unless the hero is desolidified, swims
 * or flies, or its life support keeps it breathing — one use of the life support power
 * (spent, rolled when unreliable; a smashed gizmo keeps nobody breathing).
 */
function drown(d: Draft<ShgState>, dice: Dice, h: number): void {
  const r = d.heroes[h]!;
  if (r.oomph <= 0 || d.setup.map.terrain[r.cell] !== WATER || d.setup.options.rules.drowning <= 0) return;
  if (isDesolid(d, h) || slotOf(d, h, 'swim-fast') >= 0 || slotOf(d, h, 'flight') >= 0) return;
  const ls = slotOf(d, h, 'life-support');
  if (ls >= 0 && activate(d, dice, h, ls, powerAt(d, h, ls)!)) return;
  hurt(d, h, d.setup.options.rules.drowning);
}

/** Plays hero `h`'s segment action on the draft; returns the windows to open. */
export function playAction(d: Draft<ShgState>, h: number, a: ShgAction): Pending {
  const pending: Pending = { windows: [] };
  const dice = random(d);
  // Acting on a segment only the extra limbs give is one use of them; a failed unreliable
  // roll wastes the action.
  const seg = d.round > 0 ? (d.round - 1) % 6 : -1;
  const limbs = a.k !== 'place' && seg >= 0 && d.setup.heroes[h]!.limbBoxes[seg]! ? limbSlot(d, h) : -1;
  if (limbs >= 0 && !activate(d, dice, h, limbs, d.setup.heroes[h]!.powers[limbs]!)) return pending;
  switch (a.k) {
    case 'pass':
      break;
    case 'place':
      setHero(d, h, { cell: a.cell });
      break;
    case 'move': {
      if (a.p >= 0) {
        const p = powerAt(d, h, a.p)!;
        if (!p.alwaysOn && !activate(d, dice, h, a.p, p)) break;
        if (p.alwaysOn && !works(dice, p)) break;
      }
      setHero(d, h, { cell: a.to });
      break;
    }
    case 'attack':
      resolveAttack(d, dice, h, a.p, a.target, a.gizmo, pending);
      break;
    case 'wall':
      resolveWallHit(d, dice, h, a.p, a.wall);
      break;
    case 'use':
      resolveUse(d, dice, h, a.p, a.dir);
      break;
    case 'escape':
      resolveEscape(d, dice, h);
      break;
    default:
      throw new Error(`superhero-gladiators: ${a.k} is not a segment action`);
  }
  if (a.k !== 'place') drown(d, dice, h);
  return pending;
}

/** Plays the strike that ends a charge (an attack, or pass): the move before it already was the action. */
export function playStrike(d: Draft<ShgState>, h: number, a: ShgAction): Pending {
  const pending: Pending = { windows: [] };
  if (a.k !== 'attack') return pending;
  const dice = random(d);
  resolveAttack(d, dice, h, a.p, a.target, a.gizmo, pending);
  return pending;
}

/** Answers the absorb window: gain the blocked damage (spending a use, rolling if unreliable). */
export function playAbsorb(d: Draft<ShgState>, data: number, yes: boolean): void {
  if (!yes) return;
  const t = Math.floor(data / 10000);
  const blocked = data % 10000;
  const slot = slotOf(d, t, 'absorbing');
  if (slot < 0) return;
  const dice = random(d);
  if (activate(d, dice, t, slot, powerAt(d, t, slot)!)) gain(d, t, blocked);
}

/** Answers the copy window: take slot `g` of hero `t` (spending a use of copy power). */
export function playCopy(d: Draft<ShgState>, a: number, t: number, g: number): void {
  if (g < 0) return;
  const cs = slotOf(d, a, 'copy-power');
  if (cs < 0) return;
  const dice = random(d);
  if (activate(d, dice, a, cs, powerAt(d, a, cs)!)) {
    const copySlot = d.setup.heroes[a]!.powers.length;
    const original = d.setup.heroes[t]!.powers[g]!;
    const r = d.heroes[a]!;
    setHero(d, a, {
      copy: { from: t, slot: g },
      uses: setAt(r.uses, copySlot, Math.min(original.uses, d.setup.options.rules.copyUses)),
      onUntil: setAt(r.onUntil, copySlot, -1),
      lost: r.lost & ~(1 << copySlot),
    });
  }
}
