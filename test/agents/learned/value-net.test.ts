/**
 * `mcts:…,value=net:model=DIR`: the network judges positions only. Selection stays the
 * spec's own UCT (with `prior=heuristic`'s progressive bias), so every legal move is
 * tried once before any is compared — unlike PUCT, which may never visit a move its
 * policy gives little weight — while leaves are scored by the value head, or by AlphaGo's
 * mix with the rollout (`lambda`; the mix itself is tested in lambda.test.ts). λ = 1 is the
 * search without the net, visit for visit.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentSpec } from '../../../agents/index.js';
import { splitAgentList } from '../../../agents/spec.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { analyse as analyseAt, decisionPoints, MODEL, visits, type Point } from './duel-points.js';

const analyse = (spec: string, point: Point) => analyseAt(spec, point, 13);
const points = decisionPoints(7, 6, 3);
const tuned = 'mcts:iterations=60,c=0.2,rollout=evaluate,depth=3,prior=heuristic,bias=2';

describe('value=net: the value head scores the leaves of the spec’s own UCT search', () => {
  it('lambda=1 is the search without the net, visit for visit; lambda=0 decides differently somewhere', () => {
    expect(points.length).toBe(6);
    let differ = 0;
    for (const point of points) {
      const without = visits(analyse(tuned, point));
      expect(visits(analyse(`${tuned},value=net:model=${MODEL},lambda=1`, point))).toEqual(without);
      const byValue = visits(analyse(`mcts:iterations=60,c=0.2,prior=heuristic,bias=2,value=net:model=${MODEL}`, point));
      expect(visits(analyse(`mcts:iterations=60,c=0.2,prior=heuristic,bias=2,value=net:model=${MODEL}`, point))).toEqual(byValue);
      if (JSON.stringify(byValue) !== JSON.stringify(without)) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('selection stays UCT: every legal move is visited once, where PUCT over the same net and budget leaves some unvisited', () => {
    let puctSkips = 0;
    for (const point of points) {
      // As many iterations as legal moves: UCT spends one on each; PUCT follows its prior.
      const n = point.legal.length;
      const uct = analyse(`mcts:iterations=${n},prior=heuristic,value=net:model=${MODEL}`, point);
      expect(uct.actions.length).toBe(point.legal.length);
      expect(uct.actions.every((a) => a.visits >= 1)).toBe(true);
      const puct = analyse(`mcts:prior=net:model=${MODEL},iterations=${n}`, point);
      if (puct.actions.length < point.legal.length || puct.actions.some((a) => a.visits === 0)) puctSkips++;
    }
    // The contrast the option exists for: PUCT does skip moves here, so the check above can fail.
    expect(puctSkips).toBeGreaterThan(0);
  });

  it('a value=net:model=DIR token continues the spec before it in an agent list', () => {
    expect(splitAgentList(`mcts:iterations=200,prior=heuristic,value=net:model=${MODEL},lambda=0.5,mcts`)).toEqual([
      `mcts:iterations=200,prior=heuristic,value=net:model=${MODEL},lambda=0.5`,
      'mcts',
    ]);
    expect(splitAgentList(`mcts:prior=net:model=${MODEL},iterations=9,heuristic`)).toEqual([`mcts:prior=net:model=${MODEL},iterations=9`, 'heuristic']);
  });

  it('spec errors name the field and what is allowed', () => {
    expect(() => checkAgentSpec(`mcts:prior=net:model=${MODEL},value=net`, gladiatorDuel)).toThrow(/value is net but prior is net.*allowed: prior=net, or value=net with prior=none or prior=heuristic/);
    expect(() => checkAgentSpec('mcts:value=net', gladiatorDuel)).toThrow(/value=net needs a model; allowed: value=net:model=DIR/);
    expect(() => checkAgentSpec(`mcts:value=net:model=${MODEL},rollout=heuristic`, gladiatorDuel)).toThrow(/value=net scores leaves with the network's value head alone, so rollout=heuristic does not apply/);
    expect(() => checkAgentSpec(`mcts:value=net:model=${MODEL},depth=4`, gladiatorDuel)).toThrow(/depth does not apply; allowed: value=net without depth/);
    expect(() => checkAgentSpec(`mcts:value=net:model=${MODEL},model=${MODEL}`, gladiatorDuel)).toThrow(/model is given twice/);
    expect(() => checkAgentSpec('mcts:value=maybe', gladiatorDuel)).toThrow(/value/);
    expect(() => checkAgentSpec(`mcts:value=net:model=${MODEL},rollout=evaluate,depth=3,lambda=0.5`, gladiatorDuel)).not.toThrow();
  });
});
