/**
 * Power types of a designer's own, as content: a type is an id and a name over one of the
 * text's mechanics (`like`), with its own levels, enhancements and numbers. The rules switch
 * on the mechanic (builder.ts `Power.mechanic`); the numbers are the type's own, compiled by
 * the same effect kernel as heroes/power-numbers.yaml. The 22 built-in types are entries of
 * the same kind (catalogue.ts POWER_INFO, each its own mechanic), so a content type and a
 * text type are checked, built, priced and played by one path.
 *
 *   powerTypes:
 *     - id: sonic-punch
 *       name: sonic punch
 *       like: close-attack           # the mechanic: one of the text's types (not entangle)
 *       levels: [1, 3]               # within the mechanic's levels
 *       enhancements: []             # which of piercing, missile, always-on it is sold with (a subset of like's)
 *       numbers: { damage: { mul: [level, 4] } }   # like's number names; the rest are like's
 */
import { z } from 'zod';
import { UserError, showValue } from '../../core/errors.js';
import { unknownWord } from '../../core/effects/index.js';
import { zodIssueMessage } from '../../core/validate.js';
import { POWER_INFO, POWER_TYPES, isPowerType, type PowerGroup, type PowerTypeInfo } from './catalogue.js';
import { compileNumberSet, NUMBER_NAMES, numbersOfType, type NumberSet, type PowerNumbers } from './power-numbers.js';

/** The enhancements a type decides to sell (gizmo kinds and unreliability go with every power, as in the text). */
export const TYPE_ENHANCEMENTS = ['piercing', 'missile', 'always-on'] as const;

/**
 * Mechanics a content type may not be `like`, and why. Entangle: a hero held by an entangle
 * keeps only the level of the entangle holding it ("the highest level counts") and escapes
 * by the text's numbers read from that level alone, so an entangle of other numbers would
 * need the state to remember which power holds whom.
 */
export const REFUSED_LIKES: Readonly<Partial<Record<string, string>>> = {
  entangle: 'an entangled hero keeps only the level of what holds it, so escape numbers other than the text\'s could not apply',
};

/** Highest level a content type may name where its mechanic has no cap (the `build.maxLevel` option's own limit). */
const LEVEL_LIMIT = 100;

export const powerTypeSpecSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes, starting with a letter, at most 40'),
    name: z.string().min(1).max(60).optional(),
    like: z.string().min(1).max(40),
    group: z.enum(['movement', 'combat', 'miscellaneous']).optional(),
    levels: z.tuple([z.number().int().min(1).max(LEVEL_LIMIT), z.number().int().min(1).max(LEVEL_LIMIT)]).optional(),
    enhancements: z.array(z.enum(TYPE_ENHANCEMENTS)).max(3).optional(),
    numbers: z.record(z.string(), z.unknown()).default({}),
    text: z.string().max(200).optional(),
  })
  .strict();

export type PowerTypeSpec = z.infer<typeof powerTypeSpecSchema>;
export type PowerTypeInput = z.input<typeof powerTypeSpecSchema>;

/** A content type, checked: its catalogue entry and its numbers as written. */
export interface ContentPowerType extends PowerTypeInfo {
  readonly numbers: Readonly<Record<string, unknown>>;
}

function fail(where: string, id: string, field: string, value: unknown, rule: string): never {
  throw new UserError(`${where}: power type ${JSON.stringify(id)}: field ${field} is ${showValue(value)}; ${rule}`);
}

/** The label of a raw type for errors (its id if it has one). */
function typeLabel(raw: unknown, index: number): string {
  const id = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).id : undefined;
  return typeof id === 'string' && id.length > 0 ? `power type ${JSON.stringify(id)}` : `power type #${index + 1}`;
}

/** Checks one raw power type's shape (zod) with a one-line error. */
export function parsePowerTypeSpec(raw: unknown, where: string, index = 0): PowerTypeSpec {
  const r = powerTypeSpecSchema.safeParse(raw);
  if (!r.success) throw new UserError(zodIssueMessage(`${where}: ${typeLabel(raw, index)}`, r.error, raw));
  return r.data;
}

const cache = new Map<string, ContentPowerType>();

/**
 * Checks a content type against the text (one line naming where, the type, the field, the
 * value and what is allowed): an id no built-in type has, a `like` that is a text type whose
 * behaviour a type may reuse, levels within the mechanic's, enhancements among those the
 * mechanic is sold with, numbers the mechanic has (each compiled, so a misspelt name fails
 * here). Returns its catalogue entry.
 */
export function checkPowerType(spec: PowerTypeSpec, where: string): ContentPowerType {
  const key = `${where}\u0000${JSON.stringify(spec)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const id = spec.id;
  if (isPowerType(id)) fail(where, id, 'id', id, `allowed: an id no built-in type has (${id} is the text's own type)`);
  if (!isPowerType(spec.like)) fail(where, id, 'like', spec.like, `${unknownWord('type', spec.like, POWER_TYPES)} (one of the text's types)`);
  const refused = REFUSED_LIKES[spec.like];
  if (refused) fail(where, id, 'like', spec.like, `allowed: any text type but ${Object.keys(REFUSED_LIKES).join(', ')} (${refused})`);
  const like = POWER_INFO[spec.like];
  const [min, max] = spec.levels ?? [like.minLevel, like.maxLevel];
  const likeLevels = like.maxLevel === null ? `${like.minLevel} or more` : like.minLevel === like.maxLevel ? `${like.minLevel} only` : `${like.minLevel} to ${like.maxLevel}`;
  if (spec.levels && (min < like.minLevel || (like.maxLevel !== null && max! > like.maxLevel) || min > max!)) {
    fail(where, id, 'levels', spec.levels, `allowed: [lowest, highest] within ${like.id}'s levels (${likeLevels})`);
  }
  const sold = { piercing: like.piercingAllowed, missile: like.missileAllowed, 'always-on': like.alwaysOnAllowed };
  const likeSells = TYPE_ENHANCEMENTS.filter((e) => sold[e]);
  const enh = spec.enhancements ?? likeSells;
  for (const e of enh) if (!sold[e]) fail(where, id, 'enhancements', spec.enhancements, `allowed: a subset of ${like.id}'s (${likeSells.join(', ') || 'none'})`);
  if (new Set(enh).size !== enh.length) fail(where, id, 'enhancements', spec.enhancements, 'allowed: each enhancement once');
  const names: readonly string[] = (NUMBER_NAMES as Readonly<Record<string, readonly string[]>>)[like.id] ?? [];
  for (const n of Object.keys(spec.numbers)) {
    if (!names.includes(n)) fail(where, id, `numbers.${n}`, spec.numbers[n], names.length ? `${unknownWord('number', n, names)} (${like.id}'s numbers)` : `allowed: no numbers (${like.id} has none)`);
  }
  // Compiled once here so a misspelt word fails before any game (the game compiles its own copy).
  compileNumberSet(spec.numbers, like.mechanic, `${where}: power type ${JSON.stringify(id)}: numbers`, {});
  const entry: ContentPowerType = {
    id,
    mechanic: like.mechanic,
    name: spec.name ?? id,
    group: (spec.group ?? like.group) as PowerGroup,
    minLevel: min,
    maxLevel: max ?? null,
    alwaysOnAllowed: enh.includes('always-on'),
    piercingAllowed: enh.includes('piercing'),
    missileAllowed: enh.includes('missile'),
    text: spec.text ?? `like ${like.name}${Object.keys(spec.numbers).length ? `; ${Object.entries(spec.numbers).map(([n, v]) => `${n} = ${JSON.stringify(v)}`).join(', ')}` : ''}`,
    numbers: spec.numbers,
  };
  if (cache.size > 1024) cache.clear();
  cache.set(key, entry);
  return entry;
}

/** Checks a list of content types: each one, and each id once. */
export function checkPowerTypes(specs: readonly PowerTypeSpec[], where: string): ContentPowerType[] {
  const seen = new Set<string>();
  return specs.map((t) => {
    if (seen.has(t.id)) fail(where, t.id, 'id', t.id, 'allowed: each power type id once');
    seen.add(t.id);
    return checkPowerType(t, where);
  });
}

/** The catalogue entry of type `id` for a hero: a text type, or one of the hero's own types; null when neither. */
export function powerTypeInfo(id: string, own: readonly PowerTypeSpec[] | undefined, where = 'hero'): PowerTypeInfo | null {
  if (isPowerType(id)) return POWER_INFO[id];
  const spec = own?.find((t) => t.id === id);
  return spec ? checkPowerType(spec, where) : null;
}

const numberCache = new WeakMap<NumberSet, Map<string, NumberSet>>();

/**
 * The numbers a power of type `info` carries in a game whose text numbers are `table`: a
 * text type's from the table; a content type's own, with the names it leaves out taken from
 * its mechanic's in the table.
 */
export function typeNumbers(info: PowerTypeInfo, table: PowerNumbers): NumberSet {
  const base = numbersOfType(table, info.mechanic);
  if (!('numbers' in info)) return base;
  const own = (info as ContentPowerType).numbers;
  if (Object.keys(own).length === 0) return base;
  let byKey = numberCache.get(base);
  if (!byKey) numberCache.set(base, (byKey = new Map()));
  const key = `${info.mechanic}\u0000${JSON.stringify(own)}`;
  let n = byKey.get(key);
  if (!n) byKey.set(key, (n = compileNumberSet(own, info.mechanic, `power type ${JSON.stringify(info.id)}: numbers`, base)));
  return n;
}
