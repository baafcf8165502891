/**
 * Numbers in content: a literal, a name (one of the item's params or a built-in value),
 * a sum, product, minimum or maximum of numbers, or a value read off other entities
 * (`{ stat: defense, of: target }`: the target's Defense; summed when `of` selects several).
 * Parsed once (every name checked, with "did you mean"), then compiled to a closure.
 */
import { UserError, showValue } from '../errors.js';
import type { NumFn, Scope } from './scope.js';
import { unknownWord } from './words.js';

export type Num =
  | number
  | string
  | { readonly mul: readonly Num[] }
  | { readonly sum: readonly Num[] }
  | { readonly min: readonly Num[] }
  | { readonly max: readonly Num[] }
  | { readonly stat: string; readonly of: string };

/** Literals beyond this are refused as absurd (Energy-scale games count in hundreds). */
export const MAX_LITERAL = 1_000_000;

const FOLDS = ['mul', 'sum', 'min', 'max'] as const;
type Fold = (typeof FOLDS)[number];

const FORMS = 'a number, a param or value name, {sum|mul|min|max: [numbers]} or {stat: value, of: selector}';

function fail(scope: Scope<unknown>, field: string, message: string): never {
  throw new UserError(`${scope.where}: field ${field}: ${message}`);
}

/** Checks a number's form and every name in it; returns it typed. */
export function parseNum<E>(input: unknown, field: string, scope: Scope<E>): Num {
  const s = scope as Scope<unknown>;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || Math.abs(input) > MAX_LITERAL) fail(s, field, `${showValue(input)} is out of range; allowed: a finite number from -${MAX_LITERAL} to ${MAX_LITERAL}`);
    return input;
  }
  if (typeof input === 'string') {
    const names = [...scope.params, ...Object.keys(scope.vocabulary.values)];
    if (!names.includes(input)) fail(s, field, unknownWord('value', input, names));
    return input;
  }
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const keys = Object.keys(input);
    if ('stat' in input || 'of' in input) {
      for (const k of keys) if (k !== 'stat' && k !== 'of') fail(s, field, unknownWord('field', k, ['stat', 'of']));
      const { stat, of } = input as { stat: unknown; of: unknown };
      const values = Object.keys(scope.vocabulary.values);
      const selectors = Object.keys(scope.vocabulary.selectors);
      if (typeof stat !== 'string' || !values.includes(stat)) fail(s, `${field}.stat`, typeof stat === 'string' ? unknownWord('value', stat, values) : `${showValue(stat)}; allowed: one of ${values.join(', ')}`);
      if (typeof of !== 'string' || !selectors.includes(of)) fail(s, `${field}.of`, typeof of === 'string' ? unknownWord('selector', of, selectors) : `${showValue(of)}; allowed: one of ${selectors.join(', ')}`);
      return { stat, of };
    }
    if (keys.length !== 1) fail(s, field, `${showValue(input)}; allowed: ${FORMS}`);
    const key = keys[0]!;
    if (!(FOLDS as readonly string[]).includes(key)) fail(s, field, unknownWord('number form', key, [...FOLDS, 'stat']));
    const list = (input as Record<string, unknown>)[key];
    if (!Array.isArray(list) || list.length === 0) fail(s, `${field}.${key}`, `${showValue(list)}; allowed: a non-empty list of numbers`);
    return { [key]: list.map((n, i) => parseNum(n, `${field}.${key}.${i}`, scope)) } as unknown as Num;
  }
  return fail(s, field, `${showValue(input)}; allowed: ${FORMS}`);
}

/** A checked number as a function of the evaluation context. */
export function compileNum<E>(n: Num, scope: Scope<E>): NumFn<E> {
  if (typeof n === 'number') return () => n;
  const v = scope.vocabulary;
  if (typeof n === 'string') {
    if (scope.params.includes(n)) return scope.param(n);
    const read = v.values[n]!;
    const self = v.self;
    return (env) => read(env, self(env));
  }
  if ('stat' in n) {
    const read = v.values[n.stat]!;
    const select = v.selectors[n.of]!;
    return (env) => {
      let total = 0;
      for (const who of select(env)) total += read(env, who);
      return total;
    };
  }
  const key = Object.keys(n)[0] as Fold;
  const fs = (n as Record<Fold, readonly Num[]>)[key].map((m) => compileNum(m, scope));
  if (fs.length === 1) return fs[0]!;
  switch (key) {
    case 'mul':
      if (fs.length === 2) {
        const [f, g] = fs as [NumFn<E>, NumFn<E>];
        return (env) => f(env) * g(env);
      }
      return (env) => fs.reduce((p, f) => p * f(env), 1);
    case 'sum':
      return (env) => fs.reduce((p, f) => p + f(env), 0);
    case 'min':
      return (env) => fs.reduce((p, f) => Math.min(p, f(env)), Infinity);
    case 'max':
      return (env) => fs.reduce((p, f) => Math.max(p, f(env)), -Infinity);
  }
}

/** Every name a checked number refers to (params and values), for reference checks. */
export function namesIn(n: Num): string[] {
  if (typeof n === 'number') return [];
  if (typeof n === 'string') return [n];
  if ('stat' in n) return [n.stat];
  return Object.values(n as Record<string, readonly Num[]>)[0]!.flatMap(namesIn);
}
