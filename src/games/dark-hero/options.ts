/**
 * Dark Hero options (house rules) and hero builds. Defaults come from the seed text and
 * from /work/shared/RULES-NOTES.md; every interpretation is an option here.
 *
 * Builds are validated in two steps: zod checks each field's type and range (one-line
 * message naming the field, value and range), then `checkBuild` checks the 3-point total
 * and the even Resource count, naming the hero.
 */
import { z } from 'zod';
import { UserError } from '../../core/errors.js';
import { optionDocsFromSchema, type Sweep } from '../../core/facts.js';
import type { OptionDoc } from '../../core/game.js';

/** An option's description and, for numeric options, the range sweeps and `tune` explore. */
const doc = (description: string, sweep?: Sweep) => (sweep ? { description, sweep } : { description });

/** Points every hero spends on its build ("Spend 3 points as you wish"). */
export const BUILD_POINTS = 3;

/** Heroes when neither `players` nor `heroes` is given. */
const DEFAULT_PLAYERS = 4;

export const GOALS = ['free', 'safe'] as const;
export type Goal = (typeof GOALS)[number];

const heroSchema = z
  .object({
    name: z.string().min(1).max(40).optional(),
    goal: z.enum(GOALS),
    fighting: z.number().int().min(0).max(3).default(0),
    infiltrating: z.number().int().min(0).max(2).default(0),
    aces: z.number().int().min(0).max(3).default(0),
    /** Resource *cards* at the start (2 per point), before the underdog bonus. */
    resources: z.number().int().min(0).max(6).default(0),
  })
  .strict();

export type HeroInput = z.input<typeof heroSchema>;
export interface HeroBuild {
  readonly name: string;
  readonly goal: Goal;
  readonly fighting: number;
  readonly infiltrating: number;
  readonly aces: number;
  readonly resources: number;
}

/** Inline map given as data (the same shape a layout file holds). */
export const layoutSchema = z
  .object({
    /** Number of cards (slots) on the map. */
    cards: z.number().int().min(2).max(400),
    /** Pairs of card indices that share an edge (or touch at an angle). */
    edges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).min(1),
    /** Start card of each hero, in seat order (at least as many as heroes). */
    starts: z.array(z.number().int().min(0)).min(2),
  })
  .strict();
export type LayoutInput = z.infer<typeof layoutSchema>;

export const LAYOUTS = ['seed', 'random', 'asymmetric', 'custom', 'file', 'draw'] as const;
export type LayoutKind = (typeof LAYOUTS)[number];

const mapSchema = z
  .object({
    layout: z.enum(LAYOUTS).default('seed').meta(doc('seed (ring + spokes), random (extra paths and spurs), asymmetric, custom, file, draw (draw and place a card each turn).')),
    spokeLength: z.number().int().min(1).max(8).default(4).meta(doc('Cards per spoke.', { min: 2, max: 6, step: 1 })),
    extraPaths: z.number().int().min(0).max(20).default(2).meta(doc('Random layout: extra paths between cards.', { min: 0, max: 6, step: 1 })),
    spurs: z.number().int().min(0).max(20).default(2).meta(doc('Random layout: dead-end spurs.', { min: 0, max: 6, step: 1 })),
    file: z.string().min(1).optional().meta(doc('Layout file (JSON/YAML { cards, edges, starts }) for layout "file".')),
    custom: layoutSchema.optional().meta(doc('Inline { cards, edges, starts } for layout "custom".')),
  })
  .strict();

const rawSchema = z
  .object({
    players: z.number().int().min(2).max(20).optional().meta({ ...doc('Heroes when `heroes` is not given (2–20); goals alternate Free, Safe, builds F1 I1 R2.', { min: 2, max: 8, step: 1 }), default: DEFAULT_PLAYERS }),
    heroes: z.array(heroSchema).min(2).max(20).optional().meta(doc('List of { name?, goal: free|safe, fighting 0–3, infiltrating 0–2, aces, resources (cards, even) } costing exactly 3 points.')),
    turns: z.number().int().min(1).max(60).default(12).meta(doc('Rounds played ("entirely arbitrary").', { min: 4, max: 24, step: 4 })),
    bent: z.number().int().min(1).max(4).nullable().default(null).meta(doc('Fix the d4 Bent roll (1–4); null rolls it.')),
    bentPositions: z.tuple([z.number().int().min(1).max(7), z.number().int().min(1).max(7), z.number().int().min(1).max(7), z.number().int().min(1).max(7)]).default([1, 2, 6, 7]).meta(doc('Meter position of Bent 1..4 (Chaos, Dangerous, Stifling, Fascist).')),
    start: z.enum(['bent', 'ideal']).default('bent').meta(doc('Society starts at the Bent position ("bent") or at Ideal ("ideal").')),
    bentShifts: z.boolean().default(true).meta(doc('Reaching Dangerous sets Bent to Chaos, reaching Stifling sets it to Fascist.')),
    underdogBonus: z.number().int().min(0).max(6).default(2).meta(doc('Extra Resources for Safe heroes on Bent 1–2 and Free heroes on Bent 3–4.', { min: 0, max: 4, step: 1 })),
    aceBonus: z.number().int().min(0).max(6).default(3).meta(doc('What an Ace adds to a contest (not in the text).', { min: 1, max: 5, step: 1 })),
    aceCost: z.number().int().min(1).max(10).default(3).meta(doc('Resources converted into one Ace at the end of a turn.', { min: 2, max: 5, step: 1 })),
    cardBase: z.number().int().min(0).max(6).default(2).meta(doc('Base of Heart raids and Spade fights ("vs 2").', { min: 0, max: 4, step: 1 })),
    drift: z.enum(['bent', 'fluctuating']).default('bent').meta(doc('"bent": end-of-round move toward Bent; "fluctuating": a drawn card decides (Fluctuating Society).')),
    finalDraw: z.boolean().default(true).meta(doc('A random card shifts the meter once after the last turn.')),
    concentration: z.boolean().default(false).meta(doc('Concentration-like variant: a flipped card that is not Neutral is turned face down again when its hero leaves it (everyone remembers it; heroes must still prefer it to Neutral cards, and entering it flips it again).')),
    map: mapSchema.prefault({}),
  })
  .strict();

export type RawOptions = z.output<typeof rawSchema>;

export interface DarkHeroOptions extends Omit<RawOptions, 'heroes' | 'players'> {
  readonly players: number;
  readonly heroes: readonly HeroBuild[];
}

/** Total points a build costs. */
export function buildCost(b: Pick<HeroBuild, 'fighting' | 'infiltrating' | 'aces' | 'resources'>): number {
  return b.fighting + b.infiltrating + b.aces + b.resources / 2;
}

/** Compact code of a build, e.g. "F1 I1 R2" (Batman) or "F3" (Superman). */
export function buildCode(b: Pick<HeroBuild, 'fighting' | 'infiltrating' | 'aces' | 'resources'>): string {
  const parts: string[] = [];
  if (b.fighting) parts.push(`F${b.fighting}`);
  if (b.infiltrating) parts.push(`I${b.infiltrating}`);
  if (b.aces) parts.push(`A${b.aces}`);
  if (b.resources) parts.push(`R${b.resources}`);
  return parts.join(' ') || '-';
}

/** Rejects a build that does not spend exactly 3 points or has an odd Resource count. */
export function checkBuild(b: HeroBuild, index: number): void {
  const who = `dark-hero options: heroes.${index} (${b.name})`;
  if (b.resources % 2 !== 0) {
    throw new UserError(`${who}: resources is ${b.resources}; allowed: 0, 2, 4 or 6 (Resource cards come 2 per point)`);
  }
  const cost = buildCost(b);
  if (cost !== BUILD_POINTS) {
    throw new UserError(
      `${who}: build ${JSON.stringify(buildCode(b))} costs ${cost} points (fighting ${b.fighting} + infiltrating ${b.infiltrating} + aces ${b.aces} + resources ${b.resources}/2); allowed: exactly ${BUILD_POINTS} points`,
    );
  }
}

/** Every legal 3-point build (19 of them), in a fixed order. */
export function allBuilds(): Omit<HeroBuild, 'name' | 'goal'>[] {
  const out: Omit<HeroBuild, 'name' | 'goal'>[] = [];
  for (let f = 0; f <= 3; f++)
    for (let i = 0; i <= 2; i++)
      for (let a = 0; f + i + a <= BUILD_POINTS; a++) {
        const pairs = BUILD_POINTS - f - i - a;
        out.push({ fighting: f, infiltrating: i, aces: a, resources: pairs * 2 });
      }
  return out;
}

/** The default hero of seat `i`: goals alternate Free/Safe, Batman's build. */
function defaultHero(i: number): HeroBuild {
  return { name: `Hero ${i + 1}`, goal: i % 2 === 0 ? 'free' : 'safe', fighting: 1, infiltrating: 1, aces: 0, resources: 2 };
}

/**
 * The options schema the runner parses with. The transform fills the hero list, names
 * heroes and checks build totals; its UserErrors reach the user unchanged.
 */
export const optionsSchema = rawSchema.transform((raw): DarkHeroOptions => {
  // One of the two says how many heroes play; both given would silently ignore one.
  if (raw.heroes && raw.players !== undefined && raw.players !== raw.heroes.length) {
    throw new UserError(`dark-hero options: players is ${raw.players} with ${raw.heroes.length} heroes listed; allowed: players or heroes, not both (the heroes list sets the count)`);
  }
  const heroes: HeroBuild[] = raw.heroes
    ? raw.heroes.map((h, i) => ({ name: h.name ?? `Hero ${i + 1}`, goal: h.goal, fighting: h.fighting, infiltrating: h.infiltrating, aces: h.aces, resources: h.resources }))
    : Array.from({ length: raw.players ?? DEFAULT_PLAYERS }, (_, i) => defaultHero(i));
  heroes.forEach(checkBuild);
  if (raw.map.layout === 'file' && !raw.map.file) {
    throw new UserError('dark-hero options: map.file is undefined with map.layout "file"; allowed: a path to a JSON or YAML layout file');
  }
  if (raw.map.layout === 'custom' && !raw.map.custom) {
    throw new UserError('dark-hero options: map.custom is undefined with map.layout "custom"; allowed: { cards, edges, starts }');
  }
  return { ...raw, players: heroes.length, heroes };
});

/** One doc line per option, generated from the schema before its transform: description, default and sweep live once, above. */
export const optionDocs: readonly OptionDoc[] = optionDocsFromSchema(rawSchema);
