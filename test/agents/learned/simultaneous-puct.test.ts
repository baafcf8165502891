/**
 * `sm=puct`: at a simultaneous-move node (every Rumble decision: the auction's sealed
 * bids, the Allocation) each mover follows the policy head's prior over its own
 * statistics. Under `sm=rm` the prior is never read there, which is what made a Rumble
 * net's policy head dead weight in search.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import type { MctsAgent } from '../../../agents/mcts/search.js';
import { Rng } from '../../../src/core/rng.js';
import { rumble } from '../../../src/games/rumble/index.js';
import type { RumbleAction } from '../../../src/games/rumble/types.js';
import { randomModel } from './helpers.js';

const options = rumble.optionsSchema.parse({});
const state = rumble.setup(options, 5);
const player = 0;
const legal = rumble.legalActions(state, player);
const encoder = rumble.encoder!;

/** A model whose policy puts (almost) all weight on `favoured`'s index and values every seat at 0.5. */
async function favouring(favoured: RumbleAction) {
  const index = encoder.actionIndex(favoured, state, player);
  const { dir } = await randomModel(
    rumble,
    [8],
    1,
    (arrays) => {
      arrays[2]!.fill(0);
      arrays[3]!.fill(0);
      arrays[3]![index] = 12;
      arrays[4]!.fill(0);
      arrays[5]!.fill(0);
    },
    4,
  );
  return dir;
}

function shareOf(spec: string, favoured: RumbleAction): number {
  const agent = createAgent(spec, rumble, new Rng(3)) as MctsAgent;
  const { simultaneous, actions } = agent.analyse({ game: rumble, options, obs: rumble.observe(state, player), player, legal });
  expect(simultaneous).toBe(true);
  return actions.find((a) => rumble.actionKey(a.action as RumbleAction) === rumble.actionKey(favoured))!.prob;
}

describe('decoupled PUCT at simultaneous nodes (sm=puct)', () => {
  it('spends the decider\'s visits where the policy head puts its prior; regret matching does not read it', async () => {
    expect(rumble.toMove(state).length).toBe(4); // the auction: everyone bids at once
    expect(legal.length).toBeGreaterThan(4);
    for (const favoured of [legal[1]!, legal[legal.length - 1]!]) {
      const dir = await favouring(favoured);
      const spec = `mcts:prior=net:model=${dir},iterations=200,plies=1`;
      expect(shareOf(`${spec},sm=puct`, favoured)).toBeGreaterThan(0.8);
      expect(shareOf(`${spec},sm=rm`, favoured)).toBeLessThan(0.5);
    }
  });

  it('without a net the prior is uniform: every legal bid is tried', () => {
    const agent = createAgent('mcts:iterations=200,plies=1,rollout=evaluate,sm=puct', rumble, new Rng(4)) as MctsAgent;
    const { actions } = agent.analyse({ game: rumble, options, obs: rumble.observe(state, player), player, legal });
    expect(actions.every((a) => a.visits > 0)).toBe(true);
  });
});
