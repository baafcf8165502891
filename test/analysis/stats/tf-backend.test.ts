import { describe, expect, it } from 'vitest';
import { logisticFit, type CostCurveRow } from '../../../src/analysis/stats/costcurve.js';
import { sigmoid } from '../../../src/analysis/stats/descriptive.js';
import { describeBackend, initTf, NATIVE_INSTALL, tfNow } from '../../../src/core/tf.js';
import { Rng } from '../../../src/core/rng.js';

// One ordered story per file: the module's state (not started → started) is the subject.
describe('tfjs backend selection (src/core/tf.ts)', () => {
  const rng = new Rng(21);
  const rows: CostCurveRow[] = [];
  for (let g = 0; g < 4000; g++) {
    const x = rng.float() * 10 - 5;
    rows.push({ features: { x }, outcome: rng.float() < sigmoid(0.2 + 0.3 * x) ? 1 : 0 });
  }
  let cpuFit: ReturnType<typeof logisticFit>;

  it('before initTf: says it has not started; a fit runs on cpu and records that', () => {
    expect(describeBackend()).toBe('tfjs backend: not started (call initTf())');
    const rt = tfNow();
    expect(rt.backend).toBe('cpu');
    expect(rt.note).toMatch(/initTf\(\) was not awaited/);
    cpuFit = logisticFit(rows);
    expect(cpuFit.backend).toBe('cpu');
  });

  it('initTf prefers native tensorflow only when it registers, else wasm; memoized; refuses sync use while starting', async () => {
    const starting = initTf();
    expect(() => tfNow()).toThrow(/await initTf\(\)/);
    const rt = await starting;
    expect(await initTf()).toBe(rt);
    expect(tfNow()).toBe(rt);
    // The danfojs-node alias makes '@tensorflow/tfjs-node' resolve to plain tfjs: that must not count.
    expect(rt.backend).toBe(rt.tf.findBackendFactory('tensorflow') ? 'tensorflow' : 'wasm');
    expect(rt.tf.getBackend()).toBe(rt.backend);
    const line = describeBackend();
    expect(line.startsWith(`tfjs backend: ${rt.backend} (`)).toBe(true);
    if (rt.backend === 'wasm') {
      expect(line).toMatch(/native tfjs-node not installed/);
      expect(line).toContain(`install it with: ${NATIVE_INSTALL}`);
    }
  });

  it('the fit on the chosen backend agrees with the cpu fit to float32 precision', () => {
    const fit = logisticFit(rows);
    expect(fit.backend).toBe(tfNow().backend);
    fit.coefficients.forEach((c, j) => {
      const cpu = cpuFit.coefficients[j]!;
      expect(Math.abs(c.estimate - cpu.estimate)).toBeLessThan(1e-6 * Math.max(1, Math.abs(cpu.estimate)));
      expect(Math.abs(c.se - cpu.se)).toBeLessThan(1e-6 * cpu.se);
    });
  });
});
