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
      /^my\.yaml: power "zap": field effects\.0\.do\.0\.energy: unknown value `bonsu`; did you mean `bonus`\?$/,
    );
    expect(bad({ id: 'Zap!', name: 'Zap' })).toThrow(/field id is "Zap!"/);
    expect(bad({ id: 'zap', name: 'Zap', colour: 'red' })).toThrow(/power "zap": unknown field `colour`; allowed: id, name, /);
    // Typos name the closest allowed word: fields, actions, values, selectors, triggers, operators.
    expect(bad({ id: 'zap', name: 'Zap', efects: [] })).toThrow(/^my\.yaml: power "zap": unknown field `efects`; did you mean `effects`\?$/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'static', do: [{ defence: { add: 5 } }] }] })).toThrow(
      /^my\.yaml: power "zap": field effects\.0\.do\.0: unknown action `defence`; did you mean `defense`\?$/,
    );
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'static', do: [{ defense: { ad: 5 } }] }] })).toThrow(/field effects\.0\.do\.0: field defense: unknown field `ad`; did you mean `add`\?/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundEnd', do: [{ damage: 5, to: 'oponents' }] }] })).toThrow(/unknown value `oponents`; did you mean `opponents`\?/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundend', do: [{ win: true }] }] })).toThrow(/field effects\.0\.when: unknown value `roundend`; did you mean `roundEnd`\?/);
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundEnd', if: [{ value: 'energy', op: 'lte', than: 'rund' }], do: [{ win: true }] }] })).toThrow(
      /field effects\.0\.if\.0\.than: unknown value `rund`; did you mean `round`\?/,
    );
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundEnd', if: [{ value: 'energy', op: 'lessthan', than: 5 }], do: [{ win: true }] }] })).toThrow(/unknown operator `lessthan`; allowed: lt, lte/);
    // Absurd numbers are refused where they are written.
    expect(bad({ id: 'zap', name: 'Zap', effects: [{ when: 'roundEnd', do: [{ energy: 1e308 }] }] })).toThrow(/field effects\.0\.do\.0\.energy: 1e\+308 is out of range/);
    expect(bad({ id: 'zap', name: 'Zap', params: { big: 1e308 } })).toThrow(/field params\.big/);
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

  it("the rules page's examples: Ghost Punch sets a target's Defense to zero after Metal Face's +10; Devourer removes a power", () => {
    const powers = [
      { id: 'metal-face', name: 'Metal Face', effects: [{ when: 'static', do: [{ defense: { add: 10 } }] }] },
      { id: 'ghost-punch', name: 'Ghost Punch', params: { cost: 10 }, use: { spend: 'cost', target: 'opponent' }, effects: [{ when: 'use', do: [{ setDefense: 0 }] }] },
      {
        id: 'devourer',
        name: 'Devourer',
        text: 'Spend the Power Strength of a Power: Remove that Power from an opponent at the end of the round.',
        use: { spend: 'X', target: 'opponent' },
        effects: [{ when: 'use', do: [{ removePower: { maxStrength: 'X' } }] }],
      },
    ];
    let s = fixedGame([{ energy: 100, powers: ['ghost-punch', 'devourer'] }, { energy: 100, powers: ['metal-face', { id: 'tough-skin', strength: 25 }] }], { customPowers: powers });
    // Hero 1 defends 30 (+10 Metal Face +20 Tough Skin = 60), Ghost-Punched to 0: all 40 Attack lands.
    s = allocate(s, [alloc(2, { 1: 40 }, 30, { uses: [{ power: 0, target: 1 }, { power: 1, target: 1, x: 20 }] }), alloc(2, {}, 100)]);
    expect(s.heroes[1]!.energy).toBe(60);
    // Devourer with X = 20 removes the strongest power of strength <= 20: Metal Face (0), not Tough Skin (25).
    expect(s.heroes[1]!.powers.map((p) => p.id)).toEqual(['tough-skin']);
  });

  it('numbers with sums and min/max, or-conditions and conditions on another hero\'s stats', () => {
    const powers = [
      {
        id: 'underdog',
        name: 'Underdog',
        // +min(20, 5 + the strongest opponent's Energy / 10) Defense, if you are weaker than it or below 50.
        effects: [
          {
            when: 'static',
            if: [{ any: [{ value: 'energy', op: 'lt', than: { stat: 'energy', of: 'strongest' } }, { value: 'energy', op: 'lt', than: 50 }] }],
            do: [{ defense: { add: { min: [20, { sum: [5, { mul: [{ stat: 'energy', of: 'strongest' }, 0.1] }] }] } } }],
          },
        ],
      },
    ];
    // Hero 0 puts everything into Attack (0 Defense before the power); hero 1 attacks it with all it has.
    const hit = (mine: number, theirs: number) => {
      const s = fixedGame([{ energy: mine, powers: ['underdog'] }, { energy: theirs }], { customPowers: powers });
      return allocate(s, [alloc(2, { 1: mine }, 0), alloc(2, { 0: theirs }, 0)]).heroes[0]!.energy;
    };
    expect(hit(60, 70)).toBe(60 - (70 - 12)); // weaker: +min(20, 5 + 7) = 12
    expect(hit(100, 150)).toBe(100 - (150 - 20)); // weaker, capped at 20
    expect(hit(60, 50)).toBe(60 - 50); // stronger and at 50 or more: no bonus
    expect(hit(40, 30)).toBe(40 - (30 - 8)); // stronger but below 50 (the or): 5 + 3 = 8
  });
});
