import { describe, expect, it } from 'vitest';
import { classifyPrice, fmtNum, fmtRange, priceVerdict, type CurveAnswer, type GridShare } from '../../../src/analysis/stats/price.js';

const grid = (shares: readonly number[], xs: readonly number[] = [0, 5, 10, 20, 35, 50], n = 48): GridShare[] =>
  shares.map((p, i) => ({ x: xs[i]!, wins: Math.round(p * n), n }));
const curve = (xStar: number, lo: number, hi: number, slopeHi = -0.01): CurveAnswer => ({ xStar, lo, hi, slopeLo: -1, slopeHi, converged: true });
const opts = { unit: 'Energy', play: 'under random menu play' };

describe('price verdicts (regression: every contradictory verdict the review found)', () => {
  it('an interval that includes 0 is not "worth about 1 Energy" and never prints "-0"', () => {
    // Galactic Ray Gun (4 heroes): "worth about 1 Energy (between -0 and 3)" was SUPPORTED.
    const a = classifyPrice(grid([0.33, 0.3, 0.26, 0.2, 0.12, 0.08]), 0.25, curve(1.2, -0.4, 3.1));
    expect(a.kind).toBe('zero');
    const v = priceVerdict('Galactic Ray Gun (4 heroes)', a, opts);
    expect(v.strength).toBe('inconclusive');
    expect(v.statement).toMatch(/no value is shown/);
    expect(`${v.statement} ${v.evidence}`).not.toMatch(/-0(\.0+)?(?![.\d])/);
    // The n shown names both the games behind the price and those behind the x = 0 share.
    expect(v.evidence).toMatch(/n = 288 games over the handicap grid \(48 at no handicap\)/);
  });

  it('a price past the tested grid is "beyond the tested range", never a finite number', () => {
    // Brainswap 126.7 [111.6, 148.6] on a 0–90 grid.
    const xs = [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90];
    const a = classifyPrice(grid([1, 1, 1, 0.98, 0.97, 0.95, 0.95, 0.92, 0.9, 0.85, 0.8, 0.75], xs, 400), 0.5, curve(126.7, 111.6, 148.6));
    expect(a.kind).toBe('beyond');
    const v = priceVerdict('Brainswap (2 heroes)', a, opts);
    expect(v.statement).toMatch(/worth more than 90 Energy — beyond the tested range/);
    expect(v.statement).not.toMatch(/126/);
    // Also when only the fit (not the last point) lies beyond the grid.
    const b = classifyPrice(grid([0.9, 0.85, 0.8, 0.7, 0.6, 0.52]), 0.5, curve(60, 45, 80));
    expect(b.kind).toBe('beyond');
    expect(b.clipped).toBe(true);
  });

  it('a non-monotone response is "not estimable"', () => {
    // share 0.50 at x = 0, 0.89 at x = 5
    const a = classifyPrice(grid([0.5, 0.89, 0.6, 0.4, 0.3, 0.2], undefined, 100), 0.5, curve(14.9, 9, 21));
    expect(a.kind).toBe('not-estimable');
    const v = priceVerdict('Flight (2 heroes)', a, opts);
    expect(v.strength).toBe('inconclusive');
    expect(v.statement).toMatch(/price not estimable — the share rises with the handicap \(0\.50 at x = 0, 0\.89 at x = 5\)/);
  });

  it('a flat response or a failed fit is "not estimable"', () => {
    expect(classifyPrice(grid([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]), 0.5, curve(3, -Infinity, Infinity, 0.02)).kind).toBe('not-estimable');
    // A failed fit with a crossing gives the crossing's bracket, not shown when its ends are not significant.
    const crossing = classifyPrice(grid([0.7, 0.6, 0.5, 0.45, 0.4, 0.3]), 0.5, undefined);
    expect([crossing.kind, crossing.lo, crossing.hi, crossing.shown]).toEqual(['step', 10, 20, false]);
    expect(priceVerdict('X', crossing, opts).strength).toBe('inconclusive');
    // Without a crossing inside the grid and without a fit there is nothing to report.
    expect(classifyPrice(grid([0.6, 0.58, 0.56, 0.55, 0.54, 0.53]), 0.5, undefined).kind).toBe('not-estimable');
  });

  it('a step-shaped response (2-hero Rumble) reports the bracket, not a falsely tight price', () => {
    // Equal Energy: both fall together; 5 less Energy loses every game.
    const a = classifyPrice(grid([1, 1, 0, 0, 0, 0]), 0.5, curve(4.99, 4.9, 5.1));
    expect(a.kind).toBe('step');
    expect([a.lo, a.hi]).toEqual([5, 10]);
    const v = priceVerdict('Tough Skin (2 heroes)', a, opts);
    expect(v.statement).toMatch(/worth between 5 and 10 Energy: the outcome steps/);
    expect(v.statement).not.toMatch(/4\.99|14\.991/);
  });

  it('an optional power below fair even for free is explained as misuse by the agents', () => {
    const a = classifyPrice(grid([0.3, 0.25, 0.2, 0.15, 0.1, 0.05]), 0.5, curve(-10, -20, -3));
    expect(a.kind).toBe('negative');
    const v = priceVerdict('Flight (2 heroes)', a, { ...opts, optional: true });
    expect(v.statement).toMatch(/cannot be worth less than nothing to a good player: this measures the agents misusing it/);
    expect(v.statement).toMatch(/under random menu play/);
  });

  it('a clean price inside the grid is supported (unless the family correction says otherwise)', () => {
    const a = classifyPrice(grid([0.85, 0.75, 0.62, 0.45, 0.25, 0.1]), 0.5, curve(17.2, 12.5, 22.8));
    expect(a.kind).toBe('price');
    expect(priceVerdict('Tough Skin (2 heroes)', a, opts)).toMatchObject({ strength: 'supported', statement: 'Tough Skin (2 heroes) is worth about 17 Energy (between 13 and 23), under random menu play.' });
    expect(priceVerdict('Tough Skin (2 heroes)', a, { ...opts, supported: false }).strength).toBe('inconclusive');
  });

  it('formats numbers without "-0" and ranges whose ends differ', () => {
    expect(fmtNum(-0.2)).toBe('0');
    expect(fmtNum(-0.04, 1)).toBe('0.0');
    expect(fmtRange(10.01, 10.4)).toBe('between 10.0 and 10.4');
    expect(fmtRange(10, 10)).toBe('about 10.00');
    expect(fmtNum(Infinity)).toBe('∞');
  });
});
