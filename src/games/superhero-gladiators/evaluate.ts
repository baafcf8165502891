/**
 * A cheap value per side for rollout cut-offs and lead changes: each side's share of
 * its Oomph maximum still standing (fainted heroes count 0), normalised to sum to 1.
 */
import type { ShgState } from './state.js';

export function evaluate(s: ShgState): number[] {
  if (s.result) return [...s.result];
  const n = s.setup.sides;
  const left = new Array<number>(n).fill(0);
  const max = new Array<number>(n).fill(0);
  for (let h = 0; h < s.heroes.length; h++) {
    const side = s.setup.side[h]!;
    left[side] += Math.max(0, s.heroes[h]!.oomph);
    max[side] += s.setup.heroes[h]!.oomphMax;
  }
  let total = 0;
  for (let i = 0; i < n; i++) {
    left[i] = left[i]! / max[i]!;
    total += left[i]!;
  }
  return total > 0 ? left.map((x) => x / total) : new Array<number>(n).fill(1 / n);
}
