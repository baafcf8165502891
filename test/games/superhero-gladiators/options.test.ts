import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import { optionDocs } from '../../../src/games/superhero-gladiators/options.js';

function message(input: unknown): string {
  try {
    parseOptions(input);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('superhero-gladiators options fail before any game, in one line', () => {
  it('an unknown hero name in a team', () => {
    expect(message({ teams: [['Nobody'], ['Ironclad']] })).toMatch(/^superhero-gladiators options: field teams\.0\.0 is "Nobody"; allowed: "Lightning Lass", "Ironclad"/);
  });
  it('an illegal user hero names hero, field, value and rule', () => {
    expect(message({ heroes: [{ name: 'Big', STR: 9, DEX: 9, SIZ: 9, PER: 9 }], teams: [['Big'], ['Ironclad']] })).toBe(
      'superhero-gladiators options: heroes: hero "Big": total cost is 630; allowed: at most 200 points (powers 0.00 + characteristics 630)',
    );
  });
  it('a bad custom map', () => {
    expect(message({ arena: { map: 'custom', rows: ['....', '..x.', '....'] } })).toMatch(/arena\.rows\[1\] has "x" at column 2; allowed: \. \(open\), # \(wall\), ~ \(water\), o \(pit\)/);
  });
  it('too many sides or heroes', () => {
    expect(message({ teams: [['Amazon'], ['Shade'], ['Mimic'], ['Ironclad'], ['Speedster']] })).toMatch(/field teams is .*allowed: <= 4 items/);
    expect(message({ teams: [['Amazon', 'Shade', 'Mimic', 'Ironclad', 'Speedster'], ['Webspinner']] })).toMatch(/field teams\.0 is .*allowed: <= 4 items/);
  });
  it('a user hero plays beside the samples', () => {
    const o = parseOptions({ heroes: [{ name: 'Kid', STR: 4, DEX: 4, SIZ: 4, PER: 3, powers: [{ type: 'flight', level: 1, uses: 'infinite' }] }], teams: [['Kid'], ['Amazon']] });
    expect(o.teams[0]).toEqual(['Kid']);
  });
});

describe('superhero-gladiators option docs come from the schema', () => {
  it('one line per option leaf, each default the parsed default', () => {
    const parsed = parseOptions({}) as unknown as Record<string, unknown>;
    const at = (path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], parsed);
    const paths = optionDocs.map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['teams', 'rules.defenses', 'arena.hexFeet', 'build.levelBase', 'build.modifiers.piercing', 'build.characteristicPrice', 'turnCap']));
    for (const d of optionDocs) {
      expect(d.description.length).toBeGreaterThan(5);
      expect(at(d.path)).toEqual(d.default);
    }
  });
});
