/**
 * Toy game: subtraction Nim. A pile of stones; players alternately take 1..maxTake;
 * whoever takes the last stone wins. Perfect information, no chance.
 *
 * Known answer: the player to move wins exactly when `stones % (maxTake + 1) !== 0`,
 * and the winning move takes that remainder (leaving a multiple of maxTake + 1).
 * Used to check that UCT finds the optimal move.
 */
import type { Game } from '../../core/game.js';
import { z } from '../../core/validate.js';

export const nimOptionsSchema = z
  .object({
    stones: z.number().int().min(1).max(1000).default(10),
    maxTake: z.number().int().min(1).max(20).default(3),
  })
  .strict();

export type NimOptions = z.infer<typeof nimOptionsSchema>;

export interface NimState {
  readonly stones: number;
  readonly maxTake: number;
  /** Seat to move (0 or 1). */
  readonly player: number;
  /** Seat that took the last stone, or -1 while the game runs. */
  readonly winner: number;
  readonly moves: number;
}

/** The number of stones to take is the action. */
export type NimAction = number;

/** The winning move from `stones`, or 0 when every move loses. */
export function nimWinningTake(stones: number, maxTake: number): number {
  return stones % (maxTake + 1);
}

export const nim: Game<NimState, NimAction, NimState, NimOptions> = {
  id: 'toy-nim',
  name: 'Subtraction Nim (toy)',
  perfectInformation: true,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'none', information: 'perfect', simultaneous: false, players: { min: 2, max: 2 } },
  optionsSchema: nimOptionsSchema,
  optionDocs: [
    { path: 'stones', default: 10, description: 'stones in the pile at the start' },
    { path: 'maxTake', default: 3, description: 'most stones a player may take in one move' },
  ],

  numPlayers: () => 2,
  setup: (options) => ({ stones: options.stones, maxTake: options.maxTake, player: 0, winner: -1, moves: 0 }),

  toMove: (s) => (s.winner >= 0 ? [] : [s.player]),
  legalActions(s) {
    const out: number[] = [];
    for (let take = 1; take <= Math.min(s.maxTake, s.stones); take++) out.push(take);
    return out;
  },
  apply(s, moves) {
    const stones = s.stones - moves[0]!;
    return { ...s, stones, player: 1 - s.player, winner: stones === 0 ? s.player : -1, moves: s.moves + 1 };
  },
  isTerminal: (s) => s.winner >= 0,
  returns: (s) => (s.winner === 0 ? [1, 0] : [0, 1]),
  tags: (s) => ({ winner: s.winner }),
  moveCount: (s) => s.moves,

  observe: (s) => s,
  determinize: (obs) => obs,

  actionKey: (a) => a,
  describeAction: (_s, player, a) => `seat ${player} takes ${a}`,
  describeState: (s) => (s.winner >= 0 ? `seat ${s.winner} took the last stone` : `${s.stones} stones, seat ${s.player} to move`),

  /** Exact: the player to move wins iff the pile is not a multiple of maxTake + 1. */
  evaluate(s) {
    const moverWins = nimWinningTake(s.stones, s.maxTake) !== 0;
    const winner = moverWins ? s.player : 1 - s.player;
    return winner === 0 ? [1, 0] : [0, 1];
  },
};
