/**
 * A small dense two-phase simplex for the linear programs behind Nash equilibria
 * (src/analysis/stats/nash.ts): maximise c·x subject to rows a·x (≤ | ≥ | =) b, x ≥ 0.
 *
 * Why our own. javascript-lp-solver 1.0.3's "phase 1" picks the row with the most
 * negative right-hand side and an entering column by a quotient rule, with no ratio test
 * over the other rows (its "Bland" fallback keeps that row rule, so it does not guarantee
 * termination either). On the degenerate max-min LP of a symmetric zero-sum game (value
 * exactly 0.5, many tied payoffs, a free value variable) it cycled for ever: resample 87
 * of the Nash bootstrap of the 28-seed ophidian-teams matrix ran for more than 25
 * CPU-minutes in it (issue #28; test/analysis/stats/nash-cycling.test.ts).
 *
 * Method. A textbook tableau: phase 1 minimises the sum of artificial variables (one per
 * ≥ or = row; rows are first flipped so every b ≥ 0), drives the artificials left in the
 * basis at zero out of it, then phase 2 optimises c. Pivots use Dantzig's rule (the most
 * negative reduced cost) while they make progress; after a run of degenerate pivots —
 * the only kind a cycle is made of — the phase switches to Bland's rule (smallest
 * entering index, ties in the ratio test to the smallest basic index), which cannot cycle.
 * In floating point a tolerance decides ties, so as a last guard every solve has a pivot
 * cap and throws one clear line when it is reached instead of running on.
 */

export type Relation = '<=' | '>=' | '=';

export interface LinearConstraint {
  /** Coefficients, one per variable. */
  readonly coefficients: readonly number[];
  readonly relation: Relation;
  readonly rhs: number;
}

export interface LinearProgram {
  /** Objective coefficients, one per variable (all variables are ≥ 0). */
  readonly maximize: readonly number[];
  readonly constraints: readonly LinearConstraint[];
}

export type LpOutcome =
  | { readonly status: 'optimal'; readonly x: number[]; readonly objective: number }
  | { readonly status: 'infeasible' }
  | { readonly status: 'unbounded' };

export interface SimplexOptions {
  /** Pivot cap per solve (both phases). Default 50·(rows + columns) + 1,000. */
  readonly maxPivots?: number;
  /** Zero tolerance for reduced costs, pivots and feasibility. Default 1e-9. */
  readonly tolerance?: number;
}

/** Degenerate pivots in a row before a phase switches from Dantzig's rule to Bland's. */
const DEGENERATE_RUN = 50;

export class SimplexPivotCapError extends Error {}

/** Solves the linear program; throws SimplexPivotCapError (one line) at the pivot cap. */
export function solveLinearProgram(lp: LinearProgram, options: SimplexOptions = {}): LpOutcome {
  const n = lp.maximize.length;
  const m = lp.constraints.length;
  const eps = options.tolerance ?? 1e-9;
  for (const row of lp.constraints) {
    if (row.coefficients.length !== n || !row.coefficients.every(Number.isFinite) || !Number.isFinite(row.rhs)) {
      throw new Error(`simplex: a constraint needs ${n} finite coefficients and a finite right-hand side`);
    }
  }
  // Columns: n structural, one slack/surplus per inequality, one artificial per ≥ / = row
  // (after flipping rows so that b ≥ 0); then the right-hand side.
  const rows = lp.constraints.map((c) => (c.rhs < 0 ? { coefficients: c.coefficients.map((v) => -v), relation: flip(c.relation), rhs: -c.rhs } : c));
  const slackCount = rows.filter((r) => r.relation !== '=').length;
  const artificialCount = rows.filter((r) => r.relation !== '<=').length;
  const width = n + slackCount + artificialCount + 1;
  const rhs = width - 1;
  const firstArtificial = n + slackCount;
  const t: Float64Array[] = rows.map(() => new Float64Array(width));
  const basis = new Int32Array(m);
  let slack = n;
  let artificial = firstArtificial;
  rows.forEach((r, i) => {
    const row = t[i]!;
    r.coefficients.forEach((v, j) => (row[j] = v));
    row[rhs] = r.rhs;
    if (r.relation === '<=') {
      row[slack] = 1;
      basis[i] = slack++;
    } else {
      if (r.relation === '>=') row[slack++] = -1;
      row[artificial] = 1;
      basis[i] = artificial++;
    }
  });
  const maxPivots = options.maxPivots ?? 50 * (m + width) + 1000;
  const budget = { left: maxPivots, total: maxPivots, m, n };

  // Phase 1: maximise −Σ artificials. Its objective row is the reduced cost row z − c.
  if (artificialCount > 0) {
    const z = new Float64Array(width);
    for (let j = firstArtificial; j < rhs; j++) z[j] = 1;
    for (let i = 0; i < m; i++) if (basis[i]! >= firstArtificial) subtractRow(z, t[i]!, 1);
    runPhase(t, z, basis, rhs, rhs, eps, budget);
    if (z[rhs]! < -eps * Math.max(1, ...rows.map((r) => Math.abs(r.rhs)))) return { status: 'infeasible' };
    // Artificials still basic sit at zero: pivot them out on any usable column, or drop
    // the row when it is a combination of the others.
    for (let i = 0; i < m; i++) {
      if (basis[i]! < firstArtificial) continue;
      const row = t[i]!;
      let enter = -1;
      for (let j = 0; j < firstArtificial; j++) if (Math.abs(row[j]!) > eps) { enter = j; break; }
      if (enter >= 0) pivot(t, null, basis, i, enter, rhs);
    }
  }
  // Phase 2 on the original objective, artificial columns barred from entering.
  const z = new Float64Array(width);
  lp.maximize.forEach((c, j) => (z[j] = -c));
  for (let i = 0; i < m; i++) {
    const b = basis[i]!;
    if (b < n && z[b] !== 0) subtractRow(z, t[i]!, z[b]!);
  }
  const unbounded = runPhase(t, z, basis, firstArtificial, rhs, eps, budget);
  if (unbounded) return { status: 'unbounded' };
  const x = new Array<number>(n).fill(0);
  for (let i = 0; i < m; i++) if (basis[i]! < n) x[basis[i]!] = Math.max(0, t[i]![rhs]!);
  return { status: 'optimal', x, objective: lp.maximize.reduce((s, c, j) => s + c * x[j]!, 0) };
}

function flip(r: Relation): Relation {
  return r === '<=' ? '>=' : r === '>=' ? '<=' : '=';
}

function subtractRow(target: Float64Array, row: Float64Array, factor: number): void {
  for (let j = 0; j < target.length; j++) target[j]! -= factor * row[j]!;
}

function pivot(t: Float64Array[], z: Float64Array | null, basis: Int32Array, r: number, c: number, rhs: number): void {
  const prow = t[r]!;
  const p = prow[c]!;
  for (let j = 0; j <= rhs; j++) prow[j]! /= p;
  prow[c] = 1;
  for (let i = 0; i < t.length; i++) {
    if (i === r) continue;
    const f = t[i]![c]!;
    if (f !== 0) {
      subtractRow(t[i]!, prow, f);
      t[i]![c] = 0;
    }
  }
  if (z && z[c] !== 0) {
    subtractRow(z, prow, z[c]!);
    z[c] = 0;
  }
  basis[r] = c;
}

/**
 * Pivots until no column below `columns` has a negative reduced cost (optimal) or one
 * has no positive entry (unbounded: returns true). Dantzig's rule, then Bland's after
 * DEGENERATE_RUN degenerate pivots in a row.
 */
function runPhase(
  t: Float64Array[],
  z: Float64Array,
  basis: Int32Array,
  columns: number,
  rhs: number,
  eps: number,
  budget: { left: number; readonly total: number; readonly m: number; readonly n: number },
): boolean {
  let degenerateRun = 0;
  let bland = false;
  for (;;) {
    let enter = -1;
    let best = -eps;
    for (let j = 0; j < columns; j++) {
      if (z[j]! < best) {
        enter = j;
        if (bland) break;
        best = z[j]!;
      }
    }
    if (enter < 0) return false;
    let leave = -1;
    let ratio = Infinity;
    for (let i = 0; i < t.length; i++) {
      const a = t[i]![enter]!;
      if (a <= eps) continue;
      const q = t[i]![rhs]! / a;
      if (q < ratio - eps || (Math.abs(q - ratio) <= eps && basis[i]! < basis[leave]!)) {
        ratio = q;
        leave = i;
      }
    }
    if (leave < 0) return true;
    if (budget.left-- <= 0) {
      throw new SimplexPivotCapError(
        `simplex: no optimum after ${budget.total} pivots on a ${budget.m}-row, ${budget.n}-variable LP (cycling in floating point?); the equilibrium is not reported`,
      );
    }
    degenerateRun = ratio <= eps ? degenerateRun + 1 : 0;
    if (degenerateRun >= DEGENERATE_RUN) bland = true;
    pivot(t, z, basis, leave, enter, rhs);
  }
}
