/**
 * Rumble's state, actions and power shapes. States are small, flat and immutable:
 * `apply` builds a new state per phase and shares everything it does not change.
 */
import type { RngState } from '../../core/rng.js';
import type { Draft, FlowFields } from '../../core/flow.js';
import type { RumbleOptions } from './options.js';
import type { PowerLibrary } from './powers/library.js';
import type { HeldPower, PowerUse } from './powers/contract.js';

export type { HeldPower, PowerUse } from './powers/contract.js';

export interface Hero {
  readonly energy: number;
  readonly alive: boolean;
  /** The player who makes this hero's decisions (a Sidekick's owner). */
  readonly controller: number;
  readonly powers: readonly HeldPower[];
  /** Attack total allocated last round (Wind Up Punch, counter-attack templates). */
  readonly lastAttack: number;
  /** Defence lost this round from Metal Tentacles (to a minimum of 0). */
  readonly defensePenalty: number;
  /** Cannot attack this round (Plastic Ooze). */
  readonly attackBanned: boolean;
  /** Unblockable damage owed at the next resolutions: [amount, rounds left] pairs (Sharp Knives). */
  readonly bleed: readonly number[];
  /** Forced attack this round from Hypnotism: [target, amount] or empty. */
  readonly forced: readonly number[];
  /** Round at whose end this hero loses (Psionic Head Exploding Rays), 0 = none. */
  readonly doomRound: number;
}

/** A hero's secret Allocation. `attack[j]` is the Attack against hero j. */
export interface Allocation {
  readonly attack: readonly number[];
  readonly defense: number;
  /** Energy kept back to assign at Reveal (Precognition only). */
  readonly reserve?: number;
  readonly uses?: readonly PowerUse[];
}

/** A hero's Reveal-phase choices (all optional). */
export interface RevealChoice {
  /** Precognition: how the reserve is split into Attack per hero and Defense. */
  readonly precog?: { readonly attack: readonly number[]; readonly defense: number };
  /** Quick Reflexes: Attack moved to Defense. */
  readonly reflex?: number;
  /** Powers used at Reveal: Drain costs and free powers. */
  readonly uses?: readonly PowerUse[];
  /** Attackers whose Attack points this hero's Defense blocks first (hero indices). */
  readonly blockOrder?: readonly number[];
  /** Exact points blocked per attacker (overrides blockOrder). */
  readonly blockAmounts?: readonly number[];
  /** Choices the text gives this hero's powers during the round (picks.ts). */
  readonly picks?: readonly PowerPick[];
}

/**
 * One choice a power's text leaves to its holder (Javalin's target, Combat Roll's and
 * Lizard DNA's attack, Disarming Strike's power, the Ray Gun's second target, Batman
 * Captions' "may"), made at Reveal once the allocations are known (picks.ts lists them).
 * Without a pick the power takes its documented default.
 */
export interface PowerPick {
  /** Index into the hero's `powers`. */
  readonly power: number;
  /** The choice: a hero index, a power index, or -1 for "no" (per power, picks.ts). */
  readonly pick: number;
  /** For a choice about one hero's powers (Disarming Strike): that hero. */
  readonly of?: number;
}

export type RumbleAction =
  | {
      readonly t: 'bid';
      /** One bid per lot of the auction (rebids: only the tied lots count). */
      readonly bids: readonly number[];
      /** Lots this bidder discards if it wins them (Kevan's "will discard" flag). */
      readonly discard?: readonly number[];
    }
  | { readonly t: 'alloc'; readonly heroes: readonly Allocation[] }
  | { readonly t: 'reveal'; readonly heroes: readonly RevealChoice[] }
  /**
   * The player's decisions after the auction (award.ts): the recipient of each Curse it
   * won (in the order of `AwardState.curses` among its own; -1 = the default), Expert
   * Training's change (per Expert Training it won; null = no change; missing = the
   * default), and which won powers it discards (indices into its hero's powers).
   */
  | { readonly t: 'award'; readonly curses?: readonly number[]; readonly expert?: readonly (ExpertChoice | null)[]; readonly discard?: readonly number[] }
  /** The only move of a player with nothing to decide in a simultaneous phase. */
  | { readonly t: 'pass' };

/** Expert Training: "halve or double a single number, in any other Power you won". */
export interface ExpertChoice {
  /** Index into the holder's powers (a power it won itself, not Expert Training). */
  readonly power: number;
  /** The number: one of that power's params. */
  readonly param: string;
  /** Double (true) or halve (false). */
  readonly double: boolean;
}

/** A Curse won whose recipient its winner chooses ("an opponent of you gets it"). */
export interface PendingCurse {
  readonly id: string;
  readonly strength: number;
  readonly winner: number;
  /** The opponents it may go to (players' heroes alive after paying), seat order. */
  readonly to: readonly number[];
}

/**
 * The step after the bids (phase 'award'): the auction is settled (payments made,
 * powers held), and the winners now make the choices the text gives them on winning.
 */
export interface AwardState {
  readonly curses: readonly PendingCurse[];
  /** Per player: indices into its hero's powers of the powers it won itself. */
  readonly won: readonly (readonly number[])[];
  /** Heroes eliminated by paying their bids (for the winner rule after the step). */
  readonly eliminated: readonly boolean[];
}

export interface AuctionState {
  /** Power ids on sale. */
  readonly lots: readonly string[];
  /** Current standing bids: bids[player * lots + lot]. */
  readonly bids: readonly number[];
  readonly discard: readonly boolean[];
  /** Lots still tied after the last bidding, and the tied players per lot. */
  readonly ties: readonly (readonly number[])[];
  readonly rebids: number;
  /** Set once the bids are settled and winners have choices to make (phase 'award'). */
  readonly award?: AwardState;
}

/** The flow's phase names (core/flow.ts: `phase` is the current phase's name; `GAME_OVER` is 'over'). */
export type Phase = 'auction' | 'award' | 'alloc' | 'reveal' | 'over';

/**
 * A Rumble state. The turn flow's fields (core/flow.ts `FlowFields`: `phase`, `round`,
 * `order`, `turn`, `current`, `stack`, `steps`) sit at the top level: a flow round is a
 * Rumble round (round 0 is the auction and the award step, then 1, 2, …; a finished game
 * keeps the round it ended in), and `steps` counts every applied joint move.
 */
export interface RumbleState extends FlowFields<Phase> {
  readonly opts: RumbleOptions;
  readonly lib: PowerLibrary;
  readonly rng: RngState;
  readonly heroes: readonly Hero[];
  readonly auction: AuctionState | null;
  /** Allocations revealed this round, waiting for Reveal choices (phase 'reveal'). */
  readonly pending: readonly (Allocation | null)[] | null;
  /** Last round's effective attacks, flat: lastAttacks[from * heroes + to]. */
  readonly lastAttacks: readonly number[];
  /** Final bids per player per lot (public by default), for tags and analysis. */
  readonly bidLog: readonly number[];
  readonly lotLog: readonly string[];
  /** Energy each player paid in the auction. */
  readonly paid: readonly number[];
  /** Powers each player held after the auction (curses with their new holder). */
  readonly held: readonly (readonly HeldPower[])[];
  readonly returns: readonly number[] | null;
  /** Why the game ended: 'last-standing', 'cap', 'alt-win', 'all-dead'. */
  readonly end: string;
}

/**
 * A fresh shallow copy of `s` to assign fields to: the flow's one copy per step
 * (`FlowSpec.copy`), and observe/determinize's. One literal with every field in one order,
 * so all states share one shape: V8 copies a spread of this 20-field object property by
 * property (about 1 µs, a twentieth of a round), and a first state built by spreading had
 * another shape (random play ran at half speed).
 */
export function copyState(s: RumbleState): Draft<RumbleState> {
  return {
    opts: s.opts,
    lib: s.lib,
    steps: s.steps,
    pending: s.pending,
    bidLog: s.bidLog,
    lotLog: s.lotLog,
    paid: s.paid,
    held: s.held,
    returns: s.returns,
    end: s.end,
    phase: s.phase,
    round: s.round,
    rng: s.rng,
    heroes: s.heroes,
    auction: s.auction,
    lastAttacks: s.lastAttacks,
    order: s.order,
    turn: s.turn,
    current: s.current,
    stack: s.stack,
  };
}

/** A power just won: no params changed, no counters (the auction and the award step, auction.ts, award.ts). */
export function hold(id: string, strength: number): HeldPower {
  return { id, strength, params: {}, uses: 0, acc: 0, fired: 0 };
}

/** A copy of hero `h` with `changes` (one literal, one shape: see `copyState`). */
export function heroWith(h: Hero, changes: Partial<Hero>): Hero {
  return {
    energy: changes.energy !== undefined ? changes.energy : h.energy,
    alive: changes.alive !== undefined ? changes.alive : h.alive,
    controller: changes.controller !== undefined ? changes.controller : h.controller,
    powers: changes.powers !== undefined ? changes.powers : h.powers,
    lastAttack: changes.lastAttack !== undefined ? changes.lastAttack : h.lastAttack,
    defensePenalty: changes.defensePenalty !== undefined ? changes.defensePenalty : h.defensePenalty,
    attackBanned: changes.attackBanned !== undefined ? changes.attackBanned : h.attackBanned,
    bleed: changes.bleed !== undefined ? changes.bleed : h.bleed,
    forced: changes.forced !== undefined ? changes.forced : h.forced,
    doomRound: changes.doomRound !== undefined ? changes.doomRound : h.doomRound,
  };
}

/** A copy of held power `p` with new counters (one literal, one shape: see `copyState`). */
export function heldWith(p: HeldPower, changes: Partial<Pick<HeldPower, 'uses' | 'acc' | 'fired'>>): HeldPower {
  return {
    id: p.id,
    strength: p.strength,
    params: p.params,
    uses: changes.uses !== undefined ? changes.uses : p.uses,
    acc: changes.acc !== undefined ? changes.acc : p.acc,
    fired: changes.fired !== undefined ? changes.fired : p.fired,
  };
}
