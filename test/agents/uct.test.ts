/**
 * UCT on subtraction Nim, whose optimal move is known: take stones mod (maxTake + 1),
 * leaving the opponent a multiple of maxTake + 1.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import { FlatMcAgent } from '../../agents/flat-mc.js';
import { Rng } from '../../src/core/rng.js';
import { nim, nimWinningTake, type NimState } from '../../src/games/toy/nim.js';

function ctxAt(stones: number, maxTake: number, player = 0) {
  const state: NimState = { stones, maxTake, player, winner: -1, moves: 0 };
  return { game: nim, options: { stones, maxTake }, obs: state, player, legal: nim.legalActions(state, player) };
}

describe('UCT finds the winning Nim move', () => {
  const positions: [number, number][] = [
    [10, 3],
    [7, 3],
    [13, 4],
    [11, 2],
  ];
  for (const [stones, maxTake] of positions) {
    it(`${stones} stones, take up to ${maxTake}: take ${nimWinningTake(stones, maxTake)}`, () => {
      for (const player of [0, 1]) {
        for (let seed = 1; seed <= 3; seed++) {
          const agent = createAgent('mcts:iterations=3000', nim, new Rng(seed));
          expect(agent.act(ctxAt(stones, maxTake, player))).toBe(nimWinningTake(stones, maxTake));
        }
      }
    });
  }

  it('rates the winning move near 1 and the others lower', () => {
    const agent = createAgent('mcts:iterations=3000', nim, new Rng(1)) as MctsAgent;
    const { simultaneous, actions } = agent.analyse(ctxAt(10, 3));
    expect(simultaneous).toBe(false);
    const win = actions.find((a) => a.key === 2)!;
    expect(win.mean).toBeGreaterThan(0.85);
    expect(win.visits).toBeGreaterThan(actions.filter((a) => a.key !== 2).reduce((s, a) => s + a.visits, 0));
  });

  it('with rollout=evaluate the exact evaluation finds it with few iterations', () => {
    const agent = createAgent('mcts:iterations=40,rollout=evaluate', nim, new Rng(1));
    expect(agent.act(ctxAt(21, 3))).toBe(1);
  });

  it('flat Monte Carlo reports the mean random-continuation return of each move', () => {
    // Random continuations make every move a coin flip-ish bet: no mean near 0 or 1.
    const means = (createAgent('flatmc:playouts=400', nim, new Rng(1)) as FlatMcAgent).values(ctxAt(10, 3));
    expect(means).toHaveLength(3);
    for (const m of means) expect(m > 0.2 && m < 0.8).toBe(true);
  });
});
