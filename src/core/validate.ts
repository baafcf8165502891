/**
 * Validation of user input (options, content files, builds) with zod, turned into
 * one-line `UserError`s that name the field, the value given and what is allowed.
 */
import { z } from 'zod';
import { UserError, showDocument, showValue } from './errors.js';

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** A kind of value in words: "a number", "a text", "a list", "a mapping of fields". */
const KIND_WORDS: Readonly<Record<string, string>> = { number: 'a number', int: 'a whole number', string: 'a text', boolean: 'true or false', array: 'a list', object: 'a mapping of fields' };

/**
 * What a union allows, from each alternative's first complaint ("a number or "X""), instead
 * of zod's "Invalid input"; undefined when an alternative cannot be put in words.
 */
function describeUnion(issue: z.core.$ZodIssue & { code: 'invalid_union' }): string | undefined {
  const parts: string[] = [];
  for (const alternative of issue.errors ?? []) {
    const first = alternative[0];
    if (!first) return undefined;
    if (first.code === 'invalid_type') parts.push(KIND_WORDS[first.expected] ?? `a value of type ${first.expected}`);
    else if (first.code === 'invalid_value') parts.push(...first.values.map((v) => showValue(v)));
    else return undefined;
  }
  const unique = [...new Set(parts)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

function describeAllowed(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.map((v) => showValue(v)).join(', ');
    case 'too_small':
      return `${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}`;
    case 'too_big':
      return `${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}${issue.origin === 'array' ? ' items' : ''}`;
    case 'unrecognized_keys':
      return 'only the documented fields';
    case 'invalid_type':
      return `a value of type ${issue.expected}`;
    case 'invalid_union':
      return describeUnion(issue) ?? issue.message;
    default:
      return issue.message;
  }
}

/** Formats the first zod issue as "<where>: field <path> is <value>; allowed: <...>". */
export function zodIssueMessage(where: string, error: z.ZodError, input: unknown): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const parent = issue.path.map(String).join('.');
    const keys = issue.keys.map((k) => (parent ? `${parent}.${k}` : k));
    const shown = keys.slice(0, 5).map((k) => showValue(k)).join(', ') + (keys.length > 5 ? ` and ${keys.length - 5} more` : '');
    return `${where}: unknown field ${shown}; allowed: only the documented fields`;
  }
  const field = issue.path.length ? issue.path.map(String).join('.') : '(value)';
  const value = valueAt(input, issue.path);
  const detail = issue.code === 'custom' ? ` (${issue.message})` : '';
  // A whole document that is one text (a binary file, /etc/passwd) is described, never quoted.
  const shown = issue.path.length === 0 ? showDocument(value) : showValue(value);
  return `${where}: field ${field} is ${shown}${detail}; allowed: ${describeAllowed(issue)}`;
}

/** Parses `input` with `schema` or throws a UserError naming the field, value and rule. */
export function parseWith<T>(where: string, schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new UserError(zodIssueMessage(where, result.error, input));
  return result.data;
}

export { z };
