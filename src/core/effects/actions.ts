/**
 * The action table: one entry per action a content file may name — its schema, the
 * stages it acts in, the numbers it refers to, and the function it compiles to. A game
 * builds its table once; parsing an action finds its entry by the action's key (with a
 * "did you mean" for typos), validates the rest with the entry's schema, checks every
 * number's names, and compiling hands the entry closures for its numbers and selectors.
 */
import type { z } from 'zod';
import { UserError, showValue } from '../errors.js';
import { parseFields } from './content.js';
import { compileNum, parseNum, type Num } from './numbers.js';
import type { NumFn, Scope, SelectFn } from './scope.js';
import { unknownWord } from './words.js';

/** What an entry's `compile` gets: its numbers and selectors as functions. */
export interface CompileTools<E> {
  /** The number at a dotted field path of the action (a constant 0 if absent). */
  num(path: string): NumFn<E>;
  /** True if the action gives a number at `path`. */
  has(path: string): boolean;
  select(name: string): SelectFn<E>;
  readonly scope: Scope<E>;
}

export interface ActionEntry<E, F, A = Record<string, unknown>> {
  /** The key that names the action in a file (`damage: 10`). */
  readonly name: string;
  /** One line for the docs. */
  readonly doc: string;
  /** The whole action object (its key included), strict; number fields as `numField`. */
  readonly schema: z.ZodType<A>;
  /** Dotted paths of the number fields; a trailing `?` marks an optional one. */
  readonly nums: readonly string[];
  /** The stages of the game's pipeline this action acts in (e.g. 0 adds, 1 multiplies). */
  stages(a: A): readonly number[];
  compile(a: A, tools: CompileTools<E>): F;
}

/** A parsed action: its entry and its fields, numbers checked. */
export interface ParsedAction<E, F> {
  readonly entry: ActionEntry<E, F, Record<string, unknown>>;
  readonly action: Readonly<Record<string, unknown>>;
  readonly field: string;
}

function getPath(o: unknown, path: string): unknown {
  let v = o;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

function setPath(o: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...o, [head!]: value };
  return { ...o, [head!]: setPath({ ...(o[head!] as Record<string, unknown>) }, rest.join('.'), value) };
}

export class ActionTable<E, F> {
  readonly byName: ReadonlyMap<string, ActionEntry<E, F, Record<string, unknown>>>;
  readonly names: readonly string[];

  constructor(entries: readonly ActionEntry<E, F, any>[]) {
    const map = new Map<string, ActionEntry<E, F, Record<string, unknown>>>();
    for (const e of entries) {
      if (map.has(e.name)) throw new Error(`action table: ${e.name} is listed twice`);
      map.set(e.name, e);
    }
    this.byName = map;
    this.names = [...map.keys()];
  }

  /** Finds the action's entry by its key and validates it; `field` is its path in the item. */
  parse(input: unknown, field: string, scope: Scope<E>): ParsedAction<E, F> {
    if (!input || typeof input !== 'object' || Array.isArray(input))
      throw new UserError(`${scope.where}: field ${field} is ${showValue(input)}; allowed: an action object such as {${this.names[0]}: ...}`);
    const keys = Object.keys(input);
    const key = keys.find((k) => this.byName.has(k));
    if (key === undefined) {
      const first = keys[0] ?? '';
      throw new UserError(`${scope.where}: field ${field}: ${unknownWord('action', first, this.names)}`);
    }
    const entry = this.byName.get(key)!;
    let action = parseFields(`${scope.where}: field ${field}`, entry.schema, input) as Record<string, unknown>;
    for (const spec of entry.nums) {
      const optional = spec.endsWith('?');
      const path = optional ? spec.slice(0, -1) : spec;
      const v = getPath(action, path);
      if (v === undefined && optional) continue;
      action = setPath(action, path, parseNum(v, `${field}.${path}`, scope));
    }
    return { entry, action, field };
  }

  stages(p: ParsedAction<E, F>): readonly number[] {
    return p.entry.stages(p.action);
  }

  compile(p: ParsedAction<E, F>, scope: Scope<E>): F {
    const tools: CompileTools<E> = {
      num: (path) => {
        const n = getPath(p.action, path) as Num | undefined;
        return n === undefined ? () => 0 : compileNum(n, scope);
      },
      has: (path) => getPath(p.action, path) !== undefined,
      select: (name) => {
        const f = scope.vocabulary.selectors[name];
        if (!f) throw new UserError(`${scope.where}: field ${p.field}: ${unknownWord('selector', name, Object.keys(scope.vocabulary.selectors))}`);
        return f;
      },
      scope,
    };
    return p.entry.compile(p.action, tools);
  }
}
