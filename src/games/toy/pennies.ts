/**
 * Toy game: biased matching pennies. Both players show heads or tails at once. The
 * matcher (seat 0) wins when the coins match, the mismatcher (seat 1) when they differ;
 * a match on heads pays the matcher `heads`, a match on tails pays `tails` (win shares,
 * the rest goes to the mismatcher).
 *
 * Known answer: the unique equilibrium is mixed. With h = heads and t = tails, both
 * players show heads with probability t / (h + t) — 1/3 with the defaults (1 and 0.5) —
 * and the matcher's value is h·t / (h + t). Used to check that decoupled UCT and regret
 * matching converge to a mixed strategy rather than a pure one.
 */
import type { Game } from '../../core/game.js';
import { z } from '../../core/validate.js';

export const penniesOptionsSchema = z
  .object({
    heads: z.number().gt(0).max(1).default(1),
    tails: z.number().gt(0).max(1).default(0.5),
  })
  .strict();

export type PenniesOptions = z.infer<typeof penniesOptionsSchema>;

export type Coin = 'H' | 'T';

export interface PenniesState {
  readonly heads: number;
  readonly tails: number;
  /** The coins shown (seat 0, seat 1), or null before the reveal. */
  readonly shown: readonly [Coin, Coin] | null;
}

const COINS: readonly Coin[] = ['H', 'T'];

/** Probability of heads for both players at equilibrium. */
export function penniesEquilibriumHeads(options: PenniesOptions): number {
  return options.tails / (options.heads + options.tails);
}

function matcherShare(s: PenniesState): number {
  const [a, b] = s.shown!;
  if (a !== b) return 0;
  return a === 'H' ? s.heads : s.tails;
}

export const pennies: Game<PenniesState, Coin, PenniesState, PenniesOptions> = {
  id: 'toy-pennies',
  name: 'Biased matching pennies (toy)',
  perfectInformation: true,
  simultaneous: true,
  facts: { utility: 'zero-sum', chance: 'none', information: 'perfect', simultaneous: true, players: { min: 2, max: 2 } },
  optionsSchema: penniesOptionsSchema,
  optionDocs: [
    { path: 'heads', default: 1, description: "matcher's win share when both show heads" },
    { path: 'tails', default: 0.5, description: "matcher's win share when both show tails" },
  ],

  numPlayers: () => 2,
  setup: (options) => ({ heads: options.heads, tails: options.tails, shown: null }),

  toMove: (s) => (s.shown === null ? [0, 1] : []),
  legalActions: () => COINS,
  apply: (s, moves) => ({ ...s, shown: [moves[0]!, moves[1]!] }),
  isTerminal: (s) => s.shown !== null,
  returns(s) {
    const m = matcherShare(s);
    return [m, 1 - m];
  },
  tags: (s) => ({ shown: s.shown ? s.shown.join('') : null }),
  moveCount: (s) => (s.shown === null ? 0 : 2),

  // Moves are simultaneous, so nothing is hidden in any state a player decides in.
  observe: (s) => s,
  determinize: (obs) => obs,

  actionKey: (a) => a,
  describeAction: (_s, player, a) => `seat ${player} shows ${a === 'H' ? 'heads' : 'tails'}`,
  describeState: (s) => (s.shown === null ? 'coins not shown yet' : `coins ${s.shown.join(' vs ')}`),
};
