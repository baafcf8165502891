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
import type { OptionDoc } from '../../core/game.js';

/** Points every hero spends on its build ("Spend 3 points as you wish"). */
export const BUILD_POINTS = 3;

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
    layout: z.enum(LAYOUTS).default('seed'),
    /** Cards in each spoke (seed: "a short arm of 4 cards"). */
    spokeLength: z.number().int().min(1).max(8).default(4),
    /** Random layout: extra paths joining two cards of the map. */
    extraPaths: z.number().int().min(0).max(20).default(2),
    /** Random layout: dead-end spurs. */
    spurs: z.number().int().min(0).max(20).default(2),
    /** Layout file (JSON or YAML, shape of `custom`) for layout "file". */
    file: z.string().min(1).optional(),
    /** Inline layout for layout "custom". */
    custom: layoutSchema.optional(),
  })
  .strict();

const rawSchema = z
  .object({
    /** Number of heroes when `heroes` is not given (goals alternate Free, Safe). */
    players: z.number().int().min(2).max(20).optional(),
    heroes: z.array(heroSchema).min(2).max(20).optional(),
    turns: z.number().int().min(1).max(60).default(12),
    /** Fix the d4 Bent roll (1–4) instead of rolling it. */
    bent: z.number().int().min(1).max(4).nullable().default(null),
    /** Meter position named by each Bent value 1..4 (RULES-NOTES: the outer positions). */
    bentPositions: z.tuple([z.number().int().min(1).max(7), z.number().int().min(1).max(7), z.number().int().min(1).max(7), z.number().int().min(1).max(7)]).default([1, 2, 6, 7]),
    /** Society starts at the Bent's position (seed) or at Ideal (4). */
    start: z.enum(['bent', 'ideal']).default('bent'),
    /** Reaching Dangerous sets Bent to Chaos; reaching Stifling sets it to Fascist. */
    bentShifts: z.boolean().default(true),
    /** Extra Resource cards for the underdog goal. */
    underdogBonus: z.number().int().min(0).max(6).default(2),
    /** What an Ace adds to a contest. */
    aceBonus: z.number().int().min(0).max(6).default(3),
    /** Resources converted into one Ace at the end of a turn. */
    aceCost: z.number().int().min(1).max(10).default(3),
    /** Base of the Heart raid and Spade fight ("vs 2"). */
    cardBase: z.number().int().min(0).max(6).default(2),
    /** End-of-round move: toward Bent (seed) or a random card ("Fluctuating Society"). */
    drift: z.enum(['bent', 'fluctuating']).default('bent'),
    /** After the last turn a random card makes one last shift. */
    finalDraw: z.boolean().default(true),
    /** "Concentration-like variant": flipped cards are turned face down again (when their hero leaves them). */
    concentration: z.boolean().default(false),
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
    : Array.from({ length: raw.players ?? 4 }, (_, i) => defaultHero(i));
  heroes.forEach(checkBuild);
  if (raw.map.layout === 'file' && !raw.map.file) {
    throw new UserError('dark-hero options: map.file is undefined with map.layout "file"; allowed: a path to a JSON or YAML layout file');
  }
  if (raw.map.layout === 'custom' && !raw.map.custom) {
    throw new UserError('dark-hero options: map.custom is undefined with map.layout "custom"; allowed: { cards, edges, starts }');
  }
  return { ...raw, players: heroes.length, heroes };
});

export const optionDocs: readonly OptionDoc[] = [
  { path: 'players', default: 4, description: 'Heroes when `heroes` is not given (2–20); goals alternate Free, Safe, builds F1 I1 R2.' },
  { path: 'heroes', default: null, description: 'List of { name?, goal: free|safe, fighting 0–3, infiltrating 0–2, aces, resources (cards, even) } costing exactly 3 points.' },
  { path: 'turns', default: 12, description: 'Rounds played ("entirely arbitrary").' },
  { path: 'bent', default: null, description: 'Fix the d4 Bent roll (1–4); null rolls it.' },
  { path: 'bentPositions', default: [1, 2, 6, 7], description: 'Meter position of Bent 1..4 (Chaos, Dangerous, Stifling, Fascist).' },
  { path: 'start', default: 'bent', description: 'Society starts at the Bent position ("bent") or at Ideal ("ideal").' },
  { path: 'bentShifts', default: true, description: 'Reaching Dangerous sets Bent to Chaos, reaching Stifling sets it to Fascist.' },
  { path: 'underdogBonus', default: 2, description: 'Extra Resources for Safe heroes on Bent 1–2 and Free heroes on Bent 3–4.' },
  { path: 'aceBonus', default: 3, description: 'What an Ace adds to a contest (not in the text).' },
  { path: 'aceCost', default: 3, description: 'Resources converted into one Ace at the end of a turn.' },
  { path: 'cardBase', default: 2, description: 'Base of Heart raids and Spade fights ("vs 2").' },
  { path: 'drift', default: 'bent', description: '"bent": end-of-round move toward Bent; "fluctuating": a drawn card decides (Fluctuating Society).' },
  { path: 'finalDraw', default: true, description: 'A random card shifts the meter once after the last turn.' },
  { path: 'concentration', default: false, description: 'Concentration-like variant: a flipped card that is not Neutral is turned face down again when its hero leaves it (everyone remembers it; heroes must still prefer it to Neutral cards, and entering it flips it again).' },
  { path: 'map.layout', default: 'seed', description: 'seed (ring + spokes), random (extra paths and spurs), asymmetric, custom, file, draw (draw and place a card each turn).' },
  { path: 'map.spokeLength', default: 4, description: 'Cards per spoke.' },
  { path: 'map.extraPaths', default: 2, description: 'Random layout: extra paths between cards.' },
  { path: 'map.spurs', default: 2, description: 'Random layout: dead-end spurs.' },
  { path: 'map.file', default: null, description: 'Layout file (JSON/YAML { cards, edges, starts }) for layout "file".' },
  { path: 'map.custom', default: null, description: 'Inline { cards, edges, starts } for layout "custom".' },
];
