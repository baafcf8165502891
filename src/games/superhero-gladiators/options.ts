/**
 * The fight's house rules. Every interpretation beyond the seed text (RULES-NOTES.md
 * and this game's README, "Rule interpretations") is one named option with its default.
 */
import { z } from 'zod';
import type { OptionDoc } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { optionDocsFromSchema } from '../../core/facts.js';
import { buildOptionsSchema } from './build-options.js';
import { guaranteedStartHexes, parseMap } from './arena.js';
import { buildHero } from './builder.js';
import { heroSpecSchema } from './hero.js';
import { powerNumbersWith } from './power-numbers.js';
import { SAMPLE_HEROES } from './samples.js';

const side = z.array(z.string().min(1)).min(1).max(4);

export const rulesSchema = z
  .object({
    /** Hexes per move action = ceil(movement rate / moveDivisor) (RULES-NOTES). */
    moveDivisor: z.number().positive().max(1000).default(10).meta({ description: 'Hexes per move action = ceil(movement rate / this).' }),
    /** To hit: d20 <= toHitBase + attacker's combat modifier - defender's. */
    toHitBase: z.number().int().min(-50).max(50).default(10).meta({ description: 'Hit on d20 <= this + attacker CM - defender CM.' }),
    toHitMin: z.number().int().min(0).max(20).default(1).meta({ description: 'Lowest to-hit number (a 1 always hits).' }),
    toHitMax: z.number().int().min(0).max(20).default(19).meta({ description: 'Highest to-hit number (a 20 always misses).' }),
    /** Every hero may punch an adjacent foe for ceil(STR / punchDivisor) Oomph (0 = no punch). */
    punchDivisor: z.number().min(0).max(100).default(3).meta({ description: 'Unarmed punch damage ceil(STR / this); 0 = no punch.' }),
    /** Defenses ignore damage at or below the threshold ('threshold', as written) or subtract it ('subtract'). */
    defenses: z.enum(['threshold', 'subtract']).default('threshold').meta({ description: "Defenses ignore damage <= level x 4 ('threshold', as written) or subtract it ('subtract')." }),
    /** Segments a switched-on power (defenses, missile deflection without always-on) stays on, the segment it is used included. */
    activeSegments: z.number().int().min(1).max(600).default(6).meta({ description: 'Segments a switched-on (not always-on) defense or missile deflection lasts.' }),
    /** Segments a darkness cloud lasts, the segment it is made included. */
    darknessSegments: z.number().int().min(1).max(600).default(6).meta({ description: 'Segments a darkness cloud lasts.' }),
    /** A failed unreliable roll spends the use as well as the action. */
    unreliableFailSpendsUse: z.boolean().default(false).meta({ description: 'A failed unreliable roll spends the use too.' }),
    /** To-hit penalty for aiming at a visible / hidden gizmo. */
    gizmoPenaltyVisible: z.number().int().min(0).max(20).default(4).meta({ description: 'To-hit penalty when aiming at a visible gizmo.' }),
    gizmoPenaltyHidden: z.number().int().min(0).max(20).default(8).meta({ description: 'To-hit penalty when aiming at a hidden gizmo.' }),
    /** Damage that destroys a destructible gizmo (defenses do not protect gizmos). */
    gizmoBreaks: z.number().min(0).max(1000).default(1).meta({ description: 'Damage that destroys a destructible gizmo (and its power).' }),
    /** Uses a copied power comes with (at most the original's uses per game). */
    copyUses: z.number().int().min(1).max(1000).default(3).meta({ description: "Uses of a copied power (at most the original's)." }),
    /** Oomph lost at the end of an action in water without swim fast or life support. */
    drowning: z.number().min(0).max(100).default(1).meta({ description: 'Oomph lost after acting in water without swim fast or life support.' }),
    /** Desolidified heroes may move through walls. */
    desolidPassesWalls: z.boolean().default(true).meta({ description: 'Desolidified heroes move through walls.' }),
    /** Desolidifying frees a hero from an entangle. */
    desolidifyEscapes: z.boolean().default(true).meta({ description: 'Desolidifying frees a hero from an entangle.' }),
    /** Combat limbs on defence: a use of extra limbs per to-hit roll ('use') or free while it has uses ('free'). */
    combatLimbsOnDefence: z.enum(['use', 'free']).default('use').meta({ description: "Extra limbs' combat bonus when attacked: 'use' (a use of the power per to-hit roll, as when attacking) or 'free' (counts while uses are left)." }),
    /**
     * Placement ties after PER, STR and SIZ ("then rolling highest on the die"): 'lower-first'
     * (the highest roll has the priority and places later, as higher STR and SIZ do) or
     * 'higher-first' (the highest roll places first).
     */
    placeTieRoll: z.enum(['lower-first', 'higher-first']).default('lower-first').meta({ description: "Placement tie after PER, STR, SIZ: 'lower-first' (the highest roll has priority and places later, like higher STR/SIZ) or 'higher-first'." }),
    /** Who acts first within a segment: 'per' (PER, then DEX, then a d20) or 'dex' (DEX, then PER, then a d20). */
    actingOrder: z.enum(['per', 'dex']).default('per').meta({ description: "Order within a segment (line 81 is empty): 'per' (PER, then DEX, then a d20; PER is how quickly a hero notices things) or 'dex' (DEX, then PER, then a d20)." }),
    /** Desolidify's "six phases": six segments of the game ('segments') or six of the hero's own action segments ('own-actions'). */
    desolidifyPhases: z.enum(['segments', 'own-actions']).default('segments').meta({ description: "Desolidify's \"six phases\": 'segments' (six segments, the text's \"phase\" for a segment box) or 'own-actions' (six of the hero's own action segments)." }),
    /** Distance attacks reach at most this many hexes (0 = the whole arena). */
    distanceRange: z.number().int().min(0).max(1000).default(0).meta({ description: 'Longest distance attack in hexes (0 = unlimited).' }),
  })
  .strict();

export const optionsSchema = z
  .object({
    /** Sides (players), each a team of 1-4 hero names from the sample heroes and `heroes`. */
    teams: z.array(side).min(2).max(4).default([['Lightning Lass'], ['Ironclad']]).meta({ description: 'Sides (2-4 players), each a team of 1-4 hero names (samples or `heroes`).' }),
    /** Extra heroes (a user's hero file), usable by name in `teams`. */
    heroes: z.array(heroSpecSchema).default([]).meta({ description: 'Extra heroes in the hero-file format, usable in `teams` by name.' }),
    build: buildOptionsSchema.prefault({}),
    arena: z
      .object({
        /** 'default' (the shipped map), 'random' (seeded by the game seed), or 'custom' (`rows`). */
        map: z.enum(['default', 'random', 'custom']).default('default').meta({ description: "'default' 13x9 map, 'random' (seeded by the game seed), 'custom' (arena.rows)." }),
        rows: z.array(z.string()).default([]).meta({ description: "Custom map rows: '.' open, '#' wall, '~' water, 'o' pit." }),
        cols: z.number().int().min(6).max(40).default(13).meta({ description: 'Width of a random map.' }),
        height: z.number().int().min(5).max(40).default(9).meta({ description: 'Height of a random map.' }),
        /** Feet per hex ("hexagons are 5 feet across"). */
        hexFeet: z.number().positive().max(1000).default(5).meta({ description: 'Feet per hex (converts teleport, jumping, force wall and darkness feet to hexes).' }),
        /**
         * Where a hero may be put (line 80: "put the superheroes in the arena"): 'anywhere'
         * (any free hex a hero may stand on, as written) or 'start-zones' (the side's outer
         * `startDepth` columns/rows, the engine's earlier fixed zones, for comparison).
         */
        placement: z.enum(['anywhere', 'start-zones']).default('anywhere').meta({ description: "Where heroes are put: 'anywhere' (any free hex; the text names no zone) or 'start-zones' (each side's outer startDepth columns/rows)." }),
        /** Outer columns/rows where a side places its heroes (placement 'start-zones'). */
        startDepth: z.number().int().min(1).max(10).default(2).meta({ description: "Depth of each side's start zone (west, east, north, south edges)." }),
      })
      .strict()
      .prefault({}),
    /** Turns of six segments before the cap; then the side with the largest share of its Oomph left wins (ties split). */
    turnCap: z.number().int().min(1).max(1000).default(20).meta({ description: 'Turns (of six segments) before the cap.' }),
    /**
     * Line 81 ("This is what happens on each segment:") is empty: a segment gives one action
     * (default), or under `charge` a move may end next to a foe and strike it with a close
     * attack (or the punch) in the same action. Also a house rule against stand-offs.
     */
    charge: z.boolean().default(false).meta({ description: 'Segment reading / house rule: a move that ends next to a foe may be followed by a close attack or punch in the same action (default: one action, move or attack).' }),
    /** House rule: every this many turns the arena's outer ring closes (0 = off). */
    shrinkArena: z.number().int().min(0).max(1000).default(0).meta({ description: "House rule: every N turns the arena's outermost open ring closes; heroes on it step to the nearest free hex inside (0 = off).", sweep: { min: 0, max: 10, step: 1 } }),
    /** House rule: Oomph each conscious hero of a side loses at the end of a turn in which its side landed no blow (0 = off). */
    crowdPenalty: z.number().int().min(0).max(1000).default(0).meta({ description: 'House rule: each conscious hero of a side that landed no blow in a turn loses this much Oomph at its end (0 = off).', sweep: { min: 0, max: 10, step: 1 } }),
    /** At the cap: 'oomph-share' (above) or 'draw'. */
    capTiebreak: z.enum(['oomph-share', 'draw']).default('oomph-share').meta({ description: "At the cap: 'oomph-share' (largest share of Oomph left wins, ties split) or 'draw'." }),
    rules: rulesSchema.prefault({}),
    /** Overrides of power numbers (heroes/power-numbers.yaml), e.g. {"close-attack": {"damage": {"mul": ["level", 2]}}}. */
    powerNumbers: z.record(z.string(), z.record(z.string(), z.unknown())).default({}).meta({ description: 'Overrides of heroes/power-numbers.yaml, per power and number.' }),
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
    const numbers = powerNumbersWith(o.powerNumbers);
    o.heroes.forEach((h) => buildHero(h, o.build, 'superhero-gladiators options: heroes', numbers));
    if (o.arena.map === 'custom') parseMap(o.arena.rows, 'superhero-gladiators options: arena.rows');
    // Under start-zones placement a random map differs by seed: every seed must leave each side a start hex per hero,
    // not just the one seed a run's up-front check sets up (51 of 1,000 seeds of a
    // 7-column, 3-side random map once failed at setup, mid-run).
    if (o.arena.map === 'random' && o.arena.placement === 'start-zones') {
      o.teams.forEach((team, t) => {
        const open = guaranteedStartHexes(o.arena.cols, o.arena.height, t, o.teams.length, o.arena.startDepth);
        if (team.length > open) {
          const zone = ['west', 'east', 'north', 'south'][t] ?? `#${t + 1}`;
          const max = open === 0 ? 'no hero on that side' : `at most ${open} hero(es) on that side`;
          throw new UserError(
            `superhero-gladiators options: arena.map is "random" (${o.arena.cols}x${o.arena.height}, ${o.teams.length} sides, startDepth ${o.arena.startDepth}): some seeds leave side ${t + 1} (${zone}) ${open} open start hexes for its ${team.length} hero(es); allowed: ${max}, a wider or taller arena (arena.cols, arena.height), another startDepth, arena.placement 'anywhere', or a 'default' or 'custom' map`,
          );
        }
      });
    }
  });

export type ShgOptions = z.infer<typeof optionsSchema>;
export type ShgRules = z.infer<typeof rulesSchema>;

/** One doc line per option, generated from the schema's descriptions (build.* included). */
export const optionDocs: readonly OptionDoc[] = optionDocsFromSchema(optionsSchema);
