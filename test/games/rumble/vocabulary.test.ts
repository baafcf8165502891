/** The declarative power-file vocabulary: parsing, validation messages, and behaviour of user powers. */
import { describe, expect, it } from 'vitest';
import { parsePowerFile, DATA_POWERS } from '../../../src/games/rumble/index.js';
import { UserError } from '../../../src/core/errors.js';
import { alloc, allocate, energies, fixedGame } from './helpers.js';

describe('power files', () => {
  it('the shipped seed-powers.yaml compiles to at least 20 data powers', () => {
    expect(DATA_POWERS.length).toBeGreaterThanOrEqual(20);
    expect(DATA_POWERS.every((p) => p.source === 'data')).toBe(true);
  });

  it('reads YAML and JSON, single powers and lists', () => {
    const yaml = `
powers:
  - id: iron-fist
    name: Iron Fist
    params: { bonus: 15 }
    effects:
      - when: static
        do: [{ attack: { add: bonus } }]
`;
    expect(parsePowerFile(yaml).map((p) => p.id)).toEqual(['iron-fist']);
    expect(parsePowerFile(JSON.stringify({ id: 'x', name: 'X' })).map((p) => p.name)).toEqual(['X']);
    expect(parsePowerFile(JSON.stringify([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }]))).toHaveLength(2);
  });

  it('rejects a malformed power naming the power, the field and the problem', () => {
    const bad = (spec: object) => () => parsePowerFile(JSON.stringify([spec]), 'my.yaml');
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'sometimes', do: [{ win: true }] }] })).toThrow(UserError);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'sometimes', do: [{ win: true }] }] })).toThrow(/my\.yaml: power "zap": field effects\.0\.when is "sometimes"; allowed: .*"roundEnd"/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundEnd', do: [{ energy: 'bonsu' }] }], params: { bonus: 5 } })).toThrow(
      /power "zap": field effects\.0\.do\.0\.energy is "bonsu"; allowed: a number, a param \(bonus\)/,
    );
    expect(bad({ id: 'Zap!', name: 'Zap' })).toThrow(/field id is "Zap!"/);
    expect(bad({ id: 'zap', name: 'Zap', colour: 'red' })).toThrow(/unknown field "colour"/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'use', do: [{ win: true }] }] })).toThrow(/"use" only when the power has a use/);
    expect(() => parsePowerFile('a: [1, 2', 'broken.yaml')).toThrow(/broken\.yaml: not valid YAML/);
  });

  it('a user power plays by its file: trigger, condition and action', () => {
    const spec = {
      id: 'second-wind',
      name: 'Second Wind',
      params: { threshold: 30, gain: 15 },
      effects: [{ when: 'roundEnd', if: [{ value: 'energy', op: 'lt', than: 'threshold' }], once: 'game', do: [{ energy: 'gain' }] }],
    };
    let s = fixedGame([{ energy: 40, powers: ['second-wind'] }, { energy: 100 }], { customPowers: [spec] });
    s = allocate(s, [alloc(2, {}, 40), alloc(2, { 0: 60 }, 40)]);
    expect(energies(s)).toEqual([20 + 15, 100]);
    s = allocate(s, [alloc(2, {}, 35), alloc(2, { 0: 45 }, 55)]);
    expect(s.heroes[0]!.energy).toBe(25); // once per game
  });

  it('a bad custom power in the options is rejected when the options are used', () => {
    expect(() => fixedGame([{ energy: 10 }, { energy: 10 }], { customPowers: [{ id: 'x', name: 'X', effects: [{ when: 'static', do: [{ damage: 5, to: 'target' }] }] }] })).toThrow(
      /"target" only in a "use" effect/,
    );
  });

  it('damage triggers: dealingDamage adds, takingDamage prevents (once a round), tookDamage reacts', () => {
    const powers = [
      { id: 'brass-knuckles', name: 'Brass Knuckles', effects: [{ when: 'dealingDamage', kind: 'attack', do: [{ damageBonus: 3 }] }] },
      { id: 'force-field', name: 'Force Field', effects: [{ when: 'takingDamage', once: 'round', kind: 'power', do: [{ preventDamage: true }] }] },
      { id: 'adrenaline', name: 'Adrenaline', effects: [{ when: 'tookDamage', do: [{ energy: 'eventAmount' }] }] },
    ];
    const round = (defender: string[]) => {
      const s = fixedGame([{ energy: 100, powers: ['brass-knuckles', 'laser-eyes'] }, { energy: 100, powers: defender }], { customPowers: powers });
      // Hero 0: 20 Attack and Laser Eyes twice; hero 1: 10 Defense. 20 - 10 + 3 = 13 attack damage, 2 x 5 laser.
      return allocate(s, [alloc(2, { 1: 20 }, 60, { uses: [{ power: 1, target: 1, times: 2 }] }), alloc(2, { 0: 90 }, 10)]).heroes[1]!.energy;
    };
    expect(round([])).toBe(100 - 13 - 10);
    expect(round(['force-field'])).toBe(100 - 13 - 5); // the first laser hit is prevented
    expect(round(['adrenaline'])).toBe(100); // every hit given back
  });
});
