import { describe, expect, it } from 'vitest';
import { restrictedPlay, restrictedPlayTable } from '../../../src/analysis/stats/restricted.js';
import { Rng } from '../../../src/core/rng.js';
import type { GameRecord } from '../../../src/sim/types.js';

/**
 * Paired 2-player runs on common seeds: slot 0 wins a game when the seed's luck u (the
 * same in both runs, as common random numbers) is below its strength p.
 */
function run(pairs: number, p: number): GameRecord[] {
  const out: GameRecord[] = [];
  for (let k = 0; k < pairs; k++) {
    const luck = new Rng(7000 + k);
    for (let g = 0; g < 2; g++) {
      const win0 = luck.float() < p;
      const slots = g === 0 ? [0, 1] : [1, 0];
      const returns = slots.map((s) => (s === 0 ? (win0 ? 1 : 0) : win0 ? 0 : 1));
      out.push({ index: 2 * k + g, seed: 7000 + k, seats: slots.map((s) => `a${s}`), slots, returns, length: 1, tags: {}, pair: k });
    }
  }
  return out;
}

describe('restricted play', () => {
  it('measures the share lost when a choice is barred, on common seeds', () => {
    const base = run(400, 0.6);
    const r = restrictedPlay(base, run(400, 0.45), 0, 'no fireball');
    expect(r.choice).toBe('no fireball');
    expect(r.n).toBe(400);
    expect(r.value).toBeCloseTo(r.shareUnrestricted - r.shareRestricted, 12);
    expect(r.value).toBeGreaterThan(0.1);
    expect(r.value).toBeLessThan(0.2);
    expect(r.lo).toBeGreaterThan(0.1);
    expect(r.significant).toBe(true);
  });
  it('common seeds make a null effect exactly zero, with no significance claimed', () => {
    const base = run(100, 0.5);
    const r = restrictedPlay(base, run(100, 0.5), 0);
    expect(r.value).toBe(0);
    expect(r.significant).toBe(false);
  });
  it('ranks choices by value', () => {
    const base = run(300, 0.6);
    const table = restrictedPlayTable(base, { sword: run(300, 0.55), net: run(300, 0.3), dodge: run(300, 0.6) }, 0);
    expect(table.map((t) => t.choice)).toEqual(['net', 'sword', 'dodge']);
    expect(table[2]!.significant).toBe(false);
  });
});
