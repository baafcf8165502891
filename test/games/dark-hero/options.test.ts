/**
 * Hero builds: "Spend 3 points as you wish" on Fighting/Tactics 1–3, Infiltrating/Hiding
 * 1–2, Aces (1 point each) and Resource pairs (2 cards per point).
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { allBuilds, buildCode, buildCost } from '../../../src/games/dark-hero/options.js';
import { options } from './helpers.js';

describe('builds', () => {
  it('lists the 19 legal 3-point builds, including the seed\'s Superman and Batman', () => {
    const builds = allBuilds();
    expect(builds.length).toBe(19);
    expect(builds.every((b) => buildCost(b) === 3)).toBe(true);
    const codes = builds.map(buildCode);
    expect(codes).toContain('F3'); // Superman: Fight 3, Infiltrate 0, Resources 0
    expect(codes).toContain('F1 I1 R2'); // Batman: Fight 1, Infiltrate 1, Resources 2
    expect(new Set(codes).size).toBe(19);
  });

  it('accepts the seed heroes', () => {
    const o = options({
      heroes: [
        { name: 'Superman', goal: 'safe', fighting: 3 },
        { name: 'Batman', goal: 'free', fighting: 1, infiltrating: 1, resources: 2 },
      ],
    });
    expect(o.heroes.map((h) => h.name)).toEqual(['Superman', 'Batman']);
    expect(o.players).toBe(2);
  });

  it('rejects builds that do not cost exactly 3 points, naming the hero', () => {
    const bad = (hero: object) => () => options({ heroes: [{ goal: 'free', fighting: 3 }, hero] });
    expect(bad({ name: 'Batman', goal: 'free', fighting: 1, infiltrating: 1 })).toThrow(
      'dark-hero options: heroes.1 (Batman): build "F1 I1" costs 2 points (fighting 1 + infiltrating 1 + aces 0 + resources 0/2); allowed: exactly 3 points',
    );
    expect(bad({ goal: 'safe', fighting: 3, aces: 1 })).toThrow(/heroes\.1 \(Hero 2\): build "F3 A1" costs 4 points/);
    expect(bad({ goal: 'safe', fighting: 2, resources: 1 })).toThrow(/resources is 1; allowed: 0, 2, 4 or 6/);
  });

  it('rejects out-of-range fields and unknown goals with the field, value and range', () => {
    expect(() => options({ heroes: [{ goal: 'free', fighting: 4 }, { goal: 'safe', fighting: 3 }] })).toThrow(
      'dark-hero options: field heroes.0.fighting is 4; allowed: <= 3',
    );
    expect(() => options({ heroes: [{ goal: 'free', infiltrating: 3 }, { goal: 'safe', fighting: 3 }] })).toThrow(/heroes\.0\.infiltrating is 3; allowed: <= 2/);
    expect(() => options({ heroes: [{ goal: 'anarchy', fighting: 3 }, { goal: 'safe', fighting: 3 }] })).toThrow(/heroes\.0\.goal is "anarchy"; allowed: "free", "safe"/);
    expect(() => options({ players: 21 })).toThrow(/players is 21; allowed: <= 20/);
    expect(() => options({ turns: 0 })).toThrow(UserError);
    expect(() => options({ drift: 'wild' })).toThrow(/drift is "wild"; allowed: "bent", "fluctuating"/);
  });

  it('defaults to 4 heroes alternating Free and Safe, 12 turns, Ace +3', () => {
    const o = options();
    expect(o.heroes.map((h) => h.goal)).toEqual(['free', 'safe', 'free', 'safe']);
    expect([o.turns, o.aceBonus, o.aceCost, o.cardBase, o.map.layout]).toEqual([12, 3, 3, 2, 'seed']);
  });
});
