/**
 * ophidian-teams with repeated decks (issue #31): `study ophidian-teams --deck-file` with six
 * copies of one deck made a degenerate share matrix (the copies' games against each other are
 * mirror matches, 0.5 by construction) and crashed the Nash LP; with the LP fixed it would give
 * one "neither dominant nor dominated" verdict per copy, its Nash weight split six ways. Now the
 * copies are named in one verdict and played once, and a matrix in which every pairing split
 * evenly gets one clear verdict: all teams equal.
 */
import { describe, expect, it } from 'vitest';
import { copiesOf, copiesVerdict, deckKey, levelMatrixVerdict } from '../../experiments/ophidian/teams.js';
import { symmetricNash } from '../../src/analysis/stats/nash.js';

const ARSENAL = { 'war-cry': 3, 'spiked-fists': 3, charge: 2 };

describe('copies of one deck', () => {
  it('a deck is known by its team (a set), Reinforcement and Arsenal (a multiset): order does not matter, a card count does', () => {
    expect(deckKey(['lothar', 'wisp'], null, ARSENAL)).toBe(deckKey(['wisp', 'lothar'], null, { charge: 2, 'spiked-fists': 3, 'war-cry': 3 }));
    expect(deckKey(['lothar', 'wisp'], null, ARSENAL)).not.toBe(deckKey(['lothar', 'wisp'], null, { ...ARSENAL, charge: 3 }));
    expect(deckKey(['lothar', 'wisp'], null, ARSENAL)).not.toBe(deckKey(['lothar', 'wisp'], 'lost-soul', ARSENAL));
  });

  it('six copies of one deck: five are copies of the first, named in one warning; a different deck is kept', () => {
    const key = deckKey(['lothar', 'wisp'], 'lost-soul', ARSENAL);
    const decks = [
      { id: 'team-a', key: deckKey(['pago'], null, ARSENAL) },
      ...['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => ({ id, key })),
      { id: 'other', key: deckKey(['lothar', 'wisp'], 'lost-soul', { ...ARSENAL, charge: 3 }) },
    ];
    const copies = copiesOf(decks);
    expect([...copies]).toEqual([['c2', 'c1'], ['c3', 'c1'], ['c4', 'c1'], ['c5', 'c1'], ['c6', 'c1']]);
    const v = copiesVerdict(copies, (id) => `Deck ${id}`)!;
    expect(v.strength).toBe('warning');
    expect(v.statement).toBe('Your deck file repeats decks: c2, c3, c4, c5, c6 are copies of Deck c1 (same team, Reinforcement and Arsenal). Each distinct deck is played and judged once; a copy is equal to its original by construction.');
    expect(copiesVerdict(new Map(), (id) => id)).toBeNull();
  });
});

describe('a degenerate share matrix: all teams equal', () => {
  it('every pairing split evenly: one verdict, "all teams equal", and the Nash mix is uniform (no crash)', () => {
    const shares = Array.from({ length: 6 }, () => new Array<number>(6).fill(0.5));
    const v = levelMatrixVerdict(shares, ['A', 'B', 'C', 'D', 'E', 'F'], 90, 'played by "heuristic" in every seat')!;
    expect(v.statement).toBe('All 6 teams are equal in these games: every one of the 15 pairings split its games evenly, so no team is dominant or dominated, played by "heuristic" in every seat.');
    expect(v.evidence).toMatch(/^share 0\.500 in each of the 15 pairings \(90 games; teams: A, B, C, D, E, F\)/);
    expect(v.strength).toBe('inconclusive');
    expect(symmetricNash(shares).probabilities).toEqual(new Array(6).fill(1 / 6));
  });

  it('one pairing off 0.5 is not a level matrix (the per-team verdicts stand); nor is a single team', () => {
    const shares = Array.from({ length: 3 }, () => new Array<number>(3).fill(0.5));
    shares[0]![1] = 0.6;
    shares[1]![0] = 0.4;
    expect(levelMatrixVerdict(shares, ['A', 'B', 'C'], 18, 'x')).toBeNull();
    expect(levelMatrixVerdict([[0.5]], ['A'], 0, 'x')).toBeNull();
  });
});
