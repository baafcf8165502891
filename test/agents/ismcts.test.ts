/**
 * Information-set MCTS on high card. Holding 2 of 4 against a hidden 1, an honest
 * player wins a showdown only 1/3 of the time and should split (1/2). A player who could
 * see the 1 would call the showdown. The agent only ever sees the observation, so it
 * must give the honest answer; the cheating variant below shows the answers differ.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import type { Game } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { highCard, showdownWinChance, type HighCardAction, type HighCardState } from '../../src/games/toy/high-card.js';

const options = { cards: 4 };

function honestCtx(state: HighCardState) {
  return { game: highCard, options, obs: highCard.observe(state, 0), player: 0, legal: highCard.legalActions(state, 0) };
}

/** The same game with every card face up: an agent here "peeks" at the true state. */
const peeking: Game<HighCardState, HighCardAction, HighCardState, { cards: number }> = {
  ...highCard,
  id: 'toy-high-card-peeking',
  perfectInformation: true,
  observe: (s) => s,
  determinize: (obs) => obs,
};

function cheatingCtx(state: HighCardState) {
  return { game: peeking, options, obs: state, player: 0, legal: peeking.legalActions(state, 0) };
}

describe('IS-MCTS plays from the observation, not the true state', () => {
  const weakVsWeaker: HighCardState = { cards: 4, hands: [2, 1], choice: null };
  const strongVsStronger: HighCardState = { cards: 4, hands: [3, 4], choice: null };

  it('holding 2 against a hidden 1: honest split, peeking showdown', () => {
    for (const seed of [1, 2, 3]) {
      expect(createAgent('mcts:iterations=600', highCard, new Rng(seed)).act(honestCtx(weakVsWeaker))).toBe('split');
      expect(createAgent('mcts:iterations=600', peeking, new Rng(seed)).act(cheatingCtx(weakVsWeaker))).toBe('showdown');
    }
  });

  it('holding 3 against a hidden 4: honest showdown, peeking split', () => {
    for (const seed of [1, 2, 3]) {
      expect(createAgent('mcts:iterations=600', highCard, new Rng(seed)).act(honestCtx(strongVsStronger))).toBe('showdown');
      expect(createAgent('mcts:iterations=600', peeking, new Rng(seed)).act(cheatingCtx(strongVsStronger))).toBe('split');
    }
  });

  it("the showdown value it estimates is the honest win chance, whatever the hidden card", () => {
    for (const hidden of [1, 3, 4]) {
      const agent = createAgent('mcts:iterations=3000,c=3', highCard, new Rng(hidden)) as MctsAgent;
      const showdown = agent.analyse(honestCtx({ cards: 4, hands: [2, hidden], choice: null })).actions.find((a) => a.key === 'showdown')!;
      expect(Math.abs(showdown.mean - showdownWinChance(2, 4))).toBeLessThan(0.06);
    }
  });

  it('flat Monte Carlo is honest too', () => {
    expect(createAgent('flatmc:playouts=300', highCard, new Rng(1)).act(honestCtx(weakVsWeaker))).toBe('split');
    expect(createAgent('flatmc:playouts=300', peeking, new Rng(1)).act(cheatingCtx(weakVsWeaker))).toBe('showdown');
  });
});
