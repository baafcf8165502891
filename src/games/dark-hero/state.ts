/**
 * Dark Hero's state and the numbers that name its phases, suits and card statuses.
 *
 * A state is small and flat: per-hero numbers live in short arrays indexed by seat,
 * per-card statuses in one array indexed by map slot, and everything fixed for the whole
 * game (options, board, builds) sits in one shared `Setup` object. `apply` copies only
 * the arrays it changes.
 */
import type { RngState } from '../../core/rng.js';
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

/** Phases: who decides what now. */
export const PLACE = 0; // draw variant: current hero places the top card of the pile
export const SPEND = 1; // current hero spends Resources on Tactics / Hiding (action t*16+h)
export const MOVE = 2; // current hero picks the next card (action = slot)
export const CONTEST = 3; // on a Heart or Spade: 0 decline, 1 attempt, 2 attempt with an Ace
export const SHIFT = 4; // after a won contest: 0 toward Chaos, 1 no move, 2 toward Fascist
export const CLUB_ASK = 5; // `asker` may attack the current hero: 0 pass, 1 attack, 2 attack with an Ace
export const CLUB_DEFEND = 6; // attacked hero: 0 no Ace, 1 play an Ace
export const CONVERT = 7; // end of turn: action k = Aces made from k * aceCost Resources
export const VETO = 8; // end of round: `asker` may pay 1 Resource to stop the drift (0 pass, 1 pay)
export const OVER = 9;
export const PHASE_NAMES = ['place', 'spend', 'move', 'contest', 'shift', 'club-ask', 'club-defend', 'convert', 'veto', 'over'] as const;

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
}

export interface DarkHeroState {
  readonly setup: Setup;
  /** In-state random stream (dice and draws). */
  readonly rng: RngState;
  readonly phase: number;
  /** Round 0..turns-1. */
  readonly round: number;
  /** Hero whose turn it is. */
  readonly current: number;
  /** Hero asked now in CLUB_ASK and VETO. */
  readonly asker: number;
  /** The Club attacker and whether it played an Ace (CLUB_DEFEND). */
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
  /** Per slot: FACE_DOWN, a revealed suit, NEUTRAL or EMPTY. */
  readonly cards: readonly number[];
  /** Per slot: the suit under a face-down card (-1 where unknown to an observer; meaningless once revealed). */
  readonly faceDown: readonly number[];
  /** The draw pile of suits (hidden order), consumed from `pileTop`. */
  readonly pile: readonly number[];
  readonly pileTop: number;
  /** Per hero. */
  readonly resources: readonly number[];
  readonly aces: readonly number[];
  readonly pos: readonly number[];
  /** Card each hero came from on its last move (Spade failures go back there). */
  readonly prev: readonly number[];
  /** Slot of a Spade the hero tied on (may fight it again instead of moving), else -1. */
  readonly tiedSpade: readonly number[];
  /** The current hero's Tactics and Hiding bought this turn. */
  readonly tactics: number;
  readonly hiding: number;
  /** Decisions taken. */
  readonly steps: number;
  /** True for an observation: `faceDown` is masked and `pile` is the sorted unknown pool. */
  readonly masked: boolean;
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
