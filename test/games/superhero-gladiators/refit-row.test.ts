import { describe, expect, it } from 'vitest';
import { refitRow } from '../../../experiments/superhero-gladiators/costs.js';

// Issue #28: a refit interval "[0.924, 103.6]" was shown as a 95% interval. A Wald interval
// that runs past the range the refit searched comes from a flat likelihood: not shown, flagged.
describe('superhero-gladiators-costs: refit intervals only where the games constrain them', () => {
  it('flags an interval past the searched range and keeps a constrained one', () => {
    const wide = refitRow({ name: 'modifiers.gizmo', original: 0.8, refit: 9.7, lo: 0.924, hi: 103.6 });
    expect(wide.lo).toBeNull();
    expect(wide.hi).toBeNull();
    expect(wide.note).toMatch(/^not constrained by these games: its Wald interval \[0\.924, 103\.600\] runs past the searched range \[0\.05, 20\]/);
    const ok = refitRow({ name: 'levelBase', original: 2, refit: 2.2, lo: 1.8, hi: 2.6 });
    expect([ok.lo, ok.hi, ok.note]).toEqual([1.8, 2.6, '']);
    expect(refitRow({ name: 'levelBase', original: 2, refit: 2.2, lo: NaN, hi: NaN }).note).toBe('interval not estimable (flat likelihood)');
  });
});
