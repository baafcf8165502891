/**
 * The few dense linear-algebra routines the fits need (matrices of a few dozen rows at
 * most): solving and inverting symmetric positive-definite systems by Cholesky.
 */

export type Matrix = number[][];

export function zeros(rows: number, cols: number): Matrix {
  return Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
}

/**
 * Lower-triangular L with A = L Lᵀ, or null when A is not (numerically) positive definite.
 */
export function cholesky(a: Matrix): Matrix | null {
  const n = a.length;
  const l = zeros(n, n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(s > 1e-12 * Math.max(1, Math.abs(a[i]![i]!)))) return null;
        l[i]![i] = Math.sqrt(s);
      } else {
        l[i]![j] = s / l[j]![j]!;
      }
    }
  }
  return l;
}

/** Solves L Lᵀ x = b given the Cholesky factor L. */
export function choleskySolve(l: Matrix, b: readonly number[]): number[] {
  const n = l.length;
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * x[k]!;
    x[i] = s / l[i]![i]!;
  }
  return x;
}

/** Inverse of a symmetric positive-definite matrix, or null when it is singular. */
export function spdInverse(a: Matrix): Matrix | null {
  const l = cholesky(a);
  if (!l) return null;
  const n = a.length;
  const inv = zeros(n, n);
  for (let j = 0; j < n; j++) {
    const e = new Array<number>(n).fill(0);
    e[j] = 1;
    const col = choleskySolve(l, e);
    for (let i = 0; i < n; i++) inv[i]![j] = col[i]!;
  }
  return inv;
}

/** Solves R x = b for upper-triangular R by back-substitution. */
export function solveUpper(r: Matrix, b: readonly number[]): number[] {
  const n = r.length;
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= r[i]![k]! * x[k]!;
    x[i] = s / r[i]![i]!;
  }
  return x;
}
