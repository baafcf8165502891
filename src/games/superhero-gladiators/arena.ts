/**
 * The arena: a hex map whose terrain is data. A map is rows of characters, one per hex
 * (odd rows shifted right half a hex, the `HexArena` layout):
 *
 *   .  open ground       #  building / wall (blocks sight; tunneling, wall-clinging
 *   ~  water (river)         and flight cross it, nobody stands in it)
 *   o  pit (only flight and jumping cross it, nobody stands in it)
 *
 * `DEFAULT_MAP` is the shipped arena; `randomMap` draws one from a seed; a user gives
 * their own as `arena.rows` in the options.
 */
import { UserError } from '../../core/errors.js';
import { HexArena } from '../../core/hex.js';
import { Dice } from '../../core/dice.js';

export const OPEN = 0;
export const WALL = 1;
export const WATER = 2;
export const PIT = 3;
export type Terrain = typeof OPEN | typeof WALL | typeof WATER | typeof PIT;

const CHARS: Readonly<Record<string, Terrain>> = { '.': OPEN, '#': WALL, '~': WATER, o: PIT };

/** The shipped 13 x 9 arena: two buildings, a river, a pit. */
export const DEFAULT_MAP: readonly string[] = [
  '.............',
  '.............',
  '...##....~...',
  '...##....~...',
  '......o..~...',
  '...##....~...',
  '...##.....~..',
  '.............',
  '.............',
];

export interface ArenaMap {
  readonly grid: HexArena;
  readonly terrain: Uint8Array;
  readonly rows: readonly string[];
}

/** Parses map rows; `where` names the option for errors. */
export function parseMap(rows: readonly string[], where = 'arena.rows'): ArenaMap {
  if (rows.length < 3) throw new UserError(`${where} has ${rows.length} rows; allowed: at least 3 rows`);
  const cols = rows[0]!.length;
  if (cols < 3) throw new UserError(`${where}[0] is ${JSON.stringify(rows[0])}; allowed: at least 3 hexes per row`);
  const terrain = new Uint8Array(cols * rows.length);
  rows.forEach((row, r) => {
    if (row.length !== cols) throw new UserError(`${where}[${r}] has ${row.length} hexes; allowed: ${cols} (every row as long as the first)`);
    for (let c = 0; c < cols; c++) {
      const t = CHARS[row[c]!];
      if (t === undefined) throw new UserError(`${where}[${r}] has ${JSON.stringify(row[c])} at column ${c}; allowed: . (open), # (wall), ~ (water), o (pit)`);
      terrain[r * cols + c] = t;
    }
  });
  return { grid: new HexArena(cols, rows.length), terrain, rows };
}

/**
 * A seeded random arena of `cols` x `rows`: a few rectangular buildings, one winding
 * river and a couple of pits, kept out of the two outer columns on each side (the
 * start zones).
 */
export function randomMap(cols: number, rows: number, seed: number): string[] {
  const dice = new Dice(seed | 0);
  const g: string[][] = Array.from({ length: rows }, () => new Array<string>(cols).fill('.'));
  const inner = (c: number) => c >= 2 && c < cols - 2;
  const buildings = 1 + dice.int(3);
  for (let b = 0; b < buildings; b++) {
    const w = 1 + dice.int(2);
    const h = 1 + dice.int(3);
    const c0 = 2 + dice.int(Math.max(1, cols - 4 - w));
    const r0 = dice.int(Math.max(1, rows - h));
    for (let r = r0; r < r0 + h && r < rows; r++) for (let c = c0; c < c0 + w; c++) if (inner(c)) g[r]![c] = '#';
  }
  let c = 2 + dice.int(Math.max(1, cols - 4));
  for (let r = 0; r < rows; r++) {
    if (inner(c) && g[r]![c] === '.') g[r]![c] = '~';
    c += dice.int(3) - 1;
    c = Math.max(2, Math.min(cols - 3, c));
  }
  const pits = dice.int(3);
  for (let p = 0; p < pits; p++) {
    const pc = 2 + dice.int(Math.max(1, cols - 4));
    const pr = dice.int(rows);
    if (g[pr]![pc] === '.') g[pr]![pc] = 'o';
  }
  return g.map((row) => row.join(''));
}

/**
 * The fewest open hexes any seed's `randomMap(cols, rows, seed)` leaves in the start zone
 * of side `side` of `sides` (a sound lower bound, for validating an option set before any
 * game: one seed that works says nothing of the next). randomMap blocks only the inner
 * columns 2..cols-3, with at most 3 buildings of at most 2 columns x 3 rows, one river
 * hex per row and 2 pits; the zone's inner part loses at most that many hexes.
 */
export function guaranteedStartHexes(cols: number, rows: number, side: number, sides: number, depth: number): number {
  const innerCol = (c: number) => c >= 2 && c < cols - 2;
  let total = 0;
  let inner = 0;
  const innerCols = new Set<number>();
  const innerRows = new Set<number>();
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const inZone = side === 0 ? col < depth : side === 1 ? col >= cols - depth : side === 2 ? row < depth : row >= rows - depth;
      const corner = sides > 2 && side >= 2 && (col < depth || col >= cols - depth);
      if (!inZone || corner) continue;
      total++;
      if (innerCol(col)) {
        inner++;
        innerCols.add(col);
        innerRows.add(row);
      }
    }
  }
  const perBuilding = Math.min(2, innerCols.size) * Math.min(3, innerRows.size);
  const blocked = Math.min(inner, 3 * perBuilding + innerRows.size + 2);
  return total - blocked;
}

/**
 * The start zone of side `side` of `sides`: the open hexes of the `depth` outer columns
 * (west, east) or rows (north, south), in that order.
 */
export function startZone(map: ArenaMap, side: number, sides: number, depth: number): number[] {
  const { cols, rows } = map.grid;
  const out: number[] = [];
  for (let cell = 0; cell < map.terrain.length; cell++) {
    if (map.terrain[cell] !== OPEN) continue;
    const col = cell % cols;
    const row = Math.floor(cell / cols);
    const inZone = side === 0 ? col < depth : side === 1 ? col >= cols - depth : side === 2 ? row < depth : row >= rows - depth;
    // With more than two sides, the corners belong to the west/east zones only.
    const corner = sides > 2 && side >= 2 && (col < depth || col >= cols - depth);
    if (inZone && !corner) out.push(cell);
  }
  return out;
}
