/**
 * `crucible train --search`: after generation 1 the self-play search is the given MCTS
 * spec with the net added as its prior (Rumble: decoupled PUCT one round deep), and the
 * checkpoints are measured as that spec.
 */
import { describe, expect, it } from 'vitest';
import { selfPlayGame, type SelfPlayConfig } from '../../src/sim/train/selfplay.js';
import { guidedSpec } from '../../src/sim/train/loop.js';
import { rumble } from '../../src/games/rumble/index.js';
import { randomModel } from '../agents/learned/helpers.js';

describe('self-play with a search spec', () => {
  it('the checkpoint agent is the spec with the net as its prior and the evaluation budget', () => {
    expect(guidedSpec({ evalIterations: 300 }, 'm')).toBe('mcts:prior=net,model=m,iterations=300');
    expect(guidedSpec({ search: 'mcts:iterations=400,plies=1,sm=puct', evalIterations: 100 }, 'm')).toBe('mcts:iterations=100,plies=1,sm=puct,prior=net,model=m');
  });

  it('searches with the spec: at sm=puct roots the targets are visit shares of its iterations', async () => {
    const { arrays, shape } = await randomModel(rumble, [8], 2, undefined, 4);
    const config: SelfPlayConfig = {
      gameId: 'rumble',
      options: {},
      seed: 'search',
      generation: 2,
      iterations: 5,
      c: 1,
      noise: { epsilon: 0.25, alpha: 0.5 },
      sampleMoves: 2,
      net: { shape, arrays },
      expert: 'mcts:iterations=8',
      valueMix: 0.5,
      search: 'mcts:iterations=16,plies=1,backup=paranoid,sm=puct',
    };
    const a = selfPlayGame(config, 0);
    expect(a.rows.length).toBeGreaterThan(4);
    for (const row of a.rows) {
      expect(row.pi.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 6);
      for (const x of row.pi) expect(Math.abs(x * 16 - Math.round(x * 16))).toBeLessThan(1e-9);
    }
    expect(selfPlayGame(config, 0).rows.map((r) => r.pi)).toEqual(a.rows.map((r) => r.pi));
  });
});
