/**
 * ophidian-cards' "Your content" when the user brings decks but no new card (--deck-file
 * alone; issue #29): each user deck's field share in the round robin, ranked among the
 * sample decks measured the same way. Synthetic matchup units with a known answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseCards, yourCards } from '../../experiments/ophidian/cards.js';
import { userContent, type MatchupUnit } from '../../experiments/ophidian/common.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-your-oph-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ophidian-cards with --deck-file only: "Your content" ranks the user deck', () => {
  it('the deck by its name, its share against the sample decks over seed indices, Holm-tested against 0.5', () => {
    const deckFile = join(dir, 'decks.yaml');
    writeFileSync(deckFile, 'decks:\n  - {id: cheer-war, name: Cheer War, team: [hammerhands, ironsides, simon-bantus], arsenal: {arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 3, crowd-pleaser: 2}}\n');
    const user = userContent({ deckFile });
    expect(user.cardIds).toEqual([]);
    const decks = ['abe', 'betty', 'cheer-war'];
    // cheer-war wins every unit against both sample decks; abe and betty are even.
    const unit = (a: string, b: string, index: number, share: number): MatchupUnit => ({ a, b, index, share, games: [] });
    const table = new Map<string, MatchupUnit[]>([
      ['abe|betty', [0, 1, 2, 3, 4, 5, 6, 7].map((i) => unit('abe', 'betty', i, i % 2 ? 1 : 0))],
      ['cheer-war|abe', [0, 1, 2, 3, 4, 5, 6, 7].map((i) => unit('cheer-war', 'abe', i, 1))],
      ['cheer-war|betty', [0, 1, 2, 3, 4, 5, 6, 7].map((i) => unit('cheer-war', 'betty', i, 1))],
    ]);
    const unitsOf = (a: string, b: string) => table.get(`${a}|${b}`) ?? (table.get(`${b}|${a}`) ?? []).map((u) => ({ ...u, a, b, share: 1 - u.share }));
    const yours = yourCards({ user, evidence: [], analysis: analyseCards([]), stage: null, decks, unitsOf })!;
    expect(yours.items.map((i) => [i.name, i.n, i.strength])).toEqual([['Cheer War', 8, 'supported']]);
    expect(yours.items[0]!.estimate).toBe(1);
    expect(yours.items[0]!.lo).toBeGreaterThan(0.5); // 8 units all 1: the exact bound for equal units, not [1, 1]
    expect(yours.items[0]!.lo).toBeLessThan(1);
    expect(yours.items[0]!.verdict).toMatch(/^beats the sample decks/);
    // The sample decks against each other only (cheer-war is not their opponent here): even.
    expect(yours.field.map((f) => [f.name, f.estimate])).toEqual([["Abe's deck (the Example Game, 5.0)", 0.5], ["Betty's deck (the Example Game, 5.0)", 0.5]]);
    // No card or deck of the user's: no section.
    expect(yourCards({ user: userContent({}), evidence: [], analysis: analyseCards([]), stage: null, decks, unitsOf })).toBeUndefined();
  });
});
