/** The default study's quick training run: a training report with its curves, seeded from the master seed. */
import { describe, expect, it } from 'vitest';
import { gladiatorDuelTraining, trainingSettings } from '../../experiments/gladiator-duel/training.js';
import { tempDir } from '../agents/learned/helpers.js';

describe('gladiator-duel-training (quick)', () => {
  it('derives its training seed from the master seed and stays tiny in the quick run', () => {
    const quick = trainingSettings({ seed: 7, full: false, command: 'x' }, 'random');
    expect(quick.seed).toBe('7/gladiator-duel-training');
    expect(trainingSettings({ seed: 8, full: false, command: 'x' }, 'random').seed).not.toBe(quick.seed);
    expect(quick.generations).toBeGreaterThanOrEqual(3);
    expect(quick.gamesPerGeneration * quick.generations).toBeLessThanOrEqual(32);
  });

  it('writes a training report: strength, Elo, losses and entropy by generation', async () => {
    const report = await gladiatorDuelTraining.run({ seed: 3, full: false, workers: 1, runDir: tempDir('quick-train-'), command: 'test', progress: false });
    expect(report.id).toBe('gladiator-duel-training');
    const charts = report.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'chart');
    expect(charts.map((c) => c.id)).toEqual(['strength', 'elo', 'losses', 'entropy']);
    const gens = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'generations');
    expect(gens && gens.kind === 'table' ? gens.rows.map((r) => r['generation']) : []).toEqual([1, 2, 3, 4]);
    expect(JSON.stringify(charts[1]!.spec)).toContain('anchored at random = 0');
    expect(report.meta.seed).toBe(3);
  });
});
