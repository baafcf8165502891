/**
 * X for X-cost powers is the player's choice ("Spend X", "Drain X": any whole X it can
 * pay): the menus offer a small, a middle and a large X (a tenth, a fifth, two fifths of
 * Energy), and the level chosen changes the outcome as the text says.
 */
import { describe, expect, it } from 'vitest';
import { rumble, type RumbleAction } from '../../../src/games/rumble/index.js';
import { X_LEVELS, xAt } from '../../../src/games/rumble/x-levels.js';
import { fixedGame } from './helpers.js';

const xs = (menu: readonly RumbleAction[], phase: 'alloc' | 'reveal'): number[] => {
  const out = new Set<number>();
  for (const m of menu) if (m.t === phase) for (const h of m.heroes) for (const u of h.uses ?? []) if (u.x !== undefined) out.add(u.x);
  return [...out].sort((a, b) => a - b);
};

describe('X levels in the menus', () => {
  it('Air Strike ("Spend X: deal X damage to each player"): the Allocation menu offers X = 10, 20 and 40 at 100 Energy', () => {
    const s = fixedGame([{ energy: 100, powers: ['air-strike'] }, { energy: 100 }, { energy: 100 }]);
    expect(X_LEVELS.map((_, l) => xAt(100, l))).toEqual([20, 10, 40]);
    const menu = rumble.legalActions(s, 0);
    expect(xs(menu, 'alloc')).toEqual([10, 20, 40]);
    // Each level deals its X to every hero, the holder included (the others all defend).
    const damageTo2 = new Set<number>();
    for (const m of menu) {
      const a = (m as Extract<RumbleAction, { t: 'alloc' }>).heroes[0]!;
      const x = a.uses?.[0]?.x;
      if (x === undefined || a.attack.some((v) => v > 0)) continue;
      const n = rumble.apply(s, [m, { t: 'alloc', heroes: [{ attack: [0, 0, 0], defense: 100 }] }, { t: 'alloc', heroes: [{ attack: [0, 0, 0], defense: 100 }] }]);
      expect(n.heroes[1]!.energy).toBe(100 - x);
      expect(n.heroes[0]!.energy).toBe(100 - x);
      damageTo2.add(100 - n.heroes[2]!.energy);
    }
    expect([...damageTo2].sort((a, b) => a - b)).toEqual([10, 20, 40]);
  });

  it('a hero without X-cost powers gets no extra entries', () => {
    const plain = fixedGame([{ energy: 100, powers: ['laser-eyes'] }, { energy: 100 }, { energy: 100 }]);
    expect(xs(rumble.legalActions(plain, 0), 'alloc')).toEqual([]);
    const withX = fixedGame([{ energy: 100, powers: ['laser-eyes', 'air-strike'] }, { energy: 100 }, { energy: 100 }]);
    expect(rumble.legalActions(withX, 0).length).toBe(rumble.legalActions(plain, 0).length + 4);
  });

  it('a Drain X power used at Reveal: the Reveal menu offers the three levels, each accepted by apply', () => {
    const dx = { id: 'dx', name: 'Drain X', use: { drain: 'X' }, effects: [{ when: 'resolve', do: [{ damageBonus: 1 }] }] };
    const s = fixedGame([{ energy: 100, powers: ['dx'] }, { energy: 100 }], { customPowers: [dx] });
    const rev = rumble.apply(s, [{ t: 'alloc', heroes: [{ attack: [0, 50], defense: 50 }] }, { t: 'alloc', heroes: [{ attack: [0, 0], defense: 100 }] }]);
    expect(rev.phase).toBe('reveal');
    const menu = rumble.legalActions(rev, 0);
    expect(xs(menu, 'reveal')).toEqual([10, 20, 40]);
    // Drain X loses X at Reveal: the level chosen is the Energy lost.
    const lost = menu.map((m) => 100 - rumble.apply(rev, [m]).heroes[0]!.energy).sort((a, b) => a - b);
    expect(lost).toContain(10);
    expect(lost).toContain(40);
  });
});
