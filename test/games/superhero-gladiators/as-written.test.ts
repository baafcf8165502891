/**
 * Superhero Gladiators played as written (issue #26): each test quotes the seed text
 * (shared/seeds/000_282d7b4363ce4478.txt) and fails on the engine before the fix.
 */
import { describe, expect, it } from 'vitest';
import { baseCost, powerCost } from '../../../src/games/superhero-gladiators/builder.js';
import { parseBuildOptions } from '../../../src/games/superhero-gladiators/build-options.js';
import { mayActOn } from '../../../src/games/superhero-gladiators/rules.js';
import { SURE_HIT, TEST_MAP, cell, fight, game, hero, legal, options, play, turnOf } from './helpers.js';

const A = 0;
const B = 1;
const C = 2;
const punchAt = (target: number) => ({ k: 'attack', p: -1, target, gizmo: -1 }) as const;

describe('copy power', () => {
  it('"only usable after a close attack that did damage": the unarmed punch does not open the copy window', () => {
    const mimic = hero('A', { powers: [{ type: 'copy-power', level: 2, uses: 2 }, { type: 'close-attack', level: 1, uses: 'infinite' }] });
    const foe = hero('B', { powers: [{ type: 'flight', level: 1, uses: 'infinite' }] });
    const s = fight(options([mimic, foe], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]);
    const punched = play(s, punchAt(B));
    expect(punched.heroes[B]!.oomph).toBeLessThan(s.heroes[B]!.oomph); // the punch did damage
    expect(punched.stack).toEqual([]); // ... but no copy question
    const struck = play(s, { k: 'attack', p: 1, target: B, gizmo: -1 });
    expect(struck.stack.length).toBe(1); // the close attack power opens it
  });
});

describe('the end of the fight', () => {
  it('when the last heroes faint together, a side knocked out earlier gets no share', () => {
    // "Superheroes never die, they just go "oomph", "oomph", and eventually faint." Side C
    // faints first; then A's punch knocks B out and A, standing in water, faints too.
    const o = options([hero('A'), hero('B'), hero('C')], { rules: SURE_HIT });
    const s0 = fight(o, [cell(3, 2), cell(4, 2), cell(2, 2)]);
    const low = { ...s0, heroes: s0.heroes.map((r, i) => ({ ...r, oomph: i === A ? 2 : 1 })) };
    const s1 = play(low, punchAt(C)); // C faints; A drowns to 1
    expect(s1.heroes[C]!.oomph).toBe(0);
    expect(s1.heroes[A]!.oomph).toBe(1);
    expect(game.isTerminal(s1)).toBe(false);
    const s2 = play(turnOf(s1, A), punchAt(B)); // B faints; A drowns to 0
    expect(game.isTerminal(s2)).toBe(true);
    expect(s2.endReason).toBe('all-fainted');
    expect(game.returns(s2)).toEqual([0.5, 0.5, 0]);
  });

  it('records whether the turn cap ended the game and how many blows landed', () => {
    const o = options([hero('A'), hero('B')], { rules: SURE_HIT, turnCap: 1 });
    const s0 = fight(o, [cell(4, 4), cell(5, 4)], A, 6);
    const end = play(s0, punchAt(B));
    expect(game.isTerminal(end)).toBe(true);
    expect(game.tags!(end)).toMatchObject({ capped: true, blowsLanded: 1, blowsBySide: [1, 0], endReason: 'turn-cap' });
    const quiet = play(s0, { k: 'pass' });
    expect(game.tags!(quiet)).toMatchObject({ capped: true, blowsLanded: 0, blowsBySide: [0, 0] });
  });
});

describe('cost', () => {
  it('"Each time a power is enhanced it must be multiplied by the enhancement\'s cost modifier": a power with no gizmo pays the no-gizmo modifier', () => {
    const o = parseBuildOptions({ modifiers: { 'no-gizmo': 2 } });
    expect(powerCost(2, Infinity, [], o)).toBeCloseTo(2 * baseCost(2, Infinity, o), 9);
    expect(powerCost(2, Infinity, ['no-gizmo'], o)).toBeCloseTo(2 * baseCost(2, Infinity, o), 9);
    expect(powerCost(2, Infinity, ['visible-gizmo'], o)).toBeCloseTo(0.7 * baseCost(2, Infinity, o), 9);
  });
});

describe('limited-use passives: "how many times can the power be used before it runs out?"', () => {
  const attackWith = (slot: number, target: number) => ({ k: 'attack', p: slot, target, gizmo: -1 }) as const;
  const seeds = Array.from({ length: 20 }, (_, i) => i + 1);

  it('extra limbs given to combat add their +1s only while the power has uses: a 1-use level-5 limbs power helps one attack', () => {
    const limbs = { type: 'extra-limbs', level: 5, uses: 1, segments: 0 } as const;
    const a = hero('A', { powers: [{ type: 'distance-attack', level: 1, uses: 'infinite' }, limbs] });
    // Need = 15 + combat modifier difference (+5 with the limbs: 20, a sure hit; 15 without).
    const o = options([a, hero('B')], { rules: { toHitBase: 15, toHitMin: 0, toHitMax: 20 } });
    let secondMisses = 0;
    for (const seed of seeds) {
      const s0 = fight(o, [cell(0, 0), cell(8, 4)], A, 1, seed);
      const s1 = play(s0, attackWith(0, B));
      expect(s1.heroes[A]!.uses[1]).toBe(0); // the one use is spent
      expect(s1.heroes[B]!.oomph).toBe(s0.heroes[B]!.oomph - 2); // +5: a sure hit
      const s2 = play(turnOf(s1, A), attackWith(0, B));
      if (s2.heroes[B]!.oomph === s1.heroes[B]!.oomph) secondMisses++;
    }
    expect(secondMisses).toBeGreaterThan(0); // without the limbs the second attack can miss
  });

  it('"one allows an action on one extra phase": acting on a limb segment spends a use; with none left the hero no longer acts there', () => {
    // DEX 4 x SIZ 4 = rate 16: segments 1, 3, 5, 6; the player gives the limb segment #2.
    const a = hero('A', { powers: [{ type: 'extra-limbs', level: 1, uses: 1, segments: [2] }] });
    const o = options([a, hero('B')]);
    expect(game.setup(o, 1).setup.heroes[A]!.segments).toEqual([true, true, true, false, true, true]);
    const seg2 = fight(o, [cell(0, 0), cell(8, 4)], A, 2);
    const after = play(seg2, { k: 'pass' });
    expect(after.heroes[A]!.uses[0]).toBe(0);
    // Segment #2 of turn 2 (round 8): only the limbs gave A that box, and they are spent.
    expect(mayActOn(seg2, A, 1)).toBe(true);
    expect(mayActOn(after, A, 1)).toBe(false);
  });

  it('a smashed limbs gizmo takes the extra segment away', () => {
    const a = hero('A', { powers: [{ type: 'extra-limbs', level: 1, uses: 'infinite', enhancements: ['visible-gizmo'], segments: [2] }] });
    const s = fight(options([a, hero('B')]), [cell(0, 0), cell(8, 4)], A, 2);
    expect(mayActOn(s, A, 1)).toBe(true);
    const smashed = { ...s, heroes: s.heroes.map((r, i) => (i === A ? { ...r, lost: 1 } : r)) };
    expect(mayActOn(smashed, A, 1)).toBe(false);
  });

  it('enhanced vision sees through darkness once per use: a 1-use infrared vision helps one attack into the cloud', () => {
    const a = hero('A', { powers: [{ type: 'distance-attack', level: 1, uses: 'infinite' }, { type: 'enhanced-vision', level: 1, uses: 1 }] });
    const o = options([a, hero('B')], { rules: { toHitBase: 20, toHitMin: 0, toHitMax: 20 } });
    let secondMisses = 0;
    for (const seed of seeds) {
      const f = fight(o, [cell(0, 0), cell(8, 4)], A, 1, seed);
      const cloud = { cells: [cell(8, 4)], until: 99, vision: 'infrared', distancePenalty: 5, closePenalty: 10, owner: B };
      const s0 = { ...f, clouds: [cloud] };
      const s1 = play(s0, attackWith(0, B));
      expect(s1.heroes[A]!.uses[1]).toBe(0);
      expect(s1.heroes[B]!.oomph).toBe(s0.heroes[B]!.oomph - 2); // seen through: need 20, a sure hit
      const s2 = play(turnOf(s1, A), attackWith(0, B)); // blind now: need 15
      if (s2.heroes[B]!.oomph === s1.heroes[B]!.oomph) secondMisses++;
    }
    expect(secondMisses).toBeGreaterThan(0);
  });

  it('life support keeps a hero breathing in water once per use; a smashed gizmo not at all', () => {
    const a = hero('A', { powers: [{ type: 'life-support', level: 1, uses: 1, enhancements: ['visible-gizmo'] }] });
    const s0 = fight(options([a, hero('B')]), [cell(3, 2), cell(8, 4)]);
    const s1 = play(s0, { k: 'pass' });
    expect(s1.heroes[A]!.oomph).toBe(s0.heroes[A]!.oomph); // breathes water
    const s2 = play(turnOf(s1, A), { k: 'pass' });
    expect(s2.heroes[A]!.oomph).toBe(s0.heroes[A]!.oomph - 1); // used up: drowning costs 1
    const smashed = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, lost: 1 } : r)) };
    expect(play(smashed, { k: 'pass' }).heroes[A]!.oomph).toBe(s0.heroes[A]!.oomph - 1);
  });
});

describe('always on', () => {
  it('"always on" is sold only where it acts (defenses, missile deflection), not on a power that needs no action', () => {
    const flier = hero('F', { powers: [{ type: 'flight', level: 1, uses: 'infinite', enhancements: ['always-on'] }] });
    expect(() => options([flier, hero('B')])).toThrow(/always-on only on defenses and missile-deflection/);
    expect(() => options([flier, hero('B')], { build: { alwaysOnWhereItActs: false } })).not.toThrow();
    const guard = hero('F', { powers: [{ type: 'defenses', level: 1, uses: 'infinite', enhancements: ['always-on'] }] });
    expect(() => options([guard, hero('B')])).not.toThrow();
  });
});

describe('extra limbs: the player chooses per limb', () => {
  it('"each gives +1 combat modifier or one allows an action on one extra phase": the card names the segments; one the hero has already is refused', () => {
    const o = options([hero('A', { powers: [{ type: 'extra-limbs', level: 3, uses: 'infinite', segments: [4, 2] }] }), hero('B')]);
    const h = game.setup(o, 1).setup.heroes[A]!;
    expect(h.segments).toEqual([true, true, true, true, true, true]);
    expect(h.combatModifier).toBe(2 * 4 + 4 + 1); // the third limb
    expect(() => options([hero('A', { powers: [{ type: 'extra-limbs', level: 1, uses: 'infinite', segments: [3] }] }), hero('B')])).toThrow(/segments the hero does not act on already \(2, 4\)/);
  });
});

describe('placement (line 80)', () => {
  it('"Then put the superheroes in the arena": a hero may be put on any free hex, not only a start zone', () => {
    const o = options([hero('A', { PER: 3 }), hero('B', { PER: 5 })]);
    const s = game.setup(o, 1);
    const cells = legal(s).map((a) => (a.k === 'place' ? a.cell : -1));
    expect(cells).toContain(cell(4, 2)); // the middle of the 9 x 5 test arena
    expect(cells).not.toContain(cell(3, 1)); // a building
    expect(cells.length).toBe(9 * 5 - 2); // every hex but the building and the pit (water is stood in)
    const afterA = play(s, { k: 'place', cell: cell(4, 2) });
    const next = legal(afterA).map((a) => (a.k === 'place' ? a.cell : -1));
    expect(next).not.toContain(cell(4, 2)); // taken
    expect(next).toContain(cell(5, 2)); // next to the foe is allowed: the text forbids nothing
    const zones = options([hero('A', { PER: 3 }), hero('B', { PER: 5 })], { arena: { map: 'custom', rows: TEST_MAP, placement: 'start-zones' } });
    expect(legal(game.setup(zones, 1)).every((a) => a.k === 'place' && a.cell % 9 < 2)).toBe(true);
  });

  it('"In case of tied PER, prioritize by STR, then SIZ, then rolling highest on the die": the highest roll has the priority, so the lower roll places first', () => {
    const o = options([hero('A'), hero('B')]);
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = game.setup(o, seed);
      const again = game.setup(options([hero('A'), hero('B')], { rules: { placeTieRoll: 'higher-first' } }), seed);
      expect(again.placeOrder).toEqual([...s.placeOrder].reverse());
    }
  });
});

describe('the segment (line 81 is empty): named readings', () => {
  it('one action a segment by default; under `charge` a move that ends next to a foe may strike in the same action', () => {
    const a = hero('A', { PER: 5, STR: 3, DEX: 4, SIZ: 3, powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] }); // rate 12: 2 hexes
    const plain = fight(options([a, hero('B')], { rules: SURE_HIT }), [cell(2, 4), cell(5, 4)]);
    const stepped = play(plain, { k: 'move', p: -1, to: cell(4, 4) });
    expect(stepped.round).toBeGreaterThan(1); // the action is over: the segment ends
    const charging = fight(options([a, hero('B')], { rules: SURE_HIT, charge: true }), [cell(2, 4), cell(5, 4)]);
    const s1 = play(charging, { k: 'move', p: -1, to: cell(4, 4) });
    expect(s1.round).toBe(1);
    expect(legal(s1).map((x) => x.k).sort()).toEqual(['attack', 'attack', 'pass']); // the close attack or the punch
    const s2 = play(s1, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(s2.heroes[B]!.oomph).toBe(s1.heroes[B]!.oomph - 6);
    expect(s2.round).toBeGreaterThan(1);
    // A move that does not end next to a foe ends the action.
    expect(play(charging, { k: 'move', p: -1, to: cell(2, 2) }).round).toBeGreaterThan(1);
  });

  it('acting order: PER first by default, DEX first under actingOrder: dex', () => {
    const heroes = [hero('Keen', { PER: 6, DEX: 3, STR: 3, SIZ: 3 }), hero('Quick', { PER: 2, DEX: 7, STR: 3, SIZ: 3 })];
    const orderAt = (extra: Record<string, unknown>) => {
      let s = game.setup(options(heroes, extra), 1);
      while (s.round === 0) s = game.apply(s, [legal(s)[0]!]);
      return s.order;
    };
    expect(orderAt({})).toEqual([0, 1]);
    expect(orderAt({ rules: { actingOrder: 'dex' } })).toEqual([1, 0]);
  });

  it('desolidify "lasts for six phases including the phase it happens on": six segments, or six of the hero\'s own action segments', () => {
    // DEX 2 x SIZ 5 = rate 10: acts on segments #1 and #3 only.
    const shade = hero('A', { STR: 4, DEX: 2, SIZ: 5, PER: 4, powers: [{ type: 'desolidify', level: 3, uses: 1 }] });
    const use = { k: 'use', p: 0, dir: -1 } as const;
    const s = fight(options([shade, hero('B')]), [cell(0, 0), cell(8, 4)]);
    expect(play(s, use).heroes[A]!.desolidUntil).toBe(6);
    const own = fight(options([shade, hero('B')], { rules: { desolidifyPhases: 'own-actions' } }), [cell(0, 0), cell(8, 4)]);
    expect(play(own, use).heroes[A]!.desolidUntil).toBe(15); // rounds 1, 3, 7, 9, 13, 15
  });
});

describe('house rules against stand-offs (off by default)', () => {
  it('shrinkArena: every N turns the outer ring closes and heroes on it step inside', () => {
    const o = options([hero('A'), hero('B')], { shrinkArena: 1 });
    const s = fight(o, [cell(0, 0), cell(8, 4)], A, 6);
    const next = play(s, { k: 'pass' }); // turn 1 ends
    expect(next.round).toBe(7);
    expect(next.heroes[A]!.cell).toBe(cell(1, 1));
    expect(next.heroes[B]!.cell).toBe(cell(7, 3));
    expect(legal(turnOf(next, A)).some((a) => a.k === 'move' && a.to === cell(0, 1))).toBe(false);
    const off = play(fight(options([hero('A'), hero('B')]), [cell(0, 0), cell(8, 4)], A, 6), { k: 'pass' });
    expect(off.heroes[A]!.cell).toBe(cell(0, 0));
  });

  it('crowdPenalty: a side that landed no blow in a turn loses Oomph per hero at its end', () => {
    const o = options([hero('A'), hero('B')], { crowdPenalty: 3, rules: SURE_HIT });
    const quiet = play(fight(o, [cell(4, 2), cell(5, 2)], A, 6), { k: 'pass' });
    expect(quiet.heroes.map((r) => r.oomph)).toEqual([45, 45]);
    const blow = play(fight(o, [cell(4, 2), cell(5, 2)], A, 6), punchAt(B));
    expect(blow.heroes.map((r) => r.oomph)).toEqual([48, 48 - 2 - 3]);
  });
});
