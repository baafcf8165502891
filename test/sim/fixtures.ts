/**
 * Test-only games for the runner. `race`: each player in turn moves 1 or 2 steps plus a
 * d3; the first to reach the target wins (dice live in the state). `fragile` is the same
 * race whose engine throws on some seeds, to check failed games are recorded.
 */
import { z } from 'zod';
import { Dice } from '../../src/core/dice.js';
import type { Game } from '../../src/core/game.js';
import type { RngState } from '../../src/core/rng.js';

export interface RaceState {
  readonly pos: readonly number[];
  readonly turn: number;
  readonly moves: number;
  readonly rng: RngState;
  readonly target: number;
  readonly winner: number;
}

const optionsSchema = z.object({ players: z.number().int().min(2).max(4).default(2), target: z.number().int().min(3).default(15) }).strict();
type RaceOptions = z.infer<typeof optionsSchema>;

export const race: Game<RaceState, number, RaceState, RaceOptions> = {
  id: 'test-race',
  name: 'Test race',
  perfectInformation: true,
  simultaneous: false,
  optionsSchema,
  optionDocs: [
    { path: 'players', default: 2, description: 'number of players' },
    { path: 'target', default: 15, description: 'square to reach' },
  ],
  numPlayers: (o) => o.players,
  setup: (o, seed) => ({ pos: new Array<number>(o.players).fill(0), turn: 0, moves: 0, rng: seed, target: o.target, winner: -1 }),
  toMove: (s) => (s.winner >= 0 ? [] : [s.turn]),
  legalActions: () => [1, 2],
  apply(s, moves) {
    const dice = new Dice(s.rng);
    const pos = s.pos.slice();
    pos[s.turn] = pos[s.turn]! + moves[0]! + dice.d(3);
    const winner = pos[s.turn]! >= s.target ? s.turn : -1;
    return { ...s, pos, turn: (s.turn + 1) % pos.length, moves: s.moves + 1, rng: dice.state, winner };
  },
  isTerminal: (s) => s.winner >= 0,
  returns: (s) => s.pos.map((_, p) => (p === s.winner ? 1 : 0)),
  tags: (s) => ({ winner: s.winner }),
  moveCount: (s) => s.moves,
  observe: (s) => s,
  determinize: (o) => o,
  actionKey: (a) => a,
  describeAction: (_s, p, a) => `player ${p} steps ${a}`,
  describeState: (s) => `positions ${s.pos.join(' ')}`,
};

type FragileState = RaceState & { readonly seed: number };

/** Throws on its fourth move whenever the game's seed is a multiple of 5. */
export const fragile: Game<FragileState, number, FragileState, RaceOptions> = {
  ...(race as unknown as Game<FragileState, number, FragileState, RaceOptions>),
  id: 'test-fragile',
  setup: (o, seed) => ({ ...race.setup(o, seed), seed }),
  apply(s, moves) {
    if (s.moves === 3 && s.seed % 5 === 0) throw new Error('engine exploded');
    return { ...race.apply(s, moves), seed: s.seed };
  },
};

export const testGames = (id: string) => {
  if (id === race.id) return race;
  if (id === fragile.id) return fragile;
  throw new Error(`no test game ${id}`);
};
