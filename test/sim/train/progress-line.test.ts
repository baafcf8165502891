import { describe, expect, it } from 'vitest';
import { progressLine, type GenerationRecord } from '../../../src/sim/train/loop.js';

describe('training progress line', () => {
  it('every share it prints carries its interval and n in pairs, the previous best included', () => {
    const r: GenerationRecord = {
      generation: 3,
      selfPlayGames: 40,
      samples: 900,
      bufferSamples: 2000,
      seconds: { selfPlay: 10, fit: 2, eval: 5 },
      gamesPerSecond: 4,
      loss: { policy: 1.2, value: 0.3, entropy: 1.1, total: 1.5 },
      vsBest: { mean: 0.55, lo: 0.45, hi: 0.65, n: 20, rival: 0.45 },
      vsBaselines: [{ agent: 'heuristic', mean: 0.6, lo: 0.5, hi: 0.7, n: 20 }],
      promoted: true,
      bestGeneration: 3,
      backend: 'wasm',
    };
    const line = progressLine(r);
    expect(line).toMatch(/vs best 0\.550 \[0\.450, 0\.650\] \(opponent 0\.450\) n=20 pairs → new best/);
    expect(line).toMatch(/vs heuristic 0\.600 \[0\.500, 0\.700\] n=20 pairs/);
  });
});
