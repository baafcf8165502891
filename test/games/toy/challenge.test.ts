import { describe, expect, it } from 'vitest';
import { challenge, challengeFlow, type ChallengeState } from '../../../src/games/toy/challenge.js';
import { HIDDEN } from '../../../src/core/zones.js';
import { Rng } from '../../../src/core/rng.js';
import { deepFreeze } from '../../core/contract.js';

const opts = (raw: object = {}) => challenge.optionsSchema.parse(raw);
const hand = (s: ChallengeState, p: number) => s.zones.cards[2 + p]!;
const step = (s: ChallengeState, a: number) => deepFreeze(challenge.apply(s, [a]));

describe('toy Challenge: rules on the flow, a response window and zones', () => {
  it('deals 2 cards a hand; on its turn a player first draws, then plays', () => {
    const s = deepFreeze(challenge.setup(opts(), 3));
    expect(hand(s, 1)).toHaveLength(2);
    expect(hand(s, 0)).toHaveLength(3); // seat 0 drew as its turn began
    expect(challenge.legalActions(s, 0)).toEqual([...hand(s, 0)].sort((a, b) => a - b));
  });

  it('asks each other player once, from the left; only higher cards may challenge', () => {
    let s = challenge.setup(opts(), 3);
    const card = Math.min(...hand(s, 0));
    s = step(s, card);
    expect(challengeFlow.decision(s)).toEqual({ player: 1, name: 'challenge', window: true });
    const offered = challenge.legalActions(s, 1);
    expect(offered[0]).toBe(0);
    expect(offered.slice(1).every((c) => c > card)).toBe(true);
    s = step(s, 0);
    expect(challenge.toMove(s)).toEqual([2]);
    s = step(s, 0);
    // Everyone passed: the player scores, and it is seat 1's turn.
    expect(s.scores).toEqual([1, 0, 0]);
    expect(challenge.toMove(s)).toEqual([1]);
  });

  it('the first challenger scores and nobody after it is asked', () => {
    for (let seed = 1; seed < 200; seed++) {
      let s = challenge.setup(opts(), seed);
      const card = Math.min(...hand(s, 0));
      s = step(s, card);
      const higher = challenge.legalActions(s, 1).filter((c) => c > 0);
      if (higher.length === 0) continue;
      s = step(s, higher[0]!);
      expect(s.scores).toEqual([0, 1, 0]);
      expect(challengeFlow.decision(s)).toEqual({ player: 1, name: 'play', window: false });
      return;
    }
    throw new Error('no seed gave seat 1 a higher card');
  });

  it('a player sees its own hand and the table, not the others’ hands or the deck', () => {
    const s = challenge.setup(opts(), 5);
    const o = challenge.observe(s, 1);
    expect(hand(o, 1)).toEqual(hand(s, 1));
    expect(hand(o, 0).every((c) => c === HIDDEN)).toBe(true);
    const d = challenge.determinize(o, 1, new Rng(9));
    expect(hand(d, 1)).toEqual(hand(s, 1));
    expect([...d.zones.cards.flat()].sort((a, b) => a - b)).toEqual([...s.zones.cards.flat()].sort((a, b) => a - b));
  });

  it('turn order "trailing": the lowest score goes first next round', () => {
    let s = challenge.setup(opts({ players: 2, order: 'trailing' }), 4);
    // Round 0: both play their lowest card and nobody challenges where possible.
    while (s.round === 0) s = step(s, challenge.legalActions(s, challenge.toMove(s)[0]!)[0]!);
    // Lowest score first; a tie goes to the lower seat.
    const trailing = s.scores[1]! < s.scores[0]! ? 1 : 0;
    expect(s.order).toEqual([trailing, 1 - trailing]);
  });
});
