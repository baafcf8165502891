/**
 * The Ophidian state: flow fields, the hidden piles as zones (Arsenal, hand, Scrapheap,
 * Funeral Pyre per player) and every card in play as a per-instance entry of short arrays.
 *
 * Every physical card of the match is an *instance* (0..N-1): a player's Gladiators first,
 * then the Reinforcement, then the Arsenal. `Table` (shared by every state of a match, never
 * copied) maps an instance to its card and owner. Cards in play are public (face-down Zones
 * too: a Zone always enters face up, so everyone has seen it, 8.0), hence plain arrays; the
 * Arsenal's order and the hands are what zones hide.
 */
import type { Draft, FlowFields } from '../../core/flow.js';
import type { Zones } from '../../core/zones.js';
import type { GladiatorCard, StrategyCard } from './cards/types.js';
import type { Deck } from './construction.js';

/** Where an instance is. */
export const LOC = {
  out: 0, // not in play (Arsenal, hand, piles, Gladiator Stack)
  support: 1,
  action: 2,
  pump: 3, // under its host
  zoneUp: 4,
  zoneDown: 5,
} as const;

/** Zone numbers per player. */
export const ARSENAL = 0;
export const HAND = 1;
export const SCRAP = 2;
export const PYRE = 3;
/** Each player has four zones (Arsenal, hand, Scrapheap, Pyre), zone p·4 + k. */
export const ZONES_PER_PLAYER = 4;
export const zoneOf = (p: number, k: number): number => p * ZONES_PER_PLAYER + k;
/** The player whose zone `zone` is. */
export const zoneOwner = (zone: number): number => Math.floor(zone / ZONES_PER_PLAYER);

export interface Table {
  readonly players: number;
  readonly decks: readonly Deck[];
  /** Per instance: the card and its owner. */
  readonly card: readonly (GladiatorCard | StrategyCard)[];
  readonly owner: readonly number[];
  /** Per player: its team's Gladiator instances and its Reinforcement instance (-1 if none). */
  readonly team: readonly (readonly number[])[];
  readonly reinforcement: readonly number[];
  /** Instances with a continuous `modify` (at any Level), and with a triggered continuous ability: the only ones scanned for them. */
  readonly modders: readonly number[];
  readonly triggered: readonly number[];
}

export interface OphidianState extends FlowFields {
  readonly t: Table;
  readonly zones: Zones;
  readonly rng: number;
  /** Per instance: LOC, Wounds, Set, host (Pumps), Level index (Gladiators). */
  readonly loc: readonly number[];
  readonly wounds: readonly number[];
  readonly isSet: readonly boolean[];
  readonly host: readonly number[];
  readonly lvl: readonly number[];
  /** Per player. */
  readonly cp: readonly number[];
  readonly cheer: readonly number[];
  readonly vp: readonly number[];
  /** 1-based Wave number. */
  readonly wave: number;
  /** The player with the Flow (2.5). */
  readonly flowHolder: number;
  /** Passes in a row: every player passing in a row ends the Wave (2.6). */
  readonly passes: number;
  /** True once the current player lost the Flow in this action (ends its turn). */
  readonly lost: boolean;
  /** The player may trade a Cheer to turn the (+) action just made into a (-) (3.11). */
  readonly plusJustMade: boolean;
  /**
   * The player who received the Cheer of the Attack under way by Intercepting it (3.11 note:
   * "You can trade in cheer after receiving cheer from intercepting during an Attack"): once
   * the Attack and its event chain resolved it is asked whether to trade one Cheer in and turn
   * the Attack into a (-) (actions.ts tradeCheerWindow); -1 when none.
   */
  readonly cheerTrader: number;
  /** The Attack being declared: [attacker, target, target Unset at declaration (0/1), target Raging before the action (0/1), ADMG changes carried over a retarget (Hidden Danger)]; empty when none. */
  readonly attack: readonly number[];
  /**
   * The Attack's response chain (8.0): [defender, how (0 hit, 1 intercept, 2 protect),
   * ADMG change from responses, passes in a row, retarget asked (0/1)], and the cards used
   * in the chain (one use per card per chain).
   */
  readonly chain: readonly number[];
  readonly chainUsed: readonly number[];
  /**
   * The continuous effects used in the event chain under way (8.0 note: "A Response or
   * Continuous effect can only be used one time per card in an event chain"), as instance × 16
   * + ability index; emptied with `chainUsed`.
   */
  readonly continuousUsed: readonly number[];
  /**
   * The events of the action under way, for "After …" Responses (8.0 event chains): four
   * numbers each — event (index in EVENTS), subject, source, amount. Cleared when the
   * action and its chain end.
   */
  readonly events: readonly number[];
  /** A card play waiting for its cost modifiers (costs.ts): its action string ('' when none) and the modifiers' total. */
  readonly paying: string;
  readonly payDelta: number;
  /** Unique Quick-Hits played this Wave, as `seat:card-id` (8.0 "Unique Keyword"); emptied at the Breather. */
  readonly uniqueUsed: readonly string[];
  /** A pending effect choice: the program's remaining steps and its environment. */
  readonly pending: PendingEffect | null;
  /** Breather progress (-1 during a Wave). */
  readonly breather: number;
  /** Maneuver queue: instances still to be placed, in order (setup and Breather step 5). */
  readonly maneuver: readonly number[];
  /** Death Match rules (4.2): only Annihilation and Crowd Riot win; no Reinforcements. */
  readonly deathMatch: boolean;
  /** The repetition rule is on (repetition.ts; option `repetition: 'pass'`), and its history of this Wave's positions. */
  readonly repetition: boolean;
  /** Option `zoneLimit` (2.2): true ('per-player', the default) when the four-Zone limit counts the player's own Zones, false ('arena') when it counts every Zone in the Arena. */
  readonly zonesPerPlayer: boolean;
  /** Option `waveEnd`: true ('effects-first', the default) when Wave 4's "After a Wave ends" effects and Responses resolve before the Point Victory check, false ('victory-first') for the check first. */
  readonly pointsAfterWaveEnd: boolean;
  readonly loop: readonly number[];
  /** Winner seat, -2 for a draw, -1 while playing. */
  readonly winner: number;
  /** The seats sharing a draw (winner -2): every seat in two-player; the tied leaders or the last standing in multi-player. */
  readonly drawn: readonly number[];
  /**
   * Multi-player (7.0). Per player: still in the match (a player whose last Gladiator left
   * play is eliminated: it no longer holds the Flow, answers or is a neighbour). The pool:
   * Gladiators Destroyed by their own controller's actions whose VP nobody has earned yet
   * (7.0 rule 4; empty in two-player, where the opponent earns them at once, errata).
   */
  readonly alive: readonly boolean[];
  readonly pool: readonly number[];
  /**
   * The seat that won the d6 for the first Flow (3.1; tags.firstFlow). What else the studies
   * read — each Wave's score, the cards played — a listener gathers (listener.ts), not the state.
   */
  readonly firstFlow: number;
  readonly endReason: string;
}

/** A state being changed by one `apply` (core's draft: assign top-level fields, arrays copy-on-write). */
export type D = Draft<OphidianState>;

export interface PendingEffect {
  readonly card: number;
  readonly controller: number;
  readonly targets: readonly number[];
  readonly x: number;
  /** The neighbour named as "the opponent" (multi-player), -1 when none. */
  readonly foe: number;
  /** The event that triggered the program (null for a card played or an ability used in the Flow): the rest of it may read it. */
  readonly event: import('./cards/types.js').CardEnv['event'];
  readonly rest: readonly import('./cards/types.js').Step[];
  readonly labels: readonly string[];
  readonly branches: readonly (readonly import('./cards/types.js').Step[])[];
  readonly chooser: number;
  /** What the program's own `flow` steps decided so far (a (?) card's Flow), null when none ran yet. */
  readonly kept: boolean | null;
  /**
   * The rest of the action once the program has run to its end (8.0: a card's effects resolve
   * fully, then its "After a card is played" event and its Flow): e.g. a played card's event and
   * Flow symbol (actions.ts). Null for a program with no tail (a continuous trigger).
   */
  readonly then: ProgramTail | null;
  /** Choices reached while this one was waiting (another program's `choose`, e.g. a trigger's): asked after it, first in first out; null when none. */
  readonly next: PendingEffect | null;
}

/** The part of an action that follows its effect program, given what the program's `flow` steps decided. */
export type ProgramTail = (d: D, kept: boolean | null) => void;

/**
 * A value computed once per table (a match's fixed content) by `build`, for the per-table
 * lookups of the engine (view.ts, legal.ts, costs.ts, events.ts, evaluate.ts): kept in a
 * WeakMap, with the last table's value at hand — one table per match, and these are read on
 * hot paths, where a WeakMap lookup per call was a measurable share of random play.
 */
export function perTable<T>(build: (t: Table) => T): (t: Table) => T {
  const all = new WeakMap<Table, T>();
  let lastTable: Table | null = null;
  let last: T | undefined;
  return (t) => {
    if (t === lastTable) return last as T;
    let v = all.get(t);
    if (v === undefined) {
      v = build(t);
      all.set(t, v);
    }
    lastTable = t;
    last = v;
    return v;
  };
}

export function isGladiator(t: Table, c: number): boolean {
  return t.card[c]!.kind === 'gladiator';
}
