/** The training report: charts by generation with intervals, verdicts only as strong as their intervals. */
import { describe, expect, it } from 'vitest';
import { trainReport } from '../../src/analysis/train-report.js';
import type { GenerationRecord } from '../../src/sim/train/loop.js';

const gen = (g: number, heur: [number, number, number], best: number): GenerationRecord => ({
  generation: g,
  selfPlayGames: 10,
  samples: 100,
  bufferSamples: 100 * g,
  seconds: { selfPlay: 1, fit: 1, eval: 1 },
  gamesPerSecond: 10,
  loss: { policy: 1.5 - g / 10, value: 0.2, entropy: 1.4, total: 1.7 - g / 10 },
  vsBest: g === 1 ? null : { mean: 0.55, lo: 0.45, hi: 0.65, n: 30, rival: 0.45 },
  vsBaselines: [{ agent: 'heuristic', mean: heur[0], lo: heur[1], hi: heur[2], n: 30, rival: 1 - heur[0] }],
  promoted: g === best,
  bestGeneration: best,
  backend: 'wasm',
});

describe('trainReport', () => {
  it('charts strength with intervals, losses and entropy; verdicts follow the best checkpoint interval', () => {
    const meta = { gameId: 'gladiator-duel', seed: '1', command: 'crucible train gladiator-duel', out: 'models/x', backend: 'wasm', evalIterations: 300 };
    const clear = trainReport([gen(1, [0.5, 0.4, 0.6], 1), gen(2, [0.62, 0.55, 0.69], 2)], meta);
    const charts = clear.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'chart');
    expect(charts.map((c) => c.id)).toEqual(['strength', 'elo', 'losses', 'entropy']);
    const strength = JSON.stringify(charts[0]!.spec);
    expect(strength).toContain('"series":"vs heuristic"');
    expect(strength).toContain('"series":"vs previous best"');
    expect(strength).toContain('"lo":0.55');
    expect(clear.verdicts).toHaveLength(1);
    expect(clear.verdicts[0]!.strength).toBe('supported');
    expect(clear.verdicts[0]!.statement).toMatch(/generation 2\) beats heuristic/);
    // Best stays at generation 1, whose interval straddles 1/2: no claim.
    const unclear = trainReport([gen(1, [0.5, 0.4, 0.6], 1), gen(2, [0.62, 0.55, 0.69], 1)], meta);
    expect(unclear.verdicts[0]!.strength).toBe('inconclusive');
    expect(unclear.verdicts[0]!.statement).toMatch(/no clear difference/);
    const table = clear.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'generations')!;
    expect(table.kind === 'table' && table.rows[1]!['vs heuristic']).toBe('0.620 [0.550, 0.690] n=30; opponent 0.380');
  });
});
