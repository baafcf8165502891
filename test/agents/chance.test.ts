/**
 * Chance and search: the next die roll is part of the state's random stream, so a game
 * whose `determinize` hands the stream back unchanged lets a search agent read the
 * future. Here a bet wins on a roll of 5–6 (1/3) and passing is a draw (1/2): the honest
 * answer is to pass; with the stream leaked, MCTS bets exactly when the roll will win.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import type { Game } from '../../src/core/game.js';
import { Dice } from '../../src/core/dice.js';
import { Rng, rngU32 } from '../../src/core/rng.js';
import { z } from '../../src/core/validate.js';

interface BetState {
  readonly rng: number;
  /** 0 before the decision, then the roll (bet) or -1 (pass). */
  readonly outcome: number;
}

const diceBet: Game<BetState, 'bet' | 'pass', BetState, object> = {
  id: 'dice-bet',
  name: 'dice bet',
  perfectInformation: true,
  simultaneous: false,
  optionsSchema: z.object({}),
  optionDocs: [],
  numPlayers: () => 2,
  setup: (_o, seed) => ({ rng: seed, outcome: 0 }),
  toMove: (s) => (s.outcome === 0 ? [0] : []),
  legalActions: () => ['bet', 'pass'],
  apply(s, [action]) {
    if (action === 'pass') return { rng: s.rng, outcome: -1 };
    const dice = new Dice(s.rng);
    const roll = dice.d(6);
    return { rng: dice.state, outcome: roll };
  },
  isTerminal: (s) => s.outcome !== 0,
  returns: (s) => (s.outcome === -1 ? [0.5, 0.5] : s.outcome >= 5 ? [1, 0] : [0, 1]),
  tags: () => ({}),
  moveCount: (s) => (s.outcome === 0 ? 0 : 1),
  observe: (s) => s,
  determinize: (obs, _p, rng) => ({ ...obs, rng: rng.u32() | 0 }),
  actionKey: (a) => a,
  describeAction: (_s, _p, a) => a,
  describeState: (s) => String(s.outcome),
};

const leaky: typeof diceBet = { ...diceBet, determinize: (obs) => obs };

/** A stream state whose next d6 is `face`. */
function streamRolling(face: number): number {
  for (let s = 1; ; s++) if (1 + Math.floor((rngU32(s) / 4294967296) * 6) === face) return s;
}

describe('chance is re-sampled, not read', () => {
  for (const face of [6, 2]) {
    const state: BetState = { rng: streamRolling(face), outcome: 0 };
    const ctx = (game: typeof diceBet) => ({ game, options: {}, obs: state, player: 0, legal: game.legalActions(state, 0) });

    it(`next roll ${face}: honest search passes; with the stream leaked it ${face >= 5 ? 'bets' : 'passes'}`, () => {
      for (const spec of ['mcts:iterations=500', 'flatmc:playouts=200']) {
        expect(createAgent(spec, diceBet, new Rng(1)).act(ctx(diceBet))).toBe('pass');
        expect(createAgent(spec, leaky, new Rng(1)).act(ctx(leaky))).toBe(face >= 5 ? 'bet' : 'pass');
      }
    });
  }
});
