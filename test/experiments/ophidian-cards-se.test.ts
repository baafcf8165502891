import { describe, expect, it } from 'vitest';
import { analyseCards, boundedCi, playRate } from '../../experiments/ophidian/cards.js';
import { se } from '../../experiments/ophidian/common.js';

describe('ophidian-cards: standard errors and play rates', () => {
  it('the standard error is sd/√n, not the t interval width over 3.92 (which overstates it for small n)', () => {
    const xs = [0, 1, 0, 1]; // sd = √(1/3), n = 4
    expect(se(xs)).toBeCloseTo(Math.sqrt(1 / 3) / 2, 12);
    // t(3) ≈ 3.18: the old width/3.92 would have been 1.62× larger
    expect(se(xs)).toBeLessThan(0.3);
  });
  it('has no standard error below two units', () => {
    expect(se([0.5])).toBeNaN();
    expect(se([])).toBeNaN();
  });
  it('a card with no recorded games counts as never played, so ordering by play rate stays a total order', () => {
    expect(playRate([])).toBe(0);
    expect(playRate([1, 2, 3])).toBe(2);
    const rates = new Map<string, number[]>([['a', []], ['b', [2]], ['c', [0.5, 0.5]]]);
    const order = [...rates.keys()].sort((x, y) => playRate(rates.get(y)!) - playRate(rates.get(x)!));
    expect(order).toEqual(['b', 'c', 'a']);
  });
  it('a share\'s interval stays within what a share can be, even from two matchups (t with 1 df is 12.7 wide per sd)', () => {
    const x = boundedCi([0.5, 0.917], 0.95, 0, 1);
    expect(x.mean).toBeCloseTo(0.7085, 4);
    expect([x.lo, x.hi]).toEqual([0, 1]);
    // a narrow interval is left as it is
    const y = boundedCi([0.6, 0.62, 0.61, 0.6], 0.95, 0, 1);
    expect(y.lo).toBeGreaterThan(0.58);
    expect(y.hi).toBeLessThan(0.64);
    const a = analyseCards([{ id: 'c', name: 'C', cost: 2, inclusion: [0.5, 0.917], loss: [0.9, -0.9], plays: [1, 1] }]);
    const f = a.findings[0]!;
    expect([f.inclusion.lo, f.inclusion.hi, f.loss.lo, f.loss.hi]).toEqual([0, 1, -1, 1]);
    expect(f.inclusion.rejected).toBe(false);
  });
});
