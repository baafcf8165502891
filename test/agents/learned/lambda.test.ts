/**
 * AlphaGo's mixed leaf evaluation, `mcts:prior=net:…,lambda=λ`: a leaf is worth
 * (1 − λ)·value head + λ·rollout. Its two ends are the searches with one evaluation
 * (λ = 0: the value head alone, AlphaZero's PUCT; λ = 1: the rollout alone, the net a
 * prior only), decision for decision on a fixed seed, and in between the backed-up
 * value is exactly the mix of the two.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentSpec, createAgent } from '../../../agents/index.js';
import type { MctsAgent, RootAnalysis } from '../../../agents/mcts/search.js';
import { Rng } from '../../../src/core/rng.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';

const MODEL = 'models/gladiator-duel';
const options = gladiatorDuel.optionsSchema.parse({});

/** Decision points of one seeded random game, each with two or more legal moves. */
function decisionPoints(seed: number, count: number): { state: unknown; player: number; legal: readonly unknown[] }[] {
  const rng = new Rng(seed);
  let state = gladiatorDuel.setup(options, seed);
  const points: { state: unknown; player: number; legal: readonly unknown[] }[] = [];
  while (!gladiatorDuel.isTerminal(state) && points.length < count) {
    const p = gladiatorDuel.toMove(state)[0]!;
    const legal = gladiatorDuel.legalActions(state, p);
    if (legal.length > 1) points.push({ state, player: p, legal });
    state = gladiatorDuel.apply(state, [legal[rng.int(legal.length)]]);
  }
  return points;
}

function analyse(spec: string, point: { state: unknown; player: number; legal: readonly unknown[] }, seed = 11): RootAnalysis {
  const agent = createAgent(spec, gladiatorDuel, new Rng(seed)) as MctsAgent;
  const obs = gladiatorDuel.observe(point.state as never, point.player);
  return agent.analyse({ game: gladiatorDuel, options, obs, player: point.player, legal: point.legal });
}

const visits = (r: RootAnalysis) => r.actions.map((a) => a.visits);
const points = decisionPoints(5, 6);

describe('mixed leaf evaluation (lambda)', () => {
  it('lambda=0 is the value-only PUCT search and lambda=1 the rollout-only one, visit for visit', () => {
    expect(points.length).toBe(6);
    const rollout = 'rollout=evaluate,depth=3';
    for (const point of points) {
      const valueOnly = analyse(`mcts:prior=net:model=${MODEL},iterations=60`, point);
      expect(visits(analyse(`mcts:prior=net:model=${MODEL},iterations=60,${rollout},lambda=0`, point))).toEqual(visits(valueOnly));
      const rolloutOnly = analyse(`mcts:prior=net:model=${MODEL},iterations=60,${rollout}`, point);
      expect(visits(analyse(`mcts:prior=net:model=${MODEL},iterations=60,${rollout},lambda=1`, point))).toEqual(visits(rolloutOnly));
    }
  });

  it('in between, a leaf is worth (1 − λ)·value head + λ·rollout', () => {
    // One iteration: the root's estimate is its one leaf's value. The determinization,
    // the choice of the leaf and the rollout's random steps are the same whatever λ.
    const spec = (lambda: number) => `mcts:prior=net:model=${MODEL},iterations=1,rollout=evaluate,depth=3,lambda=${lambda}`;
    let differ = 0;
    for (const point of points) {
      const [v0, v1, vq] = [0, 1, 0.25].map((l) => analyse(spec(l), point).values[point.player]!);
      expect(vq).toBeCloseTo(0.75 * v0! + 0.25 * v1!, 12);
      if (Math.abs(v0! - v1!) > 1e-6) differ++;
    }
    // The two evaluations disagree somewhere, so the check above can fail.
    expect(differ).toBeGreaterThan(0);
  });

  it('a mixed search decides differently from both ends somewhere, and its decisions replay from the seed', () => {
    const spec = (lambda: number) => `mcts:prior=net:model=${MODEL},iterations=60,rollout=evaluate,depth=3,lambda=${lambda}`;
    let differs = 0;
    for (const point of points) {
      const mid = visits(analyse(spec(0.5), point));
      expect(visits(analyse(spec(0.5), point))).toEqual(mid);
      if (JSON.stringify(mid) !== JSON.stringify(visits(analyse(spec(0), point))) && JSON.stringify(mid) !== JSON.stringify(visits(analyse(spec(1), point)))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('spec errors name the field: lambda needs prior=net or value=net and lies in [0, 1]', () => {
    expect(() => checkAgentSpec('mcts:lambda=0.5,rollout=heuristic', gladiatorDuel)).toThrow(/lambda is 0.5 but prior is none and value is rollout; allowed: lambda only with prior=net or value=net/);
    expect(() => checkAgentSpec(`mcts:prior=net:model=${MODEL},lambda=1.5`, gladiatorDuel)).toThrow(/lambda/);
    // With lambda, depth sets the rollout's cut-off (without it, depth is refused: the value head scores leaves).
    expect(() => checkAgentSpec(`mcts:prior=net:model=${MODEL},rollout=evaluate,depth=3,lambda=0.5`, gladiatorDuel)).not.toThrow();
    expect(() => checkAgentSpec(`mcts:prior=net:model=${MODEL},depth=3`, gladiatorDuel)).toThrow(/depth does not apply/);
  });
});
