/**
 * A `choose` reached while another effect choice is being asked (a trigger of the card just
 * played, a second trigger of the same event) is a real decision of its player too: it waits,
 * with the rest of its program, and is asked once the choice before it is answered (first in
 * first out, 8.0). (It used to take its first option.)
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { ARSENAL, LOC, SCRAP, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, decision, giveHand, idOf, position, quiet, step, tableWith } from './play.js';

/** Test cards: a Quick-Hit whose opponent picks what its player gets, and a Zone whose player picks a reward after every card played. */
const TEST_CARDS = parseCardFile(
  `sample: false
gladiators: []
strategies:
  - {id: tough-call, name: Tough Call, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 0, maintain: skull,
     on-play: [{choose: opponent, options: [{label: they gain 1 Cheer, do: [{gain-cheer: 1}]}, {label: they gain 2 CP, do: [{gain-cp: 2}]}]}],
     text: "Your opponent chooses: you gain 1 Cheer, or you gain 2 CP."}
  - {id: crowd-vote, name: Crowd Vote, type: zone, flow: '+', discipline: universal, level: 1, cost: 0, maintain: 1,
     abilities: [{name: Vote, after: played, of: any,
                  do: [{choose: you, options: [{label: gain 1 Cheer, do: [{gain-cheer: 1}]}, {label: gain 1 CP, do: [{gain-cp: 1}]}]}]}],
     text: "After a card is played, choose: gain 1 Cheer, or gain 1 CP."}
`,
  'test cards',
);

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);

describe('a choice reached while another is asked', () => {
  it("Tough Call's choice (the opponent's) is asked first, then Crowd Vote's trigger (its player's), and each option is the player's", () => {
    let s = withFlow(position(1), 0);
    // Seat 0 has Crowd Vote face up in the Arena and Tough Call in hand (test cards in place of two of its Arsenal cards).
    const [zone, qh] = s.zones.cards[zoneOf(0, ARSENAL)]!.slice(0, 2);
    const card = s.t.card.map((c, i) => (i === zone ? TEST_CARDS.strategies.get('crowd-vote')! : i === qh ? TEST_CARDS.strategies.get('tough-call')! : c));
    s = { ...s, t: tableWith(s.t, card), loc: s.loc.map((l, i) => (i === zone ? LOC.zoneUp : l)) };
    s = { ...s, zones: { ...s.zones, cards: s.zones.cards.map((z) => z.filter((c) => c !== zone)), known: s.zones.known.map((z, k) => z.filter((_, j) => s.zones.cards[k]![j] !== zone)) } };
    s = giveHand(s, 0, ['tough-call']);
    const [cp, cheer] = [s.cp[0]!, s.cheer[0]!];
    s = act(s, `play:${qh}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    // Tough Call's on-play choice: seat 1 decides.
    expect(decision(s)).toMatchObject({ player: 1, name: 'choose' });
    expect(s.pending!.labels).toEqual(['they gain 1 Cheer', 'they gain 2 CP']);
    // Crowd Vote answers the card's "played" event, which comes once Tough Call resolved (8.0): its choice is not reached yet.
    expect(s.pending!.next).toBeNull();
    s = step(s, 'opt:1');
    // Then Crowd Vote's own choice: seat 0 decides (before, it took its first option, a Cheer, with no decision).
    expect(decision(s)).toMatchObject({ player: 0, name: 'choose' });
    expect(legal(s)).toEqual(['opt:0', 'opt:1']);
    s = step(s, 'opt:1');
    s = quiet(s);
    expect([s.cp[0]! - cp, s.cheer[0]! - cheer, s.pending, decision(s)]).toEqual([3, 0, null, { player: 0, name: 'act', window: false }]);
  });

  it('two Dripping Leaks under one character: after it Sets, its controller answers each (the card of the 5.0 example)', () => {
    let s = withFlow(position(1), 1);
    const v9 = idOf(s, 1, 'version-9');
    const [leak1, leak2] = [idOf(s, 0, 'dripping-leak', 0), idOf(s, 0, 'dripping-leak', 1)];
    const inPlay = [leak1, leak2];
    s = {
      ...s,
      loc: s.loc.map((l, i) => (inPlay.includes(i) ? LOC.pump : l)),
      host: s.host.map((h, i) => (inPlay.includes(i) ? v9 : h)),
      zones: { ...s.zones, cards: s.zones.cards.map((z) => z.filter((c) => !inPlay.includes(c))), known: s.zones.known.map((z, k) => z.filter((_, j) => !inPlay.includes(s.zones.cards[k]![j]!))) },
    };
    const scrapped = s.zones.cards[zoneOf(1, SCRAP)]!.length;
    const poc = idOf(s, 0, 'poc-shot');
    // Betty Sets Version 9 for Grappling Strike on Poc Shot: both Leaks trigger.
    s = act(s, `ab:${v9}:0:t${poc}`);
    expect(decision(s)).toMatchObject({ player: 1, name: 'choose' });
    s = step(s, 'opt:1'); // the first Leak: scrap three cards
    expect(decision(s)).toMatchObject({ player: 1, name: 'choose' }); // the second Leak asks too
    s = step(s, 'opt:1'); // scrap three more (before, the second Leak dealt its 1 DMG with no decision)
    expect(s.zones.cards[zoneOf(1, SCRAP)]!.length - scrapped).toBe(6);
    expect(s.wounds[v9]).toBe(0);
  });
});
