/**
 * Studies that test many items name the agents behind every verdict and control the
 * family-wise error with Holm: the number of items and the tested levels appear in the
 * report (quick versions, end to end).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectDesignPowerStated, expectMdeOnInconclusive } from './mde-check.js';
import { darkHeroBuilds } from '../../experiments/dark-hero/builds.js';
import { gladiatorDuelTuning } from '../../experiments/gladiator-duel/tuning.js';
import type { Report } from '../../src/analysis/report-model.js';
import { closeRunnerPool } from '../../src/sim/runner.js';

const dir = mkdtempSync(join(tmpdir(), 'holm-studies-'));

afterAll(async () => {
  await closeRunnerPool?.();
});

function texts(report: Report): string {
  return report.sections.flatMap((s) => s.blocks.map((b) => ('text' in b ? b.text : ''))).join('\n');
}

describe('Holm and agent names in the study reports (quick)', () => {
  it('gladiator-duel-tuning: the six matchup verdicts at the best setting are Holm-corrected and name the agent', async () => {
    const report = await gladiatorDuelTuning.run({ seed: 1, full: false, workers: 1, runDir: join(dir, 'tuning'), command: 'test', progress: false });
    expectMdeOnInconclusive(report.verdicts);
    // Screening then confirmation on fresh seeds (issue #30's adaptive grid): every matchup's MDE within 0.05 at full size.
    expect(expectDesignPowerStated(gladiatorDuelTuning, report)).toMatch(/reaches MDE 0\.038 .*Within the target\./);
    expect(report.verdicts).toHaveLength(7);
    // The verdicts rest on the confirmation games alone, not on the games that picked the setting.
    expect(report.verdicts[0]!.evidence).toMatch(/picked by a search over \d+ settings at 60 pairs a matchup.*then played again on 60 pairs a matchup on fresh seeds, which alone make the verdicts below/);
    expect(report.meta.sampleSizes).toMatchObject({ 'screening games per seating per matchup per setting': 60, 'confirmation games per seating per matchup': 60 });
    for (const v of report.verdicts) expect(v.statement).toMatch(/played by "heuristic" in every seat/);
    const levels = report.verdicts.slice(1).map((v) => /\((\d+(?:\.\d+)?)% CI .*Holm over 6 matchups/.exec(v.evidence)?.[1]);
    // Holm's levels over six items: 1 − 0.05/6 for the strongest, never below 95%.
    expect(levels).toContain('99.17');
    for (const l of levels) expect(Number(l)).toBeGreaterThanOrEqual(95);
    expect(texts(report)).toMatch(/6 matchups tested together; Holm's step-down correction/);
  });

  it('dark-hero-builds: 19 builds against the average under Holm, every verdict names the heuristic', async () => {
    const report = await darkHeroBuilds.run({ seed: 1, full: false, workers: 1, runDir: join(dir, 'builds'), command: 'test', progress: false });
    expectMdeOnInconclusive(report.verdicts);
    expectDesignPowerStated(darkHeroBuilds, report);
    for (const v of report.verdicts) expect(v.statement).toMatch(/played by "heuristic" in every seat/);
    expect(report.verdicts[0]!.evidence).toMatch(/Holm over 19 builds, strongest tested at 99\.74%/);
    expect(texts(report)).toMatch(/19 builds \(each against the average build\) tested together; Holm's step-down correction/);
    const table = report.sections.flatMap((s) => s.blocks).find((b) => 'id' in b && b.id === 'build-ratings-table');
    const rows = (table as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(19);
    // The chart's tooltip names the interval it shows (not "95%").
    const chart = report.sections.flatMap((s) => s.blocks).find((b) => 'id' in b && b.id === 'build-ratings');
    expect(JSON.stringify((chart as unknown as { spec: unknown }).spec)).toContain('Holm-level low');
    expect(JSON.stringify((chart as unknown as { spec: unknown }).spec)).not.toContain('95% low');
    // Every build's interval is at its Holm level: 1 − 0.05/(19 − k) for some k, so between 95% and 99.74%.
    for (const r of rows) {
      const level = Number(String(r['level']).replace('%', ''));
      expect(level).toBeGreaterThanOrEqual(95);
      expect(level).toBeLessThanOrEqual(99.74);
    }
  });
});
