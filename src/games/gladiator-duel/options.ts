/**
 * House rules of the gladiator duel: a zod schema whose defaults follow the seed text
 * (Gary Comardo, SAGA #67) and RULES-NOTES.md. Every interpretation of a gap in the
 * text is one named option here, so a designer can change it and a study can sweep it.
 */
import { z } from 'zod';
import type { OptionDoc } from '../../core/game.js';
import { parseWith } from '../../core/validate.js';

export const GLADIATOR_TYPES = ['heavy', 'medium', 'light', 'retiarius'] as const;
export type GladiatorTypeName = (typeof GLADIATOR_TYPES)[number];

const gladiatorSchema = z
  .object({
    type: z.enum(GLADIATOR_TYPES),
    /** 'roll' = 2d6 at setup, as written; a number fixes it. */
    strength: z.union([z.literal('roll'), z.number().int().min(1).max(36)]).default('roll'),
  })
  .strict();

const die = () => z.number().int().min(1).max(7);

export const optionsSchema = z
  .object({
    gladiators: z
      .tuple([gladiatorSchema, gladiatorSchema])
      .prefault([{ type: 'medium' }, { type: 'medium' }]),
    firstMover: z.union([z.literal('roll'), z.literal(0), z.literal(1)]).default('roll'),
    arena: z
      .object({
        cols: z.number().int().min(5).max(25).default(11),
        rows: z.number().int().min(3).max(25).default(7),
        startDistance: z.number().int().min(1).max(20).default(4),
      })
      .strict()
      .prefault({}),
    turnCap: z.number().int().min(2).max(10000).default(60),
    lightApBonus: z.number().int().min(-6).max(6).default(1),
    heavyApModifier: z.number().int().min(-6).max(6).default(0),
    ap: z
      .object({
        lightlyWounded: z.number().int().min(0).max(6).default(1),
        badlyWounded: z.number().int().min(0).max(6).default(2),
        ensnared: z.number().int().min(0).max(6).default(3),
        offBalance: z.number().int().min(0).max(6).default(2),
      })
      .strict()
      .prefault({}),
    costs: z
      .object({
        forwardStep: z.number().int().min(1).max(6).default(1),
        otherStep: z.number().int().min(1).max(6).default(2),
        pivot: z.number().int().min(1).max(6).default(1),
        strike: z.number().int().min(1).max(6).default(1),
        castNet: z.number().int().min(1).max(6).default(2),
        escapeNet: z.number().int().min(1).max(6).default(2),
      })
      .strict()
      .prefault({}),
    wounds: z
      .object({
        lightlyAt: z.number().min(0).max(1).default(2 / 3),
        badlyAt: z.number().min(0).max(1).default(1 / 3),
      })
      .strict()
      .prefault({}),
    /** Saving throw: the lowest 1d6 roll that saves (7 = no save). */
    saves: z
      .object({
        heavy: die().default(5),
        medium: die().default(6),
        light: die().default(7),
        retiarius: die().default(6),
      })
      .strict()
      .prefault({}),
    net: z
      .object({
        adjacentTarget: die().default(6),
        gapTarget: die().default(5),
        recovered: z.boolean().default(true),
        castsPerTurn: z.number().int().min(1).max(6).default(1),
        escapeTarget: die().default(4),
      })
      .strict()
      .prefault({}),
    offBalanceTiming: z.enum(['next-turn', 'now']).default('next-turn'),
    ensnaredCanStrike: z.boolean().default(true),
    ensnaredCanStep: z.boolean().default(true),
    strikeArc: z.enum(['any', 'front']).default('any'),
    disarmedPenalty: z.number().int().min(0).max(6).default(3),
    mobThumbs: z.enum(['flavour', 'roll']).default('flavour'),
    doubleSix: z.enum(['nothing', 'normal']).default('nothing'),
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

export const optionDocs: readonly OptionDoc[] = [
  { path: 'gladiators', default: [{ type: 'medium', strength: 'roll' }, { type: 'medium', strength: 'roll' }], description: 'Seat 0 and seat 1: type (heavy, medium, light, retiarius) and strength (a number, or "roll" for 2d6).' },
  { path: 'firstMover', default: 'roll', description: 'Who takes the first turn: "roll" (each rolls 1d6, high roll moves first, ties reroll), or seat 0 or 1.' },
  { path: 'arena.cols', default: 11, description: 'Arena width in hexes (walls all round; air-hockey-table size).' },
  { path: 'arena.rows', default: 7, description: 'Arena height in hexes.' },
  { path: 'arena.startDistance', default: 4, description: 'Hex distance between the two gladiators at the start, on the middle row, facing each other.' },
  { path: 'turnCap', default: 60, description: 'Total turns (both gladiators counted) after which a stalled fight is a draw (0.5 each).' },
  { path: 'lightApBonus', default: 1, description: 'AP modifier of a Light gladiator (+1 as written).' },
  { path: 'heavyApModifier', default: 0, description: 'AP modifier of a Heavy gladiator (none in the text).' },
  { path: 'ap.lightlyWounded', default: 1, description: 'AP lost while lightly wounded.' },
  { path: 'ap.badlyWounded', default: 2, description: 'AP lost while badly wounded (instead of the lightly wounded penalty).' },
  { path: 'ap.ensnared', default: 3, description: 'AP lost while ensnared in the net.' },
  { path: 'ap.offBalance', default: 2, description: 'AP lost by an off-balance gladiator (see offBalanceTiming).' },
  { path: 'costs.forwardStep', default: 1, description: 'AP to step into the faced hex.' },
  { path: 'costs.otherStep', default: 2, description: 'AP to step into any of the other 5 neighbours without changing facing.' },
  { path: 'costs.pivot', default: 1, description: 'AP to pivot one hexside left or right.' },
  { path: 'costs.strike', default: 1, description: 'AP to strike (at most one strike per turn).' },
  { path: 'costs.castNet', default: 2, description: 'AP for the Retiarius to cast his net.' },
  { path: 'costs.escapeNet', default: 2, description: 'AP for an ensnared gladiator to try to escape.' },
  { path: 'wounds.lightlyAt', default: 2 / 3, description: 'Lightly wounded when strength <= floor(this x starting strength).' },
  { path: 'wounds.badlyAt', default: 1 / 3, description: 'Badly wounded when strength <= floor(this x starting strength).' },
  { path: 'saves.heavy', default: 5, description: 'Lowest 1d6 that saves a Heavy with shield (7 = no save). Without shield he saves as a Medium.' },
  { path: 'saves.medium', default: 6, description: 'Lowest 1d6 that saves a Medium with shield; without shield: no save.' },
  { path: 'saves.light', default: 7, description: 'Lowest 1d6 that saves a Light (7 = none, as written).' },
  { path: 'saves.retiarius', default: 6, description: 'Lowest 1d6 that saves a Retiarius (a Medium; the net is not armour, so losing it keeps the save).' },
  { path: 'net.adjacentTarget', default: 6, description: 'Lowest 1d6 that ensnares an adjacent target.' },
  { path: 'net.gapTarget', default: 5, description: 'Lowest 1d6 that ensnares a target with one empty hex between.' },
  { path: 'net.recovered', default: true, description: 'true: a cast that misses keeps the net (as written, only a double 5 loses it); false: the single-use reading, a cast net is gone hit or miss (no more casts, net side then counts as rear).' },
  { path: 'net.castsPerTurn', default: 1, description: 'Most net casts per turn (1, as one strike per turn).' },
  { path: 'net.escapeTarget', default: 4, description: 'Lowest 1d6 that frees an ensnared gladiator on an escape attempt.' },
  { path: 'offBalanceTiming', default: 'next-turn', description: '"next-turn": off balance costs AP on the gladiator\'s next AP roll; "now": a double-3 attacker loses the AP from his current turn (the defender still loses it next turn).' },
  { path: 'ensnaredCanStrike', default: true, description: 'Whether an ensnared gladiator may strike (the text only gives -3 AP and +1 to be hit).' },
  { path: 'ensnaredCanStep', default: true, description: 'Whether an ensnared gladiator may step (pivots are always allowed).' },
  { path: 'strikeArc', default: 'any', description: '"any": a strike needs only adjacency (as written); "front": the foe must be on the striker\'s front or front-side hexsides.' },
  { path: 'disarmedPenalty', default: 3, description: 'Strike-roll penalty of a gladiator whose weapon broke (double 1).' },
  { path: 'mobThumbs', default: 'flavour', description: '"flavour": helpless or decked = loss, nothing rolled; "roll": also roll 1d6 (4+ thumbs up) for the `spared` tag. Never changes the result.' },
  { path: 'doubleSix', default: 'nothing', description: 'The special-event table has no double 6: "nothing" happens, or "normal" resolves it as an ordinary strike (margin = modifiers).' },
];
