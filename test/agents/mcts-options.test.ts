/**
 * The MCTS options for multi-player and simultaneous play: `backup=paranoid` (the
 * others as a coalition against the decider), `final` (how the move at a
 * simultaneous-move root is picked), `opponents=heuristic` (the others follow a
 * model instead of being searched) with `draws`, and the depth limit `plies`.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import { Rng } from '../../src/core/rng.js';
import { UserError } from '../../src/core/errors.js';
import { kingmaker, type KingmakerState } from '../../src/games/toy/kingmaker.js';
import { pennies, type PenniesOptions } from '../../src/games/toy/pennies.js';
import type { Node } from '../../agents/mcts/node.js';
import { rumble, rumbleOptions } from '../../src/games/rumble/index.js';

function kingmakerCtx(state: KingmakerState) {
  const player = kingmaker.toMove(state)[0]!;
  return { game: kingmaker, options: {}, obs: state, player, legal: kingmaker.legalActions(state, player) };
}

function penniesCtx(options: PenniesOptions, player: number) {
  const s = pennies.setup(options, 1);
  return { game: pennies, options, obs: pennies.observe(s, player), player, legal: pennies.legalActions(s, player) };
}

describe('mcts backup, final and opponents options', () => {
  it('backup=paranoid opens B on kingmaker (the others minimise seat 0: B keeps 0.4, A gives 0), max^n opens A', () => {
    for (const seed of [1, 2, 3]) {
      expect(createAgent('mcts:iterations=500,backup=paranoid', kingmaker, new Rng(seed)).act(kingmakerCtx({ path: '' }))).toBe('B');
      expect(createAgent('mcts:iterations=500', kingmaker, new Rng(seed)).act(kingmakerCtx({ path: '' }))).toBe('A');
    }
    const agent = createAgent('mcts:iterations=2000,backup=paranoid', kingmaker, new Rng(1)) as MctsAgent;
    const b = agent.analyse(kingmakerCtx({ path: '' })).actions.find((x) => x.key === 'B')!;
    expect(b.mean).toBeGreaterThan(0.35);
    expect(b.mean).toBeLessThan(0.5);
  });

  it("the root's value estimate under backup=paranoid is the decider's only (the others' 1 − mine is no estimate of theirs)", () => {
    const ctx = kingmakerCtx({ path: '' });
    const paranoid = (createAgent('mcts:iterations=200,backup=paranoid', kingmaker, new Rng(1)) as MctsAgent).analyse(ctx).values;
    const maxn = (createAgent('mcts:iterations=200', kingmaker, new Rng(1)) as MctsAgent).analyse(ctx).values;
    paranoid.forEach((v, seat) => expect(Number.isNaN(v)).toBe(seat !== ctx.player));
    expect(maxn.every(Number.isFinite)).toBe(true);
  });

  it('final=most plays the most played move at a simultaneous root, final=mean the best-scoring one; sample mixes', () => {
    // Biased pennies, equilibrium heads 1/3: seat 0's most played move is tails.
    const options = { heads: 1, tails: 0.5 };
    for (let seed = 1; seed <= 5; seed++) expect(createAgent('mcts:iterations=2000,final=most', pennies, new Rng(seed)).act(penniesCtx(options, 0))).toBe('T');
    // At the equilibrium both moves score alike, so mean picks whichever the search rated higher.
    for (let seed = 1; seed <= 5; seed++) {
      const spec = 'mcts:iterations=500,final=mean';
      const { actions } = (createAgent(spec, pennies, new Rng(seed)) as MctsAgent).analyse(penniesCtx(options, 0));
      const best = actions.reduce((a, b) => (b.mean > a.mean ? b : a));
      expect(createAgent(spec, pennies, new Rng(seed)).act(penniesCtx(options, 0))).toBe(best.action);
    }
    const sampled = new Set<unknown>();
    const agent = createAgent('mcts:iterations=300', pennies, new Rng(7));
    for (let i = 0; i < 40; i++) sampled.add(agent.act(penniesCtx(options, 0)));
    expect(sampled.size).toBe(2);
  });

  it('opponents=heuristic asks the game heuristic for the other seats (legal, deterministic) and is rejected without one', () => {
    const s = rumble.setup(rumbleOptions({}), 4);
    const ctx = { game: rumble as never, options: s.opts, obs: rumble.observe(s, 0) as never, player: 0, legal: rumble.legalActions(s, 0) as never[] };
    const spec = 'mcts:iterations=30,rollout=evaluate,opponents=heuristic,final=mean';
    const a = createAgent(spec, rumble as never, new Rng(3)).act(ctx);
    expect(createAgent(spec, rumble as never, new Rng(3)).act(ctx)).toEqual(a);
    expect(ctx.legal.map((x) => rumble.actionKey(x))).toContain(rumble.actionKey(a as never));
    expect(() => createAgent('mcts:opponents=heuristic', kingmaker, new Rng(1))).toThrow(UserError);
    expect(() => createAgent('mcts:final=best', kingmaker, new Rng(1))).toThrow(/final/);
    expect(() => createAgent('mcts:backup=minimax', kingmaker, new Rng(1))).toThrow(/backup/);
  });

  it('plies=N stops the tree N moves below the root (deeper states are scored, not expanded)', () => {
    const depthOf = (n: Node): number => (n.children === null ? 0 : 1 + Math.max(...[...n.children.values()].map(depthOf)));
    const s = rumble.setup(rumbleOptions({ auction: { perHero: 0 } }), 4);
    const ctx = { game: rumble as never, options: s.opts, obs: rumble.observe(s, 0) as never, player: 0, legal: rumble.legalActions(s, 0) as never[] };
    for (const plies of [1, 2]) {
      const root = (createAgent(`mcts:iterations=300,rollout=evaluate,plies=${plies}`, rumble as never, new Rng(2)) as MctsAgent).search(ctx);
      expect(depthOf(root)).toBe(plies);
      expect(root.visits).toBe(300);
    }
    // Without the limit the same budget grows past two plies (depth 4 here). A round, not the auction: since evaluate prices a power at its whole prior until round 1 resolves, a 300-iteration tree over the opening bids stays two plies deep.
    const free = (createAgent('mcts:iterations=300,rollout=evaluate', rumble as never, new Rng(2)) as MctsAgent).search(ctx);
    expect(depthOf(free), 'free tree depth').toBeGreaterThan(2);
    expect(() => createAgent('mcts:plies=0', rumble as never, new Rng(1))).toThrow(/plies/);
    // A game without evaluate cannot score a cut tree.
    expect(() => createAgent('mcts:plies=2', kingmaker, new Rng(1))).toThrow(/evaluate/);
  });

  it('draws=K keeps K answers of the opponent model per node and seat, and plays each of them', () => {
    const s = rumble.setup(rumbleOptions({ auction: { perHero: 0 } }), 6);
    const ctx = { game: rumble as never, options: s.opts, obs: rumble.observe(s, 0) as never, player: 0, legal: rumble.legalActions(s, 0) as never[] };
    const spec = (k: number) => `mcts:iterations=40,rollout=evaluate,opponents=heuristic,plies=1,draws=${k}`;
    for (const k of [1, 4]) {
      const root = (createAgent(spec(k), rumble as never, new Rng(5)) as MctsAgent).search(ctx);
      for (const seat of [1, 2, 3]) expect(root.modelKeys![seat]!.length).toBe(k);
      expect(root.modelKeys![0]).toBeUndefined();
    }
    // The heuristic's guesses are random, so four answers of one seat are not all alike.
    const root = (createAgent(spec(4), rumble as never, new Rng(5)) as MctsAgent).search(ctx);
    const distinct = new Set([1, 2, 3].flatMap((seat) => root.modelKeys![seat]!));
    expect(distinct.size).toBeGreaterThan(1);
    expect(() => createAgent('mcts:draws=0', rumble as never, new Rng(1))).toThrow(/draws/);
  });
});
