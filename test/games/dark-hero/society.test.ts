/**
 * The Society Meter: d4 start and underdog bonus, end-of-round drift and its veto, the
 * Bent shifts, Fluctuating Society, the final draw and the tiered victory.
 */
import { describe, expect, it } from 'vitest';
import { darkHero } from '../../../src/games/dark-hero/index.js';
import { evaluate, shareAt } from '../../../src/games/dark-hero/rules.js';
import { CLUB, DIAMOND, HEART, MOVE, NEUTRAL, OVER, SHIFT, SPADE, VETO } from '../../../src/games/dark-hero/state.js';
import { atTurn, kind, options, stateWith, step, withPileTop } from './helpers.js';

/** Hero 3 (last seat) about to step from its start (23) onto a Neutral card (22): the round ends. */
function lastMove(patch: Parameters<typeof stateWith>[0], raw: Record<string, unknown> = { bent: 3 }) {
  const base = stateWith({}, raw);
  const cards = base.cards.slice();
  cards[22] = NEUTRAL;
  return atTurn({ ...base, cards, phase: MOVE, current: 3, ...patch });
}

describe('start: "roll the d4 to see where society starts. That is its Bent"', () => {
  it('maps Bent 1..4 to Chaos, Dangerous, Stifling, Fascist and starts the meter there', () => {
    expect([1, 2, 3, 4].map((bent) => darkHero.setup(options({ bent }), 1).meter)).toEqual([1, 2, 6, 7]);
    expect(darkHero.setup(options({ bent: 3, bentPositions: [1, 2, 3, 4] }), 1).meter).toBe(3);
    expect(darkHero.setup(options({ bent: 3, start: 'ideal' }), 1).meter).toBe(4);
  });

  it('gives the underdogs 2 extra Resources: Safe on Bent 1–2, Free on Bent 3–4', () => {
    // Default heroes alternate Free, Safe with 2 Resources each.
    expect(darkHero.setup(options({ bent: 1 }), 1).resources).toEqual([2, 4, 2, 4]);
    expect(darkHero.setup(options({ bent: 2 }), 1).resources).toEqual([2, 4, 2, 4]);
    expect(darkHero.setup(options({ bent: 4 }), 1).resources).toEqual([4, 2, 4, 2]);
    expect(darkHero.setup(options({ bent: 4, underdogBonus: 0 }), 1).resources).toEqual([2, 2, 2, 2]);
  });

  it('rolls the Bent with the game seed when it is not fixed, all four values occurring', () => {
    const rolls = new Set(Array.from({ length: 64 }, (_, i) => darkHero.setup(options(), i).bentRoll));
    expect([...rolls].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('end of round: "the Society meter automatically moves 1 square towards its Bent unless a player opts to spend 1 Resource"', () => {
  it('asks heroes with Resources in seat order; if all decline the meter moves toward Bent', () => {
    let s = step(lastMove({ meter: 4, resources: [0, 2, 0, 1] }), 22);
    expect(kind(s)).toBe(VETO);
    expect(darkHero.toMove(s)).toEqual([1]);
    s = step(s, 0);
    expect(darkHero.toMove(s)).toEqual([3]);
    s = step(s, 0);
    expect(s.meter).toBe(5); // toward Bent 6 (Stifling)
    expect(s.round).toBe(1);
    expect(s.current).toBe(0);
  });

  it('one hero paying a Resource stops the drift', () => {
    const s = step(step(lastMove({ meter: 4, resources: [0, 2, 0, 1] }), 22), 1);
    expect(s.meter).toBe(4);
    expect(s.resources).toEqual([0, 1, 0, 1]);
    expect(s.round).toBe(1);
  });

  it('drifts at once when nobody can pay, and does nothing when the meter sits on its Bent', () => {
    expect(step(lastMove({ meter: 4, resources: [0, 0, 0, 0] }), 22).meter).toBe(5);
    const onBent = step(lastMove({ meter: 6, resources: [1, 1, 1, 1] }), 22);
    expect(onBent.meter).toBe(6);
    expect(kind(onBent)).not.toBe(VETO);
  });

  it('with Fluctuating Society a drawn card sets the direction', () => {
    const raw = { bent: 3, drift: 'fluctuating' };
    const base = lastMove({ meter: 4, resources: [0, 0, 0, 0] }, raw);
    const withTop = (suit: number) => withPileTop(base, suit);
    expect(step(withTop(HEART), 22).meter).toBe(3);
    expect(step(withTop(SPADE), 22).meter).toBe(5);
    expect(step(withTop(DIAMOND), 22).meter).toBe(3); // toward Free
    expect(step(withTop(CLUB), 22).meter).toBe(5); // toward Safe
  });
});

describe('Bent shifts: reaching Dangerous sets Bent to Chaos, reaching Stifling sets it to Fascist', () => {
  const shifting = (meter: number, bent: number, action: number, raw: Record<string, unknown> = { bent: 3 }) =>
    step(stateWith({ phase: SHIFT, current: 0, meter, bent, resources: [0, 0, 0, 0] }, raw), action);

  it('shifts the Bent when a hero pushes the meter onto Dangerous or Stifling', () => {
    expect(shifting(3, 7, 0).bent).toBe(1);
    expect(shifting(5, 1, 2).bent).toBe(7);
    expect(shifting(4, 7, 0).bent).toBe(7); // Free: no shift
  });

  it('can be switched off', () => {
    expect(shifting(3, 7, 0, { bent: 3, bentShifts: false }).bent).toBe(7);
  });
});

describe('the last card: "After the last turn, a random card is drawn"', () => {
  const final = (suit: number, meter: number) => {
    const base = lastMove({ meter, bent: meter, round: 11, resources: [0, 0, 0, 0] });
    return step(withPileTop(base, suit), 22);
  };

  it('moves Heart → Chaos, Spade → Fascist, Diamond → Free, Club → Safe, then ends the game', () => {
    expect(final(HEART, 4).meter).toBe(3);
    expect(final(SPADE, 4).meter).toBe(5);
    expect(final(DIAMOND, 5).meter).toBe(4);
    expect(final(DIAMOND, 3).meter).toBe(3);
    expect(final(CLUB, 3).meter).toBe(4);
    const over = final(CLUB, 5);
    expect(kind(over)).toBe(OVER);
    expect(darkHero.isTerminal(over)).toBe(true);
    expect(darkHero.toMove(over)).toEqual([]);
  });

  it('is skipped with finalDraw off', () => {
    const base = lastMove({ meter: 4, bent: 4, round: 11, resources: [0, 0, 0, 0] }, { bent: 3, finalDraw: false });
    expect(step(withPileTop(base, HEART), 22).meter).toBe(4);
  });
});

describe('victory: at the Goal 1, within one 0.5, otherwise 0; either extreme 0 for all', () => {
  it('scores Free (3) and Safe (5) heroes by the final meter', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => shareAt(m, 3))).toEqual([0, 0.5, 1, 0.5, 0, 0, 0]);
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => shareAt(m, 5))).toEqual([0, 0, 0, 0.5, 1, 0.5, 0]);
  });

  it('returns one share per hero at the end (Free, Safe, Free, Safe)', () => {
    expect(darkHero.returns(stateWith({ meter: 4, phase: OVER }))).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(darkHero.returns(stateWith({ meter: 3, phase: OVER }))).toEqual([1, 0, 1, 0]);
    expect(darkHero.returns(stateWith({ meter: 7, phase: OVER }))).toEqual([0, 0, 0, 0]);
  });
});

describe('evaluate: a cheap forecast of the returns', () => {
  it('lets the meter drift toward Bent for the rounds no Resource can veto, then averages the final card', () => {
    // Round 1 of 12, meter at Free, Bent Fascist, nobody can pay: the drift reaches Fascist.
    const doomed = stateWith({ meter: 3, bent: 7, round: 0, resources: [0, 0, 0, 0] }, { bent: 4 });
    // From Fascist the last card goes to Stifling (Heart, Diamond, Club) or stays (Spade): Safe 3 × 0.5 / 4.
    expect(evaluate(doomed)).toEqual([0, 0.375, 0, 0.375]);
    // Plenty of Resources: the meter stays at Free, the final card then moves it (H 2, S 4, D 3, C 4).
    const safe = stateWith({ meter: 3, bent: 7, round: 0, resources: [9, 9, 9, 9] }, { bent: 4 });
    expect(evaluate(safe)[0]).toBeCloseTo((0.5 + 0.5 + 1 + 0.5) / 4);
    expect(evaluate({ ...safe, phase: -1 })).toEqual([1, 0, 1, 0]); // over: the returns themselves
  });
});
