/**
 * Card effects and contests, each from the seed text: Diamond, Heart raid, Spade fight,
 * Club attack, Tactics/Hiding, Aces and their ties.
 */
import { describe, expect, it } from 'vitest';
import { darkHero } from '../../../src/games/dark-hero/index.js';
import {
  CLUB,
  CLUB_ASK,
  CLUB_DEFEND,
  CONTEST,
  CONVERT,
  DIAMOND,
  FACE_DOWN,
  HEART,
  MOVE,
  NEUTRAL,
  SHIFT,
  SPADE,
  SPEND,
  MAP,
  spendCode,
} from '../../../src/games/dark-hero/state.js';
import { fightingAgain } from '../../../src/games/dark-hero/rules.js';
import { atTurn, kind, rolling, stateWith, step, withMapCard } from './helpers.js';

/** Hero 0 on its start (slot 11) about to move onto slot 10 holding `suit` face down. */
function beforeFlip(suit: number, patch: Parameters<typeof stateWith>[0] = {}) {
  const base = stateWith({}, { bent: 3 });
  const cards = base.cards.slice();
  cards[10] = FACE_DOWN;
  return atTurn({ ...withMapCard(base, 10, suit), cards, phase: MOVE, current: 0, resources: [1, 1, 1, 1], ...patch });
}

describe('Diamond: "gain ally: add 1 to Resources. Diamond becomes Neutral."', () => {
  it('adds a Resource, neutralizes the card and ends the turn', () => {
    const s = step(beforeFlip(DIAMOND), 10);
    expect(s.resources[0]).toBe(2);
    expect(s.cards[10]).toBe(NEUTRAL);
    expect(s.pos[0]).toBe(10);
    expect(s.current).toBe(1);
  });
});

describe('Heart: raid at infiltrating vs 2', () => {
  it('succeeds on a higher total: the Heart becomes Neutral and the hero shifts Society', () => {
    const s = step(rolling(beforeFlip(HEART), 4, 1), 10); // 1 + 4 vs 2 + 1
    expect(kind(s)).toBe(CONTEST);
    expect(darkHero.legalActions(s, 0)).toEqual([0, 1]); // no Ace: decline or attempt
    const won = step(s, 1);
    expect(won.cards[10]).toBe(NEUTRAL);
    expect(kind(won)).toBe(SHIFT);
    expect(darkHero.legalActions(won, 0)).toEqual([0, 1, 2]);
    expect(step(won, 0).meter).toBe(won.meter - 1);
    expect(step(won, 1).meter).toBe(won.meter); // "or move it 0, if you wish"
  });

  it('a tie goes to the defender: the Heart stays and Society does not move', () => {
    const s = step(step(rolling(beforeFlip(HEART), 3, 2), 10), 1); // 1 + 3 vs 2 + 2
    expect(s.cards[10]).toBe(HEART);
    expect(s.meter).toBe(6);
    expect(s.current).toBe(1);
  });

  it('Hiding bought before the move adds 1 per Resource to this turn\'s raid', () => {
    const start = rolling(beforeFlip(HEART, { phase: SPEND, resources: [3, 1, 1, 1] }), 2, 2);
    const spent = step(start, spendCode(0, 2)); // 0 Tactics, 2 Hiding
    expect(spent.resources[0]).toBe(1);
    expect(spent.hiding).toBe(2);
    expect(kind(step(step(spent, 10), 1))).toBe(SHIFT); // 1 + 2 + 2 = 5 vs 2 + 2 = 4
    const plain = step(step(step(start, 0), 10), 1); // 1 + 2 = 3 vs 4
    expect(plain.cards[10]).toBe(HEART);
    expect(plain.resources[0]).toBe(3);
  });

  it('"spend any or all Resources": Tactics and Hiding are limited by Resources only, not capped at 6', () => {
    const rich = beforeFlip(HEART, { phase: SPEND, resources: [9, 1, 1, 1] });
    const legal = darkHero.legalActions(rich, 0);
    expect(legal).toContain(spendCode(9, 0)); // Fighting 1 + 9 = 10
    expect(legal).toContain(spendCode(0, 9));
    expect(legal).toContain(spendCode(4, 5));
    expect(legal).not.toContain(spendCode(5, 5)); // 10 Resources: more than it has
    expect(legal).toHaveLength((10 * 11) / 2); // every t + h <= 9
  });

  it('on a revealed Club an attacker can reach 10 (3 + d4 4 + Ace 3): Tactics past 6 let the defender hold', () => {
    // Seat 0 (Fighting 1) buys 8 Tactics and steps onto a Club; seat 1 (Fighting 3) attacks with an Ace.
    const heroes = [
      { goal: 'free', fighting: 1, infiltrating: 1, resources: 2 },
      { goal: 'safe', fighting: 3 },
      { goal: 'free', fighting: 1, infiltrating: 1, resources: 2 },
      { goal: 'safe', fighting: 3 },
    ];
    const base = stateWith({}, { bent: 3, heroes });
    const cards = base.cards.slice();
    cards[10] = CLUB;
    const start = rolling(atTurn({ ...base, cards, phase: SPEND, current: 0, resources: [9, 1, 1, 1], aces: [0, 1, 0, 0] }), 4, 1);
    const flipped = step(step(start, spendCode(8, 0)), 10);
    expect(kind(flipped)).toBe(CLUB_ASK);
    const s = step(flipped, 2); // 3 + 4 + 3 = 10 vs 1 + 8 + 1 = 10: a tie, no loss
    expect(s.resources).toEqual([1, 1, 1, 1]);
  });

  it('declining the raid leaves the Heart for later', () => {
    const s = step(step(beforeFlip(HEART), 10), 0);
    expect(s.cards[10]).toBe(HEART);
    expect(s.current).toBe(1);
  });
});

describe('Spade: fight vs 2', () => {
  it('success neutralizes the Spade and lets the hero shift Society', () => {
    const s = step(step(rolling(beforeFlip(SPADE), 4, 1), 10), 1);
    expect(s.cards[10]).toBe(NEUTRAL);
    expect(kind(s)).toBe(SHIFT);
  });

  it('failure = move back to the card you came from', () => {
    const s = step(step(rolling(beforeFlip(SPADE), 1, 4), 10), 1); // 2 vs 6
    expect(s.pos[0]).toBe(11);
    expect(s.cards[10]).toBe(SPADE);
  });

  it('tie = no change: the hero stays and may fight again next turn instead of moving', () => {
    const s = step(step(rolling(beforeFlip(SPADE), 3, 2), 10), 1); // 4 vs 4
    expect(s.pos[0]).toBe(10);
    expect(s.tiedSpade[0]).toBe(10);
    const next = { ...s, phase: MOVE, current: 0 };
    const legal = darkHero.legalActions(next, 0);
    expect(legal).toContain(10); // stay and fight again
    expect(legal).toContain(9); // or move on
    expect(kind(step(next, 10))).toBe(CONTEST);
  });

  it('"must move": a hero who stays on its tied Spade fights it again; it cannot stay and decline', () => {
    const tied = step(step(rolling(beforeFlip(SPADE), 3, 2), 10), 1); // 4 vs 4
    const next = atTurn({ ...tied, phase: MOVE, current: 0, aces: [0, 0, 0, 0] });
    const again = step(next, 10);
    expect(fightingAgain(again)).toBe(true);
    expect(darkHero.legalActions(again, 0)).toEqual([1]); // fight, no "decline"
    expect(darkHero.legalActions({ ...again, aces: [1, 0, 0, 0] }, 0)).toEqual([1, 2]); // or fight with an Ace
    // Won this time: the Spade is beaten and the hero shifts Society.
    const won = step(rolling(again, 4, 1), 1);
    expect(won.cards[10]).toBe(NEUTRAL);
    expect(kind(won)).toBe(SHIFT);
    // Tied again: it may stay once more, but only to fight.
    const tiedAgain = step(rolling(again, 3, 2), 1);
    expect(tiedAgain.tiedSpade[0]).toBe(10);
    expect(tiedAgain.current).toBe(1);
  });

  it('an Ace played after the reveal adds 3 and is used up', () => {
    const s = step(rolling(beforeFlip(SPADE, { aces: [1, 0, 0, 0] }), 1, 2), 10);
    expect(darkHero.legalActions(s, 0)).toEqual([0, 1, 2]);
    const withAce = step(s, 2); // 1 + 1 + 3 = 5 vs 4
    expect(kind(withAce)).toBe(SHIFT);
    expect(withAce.aces[0]).toBe(0);
    const without = step(s, 1); // 2 vs 4
    expect(without.pos[0]).toBe(11);
    expect(without.aces[0]).toBe(1);
  });
});

describe('Club: one opponent, asked in turn order from the left, may attack at base fighting', () => {
  it('asks each opponent once, from the left, and nothing happens if all pass', () => {
    let s = step(beforeFlip(CLUB, { current: 1, pos: [11, 11, 19, 23], prev: [11, 11, 19, 23] }), 10);
    // Hero 1 moved from 11 (patched there) onto the Club: heroes 2, 3, 0 are asked in that order.
    expect(kind(s)).toBe(CLUB_ASK);
    const asked: number[] = [];
    while (kind(s) === CLUB_ASK) {
      asked.push(darkHero.toMove(s)[0]!);
      s = step(s, 0);
    }
    expect(asked).toEqual([2, 3, 0]);
    expect(s.current).toBe(2);
    expect(s.cards[10]).toBe(CLUB); // "Clubs never become Neutral"
  });

  it('the loser of the attack loses 1 Resource; a tie costs nothing', () => {
    const flipped = step(rolling(beforeFlip(CLUB), 4, 1), 10);
    const attacked = step(flipped, 1); // hero 1 attacks: 1 + 4 vs 1 + 1
    expect(attacked.resources).toEqual([0, 1, 1, 1]);
    const defended = step(step(rolling(beforeFlip(CLUB), 1, 4), 10), 1);
    expect(defended.resources).toEqual([1, 0, 1, 1]);
    const tie = step(step(rolling(beforeFlip(CLUB), 2, 2), 10), 1);
    expect(tie.resources).toEqual([1, 1, 1, 1]);
  });

  it('the defender adds its Tactics; the attacker fights at base', () => {
    const start = rolling(beforeFlip(CLUB, { phase: SPEND, resources: [2, 1, 1, 1] }), 3, 2);
    const s = step(step(step(start, spendCode(1, 0)), 10), 1); // 1 + 3 vs 1 + 1 + 2: tie
    expect(s.resources).toEqual([1, 1, 1, 1]);
  });

  it('both sides may play an Ace once the attack is known', () => {
    const s = step(step(rolling(beforeFlip(CLUB, { aces: [1, 1, 0, 0] }), 4, 2), 10), 2);
    expect(kind(s)).toBe(CLUB_DEFEND);
    expect(darkHero.toMove(s)).toEqual([0]);
    expect(s.aces[1]).toBe(0);
    const r = step(s, 1); // 1 + 4 + 3 = 8 vs 1 + 2 + 3 = 6: attacker wins
    expect(r.aces[0]).toBe(0);
    expect(r.resources[0]).toBe(0);
  });

  it('a hero with 0 Resources cannot enter a revealed Club, and steps back from a flipped one', () => {
    const base = beforeFlip(CLUB, { resources: [0, 1, 1, 1] });
    const cards = base.cards.slice();
    cards[10] = CLUB;
    expect(darkHero.legalActions({ ...base, cards }, 0)).toEqual([11]); // nowhere else: stays
    const s = step(base, 10);
    expect(s.cards[10]).toBe(CLUB);
    expect(s.pos[0]).toBe(11);
    expect(s.current).toBe(1);
  });
});

describe('Aces from Resources: "convert 3 Resources into 1 Ace at the end of any of your turns"', () => {
  it('offers the conversion when a turn ends with 3 or more Resources', () => {
    const s = step(beforeFlip(DIAMOND, { resources: [5, 0, 0, 0] }), 10);
    expect(kind(s)).toBe(CONVERT);
    expect(darkHero.legalActions(s, 0)).toEqual([0, 1, 2]);
    const c = step(s, 2);
    expect(c.resources[0]).toBe(0);
    expect(c.aces[0]).toBe(2);
    expect(c.current).toBe(1);
  });
});

describe('concentration-like variant: "flipped over again"', () => {
  /** Hero 0 declines a Heart on slot 10, then (its next turn) moves on to slot 9. */
  function leaveHeart(concentration: boolean) {
    const base = stateWith({}, { bent: 3, concentration });
    const cards = base.cards.slice();
    cards[10] = FACE_DOWN;
    const start = atTurn({ ...withMapCard(base, 10, HEART), cards, phase: MOVE, current: 0, resources: [0, 0, 0, 0] });
    const declined = step(step(start, 10), 0);
    expect(declined.cards[10]).toBe(HEART);
    return step(atTurn({ ...declined, phase: MOVE, current: 0 }), 9);
  }

  it('off by default: a flipped card stays revealed', () => {
    expect(leaveHeart(false).cards[10]).toBe(HEART);
  });

  it('on: the card is turned face down when its hero leaves; everyone remembers it; entering flips it again', () => {
    const left = leaveHeart(true);
    expect(left.cards[10]).toBe(FACE_DOWN);
    // Everyone saw it: no observer has it hidden, and determinize does not re-deal it.
    expect(darkHero.observe(left, 2).zones.cards[MAP]![10]).toBe(HEART);
    // Back on it (a face-down card beats Neutral ones for "must move"), the Heart is there again to raid.
    const back = step(atTurn({ ...left, phase: MOVE, current: 0 }), 10);
    expect(back.cards[10]).toBe(HEART);
    expect(kind(back)).toBe(CONTEST);
  });
});
