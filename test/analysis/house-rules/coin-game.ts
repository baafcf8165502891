/**
 * A one-decision test game with a known answer: seat 0 wins with probability `bias`
 * (drawn from the state's seed), else seat 1; `drawChance` of the games are drawn. The
 * decision itself changes nothing, so the rule set alone decides the outcome.
 */
import { z } from 'zod';
import type { Game } from '../../../src/core/game.js';
import { Rng } from '../../../src/core/rng.js';

const schema = z
  .object({ bias: z.number().min(0).max(1).default(0.5), drawChance: z.number().min(0).max(1).default(0), nested: z.object({ steps: z.number().int().min(1).max(9).default(1) }).strict().prefault({}) })
  .strict();
type Opt = z.output<typeof schema>;
interface S {
  readonly seed: number;
  readonly opt: Opt;
  readonly result: readonly number[] | null;
}

export const coinGame: Game<S, number, S, Opt> = {
  id: 'coin',
  name: 'Biased coin',
  perfectInformation: true,
  simultaneous: false,
  optionsSchema: schema,
  optionDocs: [],
  numPlayers: () => 2,
  setup: (opt, seed) => ({ seed, opt, result: null }),
  toMove: (s) => (s.result ? [] : [0]),
  legalActions: () => [0],
  apply(s) {
    const rng = new Rng(s.seed);
    const draw = rng.float() < s.opt.drawChance;
    const win0 = rng.float() < s.opt.bias;
    return { ...s, result: draw ? [0.5, 0.5] : win0 ? [1, 0] : [0, 1] };
  },
  isTerminal: (s) => s.result !== null,
  returns: (s) => s.result ?? [0.5, 0.5],
  tags: () => ({}),
  moveCount: (s) => (s.result ? s.opt.nested.steps : 0),
  observe: (s) => s,
  determinize: (o) => o,
  actionKey: (a) => a,
  describeAction: () => 'flip',
  describeState: (s) => JSON.stringify(s.result),
};

export const resolveCoin = (id: string) => {
  if (id !== 'coin') throw new Error(`test resolver knows only "coin", not ${id}`);
  return coinGame;
};
