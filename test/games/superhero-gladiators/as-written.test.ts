/**
 * Superhero Gladiators played as written (issue #26): each test quotes the seed text
 * (shared/seeds/000_282d7b4363ce4478.txt) and fails on the engine before the fix.
 */
import { describe, expect, it } from 'vitest';
import { baseCost, powerCost } from '../../../src/games/superhero-gladiators/builder.js';
import { parseBuildOptions } from '../../../src/games/superhero-gladiators/build-options.js';
import { SURE_HIT, cell, fight, game, hero, options, play, turnOf } from './helpers.js';

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
