/**
 * Dice drawn from an in-state stream: a short-lived cursor over a stream position, so the
 * state it started from is never touched. A transition does not make one itself: the core
 * binds one to the state's stream and writes back where it stopped (random.ts: `random(d)`
 * in a flow hook, `drawFrom`/`settle` in an engine's own loop). `setup` makes the first one
 * from its seed (`new Dice(seed)`, the opening draws) and starts the state at `dice.state`.
 * A `Dice` is the core's `Random` (random.ts), the interface rules draw from.
 */
import { rngNext, rngU32, shuffledWith, type RngState } from './rng.js';

export class Dice {
  constructor(public state: RngState) {}

  /** One die with `sides` faces: 1..sides. */
  d(sides: number): number {
    const v = rngU32(this.state);
    this.state = rngNext(this.state);
    return 1 + Math.floor((v / 4294967296) * sides);
  }

  /** Sum of `count` dice with `sides` faces (e.g. 2d6 = sum(2, 6)). */
  sum(count: number, sides: number): number {
    let total = 0;
    for (let i = 0; i < count; i++) total += this.d(sides);
    return total;
  }

  /** Integer in [0, n): for seeded draws that are not dice (shuffles, tie-breaks). */
  int(n: number): number {
    const v = rngU32(this.state);
    this.state = rngNext(this.state);
    return Math.floor((v / 4294967296) * n);
  }

  /** Fisher–Yates shuffle into a new array. */
  shuffled<T>(items: readonly T[]): T[] {
    return shuffledWith(items, (n) => this.int(n));
  }
}

/** Probability that 1d`sides` shows at least `target` (for exact-expectation code). */
export function chanceAtLeast(target: number, sides = 6): number {
  if (target <= 1) return 1;
  if (target > sides) return 0;
  return (sides - target + 1) / sides;
}
