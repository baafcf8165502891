import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { POWER_TYPES } from '../../../src/games/superhero-gladiators/catalogue.js';
import { parseBuildOptions } from '../../../src/games/superhero-gladiators/build-options.js';
import { baseCost, buildHero, powerCost, segmentBoxes, withExtraSegments } from '../../../src/games/superhero-gladiators/builder.js';
import { heroCard } from '../../../src/games/superhero-gladiators/card.js';
import { BuildGenerator, DEFAULT_BUILD_SPACE, randomBuilds } from '../../../src/games/superhero-gladiators/generator.js';
import { parseHeroText, readHeroFile, type HeroInput } from '../../../src/games/superhero-gladiators/hero.js';

const SAMPLES = new URL('../../../src/games/superhero-gladiators/heroes/samples.yaml', import.meta.url);

function hero(input: Partial<HeroInput>) {
  const [spec] = parseHeroText(JSON.stringify({ name: 'Test', STR: 4, DEX: 4, SIZ: 4, PER: 3, ...input }), 'test');
  return buildHero(spec!, undefined, 'test');
}

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('cost formula: 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^-uses)', () => {
  it('reproduces hand-computed points', () => {
    // level 1, 1 use: 10 x (3 - 3.15/1.1) = 1.3636...
    expect(baseCost(1, 1)).toBeCloseTo(10 * (3 - 3.15 / 1.1), 10);
    expect(baseCost(1, 1)).toBeCloseTo(1.363636, 5);
    // level 1, infinite uses: 10 x 3 = 30
    expect(baseCost(1, Infinity)).toBe(30);
    // level 2, infinite: 14.948 x 3 = 44.844
    expect(baseCost(2, Infinity)).toBeCloseTo(44.844, 9);
    // level 3, 10 uses: 10 x 1.4948^2 x (3 - 3.15 x 1.1^-10) = 22.3443 x 1.78553 = 39.896
    expect(baseCost(3, 10)).toBeCloseTo(10 * 1.4948 ** 2 * (3 - 3.15 * 1.1 ** -10), 10);
    expect(baseCost(3, 10)).toBeCloseTo(39.8966, 3);
    // level 4, 2 uses: 33.3997 x (3 - 3.15/1.21) = 33.3997 x 0.39669 = 13.249
    expect(baseCost(4, 2)).toBeCloseTo(13.2494, 3);
    // level 5, 5 uses: 49.925 x 1.04407
    expect(baseCost(5, 5)).toBeCloseTo(10 * 1.4948 ** 4 * (3 - 3.15 * 1.1 ** -5), 10);
  });

  it('multiplies each enhancement modifier, and the constants are options', () => {
    expect(powerCost(3, Infinity, ['piercing', 'no-gizmo'])).toBeCloseTo(baseCost(3, Infinity) * 1.5, 10);
    expect(powerCost(2, Infinity, ['always-on', 'visible-gizmo'])).toBeCloseTo(44.844 * 1.25 * 0.7, 9);
    const o = parseBuildOptions({ levelBase: 2, usesA: 4, modifiers: { piercing: 3 } });
    expect(powerCost(3, Infinity, ['piercing'], o)).toBeCloseTo(10 * 4 * 4 * 3, 9);
  });

  it('cost grows with level and uses', () => {
    for (let l = 1; l < 8; l++) expect(baseCost(l + 1, 3)).toBeGreaterThan(baseCost(l, 3));
    for (const u of [1, 2, 3, 5, 10, 50]) expect(baseCost(2, u + 1)).toBeGreaterThan(baseCost(2, u));
    expect(baseCost(2, 100)).toBeLessThan(baseCost(2, Infinity));
    expect(baseCost(2, 100)).toBeGreaterThan(baseCost(2, 99));
  });
});

describe('secondaries and the segment table', () => {
  it('the text example: movement rate 20 acts on segments 1, 3, 5 and 6', () => {
    expect(segmentBoxes(20)).toEqual([true, false, true, false, true, true]);
    const h = hero({ DEX: 5, SIZ: 4, STR: 3, PER: 3 }); // rate 20
    expect(h.movementRate).toBe(20);
    expect(h.segments).toEqual([true, false, true, false, true, true]);
  });

  it('segment thresholds #1>=1 #2>=26 #3>=6 #4>=21 #5>=11 #6>=16 at their edges', () => {
    expect(segmentBoxes(1)).toEqual([true, false, false, false, false, false]);
    expect(segmentBoxes(5)).toEqual([true, false, false, false, false, false]);
    expect(segmentBoxes(6)).toEqual([true, false, true, false, false, false]);
    expect(segmentBoxes(11)).toEqual([true, false, true, false, true, false]);
    expect(segmentBoxes(16)).toEqual([true, false, true, false, true, true]);
    expect(segmentBoxes(21)).toEqual([true, false, true, true, true, true]);
    expect(segmentBoxes(26)).toEqual([true, true, true, true, true, true]);
  });

  it('combat modifier 2 x DEX + STR, Oomph STR x SIZ x 3, movement DEX x SIZ, movement powers multiply', () => {
    const h = hero({ STR: 4, DEX: 5, SIZ: 3, PER: 3, powers: [{ type: 'flight', level: 2, uses: 'infinite' }, { type: 'run-fast', level: 1, uses: 3 }] });
    expect(h.combatModifier).toBe(14);
    expect(h.oomphMax).toBe(36);
    expect(h.movementRate).toBe(15);
    expect(h.rates).toEqual({ normal: 15, flight: 60, 'run-fast': 45 });
  });

  it('extra limbs give +1 combat modifier each, or an extra segment (lowest threshold first)', () => {
    const h = hero({ DEX: 5, SIZ: 3, powers: [{ type: 'extra-limbs', level: 3, uses: 'infinite', segments: 1 }] });
    expect(h.combatModifier).toBe(2 * 5 + 4 + 2);
    // rate 15: #1 #3 #5; the next box a faster hero gains is #6 (>= 16)
    expect(h.segments).toEqual([true, false, true, false, true, true]);
    expect(withExtraSegments([true, false, false, false, false, false], 2, [1, 26, 6, 21, 11, 16])).toEqual([true, false, true, false, true, false]);
  });
});

describe('build rules, one line naming hero, field, value and rule', () => {
  it('characteristics cost 30 points each beyond the free 15', () => {
    const h = hero({ STR: 5, DEX: 5, SIZ: 4, PER: 3 }); // 17 = 2 bought
    expect(h.characteristicCost).toBe(60);
    expect(h.totalCost).toBe(60);
  });

  it('rejects characteristics off the total', () => {
    expect(errorOf(() => hero({ STR: 3, DEX: 3, SIZ: 3, PER: 3 }))).toBe(
      'test: hero "Test": STR+DEX+SIZ+PER is 12; allowed: at least 15 (the free characteristic points; more cost 30 points each)',
    );
    expect(errorOf(() => hero({ STR: 0, DEX: 8, SIZ: 4, PER: 3 }))).toMatch(/hero "Test": STR is 0; allowed: at least 1/);
  });

  it('rejects a hero over budget', () => {
    const msg = errorOf(() => hero({ powers: [{ type: 'close-attack', level: 6, uses: 'infinite' }] }));
    expect(msg).toMatch(/hero "Test": total cost is 223\.\d+; allowed: at most 200 points/);
  });

  it('accepts a hero at exactly the budget', () => {
    // 6 characteristic points bought = 180, plus a 20-point power: 10 x (3 - 3.15 x 1.1^-u) is not 20 exactly; use the budget option
    const h = hero({ STR: 10, DEX: 5, SIZ: 3, PER: 3, powers: [] });
    expect(h.totalCost).toBe(180);
    const [spec] = parseHeroText(JSON.stringify({ name: 'Edge', STR: 10, DEX: 5, SIZ: 3, PER: 3 }), 'test');
    expect(buildHero(spec!, parseBuildOptions({ budget: 180 })).totalCost).toBe(180);
    expect(() => buildHero(spec!, parseBuildOptions({ budget: 179.99 }))).toThrow(UserError);
  });

  it('rejects a power type bought twice', () => {
    expect(errorOf(() => hero({ powers: [{ type: 'healing', level: 1, uses: 1 }, { type: 'healing', level: 2, uses: 1 }] }))).toBe(
      'test: hero "Test": powers[1].type is "healing"; allowed: each power type once',
    );
  });

  it('rejects a wrong level for a level-only power (absorbing 4, missile deflection 2, desolidify 3)', () => {
    expect(errorOf(() => hero({ powers: [{ type: 'absorbing', level: 3, uses: 1 }] }))).toBe(
      'test: hero "Test": powers[0] (absorbing).level is 3; allowed: 4 only (absorbing is a level-only power)',
    );
    expect(errorOf(() => hero({ powers: [{ type: 'missile-deflection', level: 1, uses: 1 }] }))).toMatch(/allowed: 2 only/);
    expect(errorOf(() => hero({ powers: [{ type: 'desolidify', level: 2, uses: 1 }] }))).toMatch(/allowed: 3 only/);
    expect(hero({ powers: [{ type: 'desolidify', level: 3, uses: 1 }] }).powers[0]!.level).toBe(3);
  });

  it('caps the levelled flavour powers as the text does', () => {
    expect(errorOf(() => hero({ powers: [{ type: 'shapeshift', level: 4, uses: 1 }] }))).toMatch(/shapeshift\)\.level is 4; allowed: 1 to 3/);
    expect(errorOf(() => hero({ powers: [{ type: 'life-support', level: 3, uses: 1 }] }))).toMatch(/allowed: 1 to 2/);
  });

  it('enforces enhancement rules', () => {
    expect(errorOf(() => hero({ powers: [{ type: 'healing', level: 1, uses: 1, enhancements: ['piercing'] }] }))).toMatch(/allowed: piercing only on/);
    expect(errorOf(() => hero({ powers: [{ type: 'close-attack', level: 1, uses: 1, enhancements: ['missile'] }] }))).toMatch(/allowed: missile only on/);
    expect(errorOf(() => hero({ powers: [{ type: 'defenses', level: 1, uses: 3, enhancements: ['always-on'] }] }))).toMatch(/uses is 3; allowed: infinite for an always-on power/);
    expect(errorOf(() => hero({ powers: [{ type: 'teleport', level: 1, uses: 'infinite', enhancements: ['always-on'] }] }))).toMatch(/always-on only on the starred powers/);
    expect(errorOf(() => hero({ powers: [{ type: 'close-attack', level: 1, uses: 1, enhancements: ['hidden-gizmo', 'visible-gizmo'] }] }))).toMatch(/one gizmo kind/);
    expect(errorOf(() => hero({ powers: [{ type: 'close-attack', level: 1, uses: 1, enhancements: ['unreliable-10', 'unreliable-15'] }] }))).toMatch(/one of unreliable-15, unreliable-10/);
  });

  it('names the field of a malformed file', () => {
    expect(errorOf(() => parseHeroText('name: Zed\nSTR: 4\nDEX: 4\nSIZ: 4\nPER: 3\npowers:\n  - {type: laser, level: 1, uses: 1}\n', 'f.yaml'))).toMatch(
      /^f\.yaml: hero "Zed": field powers\.0\.type is "laser"; allowed: "tunneling", /,
    );
    expect(errorOf(() => parseHeroText('name: Zed\nSTR: 4\nDEX: 4\nSIZ: 4\nPER: 3\npowers:\n  - {type: healing, level: 1, uses: lots}\n', 'f.yaml'))).toMatch(/field powers\.0\.uses is "lots"/);
  });
});

describe('sample heroes', () => {
  const specs = readHeroFile(SAMPLES);
  it('at least 8 legal sample heroes, labelled as samples, covering every power type', () => {
    expect(specs.length).toBeGreaterThanOrEqual(8);
    const heroes = specs.map((s) => buildHero(s));
    expect(heroes.every((h) => h.sample && h.totalCost <= 200)).toBe(true);
    // "Your superhero can have 200 points of superpowers": the samples (the studies' field) spend them.
    expect(heroes.filter((h) => h.totalCost < 195).map((h) => h.name)).toEqual([]);
    const used = new Set(heroes.flatMap((h) => h.powers.map((p) => p.type)));
    expect([...POWER_TYPES].filter((t) => !used.has(t))).toEqual([]);
  });

  it('prints a card with the cost factors and the total', () => {
    const card = heroCard(buildHero(specs[0]!));
    expect(card).toContain('Lightning Lass (sample hero)');
    expect(card).toContain('segments  #1[x] #2[ ] #3[x] #4[ ] #5[x] #6[ ]');
    expect(card).toContain('22.344 (level) x 3 (uses) x 1.50 (piercing) x 1 (no-gizmo)');
    expect(card).toMatch(/total 197\.58 of 200 points \(2\.42 left\)/);
  });
});

describe('random legal builds', () => {
  it('are legal, within the space, and the same for the same seed', () => {
    const a = randomBuilds(40, new Rng(3));
    const b = randomBuilds(40, new Rng(3));
    expect(a.map((x) => x.spec)).toEqual(b.map((x) => x.spec));
    for (const { hero: h } of a) {
      expect(h.totalCost).toBeLessThanOrEqual(200 + 1e-9);
      expect(h.totalCost).toBeGreaterThanOrEqual(160);
      expect(h.powers.length).toBeLessThanOrEqual(DEFAULT_BUILD_SPACE.maxPowers);
      for (const p of h.powers) if (p.type !== 'absorbing') expect(p.level).toBeLessThanOrEqual(5);
    }
  });

  it('are uniform: in a tiny space every legal build shows up about equally often', () => {
    // Space: one power among {healing, close-attack} at levels 1-2, uses {1, infinite}, budget 200.
    const gen = new BuildGenerator({ ...DEFAULT_BUILD_SPACE, maxPowers: 1, maxLevel: 2, usesMenu: [1, 'infinite'], types: ['healing', 'jumping'], minSpend: 0, characteristicMax: 4 });
    const rng = new Rng(11);
    const counts = new Map<string, number>();
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const { spec } = gen.next(rng, 'x');
      const key = JSON.stringify([spec.powers, spec.STR, spec.DEX, spec.SIZ, spec.PER]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // characteristics 1..4 summing to >= 15: 4,4,4,3 (4 ways) and 4,4,4,4 -> 5 vectors; powers: none + 2 types x 2 levels x 2 uses x 4 gizmos x 3 reliability = 97
    expect(counts.size).toBe(5 * 97);
    const expected = n / counts.size;
    const chi2 = [...counts.values()].reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    // 484 degrees of freedom: mean 484, sd ~31; 650 is beyond 5 sd
    expect(chi2).toBeLessThan(650);
  });
});
