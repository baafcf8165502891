/**
 * Toy game: high card. Cards 1..cards are shuffled and one is dealt face down to each
 * of two players. The challenger (seat 0) sees only its own card and chooses:
 * `showdown` (higher card takes the whole win) or `split` (a draw, half each).
 *
 * Known answer: an honest challenger holding card k wins a showdown with probability
 * (k − 1) / (cards − 1), so it calls a showdown only when that beats 1/2. A cheater who
 * peeks at the other card would choose differently — e.g. holding 2 of 4 against a 1
 * the honest answer is `split` (1/3 < 1/2) while the peeking answer is `showdown`.
 * Used to check that information-set MCTS plays honestly from the observation.
 */
import type { Game } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { Dice } from '../../core/dice.js';
import { z } from '../../core/validate.js';

export const highCardOptionsSchema = z
  .object({
    cards: z.number().int().min(3).max(52).default(4),
  })
  .strict();

export type HighCardOptions = z.infer<typeof highCardOptionsSchema>;

export type HighCardAction = 'showdown' | 'split';

export interface HighCardState {
  readonly cards: number;
  /** Card of seat 0 and seat 1. */
  readonly hands: readonly [number, number];
  readonly choice: HighCardAction | null;
}

/** A player's view: the other hand is null until the game is over. */
export interface HighCardObservation {
  readonly cards: number;
  readonly hands: readonly [number | null, number | null];
  readonly choice: HighCardAction | null;
}

const ACTIONS: readonly HighCardAction[] = ['showdown', 'split'];

/** Win probability of an honest showdown holding `card`. */
export function showdownWinChance(card: number, cards: number): number {
  return (card - 1) / (cards - 1);
}

export const highCard: Game<HighCardState, HighCardAction, HighCardObservation, HighCardOptions> = {
  id: 'toy-high-card',
  name: 'High card (toy)',
  perfectInformation: false,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'sampled', information: 'imperfect', simultaneous: false, players: { min: 2, max: 2 } },
  optionsSchema: highCardOptionsSchema,
  optionDocs: [{ path: 'cards', default: 4, description: 'cards in the deck, numbered 1..cards' }],

  numPlayers: () => 2,
  setup(options, seed) {
    const deck = new Dice(seed).shuffled(Array.from({ length: options.cards }, (_, i) => i + 1));
    return { cards: options.cards, hands: [deck[0]!, deck[1]!], choice: null };
  },

  toMove: (s) => (s.choice === null ? [0] : []),
  legalActions: () => ACTIONS,
  apply: (s, moves) => ({ ...s, choice: moves[0]! }),
  isTerminal: (s) => s.choice !== null,
  returns(s) {
    if (s.choice === 'split') return [0.5, 0.5];
    return s.hands[0] > s.hands[1] ? [1, 0] : [0, 1];
  },
  tags: (s) => ({ choice: s.choice, card0: s.hands[0], card1: s.hands[1] }),
  moveCount: (s) => (s.choice === null ? 0 : 1),

  observe(s, player) {
    if (s.choice !== null) return s; // cards are revealed at the end
    return { cards: s.cards, hands: player === 0 ? [s.hands[0], null] : [null, s.hands[1]], choice: s.choice };
  },
  /** The hidden card is uniform among the cards this player does not hold. */
  determinize(obs, _player, rng: Rng) {
    const [a, b] = obs.hands;
    if (a !== null && b !== null) return { cards: obs.cards, hands: [a, b], choice: obs.choice };
    const known = (a ?? b)!;
    let other = 1 + rng.int(obs.cards - 1);
    if (other >= known) other++;
    return { cards: obs.cards, hands: a === null ? [other, known] : [known, other], choice: obs.choice };
  },

  actionKey: (a) => a,
  describeAction: (_s, player, a) => `seat ${player} calls ${a}`,
  describeState: (s) => `cards ${s.hands[0]} vs ${s.hands[1]}${s.choice ? `, ${s.choice}` : ''}`,
};
