/**
 * The statistics of the Superhero Gladiators cost and build studies, on synthetic pair
 * outcomes whose truth is known (no games played): relative prices recover a power the
 * simulation makes worth three times its formula price and pass a fairly priced one; the
 * refit recovers a level base the simulation used and lowers the held-out spread; the
 * build mutation stays legal and deterministic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initTf } from '../../../src/core/tf.js';
import { Rng } from '../../../src/core/rng.js';
import { DEFAULT_BUILD_OPTIONS } from '../../../src/games/superhero-gladiators/build-options.js';
import { buildHero } from '../../../src/games/superhero-gladiators/builder.js';
import { checkHeroFile } from '../../../src/games/superhero-gladiators/content.js';
import { BuildGenerator, mutateBuild } from '../../../src/games/superhero-gladiators/generator.js';
import type { HeroSpec } from '../../../src/games/superhero-gladiators/hero.js';
import { ALL_FEATURES, buildFeatures, formulaCost, isExtraFeature, teamFeatures } from '../../../experiments/superhero-gladiators/common.js';
import { excessInterval, fitRelativePrices, fitScale, heldOutSpread, priceInterval, refitFormula, type PairUnit } from '../../../experiments/superhero-gladiators/pricing.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const gen = new BuildGenerator();
const builds = (n: number, seed: number): HeroSpec[] => {
  const rng = new Rng(seed);
  return Array.from({ length: n }, (_, i) => gen.next(rng, `b${seed}-${i}`).spec);
};

/** Pair shares drawn from logit P = Σ value(x_A) − value(x_B), each pair two Bernoulli games. */
function simulate(specs: readonly HeroSpec[], pairs: number, value: (h: HeroSpec) => number, rng: Rng): PairUnit[] {
  const out: PairUnit[] = [];
  for (let k = 0; k < pairs; k++) {
    const a = specs[rng.int(specs.length)]!;
    let b = specs[rng.int(specs.length)]!;
    while (b === a) b = specs[rng.int(specs.length)]!;
    const p = 1 / (1 + Math.exp(-(value(a) - value(b))));
    const wins = (rng.float() < p ? 1 : 0) + (rng.float() < p ? 1 : 0);
    out.push({ a: [a], b: [b], share: wins / 2 });
  }
  return out;
}

beforeAll(async () => {
  await initTf();
});

describe('build features (superhero-gladiators-costs)', () => {
  it('every feature in formula points: powers, enhancements, limited uses, points per level, characteristics x 30', () => {
    const spec: HeroSpec = {
      name: 'F', look: '', sample: false, STR: 4, DEX: 4, SIZ: 4, PER: 3,
      powers: [
        { type: 'close-attack', level: 3, uses: 5, enhancements: ['piercing', 'hidden-gizmo'], look: '' },
        { type: 'absorbing', level: 4, uses: 'infinite', enhancements: [], look: '' },
      ],
    };
    const f = buildFeatures(spec);
    const close = 10 * 1.4948 ** 2 * (3 - 3.15 * 1.1 ** -5) * 1.5 * 0.85;
    const absorb = 10 * 1.4948 ** 3 * 3;
    expect(f['power:close-attack']).toBeCloseTo(close, 9);
    expect(f['power:absorbing']).toBeCloseTo(absorb, 9);
    expect(f['enh:piercing']).toBeCloseTo(close, 9);
    expect(f['enh:hidden-gizmo']).toBeCloseTo(close, 9);
    expect(f['formula:limited-uses']).toBeCloseTo(close, 9); // absorbing has infinite uses
    expect(f['formula:per-level']).toBeCloseTo(close * 2, 9); // absorbing's level is fixed by the text: not a choice
    expect(f['char:STR']).toBe(120);
    expect(f['char:PER']).toBe(90);
    expect(isExtraFeature('formula:per-level') && isExtraFeature('enh:missile') && !isExtraFeature('power:flight')).toBe(true);
  });
});

describe('relative prices (superhero-gladiators-costs)', () => {
  it('finds a power worth 3x its formula price and passes a fairly priced one', () => {
    const specs = builds(300, 1);
    // Every formula point is worth 0.02 log-odds, except close attack's, worth 0.06.
    const value = (h: HeroSpec) => {
      const f = buildFeatures(h);
      let v = 0;
      for (const [k, x] of Object.entries(f)) if (!isExtraFeature(k)) v += (k === 'power:close-attack' ? 0.06 : 0.02) * x;
      return v;
    };
    const units = simulate(specs, 3000, value, new Rng(2));
    const fit = fitRelativePrices(units, (t) => teamFeatures(t), ALL_FEATURES, 8);
    const close = fit.prices.find((p) => p.feature === 'power:close-attack')!;
    const dist = fit.prices.find((p) => p.feature === 'power:distance-attack')!;
    const ci = priceInterval(close, 0.95);
    expect(excessInterval(close, 0.95).lo).toBeGreaterThan(0); // the contrast shows it too
    expect(ci.lo).toBeGreaterThan(1); // shown under-priced
    // The ratio is close attack's value per point over the average point's (≈ 0.02-0.025).
    expect(close.ratio).toBeGreaterThan(2);
    expect(close.ratio).toBeLessThan(4);
    const di = priceInterval(dist, 0.95);
    expect(di.lo).toBeLessThan(1.2);
    expect(di.hi).toBeGreaterThan(0.8);
    const de = excessInterval(dist, 0.95);
    expect(de.lo).toBeLessThan(0);
    expect(de.hi).toBeGreaterThan(0);
    expect(fit.lambda).toBeGreaterThan(0);
  });
});

describe('formula refit (superhero-gladiators-costs)', () => {
  it('recovers the level base the outcomes were drawn with and predicts held-out builds better', () => {
    const truth = { ...DEFAULT_BUILD_OPTIONS, levelBase: 2.2 };
    const specs = builds(200, 3);
    const value = (h: HeroSpec) => 0.03 * formulaCost(h, truth);
    const rng = new Rng(4);
    const train = specs.slice(0, 150);
    const held = specs.slice(150);
    const trainingUnits = simulate(train, 2000, value, rng);
    // Held-out builds meet training builds.
    const testing: PairUnit[] = [];
    for (const h of held) for (const u of simulate([h, ...train.slice(0, 30)], 60, value, rng)) if (u.a[0] === h || u.b[0] === h) testing.push(u);
    const refit = refitFormula(trainingUnits, DEFAULT_BUILD_OPTIONS);
    const lb = refit.constants.find((c) => c.name === 'levelBase')!;
    expect(lb.refit).toBeGreaterThan(1.9);
    expect(lb.refit).toBeLessThan(2.6);
    expect(lb.lo).toBeLessThan(2.2);
    expect(lb.hi).toBeGreaterThan(2.2);
    const before = heldOutSpread(held.map((h) => h.name), testing, fitScale(trainingUnits, DEFAULT_BUILD_OPTIONS));
    const after = heldOutSpread(held.map((h) => h.name), testing, refit.fit);
    expect(after.rms).toBeLessThan(before.rms);
  });
});

describe('build search pieces', () => {
  it('mutateBuild gives legal builds within the spend band, deterministically', () => {
    const [start] = builds(1, 5);
    const run = (seed: number) => {
      const rng = new Rng(seed);
      let s = start!;
      const out: HeroSpec[] = [];
      for (let i = 0; i < 40; i++) {
        s = mutateBuild(s, rng, gen);
        out.push(s);
      }
      return out;
    };
    const a = run(6);
    expect(run(6)).toEqual(a);
    for (const s of a) {
      const hero = buildHero(s, DEFAULT_BUILD_OPTIONS, 'test');
      expect(hero.totalCost).toBeLessThanOrEqual(200 + 1e-9);
      expect(hero.totalCost).toBeGreaterThanOrEqual(160 - 1e-9);
    }
    expect(new Set(a.map((s) => JSON.stringify(s))).size).toBeGreaterThan(10);
  });

  it('checkHeroFile refuses a sample name and an illegal hero in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shg-heroes-'));
    const sample = join(dir, 'sample.yaml');
    writeFileSync(sample, '- { name: Amazon, STR: 4, DEX: 4, SIZ: 4, PER: 3 }\n');
    expect(() => checkHeroFile(sample)).toThrow(/hero "Amazon": field name is "Amazon"; allowed: a name no sample hero has/);
    const over = join(dir, 'over.yaml');
    writeFileSync(over, '- { name: Big, STR: 10, DEX: 10, SIZ: 4, PER: 2 }\n');
    expect(() => checkHeroFile(over)).toThrow(/hero "Big".*total cost.*allowed: at most 200/);
    const ok = join(dir, 'ok.yaml');
    writeFileSync(ok, '- { name: Fine, STR: 4, DEX: 4, SIZ: 4, PER: 3 }\n');
    expect(checkHeroFile(ok).map((h) => h.name)).toEqual(['Fine']);
    expect(() => checkHeroFile(join(dir, 'missing.yaml'))).toThrow(/hero file is "[^"]*missing.yaml": cannot read the file/);
  });
});
