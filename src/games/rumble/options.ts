/**
 * Rumble's house rules: every interpretation from RULES-NOTES.md is a named option with
 * the seed's default, validated with zod so a bad value is named in one line.
 */
import { z } from 'zod';
import { optionDocsFromSchema, type Sweep } from '../../core/facts.js';
import type { OptionDoc } from '../../core/game.js';
import { powerSpecSchema } from './powers/vocabulary.js';

const heldSchema = z
  .object({
    id: z.string().min(1),
    strength: z.number().int().min(0).default(0),
    /** Overrides of the power's numbers (Expert Training, sweeps). */
    params: z.record(z.string(), z.number()).optional(),
  })
  .strict();

const fixedHeroSchema = z
  .object({
    energy: z.number().int().min(1).max(10_000).default(100),
    powers: z.array(heldSchema).default([]),
  })
  .strict();

/** An option's description and, for numeric options, the range sweeps and `tune` explore. */
const doc = (description: string, sweep?: Sweep) => (sweep ? { description, sweep } : { description });

export const rumbleOptionsSchema = z
  .object({
    players: z.number().int().min(2).max(8).default(4).meta(doc('Heroes at the table (2-8).', { min: 2, max: 8, step: 1 })),
    startEnergy: z.number().int().min(1).max(10_000).default(100).meta(doc('Starting Energy of each hero.', { min: 50, max: 200, step: 25 })),
    roundCap: z.number().int().min(1).max(1000).default(50).meta(doc('Round cap; then the highest Energy wins, ties split.', { min: 10, max: 100, step: 10 })),
    suddenDeath: z.number().int().min(0).max(1000).default(0).meta(doc('House rule (not in the text), 0 = off: after round N, every living hero loses suddenDeathStep Energy per round past N at each round\'s end (rising: step, 2 x step, ...), after every power; a loss, not damage, so no power blocks or answers it.', { min: 0, max: 40, step: 2 })),
    suddenDeathStep: z.number().int().min(1).max(1000).default(5).meta(doc('House rule: how fast sudden death rises, Energy per round past suddenDeath.', { min: 1, max: 20, step: 1 })),
    energyDrain: z.number().int().min(0).max(1000).default(0).meta(doc('House rule (not in the text), 0 = off: every living hero loses this much Energy at each round\'s end, after every power; a loss, not damage.', { min: 0, max: 10, step: 1 })),
    mustAssignAll: z.boolean().default(true).meta(doc('A hero must assign all its Energy each round (Kevan\'s house rule).')),
    costReductionOnDrain: z.boolean().default(false).meta(doc('Cost reductions (Technical Training: "Burn or Spend") also reduce Drain costs.')),
    /** Where the engine takes a narrower reading of a power's text on purpose, the literal one as an option (README). */
    readings: z
      .object({
        batmanCaptions: z.enum(['own', 'any']).default('own').meta(doc("Batman Captions: 'own' (+5 to damage its holder deals) or 'any' (literal: any damage dealt to an opponent).")),
        clockworkBeing: z.enum(['rays', 'clockwork']).default('rays').meta(doc("Psionic Head Exploding Rays vs Clockwork Being: 'rays' (the rays still kill) or 'clockwork' (literal: it can't lose).")),
        plasticOoze: z.enum(['landed', 'allocated']).default('landed').meta(doc("Plastic Ooze bans attackers whose attack 'landed' (Flight-zeroed ones not) or that 'allocated' one (literal).")),
      })
      .strict()
      .default({ batmanCaptions: 'own', clockworkBeing: 'rays', plasticOoze: 'landed' }),
    auction: z
      .object({
        pool: z.enum(['random', 'all', 'list']).default('random').meta(doc("Lots: 'random' (perHero x players drawn), 'all' seed powers, or 'list'.")),
        perHero: z.number().int().min(0).max(10).default(2).meta(doc('Powers per hero in a random draw ("each hero invents two").', { min: 1, max: 4, step: 1 })),
        list: z.array(z.string()).default([]).meta(doc("Power ids auctioned when pool = 'list'.")),
        from: z.array(z.string()).default([]).meta(doc('Power ids a random draw picks from (empty: the whole library).')),
        bidsRevealed: z.boolean().default(true).meta(doc('Bids become public after the auction (else only their sums show).')),
        maxRebids: z.number().int().min(0).max(10).default(2).meta(doc('Rebids among tied bidders before a seeded draw.', { min: 0, max: 4, step: 1 })),
      })
      .strict()
      .default({ pool: 'random', perHero: 2, list: [], from: [], bidsRevealed: true, maxRebids: 2 }),
    fixed: z.array(fixedHeroSchema).optional().meta(doc('Skip the auction: [{energy, powers:[{id,strength,params}]}] per hero.')),
    customPowers: z.array(powerSpecSchema).default([]).meta(doc('Extra powers in the power-file vocabulary (see README).')),
  })
  .strict();

export type RumbleOptions = z.infer<typeof rumbleOptionsSchema>;
export type FixedHero = z.infer<typeof fixedHeroSchema>;

/** One doc line per option, generated from the schema: description, default and sweep live once, above. */
export const rumbleOptionDocs: readonly OptionDoc[] = optionDocsFromSchema(rumbleOptionsSchema);
