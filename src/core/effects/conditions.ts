/**
 * Conditions in content: a comparison `{ value, op, than }` of two numbers, or `any`
 * (or-conditions) / `all` of conditions. A list of conditions means all of them.
 */
import { UserError, showValue } from '../errors.js';
import { compileNum, parseNum, type Num } from './numbers.js';
import type { CondFn, Scope } from './scope.js';
import { unknownWord } from './words.js';

export const OPS = ['lt', 'lte', 'gt', 'gte', 'eq', 'ne'] as const;
export type Op = (typeof OPS)[number];

export type Condition =
  | { readonly value: Num; readonly op: Op; readonly than: Num }
  | { readonly any: readonly Condition[] }
  | { readonly all: readonly Condition[] };

const FIELDS = ['value', 'op', 'than', 'any', 'all'];

export function parseCondition<E>(input: unknown, field: string, scope: Scope<E>): Condition {
  const fail = (msg: string): never => {
    throw new UserError(`${scope.where}: field ${field}: ${msg}`);
  };
  if (!input || typeof input !== 'object' || Array.isArray(input)) return fail(`${showValue(input)}; allowed: {value, op, than}, {any: [conditions]} or {all: [conditions]}`);
  const o = input as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!FIELDS.includes(k)) fail(unknownWord('field', k, FIELDS));
  if ('any' in o || 'all' in o) {
    const key = 'any' in o ? 'any' : 'all';
    if (Object.keys(o).length !== 1) fail(`${key} stands alone; allowed: {${key}: [conditions]}`);
    const list = o[key];
    if (!Array.isArray(list) || list.length === 0) fail(`${key} is ${showValue(list)}; allowed: a non-empty list of conditions`);
    return { [key]: (list as unknown[]).map((c, i) => parseCondition(c, `${field}.${key}.${i}`, scope)) } as unknown as Condition;
  }
  if (typeof o['op'] !== 'string' || !(OPS as readonly string[]).includes(o['op'])) {
    if (typeof o['op'] === 'string') fail(`op: ${unknownWord('operator', o['op'], OPS)}`);
    fail(`op is ${showValue(o['op'])}; allowed: ${OPS.join(', ')}`);
  }
  return { value: parseNum(o['value'], `${field}.value`, scope), op: o['op'] as Op, than: parseNum(o['than'], `${field}.than`, scope) };
}

/** A list of conditions (all must hold) as one function; null when the list is empty. */
export function compileConditions<E>(conds: readonly Condition[], scope: Scope<E>): CondFn<E> | null {
  if (conds.length === 0) return null;
  return compileCondition({ all: conds }, scope);
}

export function compileCondition<E>(c: Condition, scope: Scope<E>): CondFn<E> {
  if ('any' in c || 'all' in c) {
    const any = 'any' in c;
    const fs = (any ? (c as { any: readonly Condition[] }).any : (c as { all: readonly Condition[] }).all).map((x) => compileCondition(x, scope));
    if (fs.length === 1) return fs[0]!;
    return any
      ? (env) => {
          for (const f of fs) if (f(env)) return true;
          return false;
        }
      : (env) => {
          for (const f of fs) if (!f(env)) return false;
          return true;
        };
  }
  const a = compileNum(c.value, scope);
  const b = compileNum(c.than, scope);
  switch (c.op) {
    case 'lt': return (env) => a(env) < b(env);
    case 'lte': return (env) => a(env) <= b(env);
    case 'gt': return (env) => a(env) > b(env);
    case 'gte': return (env) => a(env) >= b(env);
    case 'eq': return (env) => a(env) === b(env);
    case 'ne': return (env) => a(env) !== b(env);
  }
}
