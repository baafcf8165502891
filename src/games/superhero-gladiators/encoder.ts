/**
 * Tensor view of Superhero Gladiators for learned agents: a fixed-size observation and a
 * fixed action index space that classifies a move by what it does (where it ends up
 * relative to the foes, which weapon on which hero), not by its position in a menu, so an
 * index means the same thing in every state and for every seat.
 *
 * Everything is relative to the observing seat `player` and its **focus hero**: the hero
 * it decides for now (the hero whose segment it is, the hero asked to absorb, the
 * attacker asked to copy), or, when the seat is not deciding, its first conscious hero.
 * Hero slots: slot 0 is the focus hero, then its teammates (hero order), then the foes by
 * side relative to the seat (side p+1, p+2, ... mod sides), hero order within a side. At
 * most MAX_HEROES heroes are encoded; a larger fight leaves the last ones (the farthest
 * sides' last heroes) out of the observation and folds attacks on them into the last
 * target slot.
 *
 * Observation (the game is perfect-information; the one hidden thing, the d20 stream
 * `rng`, is never read): per hero slot (MAX_HEROES × HERO_FEATURES) presence,
 * consciousness, ally, relative side (4), STR/DEX/SIZ/PER, combat modifier, Oomph maximum,
 * Oomph left (share and absolute), plain movement in hexes, the six segment boxes, "still
 * to act this segment", "deciding now", entangle level, desolidified segments left,
 * column/row/placed, distance from the focus hero, adjacent to it, line of sight to it, in
 * water, in a darkness cloud, to-hit chances focus → hero and hero → focus, its best close
 * damage (punch included), best distance damage, entangle level, defenses on now and
 * available (the damage they ignore), missile deflection on; then per power type (22) the
 * usable level, uses left and "on" (always on or switched on). Globals: the decision
 * (place, act, absorb, copy), the segment one-hot, turn / turn cap, rounds played / the
 * cap's rounds, sides, heroes, each side group's Oomph share (mine, the foes'), force walls
 * and clouds standing, the damage an absorb question is about.
 *
 * Actions (index blocks, in order):
 *   PASS, ESCAPE, ABSORB yes / no, COPY none, COPY by the copied power's type (22)
 *   PLACE   (depth from the own edge 0..3) × (position along the edge 0..15)
 *   MOVE    mode (plain, or tunneling, wall-clinging, flight, run fast, swim fast,
 *           teleport, jumping) × the destination's distance to the nearest conscious foe
 *           (1..10, 11+) × line of sight from there to that foe × destination in water
 *   ATTACK  weapon (punch, close, distance, entangle) × target slot (1..MAX_HEROES-1) ×
 *           aim (the hero, or the gizmo of its power of type t: 1 + 22)
 *   WALL    weapon × the wall's maker (an ally or me / a foe)
 *   USE     power type (22) × direction (none; force wall: 0..5 counted from the
 *           bearing of the nearest foe)
 *
 * Collision rule: moves that differ only where the index does not look share an index —
 * moves by one mode to cells alike in (distance to the nearest foe, sight of it, water),
 * hits on two walls of makers on one side,
 * start hexes beyond 4 deep or 16 along an edge, targets beyond the last slot. The
 * evaluator and the trainer treat each legal move as its own entry with its index's
 * logit, so colliding moves share a prior equally and their visit shares train the same
 * logit; no legal move is ever masked out.
 */
import type { Encoder } from '../../core/game.js';
import type { PowerType } from './catalogue.js';
import { WATER } from './arena.js';
import { conscious, sees } from './rules.js';
import { powerAt, segmentOf, turnOf, type ShgAction, type ShgState } from './state.js';

export const MAX_HEROES = 8;
/**
 * The power types the encoder (version 1) gives their own slots, frozen as the
 * shipped model was trained (not read from the catalogue, so a new power type does not move
 * the layout and refuse the model). A type added since has no observation slots and
 * shares the last type's action indexes (the collision rule below); giving it its own is
 * an encoder version bump and a retrain.
 */
export const ENCODED_POWER_TYPES: readonly string[] = [
  'tunneling', 'wall-clinging', 'flight', 'run-fast', 'swim-fast', 'teleport', 'extra-limbs', 'jumping', 'entangle', 'distance-attack', 'close-attack', 'defenses', 'force-wall', 'healing', 'absorbing', 'missile-deflection', 'copy-power', 'enhanced-vision', 'darkness', 'desolidify', 'shapeshift', 'life-support',
];
const TYPES = ENCODED_POWER_TYPES.length;
const TYPE_INDEX = new Map<string, number>(ENCODED_POWER_TYPES.map((t, i) => [t, i]));
/** A power type's slot; a type the encoder does not know shares the last slot's action indexes. */
const typeIndex = (type: string): number => TYPE_INDEX.get(type) ?? TYPES - 1;
const BASE_FEATURES = 42;
export const HERO_FEATURES = BASE_FEATURES + 3 * TYPES;
const GLOBALS = 4 + 6 + 2 + 2 + 2 + 2 + 1;
export const OBSERVATION_SIZE = MAX_HEROES * HERO_FEATURES + GLOBALS;

export const PASS = 0;
export const ESCAPE = 1;
export const ABSORB_YES = 2;
export const ABSORB_NO = 3;
export const COPY_NONE = 4;
const COPY_BASE = 5; // + power type
const PLACE_DEPTHS = 4;
const PLACE_ALONG = 16;
export const PLACE_BASE = COPY_BASE + TYPES;
const MOVE_TYPES: readonly PowerType[] = ['tunneling', 'wall-clinging', 'flight', 'run-fast', 'swim-fast', 'teleport', 'jumping'];
const MOVE_MODES = 1 + MOVE_TYPES.length;
const DIST_BUCKETS = 11;
export const MOVE_BASE = PLACE_BASE + PLACE_DEPTHS * PLACE_ALONG;
const WEAPONS = 4; // punch, close, distance, entangle
const AIMS = 1 + TYPES; // the hero, or the gizmo of a power of type t (1 + t)
export const ATTACK_BASE = MOVE_BASE + MOVE_MODES * DIST_BUCKETS * 2 * 2;
export const WALL_BASE = ATTACK_BASE + WEAPONS * (MAX_HEROES - 1) * AIMS;
export const USE_BASE = WALL_BASE + WEAPONS * 2;
export const ACTION_COUNT = USE_BASE + TYPES * 7;

/** Window indices of the game's flow (absorb, copy): the encoder reads the decision stack. */
export interface ShgWindows {
  readonly absorb: number;
  readonly copy: number;
}

type Decision = 'place' | 'act' | 'absorb' | 'copy' | 'none';

/** The hero deciding now and what it decides (from the decision stack and the phase). */
function decision(s: ShgState, w: ShgWindows): { hero: number; kind: Decision; blocked: number } {
  const top = s.stack.length > 0 ? s.stack[s.stack.length - 1]! : null;
  if (top) {
    if (top.window === w.absorb) return { hero: Math.floor(top.data / 10000), kind: 'absorb', blocked: top.data % 10000 };
    if (top.window === w.copy) return { hero: s.order[s.turn] ?? -1, kind: 'copy', blocked: 0 };
  }
  if (s.current < 0 || s.result) return { hero: -1, kind: 'none', blocked: 0 };
  return { hero: s.order[s.turn] ?? -1, kind: s.round === 0 ? 'place' : 'act', blocked: 0 };
}

/** The seat's focus hero: the hero it decides for now, else its first conscious (or first) hero. */
function focusOf(s: ShgState, player: number, w: ShgWindows): number {
  const d = decision(s, w);
  if (d.hero >= 0 && s.setup.side[d.hero] === player) return d.hero;
  let first = -1;
  for (let h = 0; h < s.heroes.length; h++) {
    if (s.setup.side[h] !== player) continue;
    if (first < 0) first = h;
    if (conscious(s, h)) return h;
  }
  return Math.max(0, first);
}

/** Heroes in slot order for `player` with focus hero `focus` (all heroes; slots beyond MAX_HEROES fold). */
function slotOrder(s: ShgState, player: number, focus: number): number[] {
  const sides = s.setup.sides;
  const out = [focus];
  for (let k = 0; k < sides; k++) {
    const side = (player + k) % sides;
    for (let h = 0; h < s.heroes.length; h++) if (h !== focus && s.setup.side[h] === side) out.push(h);
  }
  return out;
}

/** Usable power in `slot` of hero `h` now (not lost, uses left), or null. */
function usablePower(s: ShgState, h: number, slot: number) {
  const r = s.heroes[h]!;
  if ((r.lost >> slot) & 1 || r.uses[slot]! <= 0) return null;
  return powerAt(s, h, slot);
}

function env(s: ShgState, h: number, level: number) {
  const hero = s.setup.heroes[h]!;
  return { level, STR: hero.STR, DEX: hero.DEX, SIZ: hero.SIZ, PER: hero.PER };
}

function toHit(s: ShgState, a: number, t: number): number {
  const o = s.setup.options.rules;
  const n = o.toHitBase + s.setup.heroes[a]!.combatModifier - s.setup.heroes[t]!.combatModifier;
  return Math.max(o.toHitMin, Math.min(o.toHitMax, n)) / 20;
}

/** The nearest conscious foe of hero `h` to `cell` (ties: lower hero index), or -1. */
function nearestFoe(s: ShgState, h: number, cell: number): number {
  const grid = s.setup.map.grid;
  let best = -1;
  let bestD = Infinity;
  for (let t = 0; t < s.heroes.length; t++) {
    if (s.setup.side[t] === s.setup.side[h] || !conscious(s, t)) continue;
    const d = grid.distance(cell, s.heroes[t]!.cell);
    if (d < bestD) {
      bestD = d;
      best = t;
    }
  }
  return best;
}

function writeHero(s: ShgState, player: number, focus: number, h: number, out: Float32Array, at: number, acting: number): void {
  const hero = s.setup.heroes[h]!;
  const r = s.heroes[h]!;
  const map = s.setup.map;
  const { cols, rows } = map.grid;
  const side = s.setup.side[h]!;
  out[at] = 1;
  out[at + 1] = conscious(s, h) ? 1 : 0;
  out[at + 2] = side === player ? 1 : 0;
  out[at + 3 + ((side - player + s.setup.sides) % s.setup.sides)] = 1;
  out[at + 7] = hero.STR / 10;
  out[at + 8] = hero.DEX / 10;
  out[at + 9] = hero.SIZ / 10;
  out[at + 10] = hero.PER / 10;
  out[at + 11] = hero.combatModifier / 30;
  out[at + 12] = hero.oomphMax / 100;
  out[at + 13] = Math.max(0, r.oomph) / hero.oomphMax;
  out[at + 14] = Math.max(0, r.oomph) / 100;
  out[at + 15] = Math.ceil(hero.movementRate / s.setup.options.rules.moveDivisor) / 20;
  for (let k = 0; k < 6; k++) out[at + 16 + k] = hero.segments[k] ? 1 : 0;
  if (s.round > 0) for (let i = s.turn + 1; i < s.order.length; i++) if (s.order[i] === h) out[at + 22] = 1;
  out[at + 23] = h === acting ? 1 : 0;
  out[at + 24] = r.entangled / 10;
  out[at + 25] = Math.max(0, r.desolidUntil - s.round + 1) / 6;
  const placed = r.cell >= 0;
  const fc = s.heroes[focus]!.cell;
  if (placed) {
    out[at + 26] = (r.cell % cols) / cols;
    out[at + 27] = Math.floor(r.cell / cols) / rows;
    out[at + 28] = 1;
    if (fc >= 0) {
      const d = map.grid.distance(fc, r.cell);
      out[at + 29] = d / (cols + rows);
      out[at + 30] = d === 1 ? 1 : 0;
      out[at + 31] = h !== focus && sees(s, fc, r.cell) ? 1 : 0;
    }
    out[at + 32] = map.terrain[r.cell] === WATER ? 1 : 0;
    for (const c of s.clouds) if (c.until >= s.round && c.cells.includes(r.cell)) out[at + 33] = 1;
  }
  if (h !== focus) {
    out[at + 34] = toHit(s, focus, h);
    out[at + 35] = toHit(s, h, focus);
  }
  const punch = s.setup.options.rules.punchDivisor > 0 ? Math.ceil(hero.STR / s.setup.options.rules.punchDivisor) : 0;
  let close = punch;
  let distance = 0;
  let entangle = 0;
  let defOn = 0;
  let defHave = 0;
  let mdOn = 0;
  const base = at + BASE_FEATURES;
  for (let slot = 0; slot <= hero.powers.length; slot++) {
    const p = usablePower(s, h, slot);
    if (!p) continue;
    // A content type encodes as its mechanic (the layout the shipped model was trained on).
    const t = TYPE_INDEX.get(p.mechanic);
    const on = p.alwaysOn || r.onUntil[slot]! >= s.round;
    // A type the encoder does not know (added since) has no slots of its own.
    if (t !== undefined) {
      out[base + 3 * t] = Math.max(out[base + 3 * t]!, p.level / 5);
      out[base + 3 * t + 1] = Math.max(out[base + 3 * t + 1]!, r.uses[slot] === Infinity ? 1 : Math.min(r.uses[slot]!, 10) / 10);
      if (on) out[base + 3 * t + 2] = 1;
    }
    const e = env(s, h, p.level);
    if (p.mechanic === 'close-attack') close = Math.max(close, p.numbers.damage!(e));
    else if (p.mechanic === 'distance-attack') distance = Math.max(distance, p.numbers.damage!(e));
    else if (p.mechanic === 'entangle') entangle = Math.max(entangle, p.level);
    else if (p.mechanic === 'defenses') {
      const b = p.numbers.blocks!(e);
      defHave = Math.max(defHave, b);
      if (on) defOn = Math.max(defOn, b);
    } else if (p.mechanic === 'missile-deflection' && on) mdOn = 1;
  }
  out[at + 36] = close / 20;
  out[at + 37] = distance / 20;
  out[at + 38] = entangle / 10;
  out[at + 39] = defOn / 20;
  out[at + 40] = defHave / 20;
  out[at + 41] = mdOn;
}

function encode(s: ShgState, player: number, out: Float32Array, w: ShgWindows): void {
  out.fill(0);
  const d = decision(s, w);
  const focus = focusOf(s, player, w);
  const order = slotOrder(s, player, focus);
  const acting = d.hero >= 0 && s.setup.side[d.hero] === player ? d.hero : -1;
  for (let k = 0; k < Math.min(order.length, MAX_HEROES); k++) writeHero(s, player, focus, order[k]!, out, k * HERO_FEATURES, acting);
  let g = MAX_HEROES * HERO_FEATURES;
  const kinds: Decision[] = ['place', 'act', 'absorb', 'copy'];
  const k = kinds.indexOf(d.kind);
  if (k >= 0 && acting >= 0) out[g + k] = 1;
  g += 4;
  const seg = segmentOf(s.round);
  if (seg > 0) out[g + seg - 1] = 1;
  g += 6;
  const cap = s.setup.options.turnCap;
  out[g++] = turnOf(s.round) / cap;
  out[g++] = Math.max(0, s.round) / (cap * 6);
  out[g++] = s.setup.sides / 4;
  out[g++] = s.heroes.length / MAX_HEROES;
  // Oomph share of my side and of all foes together (the cap's tie-break).
  const left = [0, 0];
  const max = [0, 0];
  for (let h = 0; h < s.heroes.length; h++) {
    const i = s.setup.side[h] === player ? 0 : 1;
    left[i] += Math.max(0, s.heroes[h]!.oomph);
    max[i] += s.setup.heroes[h]!.oomphMax;
  }
  out[g++] = max[0]! > 0 ? left[0]! / max[0]! : 0;
  out[g++] = max[1]! > 0 ? left[1]! / max[1]! : 0;
  out[g++] = s.walls.length / 4;
  out[g++] = s.clouds.length / 4;
  out[g++] = d.kind === 'absorb' && acting >= 0 ? d.blocked / 20 : 0;
}

/** Distance bucket 0..DIST_BUCKETS-1 of a distance >= 1 (11 and more share the last). */
function distBucket(d: number): number {
  return Math.max(0, Math.min(d, DIST_BUCKETS) - 1);
}

function weaponOf(s: ShgState, h: number, slot: number): number {
  if (slot < 0) return 0;
  const t = powerAt(s, h, slot)?.mechanic;
  return t === 'close-attack' ? 1 : t === 'distance-attack' ? 2 : 3;
}

function actionIndex(a: ShgAction, s: ShgState, player: number, w: ShgWindows): number {
  switch (a.k) {
    case 'pass':
      return PASS;
    case 'escape':
      return ESCAPE;
    case 'absorb':
      return a.yes ? ABSORB_YES : ABSORB_NO;
    case 'copy': {
      if (a.slot < 0) return COPY_NONE;
      const d = decision(s, w);
      // The copy window's data is the hurt foe; its power in `slot` is offered.
      const top = s.stack[s.stack.length - 1];
      const foe = top ? top.data : -1;
      const p = foe >= 0 ? s.setup.heroes[foe]?.powers[a.slot] : undefined;
      return d.kind === 'copy' && p ? COPY_BASE + typeIndex(p.mechanic) : COPY_NONE;
    }
    case 'place': {
      const { cols, rows } = s.setup.map.grid;
      const col = a.cell % cols;
      const row = Math.floor(a.cell / cols);
      const side = player % 4;
      const depth = side === 0 ? col : side === 1 ? cols - 1 - col : side === 2 ? row : rows - 1 - row;
      const along = side <= 1 ? row : col;
      return PLACE_BASE + Math.min(depth, PLACE_DEPTHS - 1) * PLACE_ALONG + Math.min(along, PLACE_ALONG - 1);
    }
    case 'move': {
      const h = focusOf(s, player, w);
      const type = a.p >= 0 ? powerAt(s, h, a.p)?.mechanic : undefined;
      const mode = type === undefined ? 0 : 1 + Math.max(0, MOVE_TYPES.indexOf(type));
      const foe = nearestFoe(s, h, a.to);
      const dist = foe >= 0 ? distBucket(s.setup.map.grid.distance(a.to, s.heroes[foe]!.cell)) : DIST_BUCKETS - 1;
      const sight = foe >= 0 && sees(s, a.to, s.heroes[foe]!.cell) ? 1 : 0;
      const water = s.setup.map.terrain[a.to] === WATER ? 1 : 0;
      return MOVE_BASE + ((mode * DIST_BUCKETS + dist) * 2 + sight) * 2 + water;
    }
    case 'attack': {
      const h = focusOf(s, player, w);
      const order = slotOrder(s, player, h);
      const slot = Math.min(Math.max(1, order.indexOf(a.target)), MAX_HEROES - 1);
      let aim = 0;
      if (a.gizmo >= 0) {
        aim = 1 + typeIndex(s.setup.heroes[a.target]!.powers[a.gizmo]!.mechanic);
      }
      return ATTACK_BASE + (weaponOf(s, h, a.p) * (MAX_HEROES - 1) + slot - 1) * AIMS + aim;
    }
    case 'wall': {
      const h = focusOf(s, player, w);
      const owner = s.walls[a.wall]?.owner ?? -1;
      const foes = owner >= 0 && s.setup.side[owner] !== player ? 1 : 0;
      return WALL_BASE + weaponOf(s, h, a.p) * 2 + foes;
    }
    case 'use': {
      const h = focusOf(s, player, w);
      const t = TYPE_INDEX.get(powerAt(s, h, a.p)?.mechanic ?? '') ?? 0;
      let dir = 0;
      if (a.dir >= 0) {
        const cell = s.heroes[h]!.cell;
        const foe = nearestFoe(s, h, cell);
        const bearing = foe >= 0 ? s.setup.map.grid.bearing(cell, s.heroes[foe]!.cell) : 0;
        dir = 1 + ((a.dir - bearing + 6) % 6);
      }
      return USE_BASE + t * 7 + dir;
    }
  }
}

/** The encoder, bound to the flow's window indices (game.ts builds it). */
export function shgEncoder(
  w: ShgWindows,
  rules: { toMove(s: ShgState): readonly number[]; legalActions(s: ShgState, player: number): readonly ShgAction[] },
): Encoder<ShgState, ShgAction, ShgState> {
  return {
    version: 1,
    observationSize: OBSERVATION_SIZE,
    actionCount: ACTION_COUNT,
    encode: (obs, player, out) => encode(obs, player, out, w),
    actionIndex: (a, s, player) => actionIndex(a, s, player, w),
    legalMask(s, player, mask) {
      mask.fill(0);
      if (!rules.toMove(s).includes(player)) return;
      for (const a of rules.legalActions(s, player)) mask[actionIndex(a, s, player, w)] = 1;
    },
  };
}
