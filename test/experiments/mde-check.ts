/**
 * Issue #28: an inconclusive verdict is silence, and silence is not evidence of no effect —
 * every one must say how large an effect its sample could have missed (its MDE at 80% power,
 * at the verdict's own level), or why none can be given. The end-to-end study tests run their
 * quick report through this check, so every study's report is walked.
 */
import { expect } from 'vitest';
import type { ReportVerdict } from '../../src/analysis/report-model.js';
import { statesMde } from '../../src/analysis/stats/verdict.js';

/** Fails, naming them, when any inconclusive verdict lacks its MDE. Returns how many inconclusive verdicts were checked. */
export function expectMdeOnInconclusive(verdicts: readonly ReportVerdict[]): number {
  const missing = verdicts.filter((v) => !statesMde(v)).map((v) => `${v.statement} | ${v.evidence}`);
  expect(missing, 'inconclusive verdicts without an MDE').toEqual([]);
  return verdicts.filter((v) => v.strength === 'inconclusive').length;
}
