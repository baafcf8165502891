/**
 * Rumble's house rules: every interpretation from RULES-NOTES.md is a named option with
 * the seed's default, validated with zod so a bad value is named in one line.
 */
import { z } from 'zod';
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

export const rumbleOptionsSchema = z
  .object({
    players: z.number().int().min(2).max(8).default(4),
    startEnergy: z.number().int().min(1).max(10_000).default(100),
    /** Rounds before the cap ends the game (highest Energy wins, ties split). */
    roundCap: z.number().int().min(1).max(1000).default(50),
    /** Kevan's house rule: a hero cannot leave Energy unassigned. */
    mustAssignAll: z.boolean().default(true),
    /** Technical Training names Burn and Spend only; true also reduces Drain costs. */
    costReductionOnDrain: z.boolean().default(false),
    /** Where the engine takes a narrower reading of a power's text on purpose, the literal one as an option (README). */
    readings: z
      .object({
        /** Batman Captions: +5 to damage its holder deals ('own'), or to any source of damage dealt to an opponent ('any', literal). */
        batmanCaptions: z.enum(['own', 'any']).default('own'),
        /** Psionic Head Exploding Rays' "they lose" against Clockwork Being's "You can't lose": 'rays' win, or 'clockwork' (literal). */
        clockworkBeing: z.enum(['rays', 'clockwork']).default('rays'),
        /** Plastic Ooze bans heroes whose attack on the holder 'landed' (not zeroed by Flight), or every hero that 'allocated' one (literal). */
        plasticOoze: z.enum(['landed', 'allocated']).default('landed'),
      })
      .strict()
      .default({ batmanCaptions: 'own', clockworkBeing: 'rays', plasticOoze: 'landed' }),
    auction: z
      .object({
        /** Where the lots come from: all seed powers, a random draw, or a given list. */
        pool: z.enum(['random', 'all', 'list']).default('random'),
        /** Lots per hero for a random draw ("each hero invents two powers"). */
        perHero: z.number().int().min(0).max(10).default(2),
        /** The lots when pool = 'list' (power ids). */
        list: z.array(z.string()).default([]),
        /** Powers a random draw may pick (default: every power in the library). */
        from: z.array(z.string()).default([]),
        /** Kevan's house rule: bids are revealed after the auction. */
        bidsRevealed: z.boolean().default(true),
        /** Rebids among tied bidders before a seeded draw decides. */
        maxRebids: z.number().int().min(0).max(10).default(2),
      })
      .strict()
      .default({ pool: 'random', perHero: 2, list: [], from: [], bidsRevealed: true, maxRebids: 2 }),
    /** A fixed setup instead of the auction: powers, strengths and Energy per hero. */
    fixed: z.array(fixedHeroSchema).optional(),
    /** Extra powers in the power-file vocabulary (a user's own powers). */
    customPowers: z.array(powerSpecSchema).default([]),
  })
  .strict();

export type RumbleOptions = z.infer<typeof rumbleOptionsSchema>;
export type FixedHero = z.infer<typeof fixedHeroSchema>;

export const rumbleOptionDocs: readonly OptionDoc[] = [
  { path: 'players', default: 4, description: 'Heroes at the table (2-8).' },
  { path: 'startEnergy', default: 100, description: 'Starting Energy of each hero.' },
  { path: 'roundCap', default: 50, description: 'Round cap; then the highest Energy wins, ties split.' },
  { path: 'mustAssignAll', default: true, description: 'A hero must assign all its Energy each round (Kevan\'s house rule).' },
  { path: 'costReductionOnDrain', default: false, description: 'Cost reductions (Technical Training: "Burn or Spend") also reduce Drain costs.' },
  { path: 'readings.batmanCaptions', default: 'own', description: "Batman Captions: 'own' (+5 to damage its holder deals) or 'any' (literal: any damage dealt to an opponent)." },
  { path: 'readings.clockworkBeing', default: 'rays', description: "Psionic Head Exploding Rays vs Clockwork Being: 'rays' (the rays still kill) or 'clockwork' (literal: it can't lose)." },
  { path: 'readings.plasticOoze', default: 'landed', description: "Plastic Ooze bans attackers whose attack 'landed' (Flight-zeroed ones not) or that 'allocated' one (literal)." },
  { path: 'auction.pool', default: 'random', description: "Lots: 'random' (perHero x players drawn), 'all' seed powers, or 'list'." },
  { path: 'auction.perHero', default: 2, description: 'Powers per hero in a random draw ("each hero invents two").' },
  { path: 'auction.list', default: [], description: "Power ids auctioned when pool = 'list'." },
  { path: 'auction.from', default: [], description: 'Power ids a random draw picks from (empty: the whole library).' },
  { path: 'auction.bidsRevealed', default: true, description: 'Bids become public after the auction (else only their sums show).' },
  { path: 'auction.maxRebids', default: 2, description: 'Rebids among tied bidders before a seeded draw.' },
  { path: 'fixed', default: null, description: 'Skip the auction: [{energy, powers:[{id,strength,params}]}] per hero.' },
  { path: 'customPowers', default: [], description: 'Extra powers in the power-file vocabulary (see README).' },
];
