import { describe, it } from 'vitest';
import { checkGameContract } from '../../core/contract.js';
import { ophidian } from '../../../src/games/ophidian/index.js';

describe('Ophidian plays whole games through the shared contract', () => {
  it('random games on deep-frozen states, resample and no-peeking (hands and Arsenal order hidden, dice re-sampled)', () => {
    checkGameContract(ophidian as never, ophidian.optionsSchema.parse({}) as object, { games: 4, chance: true, agentChecks: 1 });
  });
  it('other ready decks', () => {
    checkGameContract(ophidian as never, ophidian.optionsSchema.parse({ decks: ['war-machine', 'mind-gate'] }) as object, { games: 4, seed: 9, chance: true });
  });
});
