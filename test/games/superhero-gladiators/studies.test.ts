/** The Superhero Gladiators samples study's quick version runs end to end and reports what it promises. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { superheroGladiatorsSamples } from '../../../experiments/superhero-gladiators-samples.js';
import { closeRunnerPool } from '../../../src/sim/runner.js';

const dir = mkdtempSync(join(tmpdir(), 'shg-studies-'));

afterAll(async () => {
  await closeRunnerPool?.();
});

describe('superhero-gladiators-samples (quick)', () => {
  it('matchups, ratings, Nash/α-Rank and the placement verdict, with sample sizes', { timeout: 180_000 }, async () => {
    const report = await superheroGladiatorsSamples.run({ seed: 1, full: false, workers: 1, runDir: join(dir, 'samples'), command: 'test', progress: false });
    expect(report.verdicts).toHaveLength(3);
    expect(report.verdicts[2]!.statement).toMatch(/placement|Placing first/i);
    const ids = report.sections.flatMap((s) => s.blocks.map((b) => ('id' in b ? b.id : '')));
    expect(ids).toEqual(expect.arrayContaining(['matchups', 'matchups-table', 'ratings', 'equilibria', 'placement']));
    // 15 matchups x 2 side orders x 8 games + 6 mirror matches x 20 games, none failed
    // (failed games are counted by the study's ledger; the report counts completed ones)
    expect(report.meta.sampleSizes['completed games']).toBe(15 * 16 + 6 * 20);
  });
});
