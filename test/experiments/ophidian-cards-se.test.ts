import { describe, expect, it } from 'vitest';
import { playRate, se } from '../../experiments/ophidian-cards.js';

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
});
