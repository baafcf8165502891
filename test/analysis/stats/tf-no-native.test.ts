import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { describeBackend, initTf, NATIVE_INSTALL, NO_NATIVE_ENV, versionLine, type Tf } from '../../../src/core/tf.js';

// The wasm fall-back, forced: a native 'tensorflow' backend is registered (as a real
// @tensorflow/tfjs-node install does; the cpu kernels stand in) but CRUCIBLE_NO_NATIVE_TF=1
// says not to use it. Selection must take wasm and every line that names the backend must
// say so and why. (Vitest's forks pool gives this file its own process.)
it('CRUCIBLE_NO_NATIVE_TF=1 falls back to wasm even with a native backend registered, and says so', async () => {
  process.env[NO_NATIVE_ENV] = '1';
  const require = createRequire(import.meta.url);
  const tf = require('@tensorflow/tfjs') as Tf;
  const { MathBackendCPU } = require('@tensorflow/tfjs-backend-cpu') as typeof import('@tensorflow/tfjs-backend-cpu');
  tf.registerBackend('tensorflow', () => new MathBackendCPU(), 3);
  const rt = await initTf();
  expect(rt.backend).toBe('wasm');
  expect(tf.getBackend()).toBe('wasm');
  expect(describeBackend()).toBe(`tfjs backend: wasm (native tfjs-node skipped (${NO_NATIVE_ENV}=1); install it with: ${NATIVE_INSTALL})`);
  expect(versionLine()).toMatch(/^tfjs: wasm backend — native tfjs-node skipped \(CRUCIBLE_NO_NATIVE_TF=1\)/);
  // The CLI's --version prints the same line.
  const out = execFileSync(process.execPath, ['bin/crucible.mjs', '--version'], { env: { ...process.env, [NO_NATIVE_ENV]: '1' }, encoding: 'utf8' });
  expect(out).toContain('tfjs: wasm backend — native tfjs-node skipped (CRUCIBLE_NO_NATIVE_TF=1)');
  expect(out).toContain(`install it with: ${NATIVE_INSTALL}`);
});
