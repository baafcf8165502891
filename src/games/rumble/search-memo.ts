/**
 * Results a search asks for again, kept by the identity of their inputs (issue #30). A
 * search runs hundreds of iterations at one decision, each on a new determinization
 * (`determinize`: a copy of the observation with a fresh random stream), so each iteration
 * meets new state objects that share every field but `rng` with the others of its node (and
 * the moves it applies are the very objects of the kept menus, kept-menus.ts). Where a
 * result cannot depend on the stream (the work drew nothing from it), equal inputs give an
 * equal result: it is kept under the state's other fields (a context, compared field by
 * field by identity: states are immutable) and a list of keys (moves, revealed allocations),
 * compared by identity too.
 *
 * A few contexts are kept, most recent first, each with a trie over the key list, bounded in
 * size. A context is made only for a state that shares it with the state asked about just
 * before (a search's second determinization): random play, where every state is new, then
 * allocates nothing (kept-menus.ts: a map entry per state cost more in garbage collection
 * than it saved).
 */
import type { RumbleState } from './types.js';

/** Contexts kept: a search's states at one decision share one. */
const CONTEXTS = 4;
/** Entries per context before its trie is cleared (a long search's distinct keys). */
const ENTRIES = 4096;

type Trie<V> = Map<unknown, Trie<V> | V>;

interface Context<V> {
  readonly s: RumbleState;
  /** What else the result depends on (e.g. `evaluateWith`'s worth and share), by identity. */
  readonly a: unknown;
  readonly b: unknown;
  trie: Trie<V>;
  size: number;
}

export class SearchMemo<V> {
  private readonly contexts: Context<V>[] = [];
  /** The last state kept without a context, and its other inputs. */
  private lastState: RumbleState | null = null;
  private lastA: unknown = undefined;
  private lastB: unknown = undefined;

  /** @param keyed a state field carried by the key list instead of the context (compared there), or null. */
  constructor(private readonly keyed: keyof RumbleState | null) {}

  /** The result kept for `s` (its context) and `keys` with other inputs `a`, `b`, or undefined. */
  get(s: RumbleState, keys: readonly unknown[], a: unknown, b: unknown): V | undefined {
    const c = this.find(s, a, b);
    if (c === undefined) return undefined;
    let t: Trie<V> | V | undefined = c.trie;
    for (let i = 0; i < keys.length && t !== undefined; i++) t = (t as Trie<V>).get(keys[i]);
    return t as V | undefined;
  }

  /** Keeps `value` for `s` and `keys` with `a`, `b` (once a second state shares the context); returns it. */
  keep(s: RumbleState, keys: readonly unknown[], a: unknown, b: unknown, value: V): V {
    let c = this.find(s, a, b);
    if (c === undefined) {
      const last = this.lastState;
      if (last === null || this.lastA !== a || this.lastB !== b || !this.sameContext(last, s)) {
        this.lastState = s;
        this.lastA = a;
        this.lastB = b;
        return value;
      }
      c = { s, a, b, trie: new Map(), size: 0 };
      if (this.contexts.length >= CONTEXTS) this.contexts.pop();
      this.contexts.unshift(c);
    }
    if (c.size >= ENTRIES) {
      c.trie = new Map();
      c.size = 0;
    }
    let t = c.trie;
    const last = keys.length - 1;
    for (let i = 0; i < last; i++) {
      let next = t.get(keys[i]) as Trie<V> | undefined;
      if (next === undefined) t.set(keys[i], (next = new Map()));
      t = next;
    }
    t.set(keys[last], value);
    c.size++;
    return value;
  }

  private find(s: RumbleState, a: unknown, b: unknown): Context<V> | undefined {
    const cs = this.contexts;
    for (let i = 0; i < cs.length; i++) {
      const c = cs[i]!;
      if (c.a === a && c.b === b && this.sameContext(c.s, s)) return c;
    }
    return undefined;
  }

  /** Whether every field of `x` and `y` but `rng` (and the keyed field) is the same value. */
  private sameContext(x: RumbleState, y: RumbleState): boolean {
    if (x.heroes !== y.heroes) return false;
    const keyed = this.keyed;
    for (const k in x) {
      if (k === 'rng' || k === keyed) continue;
      if (x[k as keyof RumbleState] !== y[k as keyof RumbleState]) return false;
    }
    return true;
  }
}
