/**
 * The power types of the seed text, as data: what each one is called, its group, the
 * levels it may be bought at, which enhancements make sense for it and whether it may
 * be declared always on (the text marks those with *). What each power *does* in a
 * fight lives in the rules; this table is what the builder checks a hero against.
 */

export const POWER_TYPES = [
  // movement
  'tunneling',
  'wall-clinging',
  'flight',
  'run-fast',
  'swim-fast',
  'teleport',
  'extra-limbs',
  'jumping',
  // combat
  'entangle',
  'distance-attack',
  'close-attack',
  'defenses',
  'force-wall',
  'healing',
  'absorbing',
  'missile-deflection',
  'copy-power',
  // miscellaneous
  'enhanced-vision',
  'darkness',
  'desolidify',
  'shapeshift',
  'life-support',
] as const;
export type PowerType = (typeof POWER_TYPES)[number];

export const ENHANCEMENTS = [
  'no-gizmo',
  'indestructible-gizmo',
  'hidden-gizmo',
  'visible-gizmo',
  'piercing',
  'missile',
  'unreliable-15',
  'unreliable-10',
  'always-on',
] as const;
export type Enhancement = (typeof ENHANCEMENTS)[number];

export const GIZMO_KINDS = ['no-gizmo', 'indestructible-gizmo', 'hidden-gizmo', 'visible-gizmo'] as const;
export type GizmoKind = (typeof GIZMO_KINDS)[number];
export const UNRELIABLE_KINDS = ['unreliable-15', 'unreliable-10'] as const;

export const VISION_KINDS = ['infrared', 'ultraviolet', 'x-ray', 'sonar'] as const;
export type VisionKind = (typeof VISION_KINDS)[number];

export type PowerGroup = 'movement' | 'combat' | 'miscellaneous';

export interface PowerTypeInfo {
  /** The type's id as hero files name it (a built-in type's id is its mechanic). */
  readonly id: string;
  /** The text's type whose rules it plays by (power-types.ts: a content type's `like`). */
  readonly mechanic: PowerType;
  readonly name: string;
  readonly group: PowerGroup;
  /** Levels the text allows: a fixed level (level-only powers) or a range. */
  readonly minLevel: number;
  /** Highest level; `null` = no cap beyond the budget and the `maxLevel` option. */
  readonly maxLevel: number | null;
  /** Starred (*) in the text: may be declared always on (with infinite uses). */
  readonly alwaysOnAllowed: boolean;
  /** Enhancement `piercing` applies (attacks pierce; defenses/absorbing work vs piercing). */
  readonly piercingAllowed: boolean;
  /** Enhancement `missile` applies (a distance attack that missile deflection stops). */
  readonly missileAllowed: boolean;
  /** The text's rule, one line, for hero cards and the README. */
  readonly text: string;
}

function info(
  id: PowerType,
  name: string,
  group: PowerGroup,
  levels: readonly [number, number | null],
  flags: { alwaysOn?: boolean; piercing?: boolean; missile?: boolean },
  text: string,
): PowerTypeInfo {
  return {
    id,
    mechanic: id,
    name,
    group,
    minLevel: levels[0],
    maxLevel: levels[1],
    alwaysOnAllowed: flags.alwaysOn ?? false,
    piercingAllowed: flags.piercing ?? false,
    missileAllowed: flags.missile ?? false,
    text,
  };
}

export const POWER_INFO: Readonly<Record<PowerType, PowerTypeInfo>> = {
  tunneling: info('tunneling', 'tunneling', 'movement', [1, null], { alwaysOn: true }, 'movement rate = normal x level, through walls and rubble'),
  'wall-clinging': info('wall-clinging', 'wall-clinging', 'movement', [1, null], { alwaysOn: true }, 'movement rate = normal x level, up and over buildings'),
  flight: info('flight', 'flight', 'movement', [1, null], { alwaysOn: true }, 'movement rate = normal x level x 2, over anything'),
  'run-fast': info('run-fast', 'run fast', 'movement', [1, null], { alwaysOn: true }, 'movement rate = normal x level x 3 on open ground'),
  'swim-fast': info('swim-fast', 'swim fast', 'movement', [1, null], { alwaysOn: true }, 'movement rate = normal x level x 3 in water'),
  teleport: info('teleport', 'teleport', 'movement', [1, null], {}, 'distance = 20 x level feet, line of sight only'),
  'extra-limbs': info('extra-limbs', '"extra limbs"', 'movement', [1, null], { alwaysOn: true }, 'each limb: +1 combat modifier, or an action on one extra segment'),
  jumping: info('jumping', 'jumping', 'movement', [1, null], {}, 'standing 10 x level feet, running 20 x level feet, over anything'),
  entangle: info('entangle', 'entangling attack', 'combat', [1, null], { missile: true }, 'distance attack; escape on d20 >= (level - STR + 3) x 3, each try costs level Oomph'),
  'distance-attack': info('distance-attack', 'distance attack', 'combat', [1, null], { piercing: true, missile: true }, 'damage = level x 2 Oomph, needs line of sight'),
  'close-attack': info('close-attack', 'close attack', 'combat', [1, null], { piercing: true }, 'damage = level x 3 Oomph, adjacent foe'),
  defenses: info('defenses', 'defenses', 'combat', [1, null], { alwaysOn: true, piercing: true }, 'ignores damage up to level x 4; not vs entangle, not vs piercing'),
  'force-wall': info('force-wall', 'force wall', 'combat', [1, null], {}, 'immobile wall, sides up to level x 10 feet, blocks level x 5 damage'),
  healing: info('healing', 'healing', 'combat', [1, null], {}, 'net Oomph gain = level'),
  absorbing: info('absorbing', 'absorbing', 'combat', [4, 4], { piercing: true }, 'level 4 only; after defenses block damage, gain that much Oomph'),
  'missile-deflection': info('missile-deflection', 'missile deflection', 'combat', [2, 2], { alwaysOn: true }, 'level 2 only; immune to missile attacks'),
  'copy-power': info('copy-power', 'copy power', 'combat', [1, null], {}, 'after a close attack that did damage, copy a no-gizmo power up to this level'),
  'enhanced-vision': info('enhanced-vision', 'enhanced vision', 'miscellaneous', [1, 2], { alwaysOn: true }, 'level 1 infrared; level 2 ultraviolet, x-ray or sonar'),
  darkness: info('darkness', 'darkness', 'miscellaneous', [1, null], {}, 'stationary cloud, radius 10 x level feet; -1/level to distance attacks into it, -2/level to close attacks in it'),
  desolidify: info('desolidify', 'desolidify', 'miscellaneous', [3, 3], {}, 'level 3 only; six segments in which the hero cannot attack or be attacked'),
  shapeshift: info('shapeshift', 'shapeshift', 'miscellaneous', [1, 3], {}, 'level 1 humanoids, 2 animals/plants, 3 anything; levels 2-3 escape entangles'),
  'life-support': info('life-support', 'life support', 'miscellaneous', [1, 2], { alwaysOn: true }, 'level 1 breathes water, level 2 needs no air'),
};

/** True when a power type exists. */
export function isPowerType(x: string): x is PowerType {
  return (POWER_TYPES as readonly string[]).includes(x);
}
