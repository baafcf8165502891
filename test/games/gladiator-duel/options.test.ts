/** Option validation: defaults from the seed text, one-line UserErrors naming the field. */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { getGame } from '../../../src/games/index.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { optionDocs, optionsSchema, parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';

function messageOf(input: unknown): string {
  try {
    parseDuelOptions(input);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('gladiator-duel options', () => {
  it('defaults follow the seed text and RULES-NOTES', () => {
    const o = parseDuelOptions({});
    expect(o.gladiators).toEqual([{ type: 'medium', strength: 'roll' }, { type: 'medium', strength: 'roll' }]);
    expect([o.lightApBonus, o.heavyApModifier]).toEqual([1, 0]);
    expect(o.ap).toEqual({ lightlyWounded: 1, badlyWounded: 2, ensnared: 3, offBalance: 2 });
    expect(o.costs).toEqual({ forwardStep: 1, otherStep: 2, pivot: 1, strike: 1, castNet: 2, escapeNet: 2 });
    expect(o.saves).toEqual({ heavy: 5, medium: 6, light: 7, retiarius: 6 });
    expect(o.net).toEqual({ adjacentTarget: 6, gapTarget: 5, recovered: true, castsPerTurn: 1, escapeTarget: 4 });
    expect(o.arena).toEqual({ cols: 11, rows: 7, startDistance: 4 });
  });

  it('partial nested overrides keep the other defaults', () => {
    const o = parseDuelOptions({ ap: { ensnared: 2 }, gladiators: [{ type: 'heavy', strength: 8 }, { type: 'retiarius' }] });
    expect(o.ap.badlyWounded).toBe(2);
    expect(o.ap.ensnared).toBe(2);
    expect(o.gladiators[1]).toEqual({ type: 'retiarius', strength: 'roll' });
  });

  it('names the field, the value and what is allowed', () => {
    expect(messageOf({ gladiators: [{ type: 'ninja' }, { type: 'light' }] })).toMatch(/gladiators\.0\.type is "ninja".*"heavy", "medium", "light", "retiarius"/);
    expect(messageOf({ turnCap: 0 })).toMatch(/field turnCap is 0; allowed: >= 2/);
    expect(messageOf({ gladiators: [{ type: 'light', strength: 0 }, { type: 'light' }] })).toMatch(/gladiators\.0\.strength is 0/);
    expect(messageOf({ bogus: 1 })).toMatch(/unknown field "bogus"/);
    expect(messageOf({ ap: { speed: 1 } })).toMatch(/unknown field "ap.speed"/);
    expect(messageOf({ wounds: { lightlyAt: 0.3, badlyAt: 0.5 } })).toMatch(/wounds\.badlyAt is 0.5 \(must be at most wounds.lightlyAt\)/);
    expect(messageOf({ arena: { cols: 5, startDistance: 6 } })).toMatch(/arena\.startDistance is 6/);
    expect(messageOf({ strikeArc: 'sideways' })).toMatch(/strikeArc is "sideways"; allowed: "any", "front"/);
    expect(messageOf({ gladiators: [{ type: 'light' }] })).toMatch(/gladiators/);
  });

  it('documents every top-level option', () => {
    const documented = new Set(optionDocs.map((d) => d.path.split('.')[0]));
    for (const key of Object.keys(parseDuelOptions({}))) expect(documented.has(key)).toBe(true);
  });

  it('is registered under its id', () => {
    expect(getGame('gladiator-duel')).toBe(gladiatorDuel);
    expect(gladiatorDuel.numPlayers(parseDuelOptions({}))).toBe(2);
  });
});

describe('gladiator-duel option docs (generated from the schema)', () => {
  it('documents every numeric option with a sweep range that the schema accepts, default included', () => {
    const numeric = optionDocs.filter((d) => typeof d.default === 'number');
    expect(numeric.length).toBeGreaterThan(20);
    for (const d of numeric) {
      expect(d.sweep, d.path).toBeDefined();
      const { min, max } = d.sweep!;
      expect(min <= (d.default as number) && (d.default as number) <= max, `${d.path}: default inside sweep`).toBe(true);
      const [head, leaf] = d.path.includes('.') ? d.path.split('.') : [undefined, d.path];
      for (const v of [min, max]) {
        const input = head ? { [head]: { [leaf!]: v } } : { [leaf!]: v };
        expect(optionsSchema.safeParse(input).success, `${d.path}=${v}`).toBe(true);
      }
    }
  });
});
