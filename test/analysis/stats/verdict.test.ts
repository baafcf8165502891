import { describe, expect, it } from 'vitest';
import { differenceVerdict, shareVerdict } from '../../../src/analysis/stats/verdict.js';
import { wilson } from '../../../src/analysis/stats/wilson.js';

describe('verdicts follow the interval', () => {
  it('states a difference only when the interval excludes 0', () => {
    const yes = differenceVerdict('house rule', 'base rules', { mean: 0.06, lo: 0.03, hi: 0.09, n: 400 });
    expect(yes.strength).toBe('supported');
    expect(yes.statement).toBe('house rule scores higher than base rules.');
    // MDE: the half-width 0.03 over 1.96 is the se; (1.96 + 0.8416) · se = 0.0429.
    expect(yes.evidence).toBe('0.060 (95% CI 0.030 to 0.090, n = 400 pairs; MDE 0.043 at 80% power)');
    const down = differenceVerdict('A', 'B', { mean: -0.06, lo: -0.09, hi: -0.01, n: 50 });
    expect(down.statement).toBe('A scores lower than B.');
    const no = differenceVerdict('A', 'B', { mean: 0.02, lo: -0.01, hi: 0.05, n: 400 });
    expect(no.strength).toBe('inconclusive');
    expect(no.statement).toMatch(/No difference/);
    // "Inconclusive" says how large an effect could have been missed (issue #28).
    expect(no.statement).toMatch(/No effect larger than 0\.043 is shown: one that large would be found 80% of the time/);
  });
  it('judges a share against the fair share', () => {
    expect(shareVerdict('Seat 0', wilson(600, 1000), 0.5).strength).toBe('supported');
    expect(shareVerdict('Seat 0', wilson(510, 1000), 0.5).strength).toBe('inconclusive');
    expect(shareVerdict('Hero X', wilson(150, 1000), 0.25).statement).toBe('Hero X wins less than the fair share (0.250).');
  });
});
