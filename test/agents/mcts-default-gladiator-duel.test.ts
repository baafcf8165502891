/**
 * "Strong by default": a bare `mcts` on gladiator-duel runs the strongest settings measured
 * for it (agents/README.md), and nowhere else changes what `mcts` means.
 */
import { describe, expect, it } from 'vitest';
import { TUNED_MCTS, checkAgentSpec, createAgent } from '../../agents/index.js';
import type { Agent } from '../../src/core/agent.js';
import type { MctsAgent } from '../../agents/mcts/search.js';
import { Rng } from '../../src/core/rng.js';
import { getGame } from '../../src/games/index.js';
import { nim } from '../../src/games/toy/index.js';

const duel = getGame('gladiator-duel');
const TUNED = 'mcts:iterations=300,c=0.2,rollout=evaluate,turns=0,prior=heuristic,bias=2';

/** The search settings an MCTS agent was built with, its evaluators by their descriptions. */
const configOf = (agent: Agent): Record<string, unknown> => {
  const { leaves, guide, opponentAgent, ...rest } = (agent as MctsAgent).config;
  return { ...rest, leaves: leaves.about, prior: guide === undefined ? false : `${guide.rule} ${guide.prior.about}`, opponents: opponentAgent !== undefined };
};

describe('bare mcts resolves per game', () => {
  it('on gladiator-duel, bare mcts is the tuned spec', () => {
    expect(TUNED_MCTS['gladiator-duel']).toBeDefined();
    const bare = configOf(createAgent('mcts', duel, new Rng(1)));
    expect(bare).toEqual(configOf(createAgent(TUNED, duel, new Rng(1))));
    expect(bare).toMatchObject({ iterations: 300, c: 0.2, turns: 0, bias: 2, leaves: 'rollout depth=0 random', prior: 'bias heuristic prior' });
  });

  it('and plays the same moves as the tuned spec from the same seed', () => {
    const options = duel.optionsSchema.parse({});
    let s = duel.setup(options, 11);
    const bare = createAgent('mcts', duel, new Rng(5));
    const tuned = createAgent(TUNED, duel, new Rng(5));
    for (let i = 0; i < 6 && !duel.isTerminal(s); i++) {
      const ctx = { game: duel, options, obs: duel.observe(s, s.current), player: s.current, legal: duel.legalActions(s, s.current) };
      const a = bare.act(ctx);
      expect(tuned.act(ctx)).toBe(a);
      s = duel.apply(s, [a]);
    }
  });

  it('on superhero-gladiators, bare mcts is its tuned spec (decider-only tree, two plies, evaluate leaves)', () => {
    const shg = getGame('superhero-gladiators');
    const spec = 'mcts:iterations=800,rollout=evaluate,plies=2,opponents=heuristic';
    const bare = configOf(createAgent('mcts', shg, new Rng(1)));
    expect(bare).toEqual(configOf(createAgent(spec, shg, new Rng(1))));
    expect(bare).toMatchObject({ iterations: 800, plies: 2, opponents: true });
  });

  it('on rumble, bare mcts is the strength test\'s search (one round deep, paranoid backups, most played move)', () => {
    // issue #30: it beats the generic random-rollout search head to head (bench/rumble/default-ab.ts)
    // and runs about 3x its iterations per CPU-second (bench/search-throughput.ts).
    const rumble = getGame('rumble');
    const spec = 'mcts:iterations=400,rollout=evaluate,plies=1,backup=paranoid,final=most';
    const bare = configOf(createAgent('mcts', rumble, new Rng(1)));
    expect(bare).toEqual(configOf(createAgent(spec, rumble, new Rng(1))));
    expect(bare).toMatchObject({ iterations: 400, plies: 1, leaves: 'rollout depth=0 random', backup: 'paranoid', final: 'most' });
  });

  it('any parameter given means the generic defaults for the rest', () => {
    expect(configOf(createAgent('mcts:iterations=300', duel, new Rng(1)))).toMatchObject({ iterations: 300, c: 1.4, prior: false });
  });

  it('on a game without tuned settings, bare mcts is the generic default', () => {
    expect(configOf(createAgent('mcts', nim, new Rng(1)))).toEqual(configOf(createAgent('mcts:iterations=400,c=1.4', nim, new Rng(1))));
    expect(() => checkAgentSpec('mcts')).not.toThrow();
  });
});
