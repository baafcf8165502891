/**
 * Toy game: kingmaker, three players sharing a prize. Seat 0 opens A or B; after A,
 * seat 1 picks how the prize is shared, after B seat 2 does:
 *
 *   A → seat 1:  x = [0.6, 0.4, 0.0]   y = [0.0, 0.0, 1.0]
 *   B → seat 2:  x = [0.4, 0.0, 0.6]   y = [0.5, 0.5, 0.0]
 *
 * Known answer (max^n, each seat maximising its own share): seat 1 plays x (0.4 > 0),
 * seat 2 plays x (0.6 > 0), so seat 0 opens A (0.6 > 0.4). A "paranoid" two-sided view
 * in which the others minimise seat 0's share would open B instead (0.4 > 0), and so
 * would flat Monte Carlo, whose random continuations rate A at 0.3 and B at 0.45. Used
 * to check that MCTS backs up the whole return vector.
 */
import type { Game } from '../../core/game.js';
import { z } from '../../core/validate.js';

export const kingmakerOptionsSchema = z.object({}).strict();
export type KingmakerOptions = z.infer<typeof kingmakerOptionsSchema>;

export type KingmakerAction = 'A' | 'B' | 'x' | 'y';

export interface KingmakerState {
  /** Actions so far: '', 'A', 'B', then 'Ax', 'Ay', 'Bx', 'By' (terminal). */
  readonly path: string;
}

/** The prize shares at each leaf (content as data). */
export const KINGMAKER_LEAVES: Readonly<Record<string, readonly [number, number, number]>> = {
  Ax: [0.6, 0.4, 0],
  Ay: [0, 0, 1],
  Bx: [0.4, 0, 0.6],
  By: [0.5, 0.5, 0],
};

const OPENINGS: readonly KingmakerAction[] = ['A', 'B'];
const SHARES: readonly KingmakerAction[] = ['x', 'y'];

export const kingmaker: Game<KingmakerState, KingmakerAction, KingmakerState, KingmakerOptions> = {
  id: 'toy-kingmaker',
  name: 'Kingmaker (toy, 3 players)',
  perfectInformation: true,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'none', information: 'perfect', simultaneous: false, players: { min: 3, max: 3 } },
  optionsSchema: kingmakerOptionsSchema,
  optionDocs: [],

  numPlayers: () => 3,
  setup: () => ({ path: '' }),

  toMove(s) {
    if (s.path === '') return [0];
    if (s.path.length === 1) return s.path === 'A' ? [1] : [2];
    return [];
  },
  legalActions: (s) => (s.path === '' ? OPENINGS : SHARES),
  apply: (s, moves) => ({ path: s.path + moves[0]! }),
  isTerminal: (s) => s.path.length === 2,
  returns: (s) => KINGMAKER_LEAVES[s.path]!,
  tags: (s) => ({ path: s.path }),
  moveCount: (s) => s.path.length,

  observe: (s) => s,
  determinize: (obs) => obs,

  actionKey: (a) => a,
  describeAction: (_s, player, a) => `seat ${player} plays ${a}`,
  describeState: (s) => (s.path.length === 2 ? `shares ${KINGMAKER_LEAVES[s.path]!.join(' / ')}` : `path "${s.path}"`),
};
