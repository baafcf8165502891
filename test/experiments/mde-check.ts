/**
 * Issue #28: an inconclusive verdict is silence, and silence is not evidence of no effect —
 * every one must say how large an effect its sample could have missed (its MDE at 80% power,
 * at the verdict's own level), or why none can be given. The end-to-end study tests run their
 * quick report through this check, so every study's report is walked.
 */
import { expect } from 'vitest';
import type { Report, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { yourItemVerdict } from '../../src/analysis/report/yours.js';
import { statesMde } from '../../src/analysis/stats/verdict.js';
import { designPowerText, primaryMdes } from '../../experiments/design-power.js';
import type { Study } from '../../experiments/study.js';

/** Fails, naming them, when any inconclusive verdict lacks its MDE. Returns how many inconclusive verdicts were checked. */
export function expectMdeOnInconclusive(verdicts: readonly ReportVerdict[]): number {
  const missing = verdicts.filter((v) => !statesMde(v)).map((v) => `${v.statement} | ${v.evidence}`);
  expect(missing, 'inconclusive verdicts without an MDE').toEqual([]);
  return verdicts.filter((v) => v.strength === 'inconclusive').length;
}

/**
 * Issue #28, "Default sizes are chosen so the MDE of the primary measure is ≤ 0.05 share, or
 * the report says why not": the report's "Sample size and power" section (runStudies adds it
 * from Study.power) states the full design's MDE, and — where it stays above 0.05 or is not a
 * share — why, with the command that gets more. Where the study names its primary findings,
 * this quick report must hold at least one (a stale id would silently drop the run's own MDE).
 * Returns the statement.
 */
export function expectDesignPowerStated(study: Pick<Study, 'name' | 'power'>, report: Report): string {
  const text = designPowerText(study.name, study.power, report, false);
  const power = study.power;
  expect(power, `${study.name} declares no Study.power`).toBeDefined();
  if (power && !('none' in power)) {
    expect(text).toMatch(/The full design \(--full: [^)]+\) reaches MDE \d/);
    expect(text).toMatch(/Within the target\.|Above the target: .*To get more: `crucible study |Not held to the 0\.05-share target: .*To get more: `crucible study /);
    if (power.primary) {
      expect(primaryMdes(report, power).length, `${study.name}: no primary finding in its quick report`).toBeGreaterThan(0);
      expect(text).toMatch(/This quick run reaches MDE \d.*always wider than the full design's/);
    }
  } else {
    expect(text).toMatch(/no MDE: /);
  }
  return text;
}

/** Issue #28: every "Your content" row (the designer's own items) states its MDE like the other verdicts. Returns how many rows were inconclusive. */
export function expectMdeOnYourContent(content: YourContent | undefined): number {
  expect(content, 'the report has no "Your content"').toBeDefined();
  return expectMdeOnInconclusive(content!.items.map((i) => yourItemVerdict(i, content!)));
}
