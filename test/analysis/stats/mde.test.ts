/**
 * Issue #28: "every compare/tune/study verdict states its minimum detectable effect (80% power
 * at its sample size); 'inconclusive' reads 'no effect larger than X shown', not silence."
 * The one MDE formula (minimumDetectableEffect) behind the phrases the hand-built verdicts use,
 * and the verdict builders whose inconclusive branches the quick studies may not reach.
 */
import { describe, expect, it } from 'vitest';
import { mdeRangeText, mdeText, minimumDetectableEffect, noLargerShown, statesMde } from '../../../src/analysis/stats/verdict.js';
import { classifyPrice, priceVerdict, type CurveAnswer, type GridShare } from '../../../src/analysis/stats/price.js';
import { classifyDominance } from '../../../experiments/rumble/dominance.js';
import { endingVerdict, firstFlowVerdict } from '../../../experiments/ophidian/flow.js';
import { expectMdeOnInconclusive } from '../../experiments/mde-check.js';

const z975 = 1.959964;
const z80 = 0.841621;

describe('the MDE phrases', () => {
  it('read the MDE off the interval at its own level: (z + z₀.₈) · half-width / z', () => {
    const e = { lo: 0.4, hi: 0.6 };
    expect(minimumDetectableEffect(e)).toBeCloseTo(((z975 + z80) * 0.1) / z975, 6);
    expect(mdeText(e)).toBe(`MDE ${(((z975 + z80) * 0.1) / z975).toFixed(3)} at 80% power`);
    expect(noLargerShown(e, 'gap')).toBe(`no gap larger than ${(((z975 + z80) * 0.1) / z975).toFixed(3)} is shown (one that large would be found 80% of the time at this sample size)`);
    // A Holm-level interval of the same width has a smaller se, so a smaller MDE than read at 95%.
    expect(minimumDetectableEffect({ ...e, level: 0.99 })).toBeLessThan(minimumDetectableEffect(e));
  });

  it('a zero-width or infinite interval gets no number: it says nothing about what was missed', () => {
    expect(mdeText({ lo: 0.5, hi: 0.5 })).toBe('MDE not estimable (the interval has no spread)');
    expect(mdeText({ lo: -Infinity, hi: 1 })).toBe('MDE not estimable (no finite interval)');
    expect(noLargerShown({ lo: 0, hi: 0 })).toMatch(/^no effect can be measured at this sample size/);
  });

  it('a family reads as its range and median; a scale maps it to the reader\'s unit', () => {
    expect(mdeRangeText([{ lo: 0, hi: 0.2 }, { lo: 0, hi: 0.4 }, { lo: 0, hi: 0.3 }])).toBe('MDE 0.143–0.286 (median 0.214) at 80% power');
    expect(mdeRangeText([{ lo: 0, hi: 0.2 }], 1, (x) => 100 * x, 'points')).toBe('MDE 14.3 points at 80% power');
    expect(mdeRangeText([{ lo: 1, hi: 1 }])).toBe('MDE not estimable (no interval has spread)');
  });

  it('statesMde: an inconclusive verdict must carry a number, a reason, or say it is not a test', () => {
    const v = (evidence: string) => ({ statement: 'x is not shown.', evidence, strength: 'inconclusive' as const });
    expect(statesMde(v('0.5 [0.4, 0.6]'))).toBe(false);
    expect(statesMde(v('0.5 [0.4, 0.6]; MDE 0.143 at 80% power'))).toBe(true);
    expect(statesMde(v('MDE not estimable (the interval has no spread)'))).toBe(true);
    expect(statesMde(v('no MDE: a point estimate, not a test'))).toBe(true);
    expect(statesMde({ ...v('0.5 [0.4, 0.6]'), strength: 'supported' })).toBe(true);
  });
});

describe('every inconclusive branch of the shared verdict builders states its MDE', () => {
  const grid = (shares: readonly number[], xs: readonly number[] = [0, 5, 10, 20, 35, 50], n = 48): GridShare[] => shares.map((p, i) => ({ x: xs[i]!, wins: Math.round(p * n), n }));
  const curve = (xStar: number, lo: number, hi: number, slopeHi = -0.01): CurveAnswer => ({ xStar, lo, hi, slopeLo: -1, slopeHi, converged: true });
  const opts = { unit: 'Energy', play: 'p', level: 0.99 };

  it('prices (rumble-power-values): a price interval gives its MDE in Energy at the Holm level; a bracket or bound says why none', () => {
    const zero = priceVerdict('A', classifyPrice(grid([0.33, 0.3, 0.26, 0.2, 0.12, 0.08]), 0.25, curve(1.2, -0.4, 3.1)), opts);
    expect(zero.strength).toBe('inconclusive');
    expect(zero.evidence).toContain(`MDE ${(((2.575829 + z80) * 1.75) / 2.575829).toFixed(1)} Energy at 80% power`);
    const verdicts = [
      zero,
      priceVerdict('B', classifyPrice(grid([0.9, 0.85, 0.8, 0.7, 0.6, 0.52]), 0.5, curve(60, 45, 80)), opts),
      priceVerdict('C', classifyPrice(grid([0.7, 0.6, 0.5, 0.45, 0.4, 0.3]), 0.5, undefined), opts),
      priceVerdict('D', classifyPrice(grid([0.5, 0.89, 0.6, 0.4, 0.3, 0.2], undefined, 100), 0.5, curve(14.9, 9, 21)), opts),
      priceVerdict('E', classifyPrice(grid([0.4, 0.3, 0.2, 0.1, 0.05, 0.0]), 0.5, curve(-5, -9, -1)), { ...opts, supported: false }),
      priceVerdict('F', classifyPrice(grid([0.9, 0.8, 0.6, 0.4, 0.2, 0.1]), 0.5, curve(12, 9, 15)), { ...opts, supported: false }),
    ];
    expect(verdicts.filter((v) => v.strength === 'inconclusive').length).toBeGreaterThanOrEqual(5);
    expectMdeOnInconclusive(verdicts);
  });

  it('dominance (rumble-dominance, ophidian-teams): the field share\'s MDE at its Holm level', () => {
    const base = { field: { p: 0.52, lo: 0.44, hi: 0.6, n: 40 }, fieldTest: { level: 1 - 0.05 / 6, rejected: false, family: 6 }, nash: 0.2, inSupport: 0.5, alpha: 0.2, strictly: false, weakly: false };
    const none = classifyDominance('X', 0, base);
    expect(none.verdict.statement).toMatch(/no gap from 0\.5 larger than 0\.\d{3} is shown/);
    expectMdeOnInconclusive([none.verdict, classifyDominance('X', 0, { ...base, weakly: true }).verdict, classifyDominance('X', 0, { ...base, nash: 1, alpha: 1 }).verdict]);
  });

  it('ophidian-flow: the first Flow and the endings', () => {
    const ff = firstFlowVerdict([0.5, 0.6, 0.4, 0.55, 0.45, 0.5], 'p');
    expect(ff.strength).toBe('inconclusive');
    expect(ff.statement).toMatch(/no advantage larger than 0\.\d{3} is shown/);
    const ends = endingVerdict([{ name: 'A', share: 0.45, lo: 0.4, hi: 0.5 }, { name: 'B', share: 0.43, lo: 0.38, hi: 0.48 }], 400, 'p');
    expectMdeOnInconclusive([ff, ends]);
  });
});
