/** The Superhero Gladiators samples study's quick version runs end to end and reports what it promises. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectDesignPowerStated, expectMdeOnInconclusive } from '../../experiments/mde-check.js';
import { superheroGladiatorsSamples } from '../../../experiments/superhero-gladiators/samples.js';
import { closeRunnerPool } from '../../../src/sim/runner.js';

const dir = mkdtempSync(join(tmpdir(), 'shg-studies-'));

afterAll(async () => {
  await closeRunnerPool?.();
});

describe('superhero-gladiators-samples (quick)', () => {
  it('matchups, ratings, Nash/α-Rank and the placement verdict, with sample sizes', async () => {
    const report = await superheroGladiatorsSamples.run({ seed: 1, full: false, workers: 1, runDir: join(dir, 'samples'), command: 'test', progress: false });
    expectMdeOnInconclusive(report.verdicts);
    // The first placer's share: its quick MDE from this run, and the --full run's measured 0.034 (within 0.05).
    expect(expectDesignPowerStated(superheroGladiatorsSamples, report)).toMatch(/Within the target\./);
    expect(report.verdicts).toHaveLength(3);
    expect(report.verdicts[2]!.statement).toMatch(/placement|Placing first/i);
    const ids = report.sections.flatMap((s) => s.blocks.map((b) => ('id' in b ? b.id : '')));
    expect(ids).toEqual(expect.arrayContaining(['matchups', 'matchups-table', 'ratings', 'equilibria', 'placement']));
    // 15 matchups x 2 side orders x 8 games + 6 mirror matches x 20 games, none failed
    // (failed games are counted by the study's ledger; the report counts completed ones)
    expect(report.meta.sampleSizes['completed games']).toBe(15 * 16 + 6 * 20);
    // Key findings for --skill: the six heroes' ratings (0 = the average hero) and the placement share.
    const f = report.findings ?? [];
    expect(f.map((x) => x.id).sort()).toEqual(['first-placer', 'rating-amazon', 'rating-ironclad', 'rating-lightning-lass', 'rating-mimic', 'rating-speedster', 'rating-webspinner']);
    for (const x of f) expect(x.lo <= x.estimate && x.estimate <= x.hi).toBe(true);
    // The six mirror tables play game i on seed i (one placement roll): n counts the 20 seeds, not 120 games.
    expect(f.find((x) => x.id === 'first-placer')).toMatchObject({ nullValue: 0.5, n: 20 });
    expect(report.verdicts[0]!.evidence).toContain(`${f.find((x) => x.id.startsWith('rating-'))!.estimate.toFixed(0)} Elo`);
  });
});
