/**
 * Line of sight, remembered per map: what `grid.lineOfSight` with the map's buildings
 * says for a pair of cells never changes during a fight, so it is worked out once per
 * pair (on first use) and read from a table after. Force walls come and go; where any
 * stand, the cells strictly between the pair (also remembered) are checked against them.
 * The same answers as asking the grid every time (test/games/superhero-gladiators/sight.test.ts),
 * at a table read instead of a line's worth of allocations: the search asks this
 * hundreds of thousands of times a game (legal teleports, distance attacks, evaluate).
 */
import { axialLine } from '../../core/hex.js';
import { WALL, type ArenaMap } from './arena.js';

interface SightTable {
  /** Per pair a * size + b: 0 not yet known, 1 clear of buildings, 2 blocked. */
  readonly clear: Uint8Array;
  /** Per pair: the cells strictly between (for force walls); built on first need. */
  readonly between: (Int16Array | undefined)[];
}

const tables = new WeakMap<ArenaMap, SightTable>();

function tableOf(map: ArenaMap): SightTable {
  let t = tables.get(map);
  if (t === undefined) {
    const n = map.grid.size;
    t = { clear: new Uint8Array(n * n), between: [] };
    tables.set(map, t);
  }
  return t;
}

/** No building (nor a cell outside the field) strictly between `a` and `b`. */
export function clearOfBuildings(map: ArenaMap, a: number, b: number): boolean {
  const t = tableOf(map);
  const at = a * map.grid.size + b;
  let known = t.clear[at]!;
  if (known === 0) {
    const terrain = map.terrain;
    known = map.grid.lineOfSight(a, b, (c) => terrain[c] === WALL) ? 1 : 2;
    t.clear[at] = known;
  }
  return known === 1;
}

/** The cells strictly between `a` and `b` on the line the grid's sight follows (only asked for pairs clear of buildings, so every cell is in the field). */
export function cellsBetween(map: ArenaMap, a: number, b: number): Int16Array {
  const t = tableOf(map);
  const at = a * map.grid.size + b;
  let cells = t.between[at];
  if (cells === undefined) {
    const grid = map.grid;
    const line = axialLine(grid.axial(a), grid.axial(b));
    cells = new Int16Array(Math.max(0, line.length - 2));
    for (let i = 1; i < line.length - 1; i++) cells[i - 1] = grid.cellAt(line[i]!.q, line[i]!.r);
    t.between[at] = cells;
  }
  return cells;
}
