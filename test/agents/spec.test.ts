import { describe, expect, it } from 'vitest';
import { AGENT_KINDS, checkAgentSpec, createAgent, parseAgentSpec, splitAgentList } from '../../agents/index.js';
import { HEURISTICS } from '../../agents/heuristics/index.js';
import { UserError } from '../../src/core/errors.js';
import { Rng } from '../../src/core/rng.js';
import { highCard, kingmaker, nim } from '../../src/games/toy/index.js';

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('parseAgentSpec', () => {
  it('splits kind and parameters', () => {
    expect(parseAgentSpec('mcts:iterations=400,c=1.4')).toEqual({ spec: 'mcts:iterations=400,c=1.4', kind: 'mcts', params: { iterations: '400', c: '1.4' } });
    expect(parseAgentSpec(' random ')).toEqual({ spec: 'random', kind: 'random', params: {} });
  });

  it('rejects malformed parameters and repeated keys', () => {
    expect(errorOf(() => parseAgentSpec('mcts:iterations'))).toMatch(/"mcts:iterations".*"iterations" is malformed; allowed: key=value/);
    expect(errorOf(() => parseAgentSpec('mcts:c=1,c=2'))).toMatch(/"c" is given twice/);
    expect(errorOf(() => parseAgentSpec('MCTS'))).toMatch(/kind is "MCTS"/);
  });
});

describe('splitAgentList', () => {
  it('keeps parameters with the spec they follow', () => {
    expect(splitAgentList('mcts:iterations=400,c=1.4,random')).toEqual(['mcts:iterations=400,c=1.4', 'random']);
    expect(splitAgentList('random,heuristic,flatmc:playouts=5,depth=3,mcts')).toEqual(['random', 'heuristic', 'flatmc:playouts=5,depth=3', 'mcts']);
  });

  it('rejects a parameter before any kind and empty entries', () => {
    expect(errorOf(() => splitAgentList('c=1.4,random'))).toMatch(/"c=1.4" comes before any agent kind/);
    expect(errorOf(() => splitAgentList('random,,mcts'))).toMatch(/empty entry/);
  });
});

describe('createAgent errors name the spec, the field, the value and what is allowed', () => {
  const rng = new Rng(1);
  it('unknown kind', () => {
    expect(errorOf(() => createAgent('foo', nim, rng))).toBe('agent spec "foo": unknown agent kind "foo"; allowed: random, heuristic, flatmc, mcts, net');
  });
  it('unknown parameter', () => {
    expect(errorOf(() => createAgent('mcts:iteration=4', nim, rng))).toBe(
      'agent spec "mcts:iteration=4": unknown parameter "iteration" (value "4"); allowed: iterations, time, c, rollout, depth, sm, gamma, prior, value, model, transfer, bias, turns, plies, final, opponents, draws, backup, lambda, bar, batch',
    );
    expect(errorOf(() => createAgent('random:x=1', nim, rng))).toMatch(/unknown parameter "x".*allowed: no parameters/);
  });
  it('out-of-range and mistyped values', () => {
    expect(errorOf(() => createAgent('mcts:iterations=-1', nim, rng))).toBe('agent spec "mcts:iterations=-1": field iterations is "-1"; allowed: >= 1');
    expect(errorOf(() => createAgent('mcts:iterations=2.5', nim, rng))).toMatch(/field iterations is "2.5"/);
    expect(errorOf(() => createAgent('mcts:c=lots', nim, rng))).toMatch(/field c is "lots"; allowed: a value of type number/);
    expect(errorOf(() => createAgent('mcts:sm=cfr', nim, rng))).toMatch(/field sm is "cfr"; allowed: "rm", "duct"/);
    expect(errorOf(() => createAgent('flatmc:playouts=0', nim, rng))).toMatch(/field playouts is "0"; allowed: >= 1/);
    expect(errorOf(() => createAgent('mcts:prior=oracle', nim, rng))).toMatch(/field prior is "oracle"; allowed: "none", "heuristic"/);
    expect(errorOf(() => createAgent('mcts:bias=-1', nim, rng))).toMatch(/field bias is "-1"; allowed: >= 0/);
    expect(errorOf(() => createAgent('mcts:turns=1.5', nim, rng))).toMatch(/field turns is "1.5"/);
  });
  it('a turn horizon needs the game to evaluate; a prior needs its heuristic', () => {
    expect(() => createAgent('mcts:turns=0', nim, rng)).not.toThrow();
    expect(errorOf(() => createAgent('mcts:turns=0', kingmaker, rng))).toMatch(/turns=0 needs the game's evaluate, which toy-kingmaker does not have/);
    expect(errorOf(() => createAgent('mcts:prior=heuristic', nim, rng))).toMatch(/game "toy-nim" has no heuristic agent/);
  });
  it('a rollout cut-off needs the game to evaluate', () => {
    expect(() => createAgent('mcts:rollout=evaluate', nim, rng)).not.toThrow();
    expect(errorOf(() => createAgent('mcts:rollout=evaluate', kingmaker, rng))).toMatch(/needs the game's evaluate, which toy-kingmaker does not have/);
    expect(errorOf(() => createAgent('flatmc:depth=3', highCard, rng))).toMatch(/toy-high-card/);
  });
  it('heuristic needs a registered heuristic for the game', () => {
    expect(HEURISTICS['toy-nim']).toBeUndefined();
    expect(errorOf(() => createAgent('heuristic', nim, rng))).toMatch(/^agent spec "heuristic": game "toy-nim" has no heuristic agent; allowed: /);
  });
  it('checkAgentSpec validates without a game', () => {
    expect(() => checkAgentSpec('mcts:iterations=10,sm=duct')).not.toThrow();
    expect(() => checkAgentSpec('heuristic')).not.toThrow();
    expect(errorOf(() => checkAgentSpec('flatmc:playouts=many'))).toMatch(/playouts/);
  });
});

describe('AGENT_KINDS', () => {
  it('documents every kind with an example that builds', () => {
    expect(AGENT_KINDS.map((k) => k.kind)).toEqual(['random', 'heuristic', 'flatmc', 'mcts', 'net']);
    for (const kind of AGENT_KINDS) {
      expect(kind.summary.length).toBeGreaterThan(10);
      // (net's example, the shipped gladiator-duel model, is built in test/agents/learned.)
      if (kind.kind !== 'heuristic' && kind.kind !== 'net') expect(createAgent(kind.example, nim, new Rng(1)).spec).toBe(kind.example);
    }
  });
});
