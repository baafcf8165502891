import { describe, expect, it } from 'vitest';
import { tFor } from '../../../src/core/student-t.js';
import { zFor } from '../../../src/core/wilson.js';

// Reference quantiles: R's qt() / scipy.stats.t.ppf (both exact to double precision).
describe('tFor: the exact two-sided Student-t critical value', () => {
  it('matches published quantiles to 1e-9, including the small-df, high-level cases Holm uses', () => {
    const cases: [level: number, df: number, t: number][] = [
      [0.9989, 3, 12.513950287142036], // Holm's level for the strongest of ~45 items, 4 units
      [0.95, 1, 12.706204736174694],
      [0.95, 2, 4.302652729749462],
      [0.95, 3, 3.1824463052837078],
      [0.95, 9, 2.262157162798205],
      [0.95, 29, 2.045229642132703],
      [0.9916, 5, 4.211018529269262],
      [0.9998, 2, 70.70007107496818],
      [0.99998, 4, 23.332182700855984],
      [0.95, 1000, 1.9623390808264083],
    ];
    for (const [level, df, t] of cases) expect(Math.abs(tFor(level, df) - t) / t).toBeLessThan(1e-9);
  });

  it('tends to the normal quantile, itself right to 1e-8 (a truncated Acklam coefficient made it 2.5e-7 off), and refuses impossible arguments', () => {
    const normal: [number, number][] = [
      [0.95, 1.959963984540054],
      [0.99, 2.5758293035489004],
      [0.999, 3.2905267314919255],
      [0.5, 0.6744897501960817],
    ];
    for (const [level, z] of normal) {
      expect(Math.abs(zFor(level) - z) / z).toBeLessThan(1e-8);
      expect(Math.abs(tFor(level, Infinity) - z) / z).toBeLessThan(1e-8);
    }
    expect(tFor(0.95, 0)).toBeNaN();
    expect(tFor(1, 5)).toBeNaN();
  });
});
