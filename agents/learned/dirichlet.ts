/**
 * Dirichlet noise for the root priors of self-play (AlphaZero: P = (1 − ε)·P + ε·η,
 * η ~ Dir(α)), drawn from an agent's own stream so training stays reproducible.
 */
import type { Rng } from '../../src/core/rng.js';

/** A standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng.float();
  const v = rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Gamma(shape, 1) draw (Marsaglia & Tsang 2000; shape < 1 by the U^(1/shape) boost). */
export function gamma(rng: Rng, shape: number): number {
  if (shape < 1) return gamma(rng, shape + 1) * Math.pow(1 - rng.float(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - rng.float();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Mixes Dir(alpha) noise into the first `n` entries of `priors` with weight `epsilon`. */
export function addDirichletNoise(rng: Rng, priors: Float64Array | number[], n: number, alpha: number, epsilon: number): void {
  const noise = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += noise[i] = gamma(rng, alpha);
  if (!(total > 0)) return;
  for (let i = 0; i < n; i++) priors[i] = (1 - epsilon) * priors[i]! + (epsilon * noise[i]!) / total;
}
