/**
 * Heroes as data. A hero file (YAML or JSON) holds one hero or a list:
 *
 *   name: Lightning Lass
 *   STR: 3
 *   DEX: 5
 *   SIZ: 3
 *   PER: 4
 *   look: blue leotard, crackling hair          # optional
 *   powers:
 *     - type: distance-attack
 *       level: 4
 *       uses: infinite                            # or a number
 *       enhancements: [piercing, hidden-gizmo]
 *       look: lightning bolts from her fingertips
 *
 * or, with power types of the file's own (power-types.ts), `{ powerTypes: [...], heroes: [...] }`.
 *
 * `parseHeroFile` checks the shape with zod; `buildHero` (builder.ts) checks the rules
 * (budget, one of each power type, level-only powers, characteristic total).
 */
import YAML from 'yaml';
import { z } from 'zod';
import { UserError, showValue } from '../../core/errors.js';
import { zodIssueMessage } from '../../core/validate.js';
import { ENHANCEMENTS, POWER_TYPES, VISION_KINDS } from './catalogue.js';
import { readBoundedFile } from '../../core/content-file.js';
import { checkPowerTypes, parsePowerTypeSpec, powerTypeSpecSchema, type PowerTypeSpec } from './power-types.js';

const characteristic = () => z.number().int().min(0).max(1000);

export const powerSpecSchema = z
  .object({
    /** One of the text's 22 types, or a power type of the hero's own (`powerTypes`). */
    type: z.string().min(1).max(40),
    level: z.number().int().min(1).max(1000),
    uses: z.union([z.number().int().min(1).max(1_000_000), z.literal('infinite')]),
    enhancements: z.array(z.enum(ENHANCEMENTS)).default([]),
    look: z.string().max(200).default(''),
    /**
     * extra-limbs only: the segments (1-6) the player gives a limb each, e.g. [2, 4], or a
     * count (shorthand: the next boxes a faster hero would gain); the other limbs give +1
     * combat modifier each.
     */
    segments: z.union([z.number().int().min(0).max(6), z.array(z.number().int().min(1).max(6)).max(6)]).optional(),
    /** enhanced-vision: the kind of vision; darkness: the vision that sees through it. */
    vision: z.enum(VISION_KINDS).optional(),
  })
  .strict();

export const heroSpecSchema = z
  .object({
    name: z.string().min(1).max(80),
    STR: characteristic(),
    DEX: characteristic(),
    SIZ: characteristic(),
    PER: characteristic(),
    look: z.string().max(200).default(''),
    sample: z.boolean().default(false),
    powers: z.array(powerSpecSchema).max(POWER_TYPES.length + 1).default([]),
    /**
     * Power types of the designer's own that its powers use (power-types.ts). A hero file
     * gives them once at its top level (`powerTypes:` beside `heroes:`); the reader copies
     * to each hero the ones it uses, so a hero travels with its types (game options, run keys).
     */
    powerTypes: z.array(powerTypeSpecSchema).max(POWER_TYPES.length).optional(),
  })
  .strict();

export type PowerSpec = z.infer<typeof powerSpecSchema>;
export type HeroSpec = z.infer<typeof heroSpecSchema>;
/** What a user writes (defaults not yet applied). */
export type HeroInput = z.input<typeof heroSpecSchema>;

/** The hero's name for error messages, if the raw input has one. */
function heroLabel(raw: unknown, index: number): string {
  const name = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).name : undefined;
  return typeof name === 'string' && name.length > 0 ? `hero ${JSON.stringify(name)}` : `hero #${index + 1}`;
}

/** Validates one raw hero (shape only) with a one-line error naming hero, field, value and rule. */
export function parseHeroSpec(raw: unknown, where: string, index = 0): HeroSpec {
  const result = heroSpecSchema.safeParse(raw);
  if (!result.success) throw new UserError(zodIssueMessage(`${where}: ${heroLabel(raw, index)}`, result.error, raw));
  return result.data;
}

/** The document form: power types of the file's own beside its heroes. */
const documentSchema = z.object({ powerTypes: z.array(z.unknown()).max(64).default([]), heroes: z.array(z.unknown()) }).strict();

/**
 * Validates a parsed hero document: one hero, a list of heroes, or `{ powerTypes, heroes }`
 * (power types of the file's own, then the heroes that may use them). Each hero gets the
 * file's types its powers name.
 */
export function parseHeroDocument(doc: unknown, where: string): HeroSpec[] {
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc) && ('heroes' in doc || 'powerTypes' in doc)) {
    const d = documentSchema.safeParse(doc);
    if (!d.success) throw new UserError(zodIssueMessage(where, d.error, doc));
    const types = d.data.powerTypes.map((t, i) => parsePowerTypeSpec(t, where, i));
    checkPowerTypes(types, where);
    return parseHeroList(d.data.heroes, where, types).map((h) => {
      if (h.powerTypes !== undefined) throw new UserError(`${where}: hero ${JSON.stringify(h.name)}: field powerTypes is given; allowed: power types at the file's top level (powerTypes: beside heroes:)`);
      const used = types.filter((t) => h.powers.some((p) => p.type === t.id));
      return used.length ? { ...h, powerTypes: used } : h;
    });
  }
  return parseHeroList(Array.isArray(doc) ? doc : [doc], where);
}

/**
 * Each power of `h` names a text type or one of the file's types (`fileTypes`), else one line
 * naming hero, field, value and what is allowed.
 */
function checkTypeNames(h: HeroSpec, fileTypes: readonly PowerTypeSpec[], where: string): void {
  h.powers.forEach((p, i) => {
    if ((POWER_TYPES as readonly string[]).includes(p.type) || fileTypes.some((t) => t.id === p.type)) return;
    const own = fileTypes.length ? `the file's own (${fileTypes.map((t) => JSON.stringify(t.id)).join(', ')})` : 'a power type of the file (powerTypes: beside heroes:)';
    throw new UserError(`${where}: hero ${JSON.stringify(h.name)}: field powers.${i}.type is ${showValue(p.type)}; allowed: ${POWER_TYPES.map((t) => JSON.stringify(t)).join(', ')} (the text's types) or ${own}`);
  });
}

function parseHeroList(list: readonly unknown[], where: string, fileTypes: readonly PowerTypeSpec[] = []): HeroSpec[] {
  if (list.length === 0) throw new UserError(`${where}: the file holds no hero; allowed: one hero or a list of heroes`);
  const heroes = list.map((raw, i) => parseHeroSpec(raw, where, i));
  for (const h of heroes) checkTypeNames(h, [...fileTypes, ...(h.powerTypes ?? [])], where);
  const seen = new Set<string>();
  for (const h of heroes) {
    if (seen.has(h.name)) throw new UserError(`${where}: hero ${JSON.stringify(h.name)}: field name is ${showValue(h.name)}; allowed: each hero name once per file`);
    seen.add(h.name);
  }
  return heroes;
}

/** Parses hero text (YAML, which includes JSON). */
export function parseHeroText(text: string, where: string): HeroSpec[] {
  let doc: unknown;
  try {
    doc = YAML.parse(text);
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new UserError(`${where}: not valid YAML or JSON (${first}); allowed: a hero or a list of heroes`);
  }
  return parseHeroDocument(doc, where);
}

export type { PowerTypeSpec };

/** Reads and validates a hero file. */
export function readHeroFile(file: string | URL): HeroSpec[] {
  const where = typeof file === 'string' ? file : file.pathname;
  const text = readBoundedFile('hero file', file);
  return parseHeroText(text, `hero file ${where}`);
}
