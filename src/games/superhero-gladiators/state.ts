/**
 * The fight's state. Static facts (built heroes, map, options, compiled power numbers)
 * live in one shared `Setup` object the state points to; what changes is small: one
 * `HeroRun` per hero, the force walls, the darkness clouds, the random stream, and the
 * turn flow's fields (src/core/flow.ts). A round of the flow is one segment: round 0
 * places the heroes, round r >= 1 is segment (r - 1) % 6 + 1 of turn floor((r - 1) / 6) + 1.
 */
import type { FlowFields } from '../../core/flow.js';
import type { ArenaMap } from './arena.js';
import type { Hero, Power } from './builder.js';
import type { ShgOptions } from './options.js';
import type { PowerNumbers } from './power-numbers.js';

export interface Setup {
  readonly options: ShgOptions;
  readonly map: ArenaMap;
  /** Every hero in the fight; hero i fights for side `side[i]` (the seat). */
  readonly heroes: readonly Hero[];
  readonly side: readonly number[];
  readonly sides: number;
  /** Start-zone cells of each side (placement 'start-zones'; empty otherwise). */
  readonly zones: readonly (readonly number[])[];
  readonly numbers: PowerNumbers;
}

export interface HeroRun {
  /** Cell, or -1 before placement. */
  readonly cell: number;
  /** Oomph left; the hero faints at 0. */
  readonly oomph: number;
  /** Uses left per power slot (Infinity for infinite); the last slot is the copied power. */
  readonly uses: readonly number[];
  /** Per slot: the last segment (round) a switched-on power is on, -1 when off. */
  readonly onUntil: readonly number[];
  /** Level of the entangle holding the hero, 0 when free. */
  readonly entangled: number;
  /** Last round the hero is desolidified, -1 when solid. */
  readonly desolidUntil: number;
  /** Bit per power slot: its gizmo was destroyed. */
  readonly lost: number;
  /** The power copied with copy power: hero and slot it came from. */
  readonly copy: { readonly from: number; readonly slot: number } | null;
}

export interface ForceWall {
  readonly cells: readonly number[];
  /** Damage it still blocks. */
  readonly hp: number;
  readonly owner: number;
}

export interface Cloud {
  readonly cells: readonly number[];
  readonly until: number;
  readonly vision: string;
  readonly distancePenalty: number;
  readonly closePenalty: number;
  readonly owner: number;
}

export interface ShgState extends FlowFields {
  readonly setup: Setup;
  readonly heroes: readonly HeroRun[];
  readonly walls: readonly ForceWall[];
  readonly clouds: readonly Cloud[];
  readonly rng: number;
  /** Heroes in placement order (lowest PER first; ties STR, SIZ, then the highest d20). */
  readonly placeOrder: readonly number[];
  /** Each hero's d20 for ties in segment order (rolled at setup). */
  readonly initiative: readonly number[];
  /** Per side: blows it landed (attacks that took Oomph off a foe hero). */
  readonly blows: readonly number[];
  /** Per side: the last round (segment) in which it landed a blow, -1 before its first. */
  readonly blowRound: readonly number[];
  /** Under the `charge` reading: the hero whose move may be followed by a strike now, else -1. */
  readonly charging: number;
  /** Bit per side: the sides with a conscious hero after the last action that left any (who shares a joint faint). */
  readonly standing: number;
  /** Returns once the game is over. */
  readonly result: readonly number[] | null;
  readonly endReason: string;
}

export type ShgAction =
  | { readonly k: 'pass' }
  | { readonly k: 'place'; readonly cell: number }
  /** Move with power slot `p` (-1 = plain movement) to cell `to`. */
  | { readonly k: 'move'; readonly p: number; readonly to: number }
  /** Attack with slot `p` (-1 = unarmed punch) hero `target`, or its gizmo of slot `gizmo` (-1 = the hero). */
  | { readonly k: 'attack'; readonly p: number; readonly target: number; readonly gizmo: number }
  /** Attack force wall `wall` with slot `p` (-1 = punch). */
  | { readonly k: 'wall'; readonly p: number; readonly wall: number }
  /** Use power slot `p` (healing, darkness, desolidify, switch on a defense, shapeshift out of an entangle, force wall toward `dir`). */
  | { readonly k: 'use'; readonly p: number; readonly dir: number }
  /** Try to escape an entangle (costs Oomph). */
  | { readonly k: 'escape' }
  /** Answer to "absorb the blocked damage?" */
  | { readonly k: 'absorb'; readonly yes: boolean }
  /** Answer to "copy a power?": the target's slot, -1 = no. */
  | { readonly k: 'copy'; readonly slot: number };

/** The power in slot `slot` of hero `h` (the last slot holds the copied power), or null. */
export function powerAt(s: ShgState, h: number, slot: number): Power | null {
  const own = s.setup.heroes[h]!.powers;
  if (slot < own.length) return own[slot]!;
  const c = s.heroes[h]!.copy;
  return c ? s.setup.heroes[c.from]!.powers[c.slot]! : null;
}

/** Segment 1..6 of a round (0 during placement). */
export function segmentOf(round: number): number {
  return round <= 0 ? 0 : ((round - 1) % 6) + 1;
}

/** Turn 1.. of a round (0 during placement). */
export function turnOf(round: number): number {
  return round <= 0 ? 0 : Math.floor((round - 1) / 6) + 1;
}
