/**
 * Content files validated with zod, errors turned into one line that names the file,
 * the item, the field and the closest allowed word: "power file p.yaml: power
 * \"iron-skin\": unknown field `defence`; did you mean `defense`?".
 */
import { z } from 'zod';
import { UserError } from '../errors.js';
import { zodIssueMessage } from '../validate.js';
import { closest, unknownWord } from './words.js';

/** A number field whose form (literal, name, sum …) the kernel checks after zod (numbers.ts). */
export const numField = () => z.unknown();

type AnyDef = { type: string; valueType?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[]; getter?: () => z.ZodType; in?: z.ZodType };

function defOf(s: z.ZodType): AnyDef {
  return (s as unknown as { _zod: { def: AnyDef } })._zod.def;
}

/** The schemas reachable at `path` (unions give several), wrappers unwrapped. */
function schemasAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  let level: z.ZodType[] = [schema];
  const unwrap = (s: z.ZodType): z.ZodType[] => {
    const d = defOf(s);
    if (d.innerType) return unwrap(d.innerType);
    if (d.type === 'lazy' && d.getter) return unwrap(d.getter());
    if (d.type === 'pipe' && d.in) return unwrap(d.in);
    if (d.type === 'union' && d.options) return d.options.flatMap(unwrap);
    return [s];
  };
  level = level.flatMap(unwrap);
  for (const key of path) {
    const next: z.ZodType[] = [];
    for (const s of level) {
      const d = defOf(s);
      if (d.type === 'object' && d.shape && typeof key === 'string' && key in d.shape) next.push(d.shape[key]!);
      else if (d.type === 'array' && d.element && typeof key === 'number') next.push(d.element);
      else if (d.type === 'record' && d.valueType) next.push(d.valueType);
    }
    level = next.flatMap(unwrap);
  }
  return level;
}

/** The field names an object schema at `path` allows. */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  for (const s of schemasAt(schema, path)) {
    const d = defOf(s);
    if (d.type === 'object' && d.shape) for (const k of Object.keys(d.shape)) out.add(k);
  }
  return [...out];
}

/** A zod error as one line, with "did you mean" for unknown fields and misspelt words. */
export function issueMessage(where: string, schema: z.ZodType, error: z.ZodError, input: unknown): string {
  const issue = error.issues[0]!;
  const at = issue.path.length ? `field ${issue.path.map(String).join('.')}: ` : '';
  if (issue.code === 'unrecognized_keys') {
    const allowed = fieldsAt(schema, issue.path);
    return `${where}: ${at}${unknownWord('field', issue.keys[0]!, allowed)}`;
  }
  if (issue.code === 'invalid_value') {
    let v: unknown = input;
    for (const k of issue.path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
    const words = issue.values.filter((x): x is string => typeof x === 'string');
    if (typeof v === 'string' && closest(v, words) !== undefined) return `${where}: ${at}${unknownWord('value', v, words)}`;
  }
  return zodIssueMessage(where, error, input);
}

/** Parses `input` with `schema`, or throws a one-line UserError naming field and fix. */
export function parseFields<T>(where: string, schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new UserError(issueMessage(where, schema, r.error, input));
  return r.data;
}
