/**
 * `evaluate`'s memo of a pending Reveal priced at its defaults (`afterDefaultReveal`: a whole
 * round's resolution, most of a search leaf's cost). A search at an Allocation decision runs
 * hundreds of iterations, each on a new determinization (`determinize`: a copy of the
 * observation with a fresh random stream) and each leaf a new state; but a leaf with a Reveal
 * pending shares every field with the others of its node except the stream and the list of
 * revealed allocations, whose entries are the very Allocation objects of the kept menus
 * (kept-menus.ts). The round's resolution draws nothing (round-ctx.ts), so equal inputs give
 * the same state after it; the memo keys a priced leaf by those inputs, compared by identity
 * (states are immutable), and a result that did move the stream is never kept.
 *
 * A few contexts (the leaf's fields but `rng` and `pending`) are kept, most recent first,
 * each with a trie over the pending allocations; no map entry per state (kept-menus.ts says
 * why), and a bounded size.
 */
import type { Allocation, RumbleState } from './types.js';

/** Contexts kept: a search's leaves at one decision share one. */
const CONTEXTS = 4;
/** Entries per context before its trie is cleared (a long search's unique joints). */
const ENTRIES = 4096;

type Trie = Map<Allocation | null, Trie | readonly number[]>;

interface Context {
  readonly s: RumbleState;
  /** What the caller prices with (evaluateWith's worth and share), compared by identity. */
  readonly a: unknown;
  readonly b: unknown;
  trie: Trie;
  size: number;
}

export class RevealLeaves {
  private readonly contexts: Context[] = [];

  /** The value kept for `s` (phase 'reveal', `pending` set) priced with `a`, `b`, or undefined. */
  get(s: RumbleState, a: unknown, b: unknown): readonly number[] | undefined {
    const c = this.find(s, a, b);
    if (c === undefined) return undefined;
    const pending = s.pending!;
    let t: Trie | readonly number[] | undefined = c.trie;
    for (let h = 0; h < pending.length && t !== undefined; h++) t = (t as Trie).get(pending[h]!);
    return t as readonly number[] | undefined;
  }

  /** Keeps `value` for `s` priced with `a`, `b`; returns it. */
  keep(s: RumbleState, a: unknown, b: unknown, value: readonly number[]): readonly number[] {
    let c = this.find(s, a, b);
    if (c === undefined) {
      c = { s, a, b, trie: new Map(), size: 0 };
      if (this.contexts.length >= CONTEXTS) this.contexts.pop();
      this.contexts.unshift(c);
    }
    if (c.size >= ENTRIES) {
      c.trie = new Map();
      c.size = 0;
    }
    const pending = s.pending!;
    let t = c.trie;
    const last = pending.length - 1;
    for (let h = 0; h < last; h++) {
      let next = t.get(pending[h]!) as Trie | undefined;
      if (next === undefined) t.set(pending[h]!, (next = new Map()));
      t = next;
    }
    t.set(pending[last]!, value);
    c.size++;
    return value;
  }

  /** The kept context whose state equals `s` in every field but the stream and the pending allocations. */
  private find(s: RumbleState, a: unknown, b: unknown): Context | undefined {
    const cs = this.contexts;
    for (let i = 0; i < cs.length; i++) {
      const c = cs[i]!;
      if (c.a === a && c.b === b && sameBut(c.s, s)) return c;
    }
    return undefined;
  }
}

/** Whether every field of `x` and `y` but `rng` and `pending` is the same value (identity). */
function sameBut(x: RumbleState, y: RumbleState): boolean {
  if (x.heroes !== y.heroes) return false;
  for (const k in x) {
    if (k === 'rng' || k === 'pending') continue;
    if (x[k as keyof RumbleState] !== y[k as keyof RumbleState]) return false;
  }
  return true;
}
