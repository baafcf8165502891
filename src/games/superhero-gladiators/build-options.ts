/**
 * The numbers of the builder: the cost formula's constants, the enhancement cost
 * modifiers (their table was lost from the seed; defaults from RULES-NOTES.md), the
 * budget, the characteristic points and the six-segment table. Every one is a named
 * option so a study can refit them.
 *
 *   cost = unit x levelBase^(level - 1) x (usesA - usesB x usesBase^(-uses)) x modifiers
 */
import { z } from 'zod';
import { parseWith } from '../../core/validate.js';

const positive = () => z.number().positive().max(1e6);

export const modifiersSchema = z
  .object({
    'no-gizmo': positive().default(1).meta({ description: 'Cost modifier: no gizmo (table lost from the seed; RULES-NOTES default).' }),
    'indestructible-gizmo': positive().default(1).meta({ description: 'Cost modifier: indestructible gizmo.' }),
    'hidden-gizmo': positive().default(0.85).meta({ description: 'Cost modifier: hidden destructible gizmo.' }),
    'visible-gizmo': positive().default(0.7).meta({ description: 'Cost modifier: visible destructible gizmo.' }),
    piercing: positive().default(1.5).meta({ description: 'Cost modifier: piercing attack (or defenses/absorbing effective vs piercing).' }),
    missile: positive().default(0.8).meta({ description: 'Cost modifier: missile attack (missile deflection stops it).' }),
    'unreliable-15': positive().default(0.75).meta({ description: 'Cost modifier: works on d20 <= 15.' }),
    'unreliable-10': positive().default(0.5).meta({ description: 'Cost modifier: works on d20 <= 10.' }),
    'always-on': positive().default(1.25).meta({ description: 'Cost modifier: always on (starred powers with infinite uses).' }),
  })
  .strict();

export const buildOptionsSchema = z
  .object({
    /** The formula's leading 10. */
    unit: positive().default(10).meta({ description: 'Cost formula: the leading 10 in 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^-uses).' }),
    /** Cost growth per level: 1.4948. */
    levelBase: positive().default(1.4948).meta({ description: 'Cost formula: growth per level (1.4948).' }),
    /** The 3 in (3 - 3.15 x 1.1^-uses): the factor for infinite uses. */
    usesA: positive().default(3).meta({ description: 'Cost formula: the 3 (the uses factor of an infinite-use power).' }),
    /** The 3.15. */
    usesB: z.number().min(0).max(1e6).default(3.15).meta({ description: 'Cost formula: the 3.15.' }),
    /** The 1.1. */
    usesBase: z.number().gt(1).max(100).default(1.1).meta({ description: 'Cost formula: the 1.1.' }),
    modifiers: modifiersSchema.prefault({}),
    /** Superpower points a hero may spend. */
    budget: z.number().min(0).max(1e6).default(200).meta({ description: 'Superpower points per hero.' }),
    /** Superpower points per characteristic point bought beyond the free ones. */
    characteristicPrice: z.number().min(0).max(1e6).default(30).meta({ description: 'Superpower points per characteristic point beyond the free ones.' }),
    /** Free characteristic points (STR + DEX + SIZ + PER); "normal people have 2 in each". */
    characteristicPoints: z.number().int().min(4).max(1000).default(15).meta({ description: 'Free characteristic points (recovered from a later version of the page).' }),
    /** Lowest value of each characteristic. */
    characteristicMin: z.number().int().min(0).max(100).default(1).meta({ description: 'Lowest value of a characteristic.' }),
    /** Highest level of a power without a level cap in the text (the budget caps it anyway). */
    maxLevel: z.number().int().min(1).max(100).default(20).meta({ description: 'Highest level of a power the text does not cap.' }),
    /**
     * The six-segment table: the movement rate needed to act on segment #1..#6.
     * The text: #1 >= 1, #2 >= 26, #3 >= 6, #4 >= 21, #5 >= 11, #6 >= 16.
     */
    segmentThresholds: z.array(z.number().min(0)).length(6).default([1, 26, 6, 21, 11, 16]).meta({ description: 'Movement rate needed to act on segments #1..#6.' }),
    /**
     * Line 20's "movement rate" for the segment table: 'normal' (DEX x SIZ; step 4 sets the
     * boxes before any power is bought) or 'fastest' (the best rate a movement power gives).
     */
    segmentRate: z.enum(['normal', 'fastest']).default('normal').meta({ description: "Movement rate the segment boxes are read from: 'normal' (DEX x SIZ; step 4 comes before powers) or 'fastest' (the best movement power's rate)." }),
    /** Always-on is sold only where it changes play (defenses, missile deflection). */
    alwaysOnWhereItActs: z.boolean().default(true).meta({ description: 'Always-on only on defenses and missile deflection, where it saves the action that switches them on; the other starred powers work without one (false: sold there too, for nothing).' }),
    /** An always-on power must have infinite uses. */
    alwaysOnNeedsInfiniteUses: z.boolean().default(true).meta({ description: 'An always-on power must have infinite uses ("most powers that have infinite uses can be declared always on").' }),
  })
  .strict();

export type BuildOptions = z.infer<typeof buildOptionsSchema>;
export type Modifiers = z.infer<typeof modifiersSchema>;

export const DEFAULT_BUILD_OPTIONS: BuildOptions = buildOptionsSchema.parse({});

export function parseBuildOptions(input: unknown): BuildOptions {
  return parseWith('superhero-gladiators build options', buildOptionsSchema, input ?? {});
}

