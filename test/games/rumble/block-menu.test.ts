/**
 * The defender's choice of which Attack points to block (the seed's Resolution Phase:
 * "the defending Hero chooses exactly which points of Attack to block ... This becomes
 * significant if one of the attackers has ... a Superpower that has extra effects when
 * it successfully causes damage") is a menu choice wherever it can matter, and only there.
 */
import { describe, expect, it } from 'vitest';
import { rumble, type RumbleAction } from '../../../src/games/rumble/index.js';
import { deepFreeze } from '../../core/contract.js';
import { alloc, allocate, fixedGame } from './helpers.js';

describe('block orders in the Reveal menu', () => {
  it('Mantisman (50 Defense, attacked 40 by the Doctor and 20 by Plastiquegirl with Sharp Knives) may let either attack through', () => {
    const start = fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100, powers: ['sharp-knives'] }]);
    const rev = deepFreeze(allocate(start, [alloc(3, { 1: 20, 2: 10 }, 50), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]));
    const menu = rumble.legalActions(rev, 0);
    const orders = menu.map((m) => (m.t === 'reveal' ? m.heroes[0]!.blockOrder ?? null : 'x'));
    // The default (Sharp Knives' holder blocked first) and "the Doctor blocked first".
    expect(orders).toContainEqual(null);
    expect(orders).toContainEqual([1]);
    expect(menu.length).toBeLessThanOrEqual(6);
    // The two choices give the two outcomes the text describes: 10 damage either way, but
    // only when Plastiquegirl's points land do her knives bleed him 2 for two rounds.
    const bleeds = new Set(menu.map((m) => JSON.stringify(rumble.apply(rev, [m]).heroes[0]!.bleed)));
    expect(bleeds).toEqual(new Set(['[]', '[2,2,2]']));
    for (const m of menu) expect(rumble.apply(rev, [m]).heroes[0]!.energy).toBe(70);
  });

  it('three attackers: one order per attacker whose points may land', () => {
    const start = fixedGame([{ energy: 100 }, { energy: 100, powers: ['sharp-knives'] }, { energy: 100 }, { energy: 100, powers: ['metal-tentacles'] }]);
    const rev = allocate(start, [alloc(4, { 1: 50 }, 50), alloc(4, { 0: 30 }, 70), alloc(4, { 0: 20 }, 80), alloc(4, { 0: 10 }, 90)]);
    const orders = rumble.legalActions(rev, 0).map((m) => (m as Extract<RumbleAction, { t: 'reveal' }>).heroes[0]!.blockOrder ?? null);
    // The default blocks the on-damage attackers first, larger first (1, 3, then 2), letting
    // the plain attacker 2 through; the others let 1 through, then 3.
    expect(orders).toEqual([null, [3, 2], [1, 2], null]); // the last: the even split (blockAmounts)
    // 50 Defense against 30 + 20 + 10: what lands decides whose power fires.
    const after = (order: number[] | null) => rumble.apply(rev, [{ t: 'reveal', heroes: [order ? { blockOrder: order } : {}] }]).heroes[0]!;
    expect(after(null).bleed).toEqual([]);
    expect(after([3, 2]).bleed.length).toBeGreaterThan(0); // Sharp Knives' 30 - 20 points land: the knives bleed him
  });

  it('no block orders where no attacker has an on-damage power (menus do not grow)', () => {
    const start = fixedGame([{ energy: 100, powers: ['precognition'] }, { energy: 100 }, { energy: 100, powers: ['tough-skin'] }]);
    const rev = allocate(start, [alloc(3, {}, 0, { reserve: 100 }), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]);
    expect(rev.phase).toBe('reveal');
    const menu = rumble.legalActions(rev, 0);
    expect(menu.some((m) => m.t === 'reveal' && m.heroes.some((h) => h.blockOrder))).toBe(false);
  });
});
