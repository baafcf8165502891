/**
 * The numbers of the builder: the cost formula's constants, the enhancement cost
 * modifiers (their table was lost from the seed; defaults from RULES-NOTES.md), the
 * budget, the characteristic points and the six-segment table. Every one is a named
 * option so a study can refit them.
 *
 *   cost = unit x levelBase^(level - 1) x (usesA - usesB x usesBase^(-uses)) x modifiers
 */
import { z } from 'zod';
import type { OptionDoc } from '../../core/game.js';
import { parseWith } from '../../core/validate.js';

const positive = () => z.number().positive().max(1e6);

export const modifiersSchema = z
  .object({
    'no-gizmo': positive().default(1),
    'indestructible-gizmo': positive().default(1),
    'hidden-gizmo': positive().default(0.85),
    'visible-gizmo': positive().default(0.7),
    piercing: positive().default(1.5),
    missile: positive().default(0.8),
    'unreliable-15': positive().default(0.75),
    'unreliable-10': positive().default(0.5),
    'always-on': positive().default(1.25),
  })
  .strict();

export const buildOptionsSchema = z
  .object({
    /** The formula's leading 10. */
    unit: positive().default(10),
    /** Cost growth per level: 1.4948. */
    levelBase: positive().default(1.4948),
    /** The 3 in (3 - 3.15 x 1.1^-uses): the factor for infinite uses. */
    usesA: positive().default(3),
    /** The 3.15. */
    usesB: z.number().min(0).max(1e6).default(3.15),
    /** The 1.1. */
    usesBase: z.number().gt(1).max(100).default(1.1),
    modifiers: modifiersSchema.prefault({}),
    /** Superpower points a hero may spend. */
    budget: z.number().min(0).max(1e6).default(200),
    /** Superpower points per characteristic point bought beyond the free ones. */
    characteristicPrice: z.number().min(0).max(1e6).default(30),
    /** Free characteristic points (STR + DEX + SIZ + PER); "normal people have 2 in each". */
    characteristicPoints: z.number().int().min(4).max(1000).default(15),
    /** Lowest value of each characteristic. */
    characteristicMin: z.number().int().min(0).max(100).default(1),
    /** Highest level of a power without a level cap in the text (the budget caps it anyway). */
    maxLevel: z.number().int().min(1).max(100).default(20),
    /**
     * The six-segment table: the movement rate needed to act on segment #1..#6.
     * The text: #1 >= 1, #2 >= 26, #3 >= 6, #4 >= 21, #5 >= 11, #6 >= 16.
     */
    segmentThresholds: z.array(z.number().min(0)).length(6).default([1, 26, 6, 21, 11, 16]),
    /** An always-on power must have infinite uses. */
    alwaysOnNeedsInfiniteUses: z.boolean().default(true),
  })
  .strict();

export type BuildOptions = z.infer<typeof buildOptionsSchema>;
export type Modifiers = z.infer<typeof modifiersSchema>;

export const DEFAULT_BUILD_OPTIONS: BuildOptions = buildOptionsSchema.parse({});

export function parseBuildOptions(input: unknown): BuildOptions {
  return parseWith('superhero-gladiators build options', buildOptionsSchema, input ?? {});
}

export const buildOptionDocs: readonly OptionDoc[] = [
  { path: 'build.unit', default: 10, description: 'Cost formula: the leading 10 in 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^-uses).' },
  { path: 'build.levelBase', default: 1.4948, description: 'Cost formula: growth per level (1.4948).' },
  { path: 'build.usesA', default: 3, description: 'Cost formula: the 3 (the uses factor of an infinite-use power).' },
  { path: 'build.usesB', default: 3.15, description: 'Cost formula: the 3.15.' },
  { path: 'build.usesBase', default: 1.1, description: 'Cost formula: the 1.1.' },
  { path: 'build.modifiers.no-gizmo', default: 1, description: 'Cost modifier: no gizmo (table lost from the seed; RULES-NOTES default).' },
  { path: 'build.modifiers.indestructible-gizmo', default: 1, description: 'Cost modifier: indestructible gizmo.' },
  { path: 'build.modifiers.hidden-gizmo', default: 0.85, description: 'Cost modifier: hidden destructible gizmo.' },
  { path: 'build.modifiers.visible-gizmo', default: 0.7, description: 'Cost modifier: visible destructible gizmo.' },
  { path: 'build.modifiers.piercing', default: 1.5, description: 'Cost modifier: piercing attack (or defenses/absorbing effective vs piercing).' },
  { path: 'build.modifiers.missile', default: 0.8, description: 'Cost modifier: missile attack (missile deflection stops it).' },
  { path: 'build.modifiers.unreliable-15', default: 0.75, description: 'Cost modifier: works on d20 <= 15.' },
  { path: 'build.modifiers.unreliable-10', default: 0.5, description: 'Cost modifier: works on d20 <= 10.' },
  { path: 'build.modifiers.always-on', default: 1.25, description: 'Cost modifier: always on (starred powers with infinite uses).' },
  { path: 'build.budget', default: 200, description: 'Superpower points per hero.' },
  { path: 'build.characteristicPrice', default: 30, description: 'Superpower points per characteristic point beyond the free ones.' },
  { path: 'build.characteristicPoints', default: 15, description: 'Free characteristic points (recovered from a later version of the page).' },
  { path: 'build.characteristicMin', default: 1, description: 'Lowest value of a characteristic.' },
  { path: 'build.maxLevel', default: 20, description: 'Highest level of a power the text does not cap.' },
  { path: 'build.segmentThresholds', default: [1, 26, 6, 21, 11, 16], description: 'Movement rate needed to act on segments #1..#6.' },
  { path: 'build.alwaysOnNeedsInfiniteUses', default: true, description: 'An always-on power must have infinite uses ("most powers that have infinite uses can be declared always on").' },
];
