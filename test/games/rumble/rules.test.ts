/**
 * The seed's worked examples and basic rules (003_58bc1e48e51193ca.txt, "Rules").
 * Heroes: 0 Mantisman, 1 Doctor Cuttlefish, 2 Plastiquegirl (The Breeze is hero 0 where named).
 */
import { describe, expect, it } from 'vitest';
import { rumble, type RumbleAction } from '../../../src/games/rumble/index.js';
import { UserError } from '../../../src/core/errors.js';
import { deepFreeze } from '../../core/contract.js';
import { alloc, allocate, energies, fixedGame } from './helpers.js';

describe('Resolution (basic rules)', () => {
  it('Mantisman: 50 Defense against 40 + 20 Attack takes 10 damage, 80 -> 70', () => {
    const s = deepFreeze(fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100 }]));
    const n = allocate(s, [alloc(3, { 1: 20, 2: 10 }, 50), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]);
    expect(energies(n)).toEqual([70, 100, 100]);
    expect(n.round).toBe(2);
  });

  it('the defender chooses which attack points to block (Sharp Knives shows whose damage landed)', () => {
    const start = fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100, powers: ['sharp-knives'] }]);
    const allocs = [alloc(3, {}, 80 - 30), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)];
    allocs[0] = alloc(3, { 1: 20, 2: 10 }, 50);
    const rev = allocate(start, allocs);
    expect(rev.phase).toBe('reveal'); // two attackers, one with an on-damage power: a real choice
    expect(rumble.toMove(rev)).toEqual([0]);
    const take = (choice: object) => rumble.apply(rev, [{ t: 'reveal', heroes: [choice] } as RumbleAction]);
    // Block Plastiquegirl's 20 first: the 10 damage is the Doctor's, no knives.
    const a = take({ blockOrder: [2] });
    expect(a.heroes[0]!.energy).toBe(70);
    expect(a.heroes[0]!.bleed).toEqual([]);
    // Block the Doctor first: Plastiquegirl's 10 lands and her knives bleed him 2 for two rounds.
    const b = take({ blockOrder: [1] });
    expect(b.heroes[0]!.energy).toBe(70);
    expect(b.heroes[0]!.bleed).toEqual([2, 2, 2]);
    // "or 5 from each": exact amounts.
    const c = take({ blockAmounts: [0, 35, 15] });
    expect(c.heroes[0]!.energy).toBe(70);
    expect(c.heroes[0]!.bleed).toEqual([2, 2, 2]);
    // Default (no choice): block the attacker whose damage triggers powers first.
    const d = take({});
    expect(d.heroes[0]!.bleed).toEqual([]);
  });

  it('Mantisman with Precognition, Laser Eyes and Big, Gnashy Claws (the worked example)', () => {
    const s = fixedGame([
      { energy: 70, powers: ['precognition', 'laser-eyes', 'big-gnashy-claws'] },
      { energy: 40 },
      { energy: 95 },
    ]);
    const rev = allocate(s, [
      alloc(3, {}, 0, { reserve: 50, uses: [{ power: 1, target: 2, times: 2 }] }),
      alloc(3, { 0: 30 }, 10),
      alloc(3, {}, 95),
    ]);
    expect(rev.phase).toBe('reveal');
    expect(rumble.toMove(rev)).toEqual([0]);
    const n = rumble.apply(rev, [{ t: 'reveal', heroes: [{ precog: { attack: [0, 20, 0], defense: 30 } }] }]);
    // Doctor takes 10 (20 - 10; no Claws bonus because other powers were used),
    // Plastiquegirl takes 2 x 5 through her 95 Defense, Mantisman takes nothing (Spend is not lost).
    expect(energies(n)).toEqual([70, 30, 85]);
  });

  it('Big, Gnashy Claws adds 20 to the Attack when no other power is used', () => {
    const s = fixedGame([{ energy: 70, powers: ['big-gnashy-claws'] }, { energy: 40 }]);
    const n = allocate(s, [alloc(2, { 1: 20 }, 50), alloc(2, {}, 10 + 30)]);
    expect(n.heroes[1]!.energy).toBe(40);
    const m = allocate(s, [alloc(2, { 1: 20 }, 50), alloc(2, {}, 40)]);
    expect(m.heroes[1]!.energy).toBe(40); // 40 Attack (20+20) vs 40 Defense
    const k = allocate(s, [alloc(2, { 1: 20 }, 50), alloc(2, { 0: 10 }, 30)]);
    expect(k.heroes[1]!.energy).toBe(30); // 40 vs 30 -> 10 damage
  });

  it('The Breeze drains 5 at Reveal to activate Flight (a Drain variant in the power vocabulary)', () => {
    const flightDrain = {
      id: 'flight-drain',
      name: 'Flight (Drain)',
      use: { drain: 5 },
      effects: [{ when: 'use', do: [{ nullifyAttacks: 'both' }] }],
    };
    const s = fixedGame([{ energy: 50, powers: ['flight-drain'] }, { energy: 100 }], { customPowers: [flightDrain] });
    const rev = allocate(s, [alloc(2, { 1: 10 }, 40), alloc(2, { 0: 50 }, 50)]);
    expect(rev.phase).toBe('reveal');
    const n = rumble.apply(rev, [{ t: 'reveal', heroes: [{ uses: [{ power: 0 }] }] }]);
    expect(energies(n)).toEqual([45, 100]);
    const without = rumble.apply(rev, [{ t: 'reveal', heroes: [{}] }]);
    expect(energies(without)).toEqual([40, 100]);
  });

  it('Burn: 50 Energy, 10 Attack, 30 Defence, burn 10 on Laser Goggles -> 40 next round', () => {
    const goggles = { id: 'laser-goggles', name: 'Laser Goggles', use: { burn: 10 } };
    const s = fixedGame([{ energy: 50, powers: ['laser-goggles'] }, { energy: 100 }], { customPowers: [goggles] });
    const n = allocate(s, [alloc(2, { 1: 10 }, 30, { uses: [{ power: 0 }] }), alloc(2, {}, 100)]);
    expect(n.heroes[0]!.energy).toBe(40);
  });

  it('Drain: 50 to Defense, then Zypher drains 10 -> 40 next round', () => {
    const s = fixedGame([{ energy: 50, powers: ['zypher'] }, { energy: 100, powers: ['laser-eyes'] }]);
    const rev = allocate(s, [alloc(2, {}, 50), alloc(2, {}, 90, { uses: [{ power: 0, target: 0 }] })]);
    expect(rev.phase).toBe('reveal');
    const n = rumble.apply(rev, [{ t: 'reveal', heroes: [{ uses: [{ power: 0, target: 1 }] }] }]);
    // Zypher turned the Laser Eyes back on their owner: Breeze 50 - 10 drained, the Doctor takes 5.
    expect(energies(n)).toEqual([40, 95]);
  });

  it('Activate N caps uses per round; Exhaust N caps uses per game', () => {
    const s = fixedGame([{ energy: 100, powers: ['green-gas-bombs'] }, { energy: 100 }]);
    const use3 = alloc(2, {}, 85, { uses: [{ power: 0, times: 3 }] });
    let n = allocate(s, [use3, alloc(2, {}, 100)]);
    expect(n.heroes[0]!.powers[0]!.uses).toBe(3);
    expect(() => allocate(n, [alloc(2, {}, 95, { uses: [{ power: 0 }] }), alloc(2, {}, 100)])).toThrow(/Exhaust/);
    const once = { id: 'once', name: 'Once', use: { spend: 1, activate: 1 }, effects: [] };
    const t = fixedGame([{ energy: 10, powers: ['once'] }, { energy: 10 }], { customPowers: [once] });
    expect(() => allocate(t, [alloc(2, {}, 8, { uses: [{ power: 0, times: 2 }] }), alloc(2, {}, 10)])).toThrow(/at most 1 \(Activate\)/);
    n = allocate(t, [alloc(2, {}, 9, { uses: [{ power: 0 }] }), alloc(2, {}, 10)]);
    expect(n.heroes[0]!.energy).toBe(10);
  });

  it('a hero at 0 is eliminated; the last hero standing wins', () => {
    const s = fixedGame([{ energy: 30 }, { energy: 100 }, { energy: 20 }]);
    const n = allocate(s, [alloc(3, { 1: 30 }, 0), alloc(3, { 0: 30 }, 70), alloc(3, {}, 20)]);
    expect(n.heroes[0]!.alive).toBe(false);
    expect(n.heroes[0]!.energy).toBe(0);
    expect(n.phase).toBe('alloc');
    expect(rumble.toMove(n)).toEqual([1, 2]);
    const m = allocate(n, [alloc(3, {}, 0), alloc(3, { 2: 100 }, 0), alloc(3, { 1: 20 }, 0)]);
    expect(m.phase).toBe('over');
    expect(m.heroes[1]!.energy).toBe(80);
    expect(rumble.returns(m)).toEqual([0, 1, 0]);
  });

  it('simultaneous last eliminations split the win', () => {
    const s = fixedGame([{ energy: 20 }, { energy: 20 }]);
    const n = allocate(s, [alloc(2, { 1: 20 }, 0), alloc(2, { 0: 20 }, 0)]);
    expect(rumble.returns(n)).toEqual([0.5, 0.5]);
    expect(n.end).toBe('all-dead');
  });

  it('the round cap gives the win to the highest Energy, ties split', () => {
    const s = fixedGame([{ energy: 50 }, { energy: 50 }, { energy: 40 }], { roundCap: 1 });
    const n = allocate(s, [alloc(3, {}, 50), alloc(3, {}, 50), alloc(3, {}, 40)]);
    expect(n.end).toBe('cap');
    expect(rumble.returns(n)).toEqual([0.5, 0.5, 0]);
  });

  it('Energy must all be assigned by default; the option allows holding some back', () => {
    const s = fixedGame([{ energy: 50 }, { energy: 50 }]);
    expect(() => allocate(s, [alloc(2, { 1: 10 }, 30), alloc(2, {}, 50)])).toThrow(/total is 40; allowed: exactly the hero's Energy 50/);
    const loose = fixedGame([{ energy: 50 }, { energy: 50 }], { mustAssignAll: false });
    expect(allocate(loose, [alloc(2, { 1: 10 }, 30), alloc(2, {}, 50)]).heroes[1]!.energy).toBe(50);
  });

  it('rejects illegal allocations naming the field, the value and what is allowed', () => {
    const s = fixedGame([{ energy: 50 }, { energy: 50 }]);
    const bad = (a: ReturnType<typeof alloc>) => () => allocate(s, [a, alloc(2, {}, 50)]);
    expect(bad(alloc(2, { 0: 10 }, 40))).toThrow(UserError);
    expect(bad(alloc(2, { 0: 10 }, 40))).toThrow(/attack\.0 is 10; allowed: 0/);
    expect(bad(alloc(2, { 1: -5 }, 55))).toThrow(/attack\.1 is -5/);
    expect(bad(alloc(2, {}, 40, { reserve: 10 }))).toThrow(/reserve is 10; allowed: 0 \(only Precognition/);
    expect(bad(alloc(2, {}, 50, { uses: [{ power: 0 }] }))).toThrow(/uses\.0\.power is 0/);
  });

  it('apply never mutates its input (deep-frozen states through a whole random game)', async () => {
    const { Rng } = await import('../../../src/core/rng.js');
    const { rumbleOptions } = await import('../../../src/games/rumble/index.js');
    const rng = new Rng(5);
    let s = deepFreeze(rumble.setup(rumbleOptions({ auction: { pool: 'all' } }), 11));
    let steps = 0;
    while (!rumble.isTerminal(s) && steps < 500) {
      const moves = rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p)));
      s = deepFreeze(rumble.apply(s, moves));
      steps++;
    }
    expect(rumble.isTerminal(s)).toBe(true);
    expect(rumble.returns(s).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });
});
