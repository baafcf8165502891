/**
 * The runner's thread pool is started once per study, not per table: a table with fewer
 * games left than the study's threads (runMatch asks for min(workers, games missing))
 * uses the pool that is up instead of restarting threads (each thread costs ≈ 1.5 CPU-s
 * to load the engines). No thread is started here: workerpool starts them on first task.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { acquirePool, closeRunnerPool, holdPool } from '../../src/sim/pool.js';

afterAll(() => closeRunnerPool());

describe('runner pool', () => {
  it('a smaller run reuses the pool that is up rather than replacing it', () => {
    const first = acquirePool(3);
    first.release();
    const second = acquirePool(2);
    expect(second.pool).toBe(first.pool);
    second.release();
  });

  it('a held pool serves every run of the study, whatever each asks for', async () => {
    await closeRunnerPool();
    const release = holdPool(2);
    const a = acquirePool(2);
    const b = acquirePool(2);
    expect(b.pool).toBe(a.pool);
    a.release();
    b.release();
    release();
    await closeRunnerPool(true);
  });
});
