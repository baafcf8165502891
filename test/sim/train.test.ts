/**
 * `crucible train` on a tiny configuration: the same seed on the same backend gives the
 * same weights, and a run stopped after a generation resumes to the weights of an
 * uninterrupted run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairedShare } from '../../src/analysis/stats/paired.js';
import { train, type TrainSettings } from '../../src/sim/train/loop.js';
import { loadModel } from '../../agents/learned/model-files.js';
import { gladiatorDuel } from '../../src/games/gladiator-duel/index.js';
import { tempDir } from '../agents/learned/helpers.js';

const tiny: TrainSettings = {
  gameId: 'gladiator-duel',
  options: {},
  seed: 'tiny',
  generations: 2,
  minutes: 0,
  workers: 1,
  gamesPerGeneration: 3,
  expertGames: 4,
  valueMix: 0.5,
  iterations: 8,
  c: 1,
  hidden: [8],
  bufferGenerations: 2,
  epochs: 2,
  batchSize: 16,
  learningRate: 0.01,
  l2: 1e-4,
  sampleMoves: 2,
  noise: { epsilon: 0.25, alpha: 0.5 },
  expert: 'mcts:iterations=16',
  evalPairs: 1,
  evalIterations: 8,
  baselines: ['random'],
  command: 'test',
};

const hooks = {
  shareOf: (records: Parameters<typeof pairedShare>[0], slot: number) => {
    const s = pairedShare(records, slot);
    return { mean: s.mean, lo: s.lo, hi: s.hi, n: s.n };
  },
  log: () => {},
};

const weights = (dir: string) => fs.readFileSync(path.join(dir, 'training', 'gen-0002', 'weights.bin'));

describe('crucible train (tiny configuration)', () => {
  it('is reproducible and resumes to the same weights', async () => {
    const a = tempDir('train-a-');
    const b = tempDir('train-b-');
    const history = await train({ ...tiny, workers: 2 }, a, hooks); // b (one thread) must match
    expect(history.map((h) => h.generation)).toEqual([1, 2]);
    expect(history[1]!.vsBest).not.toBeNull();
    expect(history[0]!.vsBaselines[0]!.n).toBe(1);
    await train({ ...tiny, generations: 1 }, b, hooks);
    expect(fs.existsSync(path.join(b, 'training', 'gen-0002'))).toBe(false);
    await train(tiny, b, hooks); // resumes at generation 2
    expect(weights(b).equals(weights(a))).toBe(true);
    const model = loadModel(a, gladiatorDuel, 'test');
    expect(model.manifest.training.generations).toBe(2);
    expect(model.manifest.training.seed).toBe('tiny');
    expect(model.manifest.strength[0]!.agents[1]).toBe('random');
    // Another seed trains other weights.
    const c = tempDir('train-c-');
    await train({ ...tiny, seed: 'other' }, c, hooks);
    expect(weights(c).equals(weights(a))).toBe(false);
  });

  it('refuses to resume a folder trained with other settings', async () => {
    const a = tempDir('train-d-');
    await train({ ...tiny, generations: 1 }, a, hooks);
    await expect(train({ ...tiny, hidden: [4] }, a, hooks)).rejects.toThrow(/holds a training run with other settings/);
  });
});
