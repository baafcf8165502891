/**
 * Swordplay as written: both roll 1d6; doubles are special events; otherwise attacker
 * roll + modifiers - defender roll, a positive margin gets a saving throw, a failed save
 * costs the margin in strength. Each test names the dice it forces.
 */
import { describe, expect, it } from 'vitest';
import { scriptDice } from '../../../src/core/random.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { hexsideBonus, strikeModifier } from '../../../src/games/gladiator-duel/rules.js';
import { HEAVY, LIGHT, MEDIUM, RETIARIUS, type DuelState } from '../../../src/games/gladiator-duel/state.js';
import { deepFreeze } from '../../core/contract.js';
import { CENTRE, E, NE, NW, SE, SW, W, neighbour, scene, type Scene } from './helpers.js';

/** Seat 0 strikes seat 1, who stands at the centre facing E; seat 0 comes from direction `from`. */
function strikeFrom(from: number, sc: Scene = {}): DuelState {
  const probe = scene();
  return scene({
    ...sc,
    g1: { cell: CENTRE, facing: E, ...sc.g1 },
    g0: { cell: neighbour(probe, CENTRE, from), facing: (from + 3) % 6, ...sc.g0 },
  });
}

function hit(s: DuelState): DuelState {
  return gladiatorDuel.apply(deepFreeze(s), [STRIKE]);
}

describe('strike', () => {
  it('a positive margin with a failed save costs the defender exactly the margin', () => {
    // Front attack: attacker 5, defender 2 -> margin 3; Medium save roll 5 fails (needs 6).
    const after = hit(strikeFrom(E, { rolls: [5, 2, 5] }));
    expect(after.g1.strength).toBe(7);
    expect(after.ap).toBe(5);
    expect(after.struck).toBe(true);
    expect(gladiatorDuel.legalActions(after, 0)).not.toContain(STRIKE); // one strike per turn
  });

  it('a zero or negative margin does nothing and rolls no save', () => {
    const s = strikeFrom(E, { rolls: [2, 5] });
    const after = hit(s);
    expect(after.g1.strength).toBe(10);
    expect(after.rng).not.toBe(s.rng);
  });

  it('needs adjacency', () => {
    const s = scene({ g1: { cell: CENTRE + 2 } });
    expect(gladiatorDuel.legalActions(s, 0)).not.toContain(STRIKE);
    expect(() => gladiatorDuel.apply(s, [STRIKE])).toThrow(/illegal/);
  });

  it('strikeArc "front" forbids striking a foe behind you', () => {
    const s = strikeFrom(E, { options: { strikeArc: 'front' }, g0: { facing: E } }); // foe at the attacker's back
    expect(gladiatorDuel.legalActions(s, 0)).not.toContain(STRIKE);
    expect(gladiatorDuel.legalActions(strikeFrom(E), 0)).toContain(STRIKE);
  });
});

describe('hexside modifiers', () => {
  const s = scene();
  const def = { ...s.g0, cell: CENTRE, facing: E }; // sword side SE, shield side NE, back SW/W/NW
  const at = (dir: number) => neighbour(s, CENTRE, dir);

  it('front 0, sword side +2, shield side 0, each back hexside +3', () => {
    expect([E, SE, SW, W, NW, NE].map((d) => hexsideBonus(s.rules, def, at(d)))).toEqual([0, 2, 3, 3, 3, 0]);
  });

  it("a Retiarius's net side counts as his sword side", () => {
    expect(hexsideBonus(s.rules, { ...def, type: RETIARIUS }, at(NE))).toBe(2);
  });

  it('a lost shield or net makes that side count as rear', () => {
    expect(hexsideBonus(s.rules, { ...def, shield: false }, at(NE))).toBe(3);
    expect(hexsideBonus(s.rules, { ...def, type: RETIARIUS, shield: false }, at(NE))).toBe(3);
  });

  it("a disarmed fighter's sword side counts as rear", () => {
    expect(hexsideBonus(s.rules, { ...def, armed: false }, at(SE))).toBe(3);
  });

  it('+1 against an ensnared target, -3 for a disarmed attacker', () => {
    const attacker = { ...s.g1, cell: at(E), facing: W };
    expect(strikeModifier(s.rules, attacker, { ...def, ensnared: true })).toBe(1);
    expect(strikeModifier(s.rules, { ...attacker, armed: false }, def)).toBe(-3);
  });

  it('a rear strike adds 3 to the margin: 2 vs 3 from behind wounds by 2', () => {
    expect(hit(strikeFrom(W, { rolls: [2, 3, 1] })).g1.strength).toBe(8);
    expect(hit(strikeFrom(SE, { rolls: [2, 3, 1] })).g1.strength).toBe(9); // sword side: +2
    expect(hit(strikeFrom(NE, { rolls: [2, 3] })).g1.strength).toBe(10); // shield side: +0
  });
});

describe('saving throws', () => {
  // Attacker 6, defender 1 from the front: margin 5; the third roll is the save.
  const withSave = (type: number, save: number, shield = true) =>
    hit(strikeFrom(E, { g1: { type, shield }, rolls: [6, 1, save] })).g1.strength;

  it('Heavy saves on 5-6', () => {
    expect(withSave(HEAVY, 5)).toBe(10);
    expect(withSave(HEAVY, 4)).toBe(5);
  });

  it('Medium and Retiarius save on 6 only', () => {
    expect(withSave(MEDIUM, 6)).toBe(10);
    expect(withSave(MEDIUM, 5)).toBe(5);
    expect(withSave(RETIARIUS, 6)).toBe(10);
    expect(withSave(RETIARIUS, 5)).toBe(5);
  });

  it('Light gets no save (a 6 on the next die does not help)', () => {
    expect(withSave(LIGHT, 6)).toBe(5);
  });

  it('without a shield a Heavy saves as a Medium and a Medium gets none', () => {
    expect(withSave(HEAVY, 5, false)).toBe(5);
    expect(withSave(HEAVY, 6, false)).toBe(10);
    expect(withSave(MEDIUM, 6, false)).toBe(5);
  });

  it('a Retiarius keeps his save without his net (the net is not armour)', () => {
    expect(withSave(RETIARIUS, 6, false)).toBe(10);
  });
});

describe('helpless and dead', () => {
  it('strength 0 to -2 is helpless: the fight ends and the attacker wins', () => {
    const after = hit(strikeFrom(E, { g1: { strength: 3 }, rolls: [6, 1, 1] })); // 3 - 5 = -2
    expect(after.g1.strength).toBe(-2);
    expect(gladiatorDuel.isTerminal(after)).toBe(true);
    expect(gladiatorDuel.returns(after)).toEqual([1, 0]);
    expect(gladiatorDuel.tags(after).endReason).toBe('helpless');
    expect(gladiatorDuel.toMove(after)).toEqual([]);
  });

  it('below -2 is dead', () => {
    const after = hit(strikeFrom(E, { g1: { strength: 2 }, rolls: [6, 1, 1] })); // 2 - 5 = -3
    expect(gladiatorDuel.tags(after).endReason).toBe('dead');
    expect(gladiatorDuel.returns(after)).toEqual([1, 0]);
  });

  it('strength 1 left fights on', () => {
    const after = hit(strikeFrom(E, { g1: { strength: 6 }, rolls: [6, 1, 1] }));
    expect(after.g1.strength).toBe(1);
    expect(gladiatorDuel.isTerminal(after)).toBe(false);
  });

  it('seat 1 winning scores [0, 1]', () => {
    const s = strikeFrom(E, { g1: { strength: 1 }, rolls: [6, 1, 1] });
    const mirrored = { ...s, g0: s.g1, g1: s.g0, current: 1 };
    expect(gladiatorDuel.returns(hit(mirrored))).toEqual([0, 1]);
  });

  it('mobThumbs "roll" records the verdict without changing the result', () => {
    // 4 - 5 = -1: helpless; the fourth die (4) is the mob: thumbs up.
    const after = hit(strikeFrom(E, { options: { mobThumbs: 'roll' }, g1: { strength: 4 }, rolls: [6, 1, 1, 4] }));
    expect(gladiatorDuel.returns(after)).toEqual([1, 0]);
    expect(gladiatorDuel.tags(after).spared).toBe(true);
    const down = hit(strikeFrom(E, { options: { mobThumbs: 'roll' }, g1: { strength: 4 }, rolls: [6, 1, 1, 3] }));
    expect(gladiatorDuel.tags(down).spared).toBe(false);
    // The dead are past the mob's judgement.
    const dead = hit(strikeFrom(E, { options: { mobThumbs: 'roll' }, g1: { strength: 1 }, rolls: [6, 1, 1, 6] }));
    expect(gladiatorDuel.tags(dead).spared).toBe(null);
  });
});

describe('special events on doubles', () => {
  it('double 5: the defender loses his shield for good (its side then counts as rear)', () => {
    const after = hit(strikeFrom(E, { rolls: [5, 5] }));
    expect(after.g1.shield).toBe(false);
    expect(after.g1.strength).toBe(10);
    expect(hexsideBonus(after.rules, after.g1, neighbour(after, CENTRE, NE))).toBe(3);
  });

  it('double 5 against a Retiarius takes his net: no more casts', () => {
    const after = hit(strikeFrom(E, { g1: { type: RETIARIUS }, rolls: [5, 5] }));
    expect(after.g1.shield).toBe(false);
    const hisTurn = { ...after, current: 1, ap: 6, struck: false };
    expect(gladiatorDuel.legalActions(hisTurn, 1)).not.toContain(10);
  });

  it('double 4: the defender is off balance, -2 AP at his next roll', () => {
    const after = hit(strikeFrom(E, { rolls: [4, 4, 3] })); // 3 is his next AP die
    expect(after.g1.offBalance).toBe(true);
    const next = gladiatorDuel.apply(after, [0]);
    expect(next.current).toBe(1);
    expect(next.ap).toBe(1);
    expect(next.g1.offBalance).toBe(false); // paid once
  });

  it('double 3: the attacker is off balance on his own next turn (default) ...', () => {
    const after = hit(strikeFrom(E, { rolls: [3, 3] }));
    expect(after.g0.offBalance).toBe(true);
    expect(after.ap).toBe(5); // this turn's AP untouched
  });

  it('... or loses 2 AP at once with offBalanceTiming "now"', () => {
    const after = hit(strikeFrom(E, { options: { offBalanceTiming: 'now' }, rolls: [3, 3] }));
    expect(after.g0.offBalance).toBe(false);
    expect(after.ap).toBe(3);
  });

  it('double 2: the defender is decked, the attacker wins at once', () => {
    const after = hit(strikeFrom(E, { rolls: [2, 2] }));
    expect(gladiatorDuel.returns(after)).toEqual([1, 0]);
    expect(gladiatorDuel.tags(after).endReason).toBe('decked');
    expect(after.g1.strength).toBe(10);
  });

  it('double 1 then 1-3: the defender\'s weapon breaks', () => {
    const after = hit(strikeFrom(E, { rolls: [1, 1, 3] }));
    expect(after.g1.armed).toBe(false);
    expect(after.g0.armed).toBe(true);
  });

  it('double 1 then 4-6: the attacker\'s weapon breaks; he fights on at -3', () => {
    const after = hit(strikeFrom(E, { rolls: [1, 1, 4] }));
    expect(after.g0.armed).toBe(false);
    expect(after.g1.armed).toBe(true);
    // Disarmed: 6 vs 1 from the front is 6 - 3 - 1 = margin 2, not 5.
    const next = hit(scriptDice({ ...after, struck: false }, [6, 1, 1]));
    expect(next.g1.strength).toBe(8);
  });

  it('double 6 has no entry: nothing happens, unless doubleSix is "normal"', () => {
    expect(hit(strikeFrom(W, { rolls: [6, 6, 1] })).g1.strength).toBe(10);
    // normal: 6 - 6 + 3 (rear) = 3
    expect(hit(strikeFrom(W, { options: { doubleSix: 'normal' }, rolls: [6, 6, 1] })).g1.strength).toBe(7);
  });
});

describe('a strike in the replay shows its dice', () => {
  // The state does not keep the dice: describeAction re-reads them from the state's stream before the move.
  const text = (s: DuelState) => gladiatorDuel.describeAction(deepFreeze(s), 0, STRIKE);

  it('names the attacker and defender rolls and the saving throw, as the strike drew them', () => {
    const s = strikeFrom(E, { rolls: [5, 2, 5] });
    expect(text(s)).toBe('seat 1: strike (attacker rolled 5, defender 2, saving throw 5)');
    expect(hit(s).g1.strength).toBe(7); // the same dice the engine used: margin 3, failed save
  });

  it('shows no saving throw when the margin is not positive (none is rolled)', () => {
    expect(text(strikeFrom(E, { rolls: [2, 5] }))).toBe('seat 1: strike (attacker rolled 2, defender 5)');
  });

  it('names the weapon-break roll after a double 1', () => {
    expect(text(strikeFrom(E, { rolls: [1, 1, 2] }))).toBe('seat 1: strike (attacker rolled 1, defender 1 (a double), weapon-break roll 2)');
  });

  it('leaves other actions as they were', () => {
    expect(gladiatorDuel.describeAction(strikeFrom(E), 0, 0)).toMatch(/^seat 1: /);
    expect(gladiatorDuel.describeAction(strikeFrom(E), 0, 0)).not.toContain('rolled');
  });
});
