/**
 * What a game gives the effect kernel so that numbers, conditions and selectors in its
 * content compile to functions of the game's own evaluation context `E` (a round's
 * scratch state plus "who is acting", an event, a chosen X …). The kernel knows nothing
 * else about the game: entities are numbered (heroes, gladiators, players).
 */

/** A compiled number. */
export type NumFn<E> = (env: E) => number;
/** A compiled condition. */
export type CondFn<E> = (env: E) => boolean;
/** A compiled target selector: the entities an action applies to, in a fixed order. */
export type SelectFn<E> = (env: E) => readonly number[];

export interface Vocabulary<E> {
  /** Built-in values a number may name: `(env, who)` reads the value of entity `who`. */
  readonly values: Readonly<Record<string, (env: E, who: number) => number>>;
  /** The entity plain value names refer to (the holder of the power). */
  readonly self: (env: E) => number;
  /** Target selectors by name (`self`, `target`, `opponents` …). */
  readonly selectors: Readonly<Record<string, SelectFn<E>>>;
}

/** The names one content item may use: the game's vocabulary plus the item's own params. */
export interface Scope<E> {
  readonly vocabulary: Vocabulary<E>;
  /** The item's parameter names (Tough Skin's `bonus` …). */
  readonly params: readonly string[];
  /** A parameter as a function (a held copy's override, else the item's default). */
  readonly param: (name: string) => NumFn<E>;
  /** Where errors point: "power file x.yaml: power \"iron-skin\"". */
  readonly where: string;
}
