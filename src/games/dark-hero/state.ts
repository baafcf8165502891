/**
 * Dark Hero's state and the numbers that name its phases, suits and card statuses.
 *
 * A state is small and flat: per-hero numbers live in short arrays indexed by seat,
 * per-card statuses in one array indexed by map slot, and everything fixed for the whole
 * game (options, board, builds) sits in one shared `Setup` object. `apply` copies only
 * the arrays it changes.
 */
import type { RngState } from '../../core/rng.js';
import type { FlowFields } from '../../core/flow.js';
import type { Zones } from '../../core/zones.js';
import type { Board } from './map.js';
import type { DarkHeroOptions } from './options.js';

/** Suits, numbered so that a face-down card's suit is also its revealed status. */
export const HEART = 1;
export const SPADE = 2;
export const DIAMOND = 3;
export const CLUB = 4;
export const SUIT_NAMES = ['', 'Heart', 'Spade', 'Diamond', 'Club'] as const;

/** Card statuses per slot: face down, a revealed suit (1–4), Neutral, or no card yet. */
export const FACE_DOWN = 0;
export const NEUTRAL = 5;
export const EMPTY = -1;

/** The Society Meter. */
export const CHAOS = 1;
export const DANGEROUS = 2;
export const FREE = 3;
export const IDEAL = 4;
export const SAFE = 5;
export const STIFLING = 6;
export const FASCIST = 7;
export const METER_NAMES = ['', 'Chaos', 'Dangerous', 'Free', 'Ideal', 'Safe', 'Stifling', 'Fascist'] as const;

/**
 * Decision kinds: who decides what now. PLACE…SHIFT and CONVERT are phases of a hero's
 * turn (flow phases, rules.ts); CLUB_ASK, CLUB_DEFEND and VETO are response windows on the
 * decision stack. `decisionOf(state)` (rules.ts) gives the kind of a state.
 */
export const PLACE = 0; // draw variant: current hero places the top card of the pile
export const SPEND = 1; // current hero spends Resources on Tactics / Hiding (action spendCode(t, h))
export const MOVE = 2; // current hero picks the next card (action = slot)
export const CONTEST = 3; // on a Heart or Spade: 0 decline, 1 attempt, 2 attempt with an Ace (again on a tied Spade: 1 or 2 only)
export const SHIFT = 4; // after a won contest: 0 toward Chaos, 1 no move, 2 toward Fascist
export const CLUB_ASK = 5; // an opponent may attack the current hero: 0 pass, 1 attack, 2 attack with an Ace
export const CLUB_DEFEND = 6; // attacked hero: 0 no Ace, 1 play an Ace
export const CONVERT = 7; // end of turn: action k = Aces made from k * aceCost Resources
export const VETO = 8; // end of round: the asked hero may pay 1 Resource to stop the drift (0 pass, 1 pay)
export const OVER = 9;
export const PHASE_NAMES = ['place', 'spend', 'move', 'contest', 'shift', 'club-ask', 'club-defend', 'convert', 'veto', 'over'] as const;

/** Zones (src/core/zones.ts): the map's cards by slot, the draw pile (top = last), drawn cards. */
export const MAP = 0;
export const PILE = 1;
export const DRAWN = 2;

/** A Tactics/Hiding purchase as one action number, and back. */
export const spendCode = (tactics: number, hiding: number): number => tactics * 64 + hiding;
export const tacticsOf = (code: number): number => code >> 6;
export const hidingOf = (code: number): number => code & 63;

/** Everything fixed for one game, shared by all its states. */
export interface Setup {
  readonly options: DarkHeroOptions;
  readonly board: Board;
  readonly players: number;
  /** The full deck of suits (as many 52-card decks as the map and draws need), in order. */
  readonly deck: readonly number[];
  /** Meter position each hero wants: 3 (Free) or 5 (Safe). */
  readonly target: readonly number[];
  readonly fighting: readonly number[];
  readonly infiltrating: readonly number[];
  /** Per hero, the other heroes from its left (the Club window's askers); `[hero]` alone; all seats in order. */
  readonly others: readonly (readonly number[])[];
  readonly seat: readonly (readonly number[])[];
  readonly seats: readonly number[];
  /** The seed-independent parts of the first state (shared by every game of this setup). */
  readonly start: {
    readonly cards: readonly number[];
    readonly mapKnown: readonly number[];
    readonly emptyMap: readonly number[];
    /** Slots dealt a card at setup (every slot; in the draw variant the start cards). */
    readonly dealt: readonly number[];
    readonly pileKnown: readonly number[];
    readonly resourcesSafeUnderdog: readonly number[];
    readonly resourcesFreeUnderdog: readonly number[];
    readonly aces: readonly number[];
    readonly starts: readonly number[];
    readonly noTies: readonly number[];
  };
}

/**
 * The state: the flow's fields (phase, round, turn order, current hero, open windows,
 * steps) plus Dark Hero's own.
 */
export interface DarkHeroState extends FlowFields {
  readonly setup: Setup;
  /** In-state random stream (dice and draws). */
  readonly rng: RngState;
  /** The Club attacker and whether it played an Ace (while the attacked hero decides), else -1. */
  readonly attacker: number;
  readonly attackerAce: boolean;
  /** Society Meter 1..7 and the position its Bent points to. */
  readonly meter: number;
  readonly bent: number;
  /** The d4 roll that set the first Bent, and the meter at the start (tags). */
  readonly bentRoll: number;
  readonly startMeter: number;
  /** Pending end-of-round move (-1, 0, +1) while heroes may veto it. */
  readonly drift: number;
  /** Per slot: FACE_DOWN, a revealed suit, NEUTRAL or EMPTY (what lies face up; the suits are in `zones`). */
  readonly cards: readonly number[];
  /** The cards: MAP (the suit under each slot), PILE (draw pile), DRAWN (drawn face up), with who knows each. */
  readonly zones: Zones;
  /** Per hero. */
  readonly resources: readonly number[];
  readonly aces: readonly number[];
  readonly pos: readonly number[];
  /** Card each hero came from onto its last Spade (a lost fight sends it back there). */
  readonly prev: readonly number[];
  /** Slot of a Spade the hero tied on (may fight it again instead of moving), else -1. */
  readonly tiedSpade: readonly number[];
  /** The current hero's Tactics and Hiding bought this turn. */
  readonly tactics: number;
  readonly hiding: number;
}

/** Meter position after one step of `dir` toward the goal of a drawn suit. */
export function suitDirection(suit: number, meter: number): number {
  switch (suit) {
    case HEART:
      return -1; // toward Chaos
    case SPADE:
      return 1; // toward Fascist
    case DIAMOND:
      return Math.sign(FREE - meter);
    default:
      return Math.sign(SAFE - meter);
  }
}
