/**
 * The fight's house rules. Every interpretation beyond the seed text (RULES-NOTES.md
 * and this game's README, "Rule interpretations") is one named option with its default.
 */
import { z } from 'zod';
import type { OptionDoc } from '../../core/game.js';
import { buildOptionsSchema, buildOptionDocs } from './build-options.js';
import { parseMap } from './arena.js';
import { buildHero } from './builder.js';
import { heroSpecSchema } from './hero.js';
import { SAMPLE_HEROES } from './samples.js';

const side = z.array(z.string().min(1)).min(1).max(4);

export const rulesSchema = z
  .object({
    /** Hexes per move action = ceil(movement rate / moveDivisor) (RULES-NOTES). */
    moveDivisor: z.number().positive().max(1000).default(10),
    /** To hit: d20 <= toHitBase + attacker's combat modifier - defender's. */
    toHitBase: z.number().int().min(-50).max(50).default(10),
    toHitMin: z.number().int().min(0).max(20).default(1),
    toHitMax: z.number().int().min(0).max(20).default(19),
    /** Every hero may punch an adjacent foe for ceil(STR / punchDivisor) Oomph (0 = no punch). */
    punchDivisor: z.number().min(0).max(100).default(3),
    /** Defenses ignore damage at or below the threshold ('threshold', as written) or subtract it ('subtract'). */
    defenses: z.enum(['threshold', 'subtract']).default('threshold'),
    /** Segments a switched-on power (defenses, missile deflection without always-on) stays on, the segment it is used included. */
    activeSegments: z.number().int().min(1).max(600).default(6),
    /** Segments a darkness cloud lasts, the segment it is made included. */
    darknessSegments: z.number().int().min(1).max(600).default(6),
    /** A failed unreliable roll spends the use as well as the action. */
    unreliableFailSpendsUse: z.boolean().default(false),
    /** To-hit penalty for aiming at a visible / hidden gizmo. */
    gizmoPenaltyVisible: z.number().int().min(0).max(20).default(4),
    gizmoPenaltyHidden: z.number().int().min(0).max(20).default(8),
    /** Damage that destroys a destructible gizmo (defenses do not protect gizmos). */
    gizmoBreaks: z.number().min(0).max(1000).default(1),
    /** Uses a copied power comes with (at most the original's uses per game). */
    copyUses: z.number().int().min(1).max(1000).default(3),
    /** Oomph lost at the end of an action in water without swim fast or life support. */
    drowning: z.number().min(0).max(100).default(1),
    /** Desolidified heroes may move through walls. */
    desolidPassesWalls: z.boolean().default(true),
    /** Desolidifying frees a hero from an entangle. */
    desolidifyEscapes: z.boolean().default(true),
    /** Distance attacks reach at most this many hexes (0 = the whole arena). */
    distanceRange: z.number().int().min(0).max(1000).default(0),
  })
  .strict();

export const optionsSchema = z
  .object({
    /** Sides (players), each a team of 1-4 hero names from the sample heroes and `heroes`. */
    teams: z.array(side).min(2).max(4).default([['Lightning Lass'], ['Ironclad']]),
    /** Extra heroes (a user's hero file), usable by name in `teams`. */
    heroes: z.array(heroSpecSchema).default([]),
    build: buildOptionsSchema.prefault({}),
    arena: z
      .object({
        /** 'default' (the shipped map), 'random' (seeded by the game seed), or 'custom' (`rows`). */
        map: z.enum(['default', 'random', 'custom']).default('default'),
        rows: z.array(z.string()).default([]),
        cols: z.number().int().min(6).max(40).default(13),
        height: z.number().int().min(5).max(40).default(9),
        /** Feet per hex ("hexagons are 5 feet across"). */
        hexFeet: z.number().positive().max(1000).default(5),
        /** Outer columns/rows where a side places its heroes. */
        startDepth: z.number().int().min(1).max(10).default(2),
      })
      .strict()
      .prefault({}),
    /** Turns of six segments before the cap; then the side with the largest share of its Oomph left wins (ties split). */
    turnCap: z.number().int().min(1).max(1000).default(20),
    /** At the cap: 'oomph-share' (above) or 'draw'. */
    capTiebreak: z.enum(['oomph-share', 'draw']).default('oomph-share'),
    rules: rulesSchema.prefault({}),
    /** Overrides of power numbers (heroes/power-numbers.yaml), e.g. {"close-attack": {"damage": {"mul": ["level", 2]}}}. */
    powerNumbers: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  })
  .strict()
  .superRefine((o, ctx) => {
    // Everything a game's setup would refuse is refused here, before any game starts.
    const names = new Set([...SAMPLE_HEROES.map((h) => h.name), ...o.heroes.map((h) => h.name)]);
    o.teams.forEach((team, t) =>
      team.forEach((name, i) => {
        if (!names.has(name)) ctx.addIssue({ code: 'invalid_value', values: [...names], path: ['teams', t, i], input: name });
      }),
    );
    // The builder's and the map parser's own one-line UserErrors name hero/row, field, value and rule.
    o.heroes.forEach((h) => buildHero(h, o.build, 'superhero-gladiators options: heroes'));
    if (o.arena.map === 'custom') parseMap(o.arena.rows, 'superhero-gladiators options: arena.rows');
  });

export type ShgOptions = z.infer<typeof optionsSchema>;
export type ShgRules = z.infer<typeof rulesSchema>;

export const optionDocs: readonly OptionDoc[] = [
  { path: 'teams', default: [['Lightning Lass'], ['Ironclad']], description: 'Sides (2-4 players), each a team of 1-4 hero names (samples or `heroes`).' },
  { path: 'heroes', default: [], description: 'Extra heroes in the hero-file format, usable in `teams` by name.' },
  { path: 'arena.map', default: 'default', description: "'default' 13x9 map, 'random' (seeded by the game seed), 'custom' (arena.rows)." },
  { path: 'arena.rows', default: [], description: "Custom map rows: '.' open, '#' wall, '~' water, 'o' pit." },
  { path: 'arena.cols', default: 13, description: 'Width of a random map.' },
  { path: 'arena.height', default: 9, description: 'Height of a random map.' },
  { path: 'arena.hexFeet', default: 5, description: 'Feet per hex (converts teleport, jumping, force wall and darkness feet to hexes).' },
  { path: 'arena.startDepth', default: 2, description: 'Depth of each side\'s start zone (west, east, north, south edges).' },
  { path: 'turnCap', default: 20, description: 'Turns (of six segments) before the cap.' },
  { path: 'capTiebreak', default: 'oomph-share', description: "At the cap: 'oomph-share' (largest share of Oomph left wins, ties split) or 'draw'." },
  { path: 'rules.moveDivisor', default: 10, description: 'Hexes per move action = ceil(movement rate / this).' },
  { path: 'rules.toHitBase', default: 10, description: 'Hit on d20 <= this + attacker CM - defender CM.' },
  { path: 'rules.toHitMin', default: 1, description: 'Lowest to-hit number (a 1 always hits).' },
  { path: 'rules.toHitMax', default: 19, description: 'Highest to-hit number (a 20 always misses).' },
  { path: 'rules.punchDivisor', default: 3, description: 'Unarmed punch damage ceil(STR / this); 0 = no punch.' },
  { path: 'rules.defenses', default: 'threshold', description: "Defenses ignore damage <= level x 4 ('threshold', as written) or subtract it ('subtract')." },
  { path: 'rules.activeSegments', default: 6, description: 'Segments a switched-on (not always-on) defense or missile deflection lasts.' },
  { path: 'rules.darknessSegments', default: 6, description: 'Segments a darkness cloud lasts.' },
  { path: 'rules.unreliableFailSpendsUse', default: false, description: 'A failed unreliable roll spends the use too.' },
  { path: 'rules.gizmoPenaltyVisible', default: 4, description: 'To-hit penalty when aiming at a visible gizmo.' },
  { path: 'rules.gizmoPenaltyHidden', default: 8, description: 'To-hit penalty when aiming at a hidden gizmo.' },
  { path: 'rules.gizmoBreaks', default: 1, description: 'Damage that destroys a destructible gizmo (and its power).' },
  { path: 'rules.copyUses', default: 3, description: 'Uses of a copied power (at most the original\'s).' },
  { path: 'rules.drowning', default: 1, description: 'Oomph lost after acting in water without swim fast or life support.' },
  { path: 'rules.desolidPassesWalls', default: true, description: 'Desolidified heroes move through walls.' },
  { path: 'rules.desolidifyEscapes', default: true, description: 'Desolidifying frees a hero from an entangle.' },
  { path: 'rules.distanceRange', default: 0, description: 'Longest distance attack in hexes (0 = unlimited).' },
  { path: 'powerNumbers', default: {}, description: 'Overrides of heroes/power-numbers.yaml, per power and number.' },
  ...buildOptionDocs,
];
