import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { symmetricNash } from '../../../src/analysis/stats/nash.js';
import { SimplexPivotCapError, solveLinearProgram } from '../../../src/analysis/stats/simplex.js';

/**
 * Issue #28: ophidian-teams at 28 seeds never finished its analysis. The loop was the
 * first LP of the Nash code (the max-min LP, free value variable) on resample 87 of the
 * Nash bootstrap (symmetricNashBootstrap, seed 1, over the 28-seed run's share matrix):
 * javascript-lp-solver's phase 1 cycled on it for more than 25 CPU-minutes. The fixture is
 * that resample (24 teams' shares, wins / games per cell, many cells tied).
 * On the old code this file does not finish (the solve is synchronous, so it hangs).
 */
const resample87: number[][] = JSON.parse(readFileSync(new URL('./fixtures/ophidian-teams-28-seeds-resample-87.json', import.meta.url), 'utf8'));

describe('Nash LPs cannot cycle (issue #28)', () => {
  it('the 28-seed ophidian-teams resample that hung the old solver: equilibrium (1/9, 4/9, 4/9) on teams 15, 20, 22', () => {
    const eq = symmetricNash(resample87, { maxIterations: 30 });
    // By hand on the 3×3 subgame (advantages in 56ths: 15 vs 20 −4, 15 vs 22 +4, 20 vs 22 −1):
    // 15 pays 0 iff x20 = x22, 20 pays 0 iff 4·x15 = x22, so x = (1, 4, 4)/9, unique.
    expect([...eq.support].sort((p, q) => p - q)).toEqual([15, 20, 22]);
    expect(eq.probabilities[15]).toBeCloseTo(1 / 9, 6);
    expect(eq.probabilities[20]).toBeCloseTo(4 / 9, 6);
    expect(eq.probabilities[22]).toBeCloseTo(4 / 9, 6);
    expect(eq.value).toBeCloseTo(0.5, 9);
    // Every other team scores clearly below 0.5 against it, so it is in no equilibrium
    // (zero-sum equilibria are interchangeable): the support is complete.
    for (let i = 0; i < resample87.length; i++) if (![15, 20, 22].includes(i)) expect(eq.scores[i]).toBeLessThan(0.5 - 0.05);
  });
});

describe('simplex', () => {
  it("Beale's example, on which Dantzig's rule alone cycles: optimum 1/20 at x = (1/25, 0, 1, 0)", () => {
    // E. M. L. Beale (1955): max 3/4 x1 − 150 x2 + 1/50 x3 − 6 x4 subject to
    // 1/4 x1 − 60 x2 − 1/25 x3 + 9 x4 ≤ 0, 1/2 x1 − 90 x2 − 1/50 x3 + 3 x4 ≤ 0, x3 ≤ 1.
    const res = solveLinearProgram({
      maximize: [3 / 4, -150, 1 / 50, -6],
      constraints: [
        { coefficients: [1 / 4, -60, -1 / 25, 9], relation: '<=', rhs: 0 },
        { coefficients: [1 / 2, -90, -1 / 50, 3], relation: '<=', rhs: 0 },
        { coefficients: [0, 0, 1, 0], relation: '<=', rhs: 1 },
      ],
    });
    expect(res.status).toBe('optimal');
    if (res.status !== 'optimal') return;
    expect(res.objective).toBeCloseTo(1 / 20, 9);
    expect(res.x[0]).toBeCloseTo(1 / 25, 9);
    expect(res.x[2]).toBeCloseTo(1, 9);
  });

  it('equality and ≥ rows (phase 1); infeasible and unbounded programs say so', () => {
    // max x + y s.t. x + y = 2, x ≥ 0.5, y ≤ 1: optimum 2 with x ∈ [1, 2].
    const ok = solveLinearProgram({
      maximize: [1, 2],
      constraints: [
        { coefficients: [1, 1], relation: '=', rhs: 2 },
        { coefficients: [1, 0], relation: '>=', rhs: 0.5 },
        { coefficients: [0, 1], relation: '<=', rhs: 1 },
      ],
    });
    expect(ok).toEqual({ status: 'optimal', x: [1, 1], objective: 3 });
    expect(solveLinearProgram({ maximize: [1], constraints: [{ coefficients: [1], relation: '>=', rhs: 2 }, { coefficients: [1], relation: '<=', rhs: 1 }] }).status).toBe('infeasible');
    expect(solveLinearProgram({ maximize: [1, 0], constraints: [{ coefficients: [1, -1], relation: '<=', rhs: 1 }] }).status).toBe('unbounded');
  });

  it('the pivot cap fails loudly in one line instead of running on', () => {
    const lp = { maximize: [1, 1, 1], constraints: [0, 1, 2].map((k) => ({ coefficients: [0, 1, 2].map((j) => (j === k ? 1 : 0.1)), relation: '<=' as const, rhs: 1 })) };
    expect(() => solveLinearProgram(lp, { maxPivots: 1 })).toThrow(SimplexPivotCapError);
    expect(() => solveLinearProgram(lp, { maxPivots: 1 })).toThrow(/^simplex: no optimum after 1 pivots on a 3-row, 3-variable LP[^\n]*$/);
  });
});
