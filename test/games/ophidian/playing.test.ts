/**
 * Playing a card (3.3, 2.2, 8.0): the four-Zone limit's choice, the Unique keyword, extra
 * play costs — each a choice of the player, offered as legal actions.
 */
import { describe, expect, it } from 'vitest';
import { scriptDice } from '../../../src/core/random.js';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { HAND, LOC, SCRAP, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, giveHand, idOf, position } from './play.js';

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);

describe('the four-Zone limit (2.2)', () => {
  it('a fifth Zone makes its player choose one of their own Zones, face up or down, to scrap; every choice is an action', () => {
    let s = withFlow(position(1, ['mind-gate', 'plague-temple']), 0);
    s = giveHand(s, 0, ['warp-gate', 'warp-gate', 'sanctuary', 'sanctuary', 'warp-gate']);
    s = { ...s, cp: [30, 30] };
    const hand = s.zones.cards[zoneOf(0, HAND)]!;
    for (const z of hand.slice(0, 4)) s = act(s, `play:${z}`); // Warp Gate (+), Sanctuary (+)
    expect(hand.slice(0, 4).map((z) => s.loc[z])).toEqual([LOC.zoneDown, LOC.zoneUp, LOC.zoneDown, LOC.zoneUp]);
    const fifth = hand[4]!;
    const offers = legal(s).filter((a) => a.startsWith(`play:${fifth}`));
    expect(offers.sort()).toEqual(hand.slice(0, 4).map((z) => `play:${fifth}:z${z}`).sort());
    s = act(s, `play:${fifth}:z${hand[0]}`); // scrap the face-down first Warp Gate
    expect(s.loc[hand[0]!]).toBe(LOC.out);
    expect(s.zones.cards[zoneOf(0, SCRAP)]).toContain(hand[0]);
    expect([s.loc[hand[1]!], s.loc[fifth]]).toEqual([LOC.zoneDown, LOC.zoneUp]);
  });

  it('four Zones in the Arena, none of yours: the limit counts your own Zones (option zoneLimit, default per-player), so yours enters; under `arena` it cannot', () => {
    // 2.2: "You can only have four Zone cards in the Arena at any one time. When you bring a new Zone into play
    // past the four-Zone limit, you must scrap one of your other face-up or face-down Zones in the Arena."
    let s = withFlow(position(1, ['mind-gate', 'mind-gate']), 0);
    s = giveHand(giveHand(s, 0, ['warp-gate']), 1, ['warp-gate', 'warp-gate', 'sanctuary', 'sanctuary']);
    const theirs = s.zones.cards[zoneOf(1, HAND)]!;
    s = { ...s, loc: s.loc.map((l, i) => (theirs.includes(i) ? LOC.zoneDown : l)) };
    const mine = s.zones.cards[zoneOf(0, HAND)]![0]!;
    expect(s.zonesPerPlayer).toBe(true);
    expect(legal(s).filter((a) => a.startsWith(`play:${mine}`))).toEqual([`play:${mine}`]);
    expect(legal({ ...s, zonesPerPlayer: false }).some((a) => a.startsWith(`play:${mine}`))).toBe(false);
    const arena = ophidian.setup(ophidian.optionsSchema.parse({ zoneLimit: 'arena' }) as never, 1);
    expect(arena.zonesPerPlayer).toBe(false);
  });
});

describe('the Unique keyword (8.0)', () => {
  it('a Unique Quick-Hit is played once per Wave per player: the second copy is not offered until the next Wave', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(s, 0, ['grand-entrance', 'grand-entrance']);
    const [g1, g2] = s.zones.cards[zoneOf(0, HAND)]!;
    s = act(s, `play:${g1}`);
    expect(s.cheer[0]).toBe(2);
    expect(legal(s)).not.toContain(`play:${g2}`);
    expect(s.uniqueUsed).toEqual(['0:grand-entrance']);
  });

  it('a Unique Minion is in play only once per player', () => {
    let s = withFlow(position(1, ['mind-gate', 'abe']), 0);
    s = { ...s, lvl: s.lvl.map((l, i) => (s.t.team[0]!.includes(i) ? 2 : l)) }; // Level 3: Ghost Host is Mystic Level 3
    s = giveHand(s, 0, ['ghost-host', 'ghost-host']);
    s = { ...s, cp: [20, 20] };
    const [h1, h2] = s.zones.cards[zoneOf(0, HAND)]!;
    expect(legal(s)).toContain(`play:${h2}`);
    s = { ...s, loc: s.loc.map((l, i) => (i === h1 ? LOC.support : l)) };
    expect(legal(s)).not.toContain(`play:${h2}`);
  });
});

describe('extra play costs (3.3 "Other Requirements")', () => {
  it('discarding a card: each card of the hand is a choice; the discard is Scrapped before the effect', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(s, 0, ['second-wind', 'war-cry', 'ward']);
    const [wind, cry, ward] = s.zones.cards[zoneOf(0, HAND)]!;
    expect(legal(s).filter((a) => a.startsWith(`play:${wind}`)).sort()).toEqual([`play:${wind}:d${cry}`, `play:${wind}:d${ward}`].sort());
    s = act(s, `play:${wind}:d${ward}`);
    const hand = s.zones.cards[zoneOf(0, HAND)]!;
    expect(hand).toHaveLength(3); // war-cry + 2 drawn
    expect(hand).toContain(cry);
    expect(s.zones.cards[zoneOf(0, SCRAP)]).toEqual(expect.arrayContaining([ward, wind]));
  });

  it('scrapping a Minion: not playable without one; with one it is Scrapped as the cost', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(s, 0, ['blood-offering', 'bloaters']);
    const [offer, bloaters] = s.zones.cards[zoneOf(0, HAND)]!;
    expect(legal(s).some((a) => a.startsWith(`play:${offer}`))).toBe(false);
    s = { ...s, loc: s.loc.map((l, i) => (i === bloaters ? LOC.support : l)), wounds: s.wounds.map((w, i) => (i === 0 ? 3 : w)) };
    s = act(s, `play:${offer}:t0:m${bloaters}`);
    expect([s.loc[bloaters], s.wounds[0]]).toEqual([LOC.out, 0]);
    expect(idOf(s, 0, 'blood-offering')).toBe(offer);
  });
});

describe("Channeling (Madame Petice, 8.0 'Flow within effects')", () => {
  /** Abe's Little Jinx Destroyed (in his Funeral Pyre), Madame Petice Unset in the Action Field, Abe to act. */
  function jinxInPyre(): OphidianState {
    let s = withFlow(position(1), 0);
    const jinx = 2;
    const pyre = zoneOf(0, 3);
    s = { ...s, loc: s.loc.map((l, i) => (i === jinx ? LOC.out : l)) };
    return { ...s, zones: { ...s.zones, cards: s.zones.cards.map((z, k) => (k === pyre ? [jinx] : z)), known: s.zones.known.map((z, k) => (k === pyre ? [3] : z)) } };
  }

  it("offers each (-)/(?) ability of each Pyre Gladiator with its targets; the channelled (?) Hex succeeding still makes the whole action a (-): Petice Sets, the Flow passes", () => {
    let s = jinxInPyre();
    const v9 = idOf(s, 1, 'version-9');
    expect(legal(s)).toContain(`ch:1:0:2:0:t${v9}`);
    s = act(scriptDice(s, [6]), `ch:1:0:2:0:t${v9}`);
    expect([s.wounds[v9], s.isSet[1], s.flowHolder]).toEqual([1, true, 1]);
  });

  it('not offered while Madame Petice is Set, nor with an empty Pyre', () => {
    const s = jinxInPyre();
    expect(legal({ ...s, isSet: s.isSet.map((x, i) => (i === 1 ? true : x)) }).some((a) => a.startsWith('ch:'))).toBe(false);
    expect(legal(withFlow(position(1), 0)).some((a) => a.startsWith('ch:'))).toBe(false);
  });
});

describe('X (8.0 "The X")', () => {
  it('X is any amount the player can pay: Scavengers with 11 CP offers X = 0..11; paying 3 draws 3', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(s, 0, ['scavengers']);
    const [sc] = s.zones.cards[zoneOf(0, HAND)]!;
    expect(legal(s).filter((a) => a.startsWith(`play:${sc}`))).toEqual(Array.from({ length: 12 }, (_, x) => `play:${sc}:x${x}`));
    s = act(s, `play:${sc}:x3`);
    expect([s.cp[0], s.zones.cards[zoneOf(0, HAND)]!.length]).toEqual([8, 3]);
  });
});
