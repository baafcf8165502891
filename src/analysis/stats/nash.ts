/**
 * Maximum-entropy Nash equilibrium of two-player zero-sum matrix games, for "which
 * strategies (heroes, builds, powers) belong in the meta?" questions over empirical
 * payoff matrices (Balduzzi et al. 2018, "Re-evaluating evaluation", use the same
 * max-entropy Nash to rate agents).
 *
 * Method.
 *  1. The game value v and one optimal strategy come from the classic positive form:
 *     with B = max(A) − A + 1 (every entry ≥ 1), max Σu s.t. Σ_i u_i B_ij ≤ 1 ∀j, u ≥ 0,
 *     and x = u/Σu — an LP whose origin is feasible, so no phase 1 is needed. Every LP
 *     here is solved by ./simplex.ts (Dantzig's rule, Bland's after degenerate pivots,
 *     a pivot cap that throws): javascript-lp-solver, used before, cycled for ever in its
 *     phase 1 on a degenerate share matrix (issue #28).
 *  2. The optimal set is the polytope P = {x ∈ Δ : xᵀA ≥ v}. Maximising x_i over P for
 *     each i (one LP each) finds the strategies that appear in *some* equilibrium; the
 *     entropy gradient is infinite at x_i = 0, so the max-entropy equilibrium uses all
 *     of them. The mean of those maximisers is a starting point in P with that support.
 *  3. Entropy is maximised over P by pairwise Frank–Wolfe (conditional gradient with
 *     an active set of LP vertices, Lacoste-Julien & Jaggi 2015): at x, solve the LP
 *     max_{s ∈ P} ∇H(x)·s, shift weight from the active vertex with the worst gradient
 *     to s, with the exact line search on the concave entropy. The Frank–Wolfe gap
 *     ∇H·(s − x) bounds the entropy still to gain; the loop stops when it is below
 *     `tolerance` (or after maxIterations, and the gap is reported).
 *     When P is a single point (the usual case for noisy empirical matrices) no
 *     iteration is needed.
 * The column player is solved the same way on −Aᵀ.
 *
 * Dominance: strategies removed by iterated elimination of pure strategies dominated
 * by another pure strategy, strictly and (separately) weakly. Weak elimination depends
 * on order; we remove every weakly dominated strategy of a round at once, rows then
 * columns. Domination by mixed strategies is not checked.
 */
import { invalid } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { quantileSorted } from './descriptive.js';
import { solveLinearProgram, type LinearConstraint } from './simplex.js';

export interface PlayerEquilibrium {
  /** Equilibrium probability of each pure strategy. */
  readonly probabilities: readonly number[];
  /** Indices with probability > 1e-6, most likely first. */
  readonly support: readonly number[];
  /** Payoff (to this player) of each pure strategy against the opponent's equilibrium. */
  readonly scores: readonly number[];
  /** Eliminated by iterated strict / weak pure-strategy dominance, in elimination order. */
  readonly strictlyDominated: readonly number[];
  readonly weaklyDominated: readonly number[];
  /** Entropy (nats) of the equilibrium and the Frank–Wolfe gap when it stopped. */
  readonly entropy: number;
  readonly gap: number;
}

export interface NashResult {
  /** Value of the game to the row player. */
  readonly value: number;
  readonly row: PlayerEquilibrium;
  readonly col: PlayerEquilibrium;
}

export interface NashOptions {
  readonly maxIterations?: number;
  /** Stop when the Frank–Wolfe entropy gap is below this. Default 1e-9. */
  readonly tolerance?: number;
}

type Matrix = readonly (readonly number[])[];

function checkMatrix(a: Matrix, where: string): void {
  if (a.length === 0 || a[0]!.length === 0) throw invalid(where, 'payoff matrix', a, 'a non-empty rectangular matrix of finite numbers');
  for (const row of a) {
    if (row.length !== a[0]!.length || row.some((x) => !Number.isFinite(x))) {
      throw invalid(where, 'payoff matrix row', row, `${a[0]!.length} finite numbers`);
    }
  }
}

interface LpResult {
  readonly x: number[];
  readonly objective: number;
}

/**
 * One LP over the row player's mixed strategies x (restricted to `vars`): maximise
 * Σ objective(i)·x_i subject to Σ x = 1 and Σ_i x_i A_ij ≥ floor ∀j. Null when infeasible.
 */
function rowLp(a: Matrix, vars: readonly number[], objective: (i: number) => number, floor: number): LpResult | null {
  const cols = a[0]!.length;
  const constraints: LinearConstraint[] = [{ coefficients: vars.map(() => 1), relation: '=', rhs: 1 }];
  for (let j = 0; j < cols; j++) constraints.push({ coefficients: vars.map((i) => a[i]![j]!), relation: '>=', rhs: floor });
  const res = solveLinearProgram({ maximize: vars.map(objective), constraints });
  if (res.status !== 'optimal') return null;
  const x = new Array<number>(a.length).fill(0);
  vars.forEach((i, k) => (x[i] = res.x[k]!));
  const s = x.reduce((p, q) => p + q, 0);
  for (const i of vars) x[i]! /= s;
  return { x, objective: res.objective };
}

function minColumnPayoff(a: Matrix, x: readonly number[]): number {
  let m = Infinity;
  for (let j = 0; j < a[0]!.length; j++) {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += x[i]! * a[i]![j]!;
    m = Math.min(m, s);
  }
  return m;
}

function entropy(x: readonly number[]): number {
  let h = 0;
  for (const p of x) if (p > 0) h -= p * Math.log(p);
  return h;
}

/**
 * The row player's max-min strategy and the game value (the LP of step 1), in the
 * positive form: with B = max(A) − A + 1, maximise Σu subject to Σ_i u_i B_ij ≤ 1 for
 * every column j, u ≥ 0; then x = u/Σu. (Σ_i x_i B_ij ≤ 1/Σu for every j, so the largest
 * Σu is the smallest worst-case B-loss, i.e. the largest worst-case A-payoff.) The origin
 * is feasible and the LP bounded (u_i ≤ 1), so it always has an optimum.
 */
function maxMin(a: Matrix): { x: number[]; value: number } {
  const high = Math.max(...a.flatMap((r) => r));
  const constraints: LinearConstraint[] = a[0]!.map((_, j) => ({ coefficients: a.map((row) => high - row[j]! + 1), relation: '<=', rhs: 1 }));
  const res = solveLinearProgram({ maximize: a.map(() => 1), constraints });
  const total = res.status === 'optimal' ? res.x.reduce((p, q) => p + q, 0) : 0;
  if (res.status !== 'optimal' || !(total > 0)) throw new Error('Nash: the max-min LP failed (numerical trouble in the payoff matrix?)');
  const x = res.x.map((u) => u / total);
  return { x, value: minColumnPayoff(a, x) };
}

/**
 * Max-entropy optimal strategy of the row player (who maximises A), given the value and
 * one optimal strategy `y` of the column player. Only best responses to y can be in any
 * equilibrium (zero-sum equilibria are interchangeable); restricting the LPs to them
 * keeps the solver's tolerances from letting a clearly worse strategy in.
 */
function maxEntropyRow(a: Matrix, value: number, y: readonly number[], options: NashOptions): { x: number[]; value: number; gap: number } {
  const scale = Math.max(1, ...a.flatMap((r) => r.map(Math.abs)));
  // y carries the simplex's rounding (tolerance 1e-9 a pivot), so its payoffs may be off by ~n·1e-9.
  const candidates = a.map((_, i) => i).filter((i) => a[i]!.reduce((s, v, j) => s + v * y[j]!, 0) >= value - 1e-6 * scale);
  // The optimal set is a thin (often single-point) polytope; if the solver's tolerance
  // calls it empty, loosen the floor a little and try again.
  for (const slack of [1e-9, 1e-8, 1e-7, 1e-6]) {
    const found = supportAtoms(a, candidates, value - slack * scale);
    if (found) return frankWolfe(a, value, value - slack * scale, found.support, found.atoms, options);
  }
  throw new Error('Nash: the optimal-set LPs failed (numerical trouble in the payoff matrix?)');
}

type Atom = { point: number[]; weight: number };

/** Strategies that appear in some equilibrium; the maximisers are the first atoms. */
function supportAtoms(a: Matrix, candidates: readonly number[], floor: number): { support: number[]; atoms: Atom[] } | null {
  const support: number[] = [];
  const atoms: Atom[] = [];
  for (const i of candidates) {
    const best = rowLp(a, candidates, (k) => (k === i ? 1 : 0), floor);
    if (!best) return null;
    if (best.x[i]! > 1e-9) {
      support.push(i);
      atoms.push({ point: best.x, weight: 1 });
    }
  }
  return { support, atoms };
}

function frankWolfe(
  a: Matrix,
  value: number,
  floor: number,
  support: readonly number[],
  initial: Atom[],
  options: NashOptions,
): { x: number[]; value: number; gap: number } {
  let atoms = initial;
  for (const atom of atoms) atom.weight /= atoms.length;
  let x = combine(atoms, a.length);
  const maxIterations = options.maxIterations ?? 1000;
  const tolerance = options.tolerance ?? 1e-9;
  let gap = 0;
  if (support.length > 1) {
    for (let it = 0; it < maxIterations; it++) {
      const grad = x.map((p) => (p > 0 ? -Math.log(p) - 1 : 0));
      const dot = (v: readonly number[]): number => v.reduce((acc, vi, i) => acc + vi * grad[i]!, 0);
      const lp = rowLp(a, support, (i) => grad[i]!, floor);
      if (!lp) break; // numerical failure: keep the best point so far and report its gap
      const s = lp.x;
      gap = dot(s) - dot(x);
      if (gap < tolerance) break;
      // Pairwise step: move weight from the worst atom to the LP vertex (linear
      // convergence where plain Frank–Wolfe zig-zags, e.g. with duplicated strategies).
      let away = atoms[0]!;
      for (const atom of atoms) if (dot(atom.point) < dot(away.point)) away = atom;
      const d = s.map((si, i) => si - away.point[i]!);
      const step = lineSearch(x, d, away.weight);
      away.weight -= step;
      const same = atoms.find((atom) => atom.point.every((p, i) => Math.abs(p - s[i]!) < 1e-12));
      if (same) same.weight += step;
      else atoms.push({ point: s, weight: step });
      atoms = atoms.filter((atom) => atom.weight > 1e-15);
      x = x.map((p, i) => Math.max(0, p + step * d[i]!));
    }
  }
  return { x, value, gap: Math.max(0, gap) };
}

function combine(atoms: readonly { point: readonly number[]; weight: number }[], n: number): number[] {
  const x = new Array<number>(n).fill(0);
  for (const atom of atoms) for (let i = 0; i < n; i++) x[i]! += atom.weight * atom.point[i]!;
  return x;
}

/** argmax over γ ∈ [0, γmax] of H(x + γd), by bisection on the (decreasing) derivative. */
function lineSearch(x: readonly number[], d: readonly number[], gammaMax: number): number {
  const slope = (g: number): number => {
    let s = 0;
    for (let i = 0; i < x.length; i++) {
      if (d[i] === 0) continue;
      const p = x[i]! + g * d[i]!;
      s += p > 0 ? d[i]! * (-Math.log(p) - 1) : -Infinity;
    }
    return s;
  };
  if (slope(gammaMax) >= 0) return gammaMax;
  let lo = 0;
  let hi = gammaMax;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

function transposeNeg(a: Matrix): number[][] {
  return a[0]!.map((_, j) => a.map((row) => -row[j]!));
}

/**
 * Iterated elimination of dominated pure strategies in the zero-sum game A (rows
 * maximise, columns minimise). Returns eliminated rows and columns in order.
 */
export function iteratedDominance(a: Matrix, weak: boolean): { rows: number[]; cols: number[] } {
  let rows = a.map((_, i) => i);
  let cols = a[0]!.map((_, j) => j);
  const outRows: number[] = [];
  const outCols: number[] = [];
  const dominates = (better: readonly number[], worse: readonly number[]): boolean => {
    let strictSomewhere = false;
    for (let k = 0; k < better.length; k++) {
      if (weak ? better[k]! < worse[k]! : better[k]! <= worse[k]!) return false;
      if (better[k]! > worse[k]!) strictSomewhere = true;
    }
    return strictSomewhere;
  };
  for (;;) {
    const rowVec = (i: number): number[] => cols.map((j) => a[i]![j]!);
    const deadRows = rows.filter((i) => rows.some((k) => k !== i && dominates(rowVec(k), rowVec(i))));
    if (rows.length - deadRows.length >= 1) {
      rows = rows.filter((i) => !deadRows.includes(i));
      outRows.push(...deadRows);
    }
    const colVec = (j: number): number[] => rows.map((i) => -a[i]![j]!);
    const deadCols = cols.filter((j) => cols.some((k) => k !== j && dominates(colVec(k), colVec(j))));
    cols = cols.filter((j) => !deadCols.includes(j));
    outCols.push(...deadCols);
    if (deadRows.length === 0 && deadCols.length === 0) return { rows: outRows, cols: outCols };
  }
}

function playerResult(x: number[], scores: number[], strict: number[], weakList: number[], gap: number): PlayerEquilibrium {
  const support = x
    .map((p, i) => [p, i] as const)
    .filter(([p]) => p > 1e-6)
    .sort((p, q) => q[0] - p[0] || p[1] - q[1])
    .map(([, i]) => i);
  return { probabilities: x, support, scores, strictlyDominated: strict, weaklyDominated: weakList, entropy: entropy(x), gap };
}

/**
 * Max-entropy Nash equilibrium of the zero-sum game with row-player payoffs `a`
 * (the column player receives −a; a constant-sum matrix such as win shares works too,
 * since a constant shift changes no equilibrium).
 */
export function zeroSumNash(a: Matrix, options: NashOptions = {}): NashResult {
  checkMatrix(a, 'Nash payoff matrix');
  // A constant matrix (every strategy the same, e.g. six copies of one deck): every mix is
  // an equilibrium and the max-entropy one is uniform. No LP needed.
  if (a.every((row) => row.every((x) => x === a[0]![0]))) return constantGame(a);
  const negT = transposeNeg(a);
  const row0 = maxMin(a);
  const col0 = maxMin(negT);
  const value = row0.value;
  const rowEq = maxEntropyRow(a, value, col0.x, options);
  const colEq = maxEntropyRow(negT, -value, row0.x, options);
  const rowScores = a.map((row) => row.reduce((s, v, j) => s + v * colEq.x[j]!, 0));
  const colScores = a[0]!.map((_, j) => -a.reduce((s, row, i) => s + row[j]! * rowEq.x[i]!, 0));
  const strict = iteratedDominance(a, false);
  const weak = iteratedDominance(a, true);
  return {
    value,
    row: playerResult(rowEq.x, rowScores, strict.rows, weak.rows, rowEq.gap),
    col: playerResult(colEq.x, colScores, strict.cols, weak.cols, colEq.gap),
  };
}

/** The equilibrium of a constant matrix: uniform mixes, every strategy scoring the constant, none dominated strictly. */
function constantGame(a: Matrix): NashResult {
  const c = a[0]![0]!;
  const uniform = (n: number) => new Array<number>(n).fill(1 / n);
  const weak = iteratedDominance(a, true);
  return {
    value: c,
    row: playerResult(uniform(a.length), new Array<number>(a.length).fill(c), [], weak.rows, 0),
    col: playerResult(uniform(a[0]!.length), new Array<number>(a[0]!.length).fill(-c), [], weak.cols, 0),
  };
}

/**
 * Symmetric game from a win-share matrix: shares[i][j] = share of strategy i against j
 * (the diagonal is ignored). Empirical matrices are rarely exactly constant-sum, so the
 * zero-sum payoff used is the antisymmetric part (shares − sharesᵀ)/2, i.e. i's
 * advantage over j averaged over both orientations. Returns the row player's side,
 * which equals the column player's by symmetry; scores are expressed back as shares
 * (0.5 + advantage against the equilibrium mix).
 */
export function symmetricNash(shares: Matrix, options: NashOptions = {}): PlayerEquilibrium & { readonly value: number } {
  checkMatrix(shares, 'Nash share matrix');
  if (shares.length !== shares[0]!.length) throw invalid('Nash share matrix', 'shape', `${shares.length}x${shares[0]!.length}`, 'a square matrix');
  const a = shares.map((row, i) => row.map((v, j) => (i === j ? 0 : (v - shares[j]![i]!) / 2)));
  const res = zeroSumNash(a, options);
  return { ...res.row, scores: res.row.scores.map((s) => 0.5 + s), value: 0.5 + res.value };
}

export interface NashBootstrap {
  /** Share of resamples in which each strategy is in the equilibrium support (p > 1e-6). */
  readonly inSupport: readonly number[];
  /** Mean equilibrium probability of each strategy and its percentile interval. */
  readonly mean: readonly number[];
  readonly lo: readonly number[];
  readonly hi: readonly number[];
  readonly samples: number;
}

/**
 * How sure is the support? A parametric bootstrap of a symmetric share matrix: each
 * cell i < j is redrawn as Binomial(games[i][j], shares[i][j]) / games[i][j] (its mirror
 * set to 1 − that), and the max-entropy Nash recomputed. Draws are treated as half wins,
 * which slightly overstates the variance of drawish cells (conservative).
 */
export function symmetricNashBootstrap(
  shares: Matrix,
  games: Matrix,
  options: NashOptions & { readonly samples?: number; readonly seed?: number; readonly level?: number } = {},
): NashBootstrap {
  const n = shares.length;
  const samples = options.samples ?? 200;
  const level = options.level ?? 0.95;
  const rng = new Rng(options.seed ?? 1);
  const probs: number[][] = Array.from({ length: n }, () => []);
  const inSupport = new Array<number>(n).fill(0);
  for (let b = 0; b < samples; b++) {
    const m = Array.from({ length: n }, () => new Array<number>(n).fill(0.5));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const k = Math.max(0, Math.round(games[i]![j]!));
        const p = shares[i]![j]!;
        let wins = 0;
        if (k <= 2000) {
          for (let t = 0; t < k; t++) if (rng.float() < p) wins++;
        } else {
          // Normal approximation for big cells (Box–Muller), clipped to [0, k].
          const z = Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
          wins = Math.min(k, Math.max(0, k * p + z * Math.sqrt(k * p * (1 - p))));
        }
        const s = k > 0 ? wins / k : 0.5;
        m[i]![j] = s;
        m[j]![i] = 1 - s;
      }
    }
    const eq = symmetricNash(m, options);
    eq.probabilities.forEach((p, i) => {
      probs[i]!.push(p);
      if (p > 1e-6) inSupport[i]!++;
    });
  }
  const q = (xs: number[], f: number): number => quantileSorted(xs.sort((x, y) => x - y), f);
  return {
    inSupport: inSupport.map((c) => c / samples),
    mean: probs.map((xs) => xs.reduce((a, x) => a + x, 0) / samples),
    lo: probs.map((xs) => q(xs, (1 - level) / 2)),
    hi: probs.map((xs) => q(xs, 1 - (1 - level) / 2)),
    samples,
  };
}
