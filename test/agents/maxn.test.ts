/**
 * max^n backups on kingmaker (three players). Each seat maximises its own share: seat 1
 * and seat 2 both play x, so seat 0 opens A (0.6 against 0.4). A paranoid view, where
 * the others minimise seat 0's share, or random continuations (flat Monte Carlo) would
 * open B.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import { Rng } from '../../src/core/rng.js';
import { KINGMAKER_LEAVES, kingmaker, type KingmakerState } from '../../src/games/toy/kingmaker.js';

function ctxAt(state: KingmakerState) {
  const player = kingmaker.toMove(state)[0]!;
  return { game: kingmaker, options: {}, obs: state, player, legal: kingmaker.legalActions(state, player) };
}

/** Seat 0's value of an opening if the next mover picks `pick` among its leaves. */
function openingValue(opening: 'A' | 'B', pick: (leaves: (readonly number[])[], mover: number) => readonly number[]): number {
  const mover = opening === 'A' ? 1 : 2;
  return pick([KINGMAKER_LEAVES[opening + 'x']!, KINGMAKER_LEAVES[opening + 'y']!], mover)[0]!;
}

describe('max^n on a three-player game', () => {
  it('the known answers: max^n opens A, paranoid opens B', () => {
    const maxn = (leaves: (readonly number[])[], mover: number) => (leaves[0]![mover]! >= leaves[1]![mover]! ? leaves[0]! : leaves[1]!);
    const paranoid = (leaves: (readonly number[])[]) => (leaves[0]![0]! <= leaves[1]![0]! ? leaves[0]! : leaves[1]!);
    expect(openingValue('A', maxn)).toBeGreaterThan(openingValue('B', maxn));
    expect(openingValue('B', paranoid)).toBeGreaterThan(openingValue('A', paranoid));
  });

  it('each later seat maximises its own share', () => {
    for (const seed of [1, 2, 3]) {
      expect(createAgent('mcts:iterations=200', kingmaker, new Rng(seed)).act(ctxAt({ path: 'A' }))).toBe('x');
      expect(createAgent('mcts:iterations=200', kingmaker, new Rng(seed)).act(ctxAt({ path: 'B' }))).toBe('x');
    }
  });

  it('seat 0 opens A, and its value estimate approaches the max^n value 0.6', () => {
    for (const seed of [1, 2, 3]) {
      expect(createAgent('mcts:iterations=500', kingmaker, new Rng(seed)).act(ctxAt({ path: '' }))).toBe('A');
    }
    const agent = createAgent('mcts:iterations=4000', kingmaker, new Rng(1)) as MctsAgent;
    const a = agent.analyse(ctxAt({ path: '' })).actions.find((x) => x.key === 'A')!;
    expect(a.mean).toBeGreaterThan(0.5);
  });

  it('flat Monte Carlo, with random continuations, opens B instead', () => {
    expect(createAgent('flatmc:playouts=400', kingmaker, new Rng(1)).act(ctxAt({ path: '' }))).toBe('B');
  });
});
