/**
 * The bench refuses to judge worker scaling on a machine that is not idle: a ratio
 * measured while other processes hold the cores says nothing about the runner.
 */
import { describe, expect, it } from 'vitest';
import { IDLE_OTHER_CORES, whyNotJudged, type WorkersResult } from '../../bench/harness.js';

const result = (workers: number, otherBusyCores: number): WorkersResult => ({ workers, games: 100, gamesPerSec: 50 * workers, busyCores: workers, cpuMsPerGame: 20, otherBusyCores });

describe('worker-scaling verdict', () => {
  it('is judged on an idle machine with at least two cores', () => {
    expect(whyNotJudged(result(1, 0.05), result(2, IDLE_OTHER_CORES), 2)).toBeUndefined();
  });
  it('is not judged when other processes kept cores busy during either measurement', () => {
    expect(whyNotJudged(result(1, 0.05), result(2, 1.3), 2)).toMatch(/machine not idle: other processes kept 1\.30 cores busy/);
    expect(whyNotJudged(result(1, 0.9), result(2, 0), 8)).toMatch(/machine not idle: other processes kept 0\.90 cores busy/);
  });
  it('is not judged on one core', () => {
    expect(whyNotJudged(result(1, 0), result(2, 0), 1)).toMatch(/1 core: nothing to scale onto/);
  });
});
