/**
 * House rules of the gladiator duel: a zod schema whose defaults follow the seed text
 * (Gary Comardo, SAGA #67) and RULES-NOTES.md. Every interpretation of a gap in the
 * text is one named option here, so a designer can change it and a study can sweep it.
 */
import { z } from 'zod';
import { optionDocsFromSchema, type Sweep } from '../../core/facts.js';
import type { OptionDoc } from '../../core/game.js';
import { parseWith } from '../../core/validate.js';

/** An option's description and, for numeric options, the range sweeps and `tune` explore. */
const doc = (description: string, sweep?: Sweep) => (sweep ? { description, sweep } : { description });

export const GLADIATOR_TYPES = ['heavy', 'medium', 'light', 'retiarius'] as const;
export type GladiatorTypeName = (typeof GLADIATOR_TYPES)[number];

const gladiatorSchema = z
  .object({
    type: z.enum(GLADIATOR_TYPES),
    /** 'roll' = 2d6 at setup, as written; a number fixes it. */
    strength: z.union([z.literal('roll'), z.number().int().min(1).max(36)]).default('roll'),
  })
  .strict();
void gladiatorSchema.shape; // zod defines .shape lazily; read it before a test deep-freezes the game

const die = () => z.number().int().min(1).max(7);

export const optionsSchema = z
  .object({
    gladiators: z
      .tuple([gladiatorSchema, gladiatorSchema])
      .default([{ type: 'medium', strength: 'roll' }, { type: 'medium', strength: 'roll' }])
      .meta(doc('Seat 0 and seat 1: type (heavy, medium, light, retiarius) and strength (a number, or "roll" for 2d6).')),
    firstMover: z.union([z.literal('roll'), z.literal(0), z.literal(1)]).default('roll').meta(doc('Who takes the first turn: "roll" (each rolls 1d6, high roll moves first, ties reroll), or seat 0 or 1.')),
    arena: z
      .object({
        cols: z.number().int().min(5).max(25).default(11).meta(doc('Arena width in hexes (walls all round; air-hockey-table size).', { min: 7, max: 15, step: 2 })),
        rows: z.number().int().min(3).max(25).default(7).meta(doc('Arena height in hexes.', { min: 5, max: 11, step: 2 })),
        startDistance: z.number().int().min(1).max(20).default(4).meta(doc('Hex distance between the two gladiators at the start, on the middle row, facing each other.', { min: 2, max: 8, step: 1 })),
      })
      .strict()
      .prefault({}),
    turnCap: z.number().int().min(2).max(10000).default(60).meta(doc('Total turns (both gladiators counted) after which a stalled fight is a draw (0.5 each).', { min: 20, max: 120, step: 20 })),
    lightApBonus: z.number().int().min(-6).max(6).default(1).meta(doc('AP modifier of a Light gladiator (+1 as written).', { min: -1, max: 3, step: 1 })),
    heavyApModifier: z.number().int().min(-6).max(6).default(0).meta(doc('AP modifier of a Heavy gladiator (none in the text).', { min: -2, max: 2, step: 1 })),
    ap: z
      .object({
        lightlyWounded: z.number().int().min(0).max(6).default(1).meta(doc('AP lost while lightly wounded.', { min: 0, max: 3, step: 1 })),
        badlyWounded: z.number().int().min(0).max(6).default(2).meta(doc('AP lost while badly wounded (instead of the lightly wounded penalty).', { min: 0, max: 4, step: 1 })),
        ensnared: z.number().int().min(0).max(6).default(3).meta(doc('AP lost while ensnared in the net.', { min: 0, max: 5, step: 1 })),
        offBalance: z.number().int().min(0).max(6).default(2).meta(doc('AP lost by an off-balance gladiator (see offBalanceTiming).', { min: 0, max: 4, step: 1 })),
      })
      .strict()
      .prefault({}),
    costs: z
      .object({
        forwardStep: z.number().int().min(1).max(6).default(1).meta(doc('AP to step into the faced hex.', { min: 1, max: 3, step: 1 })),
        otherStep: z.number().int().min(1).max(6).default(2).meta(doc('AP to step into any of the other 5 neighbours without changing facing.', { min: 1, max: 4, step: 1 })),
        pivot: z.number().int().min(1).max(6).default(1).meta(doc('AP to pivot one hexside left or right.', { min: 1, max: 3, step: 1 })),
        strike: z.number().int().min(1).max(6).default(1).meta(doc('AP to strike (at most one strike per turn).', { min: 1, max: 4, step: 1 })),
        castNet: z.number().int().min(1).max(6).default(2).meta(doc('AP for the Retiarius to cast his net.', { min: 1, max: 4, step: 1 })),
        escapeNet: z.number().int().min(1).max(6).default(2).meta(doc('AP for an ensnared gladiator to try to escape.', { min: 1, max: 4, step: 1 })),
      })
      .strict()
      .prefault({}),
    wounds: z
      .object({
        lightlyAt: z.number().min(0).max(1).default(2 / 3).meta(doc('Lightly wounded when strength <= floor(this x starting strength).', { min: 0.5, max: 0.8, step: 0.1 })),
        badlyAt: z.number().min(0).max(1).default(1 / 3).meta(doc('Badly wounded when strength <= floor(this x starting strength).', { min: 0.2, max: 0.5, step: 0.1 })),
      })
      .strict()
      .prefault({}),
    /** Saving throw: the lowest 1d6 roll that saves (7 = no save). */
    saves: z
      .object({
        heavy: die().default(5).meta(doc('Lowest 1d6 that saves a Heavy with shield (7 = no save). Without shield he saves as a Medium.', { min: 3, max: 7, step: 1 })),
        medium: die().default(6).meta(doc('Lowest 1d6 that saves a Medium with shield; without shield: no save.', { min: 4, max: 7, step: 1 })),
        light: die().default(7).meta(doc('Lowest 1d6 that saves a Light (7 = none, as written).', { min: 5, max: 7, step: 1 })),
        retiarius: die().default(6).meta(doc('Lowest 1d6 that saves a Retiarius (a Medium; the net is not armour, so losing it keeps the save).', { min: 4, max: 7, step: 1 })),
      })
      .strict()
      .prefault({}),
    net: z
      .object({
        adjacentTarget: die().default(6).meta(doc('Lowest 1d6 that ensnares an adjacent target.', { min: 3, max: 7, step: 1 })),
        gapTarget: die().default(5).meta(doc('Lowest 1d6 that ensnares a target with one empty hex between.', { min: 3, max: 7, step: 1 })),
        recovered: z.boolean().default(true).meta(doc('true: a cast that misses keeps the net (as written, only a double 5 loses it); false: the single-use reading, a cast net is gone hit or miss (no more casts, net side then counts as rear).')),
        castsPerTurn: z.number().int().min(1).max(6).default(1).meta(doc('Most net casts per turn (1, as one strike per turn).', { min: 1, max: 3, step: 1 })),
        escapeTarget: die().default(4).meta(doc('Lowest 1d6 that frees an ensnared gladiator on an escape attempt.', { min: 2, max: 6, step: 1 })),
      })
      .strict()
      .prefault({}),
    offBalanceTiming: z.enum(['next-turn', 'now']).default('next-turn').meta(doc('"next-turn": off balance costs AP on the gladiator\'s next AP roll; "now": a double-3 attacker loses the AP from his current turn (the defender still loses it next turn).')),
    ensnaredCanStrike: z.boolean().default(true).meta(doc('Whether an ensnared gladiator may strike (the text only gives -3 AP and +1 to be hit).')),
    ensnaredCanStep: z.boolean().default(true).meta(doc('Whether an ensnared gladiator may step (pivots are always allowed).')),
    strikeArc: z.enum(['any', 'front']).default('any').meta(doc('"any": a strike needs only adjacency (as written); "front": the foe must be on the striker\'s front or front-side hexsides.')),
    disarmedPenalty: z.number().int().min(0).max(6).default(3).meta(doc('Strike-roll penalty of a gladiator whose weapon broke (double 1).', { min: 0, max: 5, step: 1 })),
    mobThumbs: z.enum(['flavour', 'roll']).default('flavour').meta(doc('"flavour": helpless or decked = loss, nothing rolled; "roll": also roll 1d6 (4+ thumbs up) for the `spared` tag. Never changes the result.')),
    doubleSix: z.enum(['nothing', 'normal']).default('nothing').meta(doc('The special-event table has no double 6: "nothing" happens, or "normal" resolves it as an ordinary strike (margin = modifiers).')),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.wounds.badlyAt > o.wounds.lightlyAt) {
      ctx.addIssue({ code: 'custom', path: ['wounds', 'badlyAt'], message: 'must be at most wounds.lightlyAt' });
    }
    if (o.arena.startDistance > o.arena.cols - 1) {
      ctx.addIssue({ code: 'custom', path: ['arena', 'startDistance'], message: `must be at most arena.cols - 1 = ${o.arena.cols - 1}` });
    }
  });

export type DuelOptions = z.output<typeof optionsSchema>;

/** Validates raw option overrides, filling defaults; throws a one-line UserError. */
export function parseDuelOptions(input: unknown = {}): DuelOptions {
  return parseWith('gladiator-duel options', optionsSchema, input ?? {});
}

/** One doc line per option, generated from the schema: description, default and sweep live once, above. */
export const optionDocs: readonly OptionDoc[] = optionDocsFromSchema(optionsSchema);
