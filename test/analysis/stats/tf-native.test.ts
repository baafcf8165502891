import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { logisticFit } from '../../../src/analysis/stats/costcurve.js';
import { describeBackend, initTf, type Tf } from '../../../src/core/tf.js';

// What a real @tensorflow/tfjs-node install does, as far as selection can see: it registers
// a backend named 'tensorflow'. Stand one in (the cpu backend's kernels under that name)
// and check initTf picks it, runs fits on it, and says so. Vitest's forks pool gives this
// file its own process, so the stand-in does not leak into other files.
it('picks the native backend when a "tensorflow" backend registers', async () => {
  const require = createRequire(import.meta.url);
  const tf = require('@tensorflow/tfjs') as Tf;
  const { MathBackendCPU } = require('@tensorflow/tfjs-backend-cpu') as typeof import('@tensorflow/tfjs-backend-cpu');
  tf.registerBackend('tensorflow', () => new MathBackendCPU(), 3);
  for (const kernel of tf.getKernelsForBackend('cpu')) tf.registerKernel({ ...kernel, backendName: 'tensorflow' });
  const rt = await initTf();
  expect(rt.backend).toBe('tensorflow');
  expect(tf.getBackend()).toBe('tensorflow');
  expect(describeBackend()).toMatch(/^tfjs backend: tensorflow \(native/);
  const rows = [0, 1, 2, 3].flatMap((x) => [
    { features: { x }, outcome: 1, weight: 2 + x },
    { features: { x }, outcome: 0, weight: 5 - x },
  ]);
  expect(logisticFit(rows).backend).toBe('tensorflow');
});
