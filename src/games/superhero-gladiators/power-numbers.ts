/**
 * The power numbers (heroes/power-numbers.yaml) compiled by the effect kernel: each
 * becomes a function of (level, hero). Power *behaviour* (what an attack or a wall
 * does) is the rules' code; the text's numbers are content, so a study can change
 * "close attack: level x 3" without touching code.
 */
import fs from 'node:fs';
import YAML from 'yaml';
import { z } from 'zod';
import { UserError } from '../../core/errors.js';
import { compileNum, parseNum, parseFields, type NumFn, type Scope, type Vocabulary } from '../../core/effects/index.js';

/** What a power number is evaluated on: the power's level and the hero it is about. */
export interface NumberEnv {
  readonly level: number;
  readonly STR: number;
  readonly DEX: number;
  readonly SIZ: number;
  readonly PER: number;
}

const vocabulary: Vocabulary<NumberEnv> = {
  values: {
    level: (e) => e.level,
    STR: (e) => e.STR,
    DEX: (e) => e.DEX,
    SIZ: (e) => e.SIZ,
    PER: (e) => e.PER,
    rate: (e) => e.DEX * e.SIZ,
  },
  self: () => 0,
  selectors: { self: () => [0] },
};

/** The number names each power mechanic has (a built-in type, or a content type `like` it). */
export const NUMBER_NAMES = {
  tunneling: ['rate'],
  'wall-clinging': ['rate'],
  flight: ['rate'],
  'run-fast': ['rate'],
  'swim-fast': ['rate'],
  teleport: ['distance'],
  jumping: ['standing', 'running'],
  entangle: ['escapeAtLeast', 'escapeCost'],
  'distance-attack': ['damage'],
  'close-attack': ['damage'],
  defenses: ['blocks'],
  'force-wall': ['blocks', 'side'],
  healing: ['gain'],
  'copy-power': ['maxLevel'],
  darkness: ['radius', 'distancePenalty', 'closePenalty'],
  desolidify: ['segments'],
} as const;

type NumberPowers = typeof NUMBER_NAMES;
const NAMES: Readonly<Record<string, readonly string[]>> = NUMBER_NAMES;
export type PowerNumbers = { readonly [P in keyof NumberPowers]: { readonly [N in NumberPowers[P][number]]: NumFn<NumberEnv> } };
/** A number's name (damage, rate, blocks, ...). */
export type NumberName = NumberPowers[keyof NumberPowers][number];
/**
 * The compiled numbers one power carries (its type's): the names of its mechanic, each a
 * function of (level, hero). The rules read a power's own numbers, so a content type with
 * the same mechanic and other numbers plays by its own.
 */
export type NumberSet = { readonly [N in NumberName]?: NumFn<NumberEnv> };

/** The numbers of built-in type `type` in a compiled table (none for a type the text gives no number). */
export function numbersOfType(table: PowerNumbers, type: string): NumberSet {
  return (table as unknown as Readonly<Record<string, NumberSet>>)[type] ?? NO_NUMBERS;
}
const NO_NUMBERS: NumberSet = Object.freeze({});

const fileSchema = z
  .object(Object.fromEntries(Object.entries(NAMES).map(([p, names]) => [p, z.object(Object.fromEntries(names.map((n) => [n, z.unknown()]))).strict()])))
  .strict();

/** Compiles a power-number document (already parsed YAML/JSON); `where` names it in errors. */
export function compilePowerNumbers(doc: unknown, where: string): PowerNumbers {
  const parsed = parseFields(where, fileSchema, doc) as Record<string, Record<string, unknown>>;
  const out: Record<string, Record<string, NumFn<NumberEnv>>> = {};
  for (const [power, names] of Object.entries(NAMES)) {
    const scope: Scope<NumberEnv> = { vocabulary, params: [], param: () => () => 0, where: `${where}: power ${JSON.stringify(power)}` };
    out[power] = {};
    for (const name of names) {
      const raw = parsed[power]?.[name];
      if (raw === undefined) throw new UserError(`${where}: power ${JSON.stringify(power)}: field ${name} is missing; allowed: a number`);
      out[power]![name] = compileNum(parseNum(raw, name, scope), scope);
    }
  }
  return out as unknown as PowerNumbers;
}

/**
 * Compiles the numbers of one power of mechanic `mechanic` (a content type's `numbers`):
 * each name must be one of the mechanic's; the names not given are taken from `base`.
 */
export function compileNumberSet(doc: Readonly<Record<string, unknown>>, mechanic: string, where: string, base: NumberSet): NumberSet {
  const names = NAMES[mechanic] ?? [];
  const scope: Scope<NumberEnv> = { vocabulary, params: [], param: () => () => 0, where };
  const out: Record<string, NumFn<NumberEnv>> = { ...(base as Record<string, NumFn<NumberEnv>>) };
  for (const [name, raw] of Object.entries(doc)) {
    if (!names.includes(name)) throw new UserError(`${where}: field ${name}: unknown number; allowed: ${names.join(', ') || 'none'}`);
    out[name] = compileNum(parseNum(raw, name, scope), scope);
  }
  return Object.freeze(out) as NumberSet;
}

const FILE = new URL('./heroes/power-numbers.yaml', import.meta.url);
const SEED_DOC: Record<string, unknown> = YAML.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>;

/** The text's power numbers. */
export const SEED_NUMBERS: PowerNumbers = compilePowerNumbers(SEED_DOC, 'power-numbers.yaml');

const cache = new Map<string, PowerNumbers>();

/** The text's numbers with per-power overrides (the `powerNumbers` option), cached. */
export function powerNumbersWith(overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>): PowerNumbers {
  if (Object.keys(overrides).length === 0) return SEED_NUMBERS;
  const key = JSON.stringify(overrides);
  let n = cache.get(key);
  if (!n) {
    const merged: Record<string, unknown> = { ...SEED_DOC };
    for (const [p, o] of Object.entries(overrides)) merged[p] = { ...(SEED_DOC[p] as object | undefined), ...o };
    n = compilePowerNumbers(merged, 'option powerNumbers');
    cache.set(key, n);
  }
  return n;
}
