/**
 * The two MCTS aids for multi-decision turns: a turn horizon (`turns=N`) and a prior
 * from the game's heuristic (`prior=heuristic`, progressive bias).
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import type { Node } from '../../agents/mcts/node.js';
import { Rng } from '../../src/core/rng.js';
import { nim, type NimState } from '../../src/games/toy/nim.js';
import { gladiatorDuel } from '../../src/games/gladiator-duel/index.js';
import { GladiatorDuelHeuristic } from '../../src/games/gladiator-duel/heuristic.js';

function nimCtx(stones: number, maxTake: number) {
  const state: NimState = { stones, maxTake, player: 0, winner: -1, moves: 0 };
  return { game: nim, options: { stones, maxTake }, obs: state, player: 0, legal: nim.legalActions(state, 0) };
}

/** Longest root-to-leaf path of a tree, in edges. */
function height(node: Node): number {
  if (node.children === null) return 0;
  let h = 0;
  for (const child of node.children.values()) h = Math.max(h, 1 + height(child));
  return h;
}

describe('turn horizon (turns=N)', () => {
  it('stops the tree N turns past the decider’s own; Nim has one decision per turn', () => {
    for (const turns of [0, 1, 2]) {
      const agent = createAgent(`mcts:iterations=2000,turns=${turns}`, nim, new Rng(1)) as MctsAgent;
      expect(height(agent.search(nimCtx(21, 3)))).toBe(turns + 1);
    }
    const unlimited = createAgent('mcts:iterations=2000', nim, new Rng(1)) as MctsAgent;
    expect(height(unlimited.search(nimCtx(21, 3)))).toBeGreaterThan(3);
  });

  it('scores the horizon with evaluate: exact for Nim, so turns=0 finds the winning take', () => {
    const agent = createAgent('mcts:iterations=30,turns=0', nim, new Rng(1)) as MctsAgent;
    const { actions } = agent.analyse(nimCtx(21, 3));
    expect(actions.find((a) => a.key === 1)!.mean).toBe(1);
    expect(agent.act(nimCtx(21, 3))).toBe(1);
  });
});

describe('heuristic prior (prior=heuristic)', () => {
  it('expands the heuristic’s choice first: one iteration plays it, without a prior it need not', () => {
    const game = gladiatorDuel;
    const options = game.optionsSchema.parse({});
    const heuristic = new GladiatorDuelHeuristic('heuristic');
    const withPrior = createAgent('mcts:iterations=1,prior=heuristic', game, new Rng(3));
    const without = createAgent('mcts:iterations=1', game, new Rng(3));
    const rng = new Rng(5);
    let s = game.setup(options, 11);
    let decisions = 0;
    let differs = 0;
    while (!game.isTerminal(s)) {
      const p = game.toMove(s)[0]!;
      const legal = game.legalActions(s, p);
      const ctx = { game, options, obs: s, player: p, legal };
      const h = heuristic.act(ctx) as number;
      if (legal.length > 1) {
        decisions++;
        expect(withPrior.act(ctx)).toBe(h);
        if (without.act(ctx) !== h) differs++;
      }
      s = game.apply(s, [rng.float() < 0.3 ? legal[rng.int(legal.length)] : h]);
    }
    expect(decisions).toBeGreaterThan(5);
    expect(differs).toBeGreaterThan(0);
  });
});
