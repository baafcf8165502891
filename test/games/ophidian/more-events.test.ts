/**
 * The events `unset`, `scrapped` and `healed` (cards/types.ts EVENTS): "After …" Responses may
 * answer them wherever they happen — in a Wave (an effect) and in the Breather (its Unset,
 * maintenance Scraps, a Promotion's heal), where the event chain comes before the next step.
 * Test cards (a user card file, no sample card names these events):
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { EVENTS } from '../../../src/games/ophidian/cards/types.js';
import { HAND, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, decision, giveHand, idOf, position, quiet, step, tableWith } from './play.js';

const TEST_CARDS = parseCardFile(
  `sample: false
gladiators: []
strategies:
  - {id: second-breath, name: Second Breath, type: quick-hit, flow: R, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: unset, of: ally, on-play: [{gain-cheer: 1}], text: "(R) After a character of yours Unsets, gain 1 Cheer."}
  - {id: salvage, name: Salvage, type: quick-hit, flow: R, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: scrapped, of: enemy, on-play: [{gain-cheer: 1}], text: "(R) After an enemy card is Scrapped, gain 1 Cheer."}
  - {id: rally, name: Rally, type: quick-hit, flow: R, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: healed, of: ally, on-play: [{gain-cheer: event-amount}], text: "(R) After a character of yours is Healed, gain 1 Cheer per Wound removed."}
`,
  'test cards',
);

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);
const eventsNamed = (s: OphidianState) => Array.from({ length: s.events.length / 4 }, (_, k) => EVENTS[s.events[k * 4]!]);

/** Seat p holds exactly these cards: test cards (replacing Arsenal cards of p) and sample cards. */
function hand(s: OphidianState, p: number, ids: string[]): OphidianState {
  let card = s.t.card;
  for (const id of ids) {
    const test = TEST_CARDS.strategies.get(id);
    if (!test) continue;
    const i = card.findIndex((c, k) => c.kind === 'strategy' && s.t.owner[k] === p && s.loc[k] === LOC.out && !ids.includes(c.id));
    card = card.map((c, k) => (k === i ? test : c));
  }
  return giveHand({ ...s, t: tableWith(s.t, card) }, p, ids);
}

/** Passes the Wave and takes the redraw without scrapping, keeping `keep` out of the cards put to the bottom. */
function toMaintain(s: OphidianState, keep: number[]): OphidianState {
  s = quiet(act(act(s, 'pass'), 'pass'));
  while (['redraw', 'bottom', 'react'].includes(decision(s)!.name)) {
    const d = decision(s)!;
    if (d.name === 'react') s = step(s, 'pass');
    else s = step(s, d.name === 'redraw' ? 'done' : legal(s).find((a) => !keep.includes(Number(a.split(':')[1])))!);
  }
  return s;
}

describe('After a card Unsets (the Breather\'s Unset, 4.0 step 2)', () => {
  it('the Unset makes one event per Set card; their chain is asked before the redraw', () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 0, ['second-breath']);
    const sb = s.zones.cards[zoneOf(0, HAND)]![0]!;
    s = { ...s, isSet: s.isSet.map((v, i) => (i === 0 || i === 1 ? true : v)) }; // David Dangers and Madame Petice are Set
    s = act(act(s, 'pass'), 'pass'); // nobody can answer "After a Wave ends", so no chain is asked …
    // … then the Breather: its Unset made two events, and seat 0 may answer either.
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    expect([s.isSet[0], s.isSet[1], eventsNamed(s)]).toEqual([false, false, ['unset', 'unset']]);
    expect(legal(s)).toEqual(['pass', `ev:${sb}:0`, `ev:${sb}:1`]);
    s = step(s, `ev:${sb}:1`);
    expect(s.cheer[0]).toBe(1);
    s = quiet(s);
    expect(decision(s)!.name).toBe('redraw'); // the Breather goes on with the redraw
  });

  it('an effect that Unsets is an event in a Wave too (Overclock, then Second Breath)', () => {
    let s = withFlow(position(1, ['abe', 'betty']), 1);
    s = hand(s, 1, ['overclock', 'second-breath']);
    const [oc, sb] = s.zones.cards[zoneOf(1, HAND)]!;
    const v9 = idOf(s, 1, 'version-9');
    s = { ...s, isSet: s.isSet.map((v, i) => (i === v9 ? true : v)) };
    s = act(s, `play:${oc}:t${v9}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    expect(eventsNamed(s)).toContain('unset');
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    s = step(s, `ev:${sb}:${eventsNamed(s).indexOf('unset')}`);
    expect([s.isSet[v9], s.cheer[1]]).toEqual([false, 1]);
  });

  it('a card that was not Set makes no event', () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 0, ['second-breath']);
    s = quiet(act(act(s, 'pass'), 'pass'));
    expect([decision(s)!.name, s.events]).toEqual(['redraw', []]);
  });
});

describe('After a card is Scrapped', () => {
  it("a card dropped at maintenance (4.0 step 3): the opponent answers before the next maintenance decision", () => {
    let s = withFlow(position(1), 0);
    const fists = idOf(s, 0, 'spiked-fists');
    s = hand(s, 1, ['salvage']);
    const salvage = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = { ...s, loc: s.loc.map((l, i) => (i === fists ? LOC.pump : l)), host: s.host.map((h, i) => (i === fists ? 0 : h)) };
    s = { ...s, zones: { ...s.zones, cards: s.zones.cards.map((z) => z.filter((c) => c !== fists)), known: s.zones.known.map((z, k) => z.filter((_, j) => s.zones.cards[k]![j] !== fists)) } };
    s = toMaintain(s, [salvage]);
    expect(decision(s)).toMatchObject({ player: 0, name: 'maintain' });
    s = step(s, 'drop');
    expect([s.loc[fists], eventsNamed(s)]).toEqual([LOC.out, ['scrapped']]);
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    s = step(s, `ev:${salvage}:0`);
    expect(s.cheer[1]).toBe(1);
    s = quiet(s);
    expect(['maintain', 'promote', 'reinforce', 'maneuver']).toContain(decision(s)!.name);
    expect(s.events).toEqual([]);
  });

  it('Let Freedom Ring Destroys an enemy Pump in a Wave (5.0: "destroy your Phase Blades"): a `destroyed` event, not `scrapped` — Salvage cannot answer it', () => {
    let s = withFlow(position(1), 1);
    s = hand(s, 1, ['phase-blades']);
    const blades = s.zones.cards[zoneOf(1, HAND)]![0]!;
    const v9 = idOf(s, 1, 'version-9');
    s = quiet(act(s, `play:${blades}:t${v9}`)); // a (-): Abe has the Flow
    s = hand(s, 0, ['let-freedom-ring', 'salvage']);
    const [lfr] = s.zones.cards[zoneOf(0, HAND)]!;
    s = act(s, `play:${lfr}:t${blades}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    expect(s.loc[blades]).toBe(LOC.out);
    expect(s.zones.cards[zoneOf(1, 2)]).toContain(blades); // Destroyed Strategy cards go to the Scrapheap (3.9)
    expect(decision(s)!.name).not.toBe('react'); // Salvage answers a Scrap only: nobody is asked
    expect(s.cheer[0]).toBe(0);
  });

  it('a Minion Scrapped as an extra play cost (Blood Offering) is a `scrapped` event Salvage answers in a Wave', () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 1, ['salvage']);
    const salvage = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = hand(s, 0, ['bloaters', 'blood-offering']);
    const [bloaters, offering] = s.zones.cards[zoneOf(0, HAND)]!;
    s = quiet(act(s, `play:${bloaters}`)); // (-): Betty has the Flow
    s = quiet(act(s, 'pass')); // back to Abe
    const play = legal(s).find((a) => a.startsWith(`play:${offering}:`) && a.includes(`${bloaters}`))!;
    s = act(s, play);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    expect([s.loc[bloaters], eventsNamed(s)]).toEqual([LOC.out, ['scrapped', 'played']]);
    while (decision(s)!.player !== 1) s = step(s, 'pass');
    expect(legal(s)).toEqual(['pass', `ev:${salvage}:0`]);
    s = step(s, `ev:${salvage}:0`);
    expect(s.cheer[1]).toBe(1);
  });
});

describe('After a character is Healed', () => {
  it("a Promotion's heal (4.0 step 4) is a `healed` event after `promoted`, with the Wounds removed as its amount", () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 0, ['rally']);
    const rally = s.zones.cards[zoneOf(0, HAND)]![0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === 0 ? 2 : w)) }; // David Dangers has 2 Wounds
    s = toMaintain(s, [rally]);
    while (decision(s)!.name === 'maintain') s = step(s, 'keep');
    while (decision(s)!.player !== 0) s = step(s, decision(s)!.name === 'promote' ? 'none' : legal(s)[0]!);
    s = step(s, 'promote:0');
    expect([s.lvl[0], s.wounds[0], eventsNamed(s)]).toEqual([1, 1, ['promoted', 'healed']]);
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    s = step(s, `ev:${rally}:1`);
    expect(s.cheer[0]).toBe(1);
  });

  it('a Promotion of an unwounded Gladiator heals nothing: no `healed` event', () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 0, ['rally']);
    const rally = s.zones.cards[zoneOf(0, HAND)]![0]!;
    s = toMaintain(s, [rally]);
    while (decision(s)!.name === 'maintain') s = step(s, 'keep');
    while (decision(s)!.player !== 0) s = step(s, decision(s)!.name === 'promote' ? 'none' : legal(s)[0]!);
    s = step(s, 'promote:0');
    expect(decision(s)!.name).not.toBe('react');
    expect(s.events).toEqual([]);
  });

  it('Healing Light in a Wave (Heal 2 on a character with 1 Wound): Rally gains a Cheer per Wound removed, 1', () => {
    let s = withFlow(position(1), 0);
    s = hand(s, 0, ['healing-light', 'rally']);
    const [light, rally] = s.zones.cards[zoneOf(0, HAND)]!;
    const petice = idOf(s, 0, 'madame-petice');
    s = { ...s, wounds: s.wounds.map((w, i) => (i === petice ? 1 : w)) };
    s = act(s, `play:${light}:t${petice}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    const k = eventsNamed(s).indexOf('healed');
    expect([s.wounds[petice], k >= 0]).toEqual([0, true]);
    s = step(s, `ev:${rally}:${k}`);
    expect(s.cheer[0]).toBe(1);
  });
});
