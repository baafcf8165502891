/**
 * Randomness for Crucible.
 *
 * Two kinds of stream, for two jobs:
 *
 * 1. **In-state streams** (`RngState`, a single 32-bit integer). A game state carries
 *    one of these so that `apply` is a pure function of (state, moves). The generator is
 *    counter based (mulberry32's mixer over a Weyl sequence): the state is a counter, the
 *    output is a hash of it. Advancing and drawing are two tiny pure functions with no
 *    allocation, which keeps engines fast and immutable.
 *
 * 2. **Agent and runner streams** (`Rng`, a small mutable object). Agents are not part of
 *    the game state, so they may own a mutable generator; it uses the same mixer.
 *
 * User-facing seeds (any string or number) are turned into 32-bit seeds by seedrandom
 * (ARC4-based, well known), so "seed 7, game 12" always gives the same stream.
 */
import seedrandom from 'seedrandom';

/** The complete state of an in-state random stream. */
export type RngState = number;

/**
 * The stream an observation shows in place of the state's own: nobody may know the
 * future rolls, so every game's `observe` writes this constant where the state keeps its
 * stream (an agent that plays an observation forward sees some dice, never the true ones),
 * and `determinize` draws a fresh stream.
 */
export const UNSEEN_STREAM: RngState = 0;

const WEYL = 0x6d2b79f5;

/** The 32-bit unsigned output for the current stream state (does not advance). */
export function rngU32(s: RngState): number {
  let t = (s + WEYL) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** The stream state after one draw. */
export function rngNext(s: RngState): RngState {
  return (s + WEYL) | 0;
}

/** A float in [0, 1) for the current stream state (does not advance). */
export function rngFloat(s: RngState): number {
  return rngU32(s) / 4294967296;
}

/** An integer in [0, n) for the current stream state (does not advance). */
export function rngInt(s: RngState, n: number): number {
  return Math.floor((rngU32(s) / 4294967296) * n);
}

/**
 * Turns any user seed and a path of keys (game index, seat, purpose…) into a 32-bit
 * seed. Uses seedrandom so that seeds are stable across platforms and versions.
 */
export function deriveSeed(master: string | number, ...path: (string | number)[]): number {
  const key = [String(master), ...path.map(String)].join('/');
  return seedrandom(key).int32() | 0;
}

/** Fisher–Yates shuffle into a new array, drawing indices from `int(n)` ∈ [0, n). */
export function shuffledWith<T>(items: readonly T[], int: (n: number) => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** A mutable random stream for agents, runners and generators (never inside a state). */
export class Rng {
  state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  static fromSeed(master: string | number, ...path: (string | number)[]): Rng {
    return new Rng(deriveSeed(master, ...path));
  }

  /** Unsigned 32-bit integer. */
  u32(): number {
    const v = rngU32(this.state);
    this.state = rngNext(this.state);
    return v;
  }

  // `float` and `int` draw exactly as `u32() / 2^32` would, written out rather than
  // calling `u32`: a playout draws an index per step, and when the optimizer runs out of
  // inlining budget a `u32` call returns its unsigned result as a heap number (an
  // allocation per draw).

  /** Float in [0, 1). */
  float(): number {
    const s = this.state;
    this.state = rngNext(s);
    return rngU32(s) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    const s = this.state;
    this.state = rngNext(s);
    return Math.floor((rngU32(s) / 4294967296) * n);
  }

  /** Integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** A uniformly chosen element. Throws on an empty list (a caller bug). */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[this.int(items.length)]!;
  }

  /** Index chosen with probability proportional to non-negative weights. */
  weighted(weights: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < weights.length; i++) total += weights[i]!;
    if (!(total > 0)) return this.int(weights.length);
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** Fisher–Yates shuffle into a new array. */
  shuffled<T>(items: readonly T[]): T[] {
    return shuffledWith(items, (n) => this.int(n));
  }

  /** An independent child stream (for handing to a sub-component). */
  fork(): Rng {
    return new Rng(this.u32() ^ 0x9e3779b9);
  }
}
