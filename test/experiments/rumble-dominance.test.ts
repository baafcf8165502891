import { describe, expect, it } from 'vitest';
import { tempDir } from '../agents/learned/helpers.js';
import { classifyDominance, dominanceFindings } from '../../experiments/rumble-dominance.js';

const base = {
  field: { p: 0.5, lo: 0.45, hi: 0.55, n: 400 },
  fieldTest: { level: 0.99, rejected: false, family: 6 },
  nash: 0.2,
  inSupport: 0.5,
  alpha: 0.2,
  strictly: false,
  weakly: false,
};

describe('rumble-dominance: one classification for verdict and table (regressions from the review)', () => {
  it('a strictly dominated power is never "neither dominant nor dominated"', () => {
    const c = classifyDominance('Flight', 0, { ...base, strictly: true, nash: 0, inSupport: 0.3 });
    expect(c.verdict.statement).not.toMatch(/neither/);
    expect(c.verdict.statement).toMatch(/strictly dominated in the estimated matrix/);
    expect(c.label).toBe('strictly dominated in the estimates, not confirmed');
    const sure = classifyDominance('Flight', 0, { ...base, strictly: true, nash: 0, inSupport: 0.01, field: { p: 0.3, lo: 0.25, hi: 0.35, n: 400 }, fieldTest: { level: 0.99, rejected: true, family: 6 } });
    expect(sure.label).toBe('dominated');
    expect(sure.verdict.strength).toBe('supported');
  });

  it('Nash weight 1.000 and α-Rank 0.999 is named dominant, or the report says in words why not', () => {
    const unconfirmed = classifyDominance('Tough Skin', 0, { ...base, nash: 1, alpha: 0.999, inSupport: 0.7 });
    expect(unconfirmed.verdict.statement).toMatch(/only power the estimated equilibrium plays \(Nash 1\.000, α-Rank 0\.999\), but the bootstrap keeps it in the support in only 70% of resamples and its share against the field is not shown above 0\.5/);
    const confirmed = classifyDominance('Tough Skin', 0, { ...base, nash: 1, alpha: 0.999, inSupport: 0.99, field: { p: 0.7, lo: 0.65, hi: 0.75, n: 400 }, fieldTest: { level: 0.99, rejected: true, family: 6 } });
    expect(confirmed.label).toBe('dominant');
    expect(confirmed.verdict.statement).toMatch(/played by "random" in every seat/);
  });
});

describe('rumble-dominance: key findings for --skill', () => {
  it("each power's share against the field, at its Holm level, null 0.5", () => {
    const f = dominanceFindings(['tough-skin', 'flight'], [{ p: 0.7, n: 400 }, { p: 0.3, n: 400 }], [{ level: 0.975 }, { level: 0.95 }]);
    expect(f.map((x) => x.id)).toEqual(['field-tough-skin', 'field-flight']);
    expect(f[0]).toMatchObject({ label: 'Tough Skin: share against the field', estimate: 0.7, nullValue: 0.5, n: 400, level: 0.975, family: 'Holm over 2 powers' });
    // The interval at 97.5% is wider than at 95% for the same share and n.
    const at95 = dominanceFindings(['tough-skin'], [{ p: 0.7, n: 400 }], [{ level: 0.95 }])[0]!;
    expect(f[0]!.hi - f[0]!.lo).toBeGreaterThan(at95.hi - at95.lo);
    expect(f[0]!.lo).toBeGreaterThan(0.5);
  });

  it('the study returns them (a small run)', { timeout: 60_000 }, async () => {
    const { rumbleDominance } = await import('../../experiments/rumble-dominance.js');
    const study = rumbleDominance({ powers: ['tough-skin', 'flight', 'regeneration'], duelsPerOrder: 4 });
    const report = await study.run({ seed: 1, full: false, workers: 1, runDir: tempDir('dominance-'), command: 'test', progress: false });
    expect(report.findings!.map((x) => x.id)).toEqual(['field-tough-skin', 'field-flight', 'field-regeneration']);
    for (const x of report.findings!) expect(x.n).toBe(16);
  });
});
