/** Content as data: the arena maps and the power numbers compiled by the effect kernel. */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { DEFAULT_MAP, OPEN, parseMap, randomMap, startZone } from '../../../src/games/superhero-gladiators/arena.js';
import { compilePowerNumbers, powerNumbersWith, SEED_NUMBERS } from '../../../src/games/superhero-gladiators/power-numbers.js';
import { SURE_HIT, cell, fight, hero, options, play } from './helpers.js';

const env = (level: number, STR = 4) => ({ level, STR, DEX: 4, SIZ: 4, PER: 3 });

describe('power numbers (heroes/power-numbers.yaml, compiled by the effect kernel)', () => {
  it('are the text\'s numbers', () => {
    expect(SEED_NUMBERS['close-attack'].damage(env(3))).toBe(9);
    expect(SEED_NUMBERS['distance-attack'].damage(env(3))).toBe(6);
    expect(SEED_NUMBERS.defenses.blocks(env(2))).toBe(8);
    expect(SEED_NUMBERS['force-wall'].blocks(env(2))).toBe(10);
    expect(SEED_NUMBERS.teleport.distance(env(2))).toBe(40);
    expect(SEED_NUMBERS.flight.rate(env(2))).toBe(4 * 4 * 2 * 2);
    expect(SEED_NUMBERS.entangle.escapeAtLeast(env(5, 2))).toBe((5 - 2 + 3) * 3);
    expect(SEED_NUMBERS.darkness.closePenalty(env(2))).toBe(4);
  });

  it('a house rule changes one in the options, and the fight uses it', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] }), hero('B')], {
      rules: SURE_HIT,
      powerNumbers: { 'close-attack': { damage: { mul: ['level', 5] } } },
    });
    const s = fight(o, [cell(4, 4), cell(5, 4)]);
    expect(play(s, { k: 'attack', p: 0, target: 1, gizmo: -1 }).heroes[1]!.oomph).toBe(48 - 10);
  });

  it('a misspelt name fails in one line with the closest allowed word', () => {
    let message = '';
    try {
      powerNumbersWith({ healing: { gain: 'levl' } });
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      message = (e as Error).message;
    }
    expect(message).toBe('option powerNumbers: power "healing": field gain: unknown value `levl`; did you mean `level`?');
    expect(() => compilePowerNumbers({ healing: { gain: 'level' } }, 'x.yaml')).toThrow(/x\.yaml: field tunneling/);
  });
});

describe('arena maps as data', () => {
  it('the default map parses, with open start zones on both sides', () => {
    const m = parseMap(DEFAULT_MAP);
    expect(m.grid.cols).toBe(13);
    expect(m.grid.rows).toBe(9);
    const west = startZone(m, 0, 2, 2);
    const east = startZone(m, 1, 2, 2);
    expect(west.length).toBe(18);
    expect(east.length).toBe(18);
    expect([...west, ...east].every((c) => m.terrain[c] === OPEN)).toBe(true);
  });

  it('random maps are seeded, keep the start columns open, and parse', () => {
    expect(randomMap(13, 9, 7)).toEqual(randomMap(13, 9, 7));
    expect(randomMap(13, 9, 7)).not.toEqual(randomMap(13, 9, 8));
    for (let seed = 0; seed < 20; seed++) {
      const rows = randomMap(13, 9, seed);
      const m = parseMap(rows);
      for (const row of rows) expect(row.slice(0, 2) + row.slice(-2)).toBe('....');
      expect(startZone(m, 0, 2, 2)).toHaveLength(18);
    }
  });

  it('a 4-side arena gives each side its own edge', () => {
    const m = parseMap(DEFAULT_MAP);
    const zones = [0, 1, 2, 3].map((side) => startZone(m, side, 4, 2));
    const all = zones.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(zones.every((z) => z.length > 0)).toBe(true);
  });
});
