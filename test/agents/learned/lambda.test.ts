/**
 * AlphaGo's mixed leaf evaluation, `mcts:prior=net:…,lambda=λ`: a leaf is worth
 * (1 − λ)·value head + λ·rollout. Its two ends are the searches with one evaluation
 * (λ = 0: the value head alone, AlphaZero's PUCT; λ = 1: the rollout alone, the net a
 * prior only), decision for decision on a fixed seed, and in between the backed-up
 * value is exactly the mix of the two.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentSpec } from '../../../agents/index.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { analyse as analyseAt, decisionPoints, MODEL, visits, type Point } from './duel-points.js';

const analyse = (spec: string, point: Point) => analyseAt(spec, point, 11);
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

  it('in between, a leaf is worth (1 − λ)·value head + λ·rollout (prior=net, and value=net in a UCT search)', () => {
    // One iteration: the root's estimate is its one leaf's value. The determinization,
    // the choice of the leaf and the rollout's random steps are the same whatever λ.
    const specs = [
      (lambda: number) => `mcts:prior=net:model=${MODEL},iterations=1,rollout=evaluate,depth=3,lambda=${lambda}`,
      (lambda: number) => `mcts:iterations=1,prior=heuristic,rollout=evaluate,depth=3,value=net:model=${MODEL},lambda=${lambda}`,
    ];
    let differ = 0;
    for (const spec of specs) {
      for (const point of points) {
        const [v0, v1, vq] = [0, 1, 0.25].map((l) => analyse(spec(l), point).values[point.player]!);
        expect(vq).toBeCloseTo(0.75 * v0! + 0.25 * v1!, 12);
        if (Math.abs(v0! - v1!) > 1e-6) differ++;
      }
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
