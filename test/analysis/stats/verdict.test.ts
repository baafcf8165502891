import { describe, expect, it } from 'vitest';
import { differenceVerdict, shareVerdict } from '../../../src/analysis/stats/verdict.js';
import { wilson } from '../../../src/core/wilson.js';

describe('verdicts follow the interval', () => {
  it('states a difference only when the interval excludes 0, in the direction it shows', () => {
    const yes = differenceVerdict('house rule − base rules', { mean: 0.06, lo: 0.03, hi: 0.09, n: 400 }, 'the house rule scores higher', 'the house rule scores lower');
    expect(yes.strength).toBe('supported');
    expect(yes.statement).toBe('house rule − base rules: the house rule scores higher.');
    expect(yes.evidence).toBe('difference 0.060 [0.030, 0.090] n=400 (95% t interval; MDE 0.043 at 80% power)');
    const down = differenceVerdict('A − B', { mean: -0.06, lo: -0.09, hi: -0.01, n: 50 }, 'up', 'down');
    expect(down.statement).toBe('A − B: down.');
    const no = differenceVerdict('A − B', { mean: 0.02, lo: -0.01, hi: 0.05, n: 400 }, 'up', 'down');
    expect(no.strength).toBe('inconclusive');
    expect(no.statement).toBe('A − B: no difference shown at this sample size — no difference larger than 0.043 is shown (one that large would be found 80% of the time at this sample size).');
  });
  it('judges a share against the fair share', () => {
    expect(shareVerdict('Seat 0', wilson(600, 1000), 0.5).strength).toBe('supported');
    expect(shareVerdict('Seat 0', wilson(510, 1000), 0.5).strength).toBe('inconclusive');
    expect(shareVerdict('Hero X', wilson(150, 1000), 0.25).statement).toBe('Hero X wins less than the fair share (0.250).');
  });
});
