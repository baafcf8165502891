/**
 * Derivative-free minimisation (Nelder–Mead) and a numerical Hessian, for the few
 * nonlinear fits the studies need (e.g. refitting a cost formula's constants to games).
 * Small problems only: a dozen parameters, a function that costs well under a
 * millisecond.
 *
 * Nelder & Mead (1965), "A simplex method for function minimization", Comput. J. 7,
 * with the standard coefficients (reflect 1, expand 2, contract ½, shrink ½) and
 * restarts from the best point until a restart no longer improves, which guards
 * against the simplex collapsing early in higher dimensions.
 */

export interface MinimizeResult {
  readonly x: number[];
  readonly value: number;
  readonly evaluations: number;
  /** The simplex shrank below the tolerance (false: stopped at the evaluation budget). */
  readonly converged: boolean;
}

export interface MinimizeOptions {
  /** Initial step per coordinate (default 0.1, or 10% of a non-zero start). */
  readonly step?: number | readonly number[];
  /** Stop when the simplex's values differ by less than this (default 1e-9). */
  readonly tolerance?: number;
  readonly maxEvaluations?: number;
  /** Restarts from the best point (default 3). */
  readonly restarts?: number;
}

/** Minimises `f` from `x0`. Non-finite values count as +∞ (a way to keep to a region). */
export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], options: MinimizeOptions = {}): MinimizeResult {
  const n = x0.length;
  const tol = options.tolerance ?? 1e-9;
  const maxEval = options.maxEvaluations ?? 2000 * Math.max(1, n);
  let evaluations = 0;
  const g = (x: readonly number[]): number => {
    evaluations++;
    const v = f(x);
    return Number.isFinite(v) ? v : Infinity;
  };
  const stepOf = (i: number): number => {
    const s = options.step;
    if (Array.isArray(s)) return s[i] ?? 0.1;
    if (typeof s === 'number') return s;
    return x0[i] !== 0 ? 0.1 * Math.abs(x0[i]!) : 0.1;
  };
  let best = { x: [...x0], value: g(x0) };
  let converged = false;
  for (let restart = 0; restart <= (options.restarts ?? 3); restart++) {
    const simplex: { x: number[]; value: number }[] = [best];
    for (let i = 0; i < n; i++) {
      const x = [...best.x];
      x[i]! += stepOf(i);
      simplex.push({ x, value: g(x) });
    }
    converged = false;
    while (evaluations < maxEval) {
      simplex.sort((a, b) => a.value - b.value);
      const lo = simplex[0]!;
      const hi = simplex[n]!;
      if (Math.abs(hi.value - lo.value) <= tol * (1 + Math.abs(lo.value))) {
        converged = true;
        break;
      }
      const centroid = new Array<number>(n).fill(0);
      for (let k = 0; k < n; k++) for (let j = 0; j < n; j++) centroid[j]! += simplex[k]!.x[j]! / n;
      const along = (t: number): number[] => centroid.map((c, j) => c + t * (hi.x[j]! - c));
      const r = { x: along(-1), value: 0 };
      r.value = g(r.x);
      if (r.value < lo.value) {
        const e = { x: along(-2), value: 0 };
        e.value = g(e.x);
        simplex[n] = e.value < r.value ? e : r;
      } else if (r.value < simplex[n - 1]!.value) {
        simplex[n] = r;
      } else {
        const c = { x: r.value < hi.value ? along(-0.5) : along(0.5), value: 0 };
        c.value = g(c.x);
        if (c.value < Math.min(hi.value, r.value)) {
          simplex[n] = c;
        } else {
          for (let k = 1; k <= n; k++) {
            const x = simplex[k]!.x.map((v, j) => lo.x[j]! + 0.5 * (v - lo.x[j]!));
            simplex[k] = { x, value: g(x) };
          }
        }
      }
    }
    simplex.sort((a, b) => a.value - b.value);
    const improved = simplex[0]!.value < best.value - tol * (1 + Math.abs(best.value));
    if (simplex[0]!.value <= best.value) best = simplex[0]!;
    if (!improved && restart > 0) break;
  }
  return { x: best.x, value: best.value, evaluations, converged };
}

/** Central-difference Hessian of `f` at `x` (steps `h` per coordinate, default 1e-4·max(1, |x|)). */
export function numericalHessian(f: (x: readonly number[]) => number, x: readonly number[], h?: readonly number[]): number[][] {
  const n = x.length;
  const step = x.map((v, i) => h?.[i] ?? 1e-4 * Math.max(1, Math.abs(v)));
  const at = (di: number, si: number, dj: number, sj: number): number => {
    const y = [...x];
    y[di]! += si * step[di]!;
    y[dj]! += sj * step[dj]!;
    return f(y);
  };
  const f0 = f(x);
  const out = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const y1 = [...x];
    y1[i]! += step[i]!;
    const y2 = [...x];
    y2[i]! -= step[i]!;
    out[i]![i] = (f(y1) - 2 * f0 + f(y2)) / (step[i]! * step[i]!);
    for (let j = 0; j < i; j++) {
      const v = (at(i, 1, j, 1) - at(i, 1, j, -1) - at(i, -1, j, 1) + at(i, -1, j, -1)) / (4 * step[i]! * step[j]!);
      out[i]![j] = v;
      out[j]![i] = v;
    }
  }
  return out;
}
