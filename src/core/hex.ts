/**
 * Hex geometry in axial coordinates (q, r), pointy-top hexes.
 *
 * Directions are numbered clockwise 0..5 starting east:
 *   0 = E, 1 = SE, 2 = SW, 3 = W, 4 = NW, 5 = NE.
 * A figure's *facing* is the direction of its front hexside. Relative hexsides are
 * numbered clockwise from the front: 0 front, 1 right-front, 2 right-back, 3 back,
 * 4 left-back, 5 left-front.
 *
 * `HexArena` is a bounded field (rows of hexes, offset "odd-r" layout) with cells
 * indexed 0..size-1 and a precomputed neighbour table, so engines store a position as
 * one small integer and step with a table lookup.
 */

export interface Axial {
  readonly q: number;
  readonly r: number;
}

export const DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 }, // 0 E
  { q: 0, r: 1 }, // 1 SE
  { q: -1, r: 1 }, // 2 SW
  { q: -1, r: 0 }, // 3 W
  { q: 0, r: -1 }, // 4 NW
  { q: 1, r: -1 }, // 5 NE
];

export const DIRECTION_NAMES = ['E', 'SE', 'SW', 'W', 'NW', 'NE'] as const;

/** Relative hexside names, clockwise from the front. */
export const RELATIVE_SIDE_NAMES = ['front', 'right-front', 'right-back', 'back', 'left-back', 'left-front'] as const;

/** Direction `d` turned `steps` hexsides clockwise (negative = anticlockwise). */
export function turn(d: number, steps: number): number {
  return (((d + steps) % 6) + 6) % 6;
}

/** The opposite direction. */
export function opposite(d: number): number {
  return (d + 3) % 6;
}

/** Which of a figure's relative hexsides (0..5) faces absolute direction `dir`. */
export function relativeSide(facing: number, dir: number): number {
  return (((dir - facing) % 6) + 6) % 6;
}

export function axialNeighbor(a: Axial, d: number): Axial {
  const v = DIRECTIONS[d]!;
  return { q: a.q + v.q, r: a.r + v.r };
}

export function axialDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The direction from `a` to an adjacent `b`, or -1 if they are not adjacent. */
export function axialDirectionTo(a: Axial, b: Axial): number {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  for (let d = 0; d < 6; d++) if (DIRECTIONS[d]!.q === dq && DIRECTIONS[d]!.r === dr) return d;
  return -1;
}

function cubeRound(x: number, z: number): Axial {
  const y = -x - z;
  let rx = Math.round(x);
  let rz = Math.round(z);
  const ry = Math.round(y);
  const dx = Math.abs(rx - x);
  const dy = Math.abs(ry - y);
  const dz = Math.abs(rz - z);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (!(dy > dz)) rz = -rx - ry;
  return { q: rx, r: rz };
}

/**
 * The hexes on the straight line from `a` to `b`, both included (cube linear
 * interpolation, nudged by a tiny epsilon so lines along hex edges pick consistently).
 */
export function axialLine(a: Axial, b: Axial): Axial[] {
  const n = axialDistance(a, b);
  const out: Axial[] = [];
  const eps = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const q = a.q + eps + (b.q - a.q) * t;
    const r = a.r + 2 * eps + (b.r - a.r) * t;
    out.push(cubeRound(q, r));
  }
  return out;
}

/** A bounded hex field of `rows` rows of `cols` hexes, with optional blocked cells. */
export class HexArena {
  readonly size: number;
  /** neighbor[cell * 6 + d] = the neighbouring cell index, or -1 beyond the wall. */
  readonly neighbor: Int16Array;
  private readonly qs: Int16Array;
  private readonly rs: Int16Array;
  private readonly index = new Map<number, number>();

  constructor(
    readonly cols: number,
    readonly rows: number,
    /** Cells (by index) that are walls inside the field: not enterable, block sight. */
    readonly blocked: ReadonlySet<number> = new Set(),
  ) {
    if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
      throw new Error(`HexArena needs positive integer size, got ${cols} x ${rows}`);
    }
    this.size = cols * rows;
    this.qs = new Int16Array(this.size);
    this.rs = new Int16Array(this.size);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const cell = row * cols + col;
        const q = col - ((row - (row & 1)) >> 1);
        this.qs[cell] = q;
        this.rs[cell] = row;
        this.index.set(this.key(q, row), cell);
      }
    }
    this.neighbor = new Int16Array(this.size * 6).fill(-1);
    for (let cell = 0; cell < this.size; cell++) {
      if (blocked.has(cell)) continue;
      for (let d = 0; d < 6; d++) {
        const v = DIRECTIONS[d]!;
        const n = this.cellAt(this.qs[cell]! + v.q, this.rs[cell]! + v.r);
        this.neighbor[cell * 6 + d] = n >= 0 && !blocked.has(n) ? n : -1;
      }
    }
  }

  private key(q: number, r: number): number {
    return (q + 1024) * 4096 + (r + 1024);
  }

  /** Cell index at axial (q, r), or -1 outside the field. */
  cellAt(q: number, r: number): number {
    return this.index.get(this.key(q, r)) ?? -1;
  }

  /** Cell index at offset (col, row), or -1 outside the field. */
  cellAtOffset(col: number, row: number): number {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return -1;
    return row * this.cols + col;
  }

  axial(cell: number): Axial {
    return { q: this.qs[cell]!, r: this.rs[cell]! };
  }

  /** Offset column and row of a cell (for display). */
  offset(cell: number): { col: number; row: number } {
    return { col: cell % this.cols, row: Math.floor(cell / this.cols) };
  }

  step(cell: number, d: number): number {
    return this.neighbor[cell * 6 + d]!;
  }

  distance(a: number, b: number): number {
    const dq = this.qs[a]! - this.qs[b]!;
    const dr = this.rs[a]! - this.rs[b]!;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }

  /** Direction from cell `a` to adjacent cell `b`, or -1 if not adjacent. */
  directionTo(a: number, b: number): number {
    for (let d = 0; d < 6; d++) if (this.neighbor[a * 6 + d] === b) return d;
    return -1;
  }

  /**
   * The direction whose ray from `a` points most nearly at `b` (for facing a foe that
   * is not adjacent). Ties go to the lower direction index.
   */
  bearing(a: number, b: number): number {
    const dq = this.qs[b]! - this.qs[a]!;
    const dr = this.rs[b]! - this.rs[a]!;
    // Pixel-space vector of a pointy-top hex offset.
    const x = Math.sqrt(3) * (dq + dr / 2);
    const y = 1.5 * dr;
    let best = 0;
    let bestDot = -Infinity;
    for (let d = 0; d < 6; d++) {
      const v = DIRECTIONS[d]!;
      const vx = Math.sqrt(3) * (v.q + v.r / 2);
      const vy = 1.5 * v.r;
      const dot = x * vx + y * vy;
      if (dot > bestDot + 1e-9) {
        bestDot = dot;
        best = d;
      }
    }
    return best;
  }

  /** True when every hex strictly between `a` and `b` is in the field and not blocked. */
  lineOfSight(a: number, b: number, isObstacle: (cell: number) => boolean = () => false): boolean {
    const line = axialLine(this.axial(a), this.axial(b));
    for (let i = 1; i < line.length - 1; i++) {
      const c = this.cellAt(line[i]!.q, line[i]!.r);
      if (c < 0 || this.blocked.has(c) || isObstacle(c)) return false;
    }
    return true;
  }

  /** "c3r2" style label of a cell, for logs. */
  label(cell: number): string {
    const { col, row } = this.offset(cell);
    return `(${col},${row})`;
  }
}
