/**
 * A choice in a card's effects (a `choose` step, "… or …") holds up the rest of its action:
 * the card's effects resolve fully — the choice answered, then the steps after it — and only
 * then come its "After a card is played" event and its Flow (2.5, 3.3, 8.0: the effect
 * resolves, then the event chain). (Before, the played event and the Flow came as soon as the
 * choice was asked, and a (?) card decided after a choice resolved as (−).)
 * Test cards (a user card file, no sample card has a choice in its own effects):
 */
import { describe, expect, it } from 'vitest';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { EVENTS } from '../../../src/games/ophidian/cards/types.js';
import { HAND, LOC, SCRAP, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, decision, giveHand, idOf, position, quiet, settle, step, tableWith } from './play.js';

const TEST_CARDS = parseCardFile(
  `sample: false
gladiators: []
strategies:
  - {id: fork, name: Fork in the Road, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 0, maintain: skull,
     on-play: [{choose: you, options: [{label: gain 1 Cheer, do: [{gain-cheer: 1}]}, {label: gain 1 CP, do: [{gain-cp: 1}]}]}, {gain-cp: 2}],
     text: "Choose: gain 1 Cheer, or gain 1 CP. Then gain 2 CP."}
  - {id: encore, name: Encore, type: quick-hit, flow: R, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: played, of: enemy, on-play: [{gain-cheer: 1}], text: "(R) After an enemy card is played, gain 1 Cheer."}
  - {id: gamble, name: Gamble, type: quick-hit, flow: '?', discipline: universal, level: 1, cost: 0, maintain: skull,
     on-play: [{choose: you, options: [{label: keep the Flow, do: [{flow: '+'}]}, {label: give it up, do: [{flow: '-'}]}]}],
     text: "Choose: (+), or (-)."}
  - {id: crowd-pleaser, name: Crowd Pleaser, type: quick-hit, flow: '?', discipline: universal, level: 1, cost: 0, maintain: skull,
     on-play: [{choose: you, options: [{label: gain 1 Cheer, do: [{gain-cheer: 1}]}, {label: gain 1 CP, do: [{gain-cp: 1}]}]}],
     keep-flow-if: [{value: cheer, op: gte, than: 1}], text: "Choose: gain 1 Cheer, or gain 1 CP. If you have any Cheer: (+)."}
  - {id: riposte, name: Riposte, type: quick-hit, flow: DR, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: attacked, of: ally, on-play: [{choose: you, options: [{label: gain 1 Cheer, do: [{gain-cheer: 1}]}, {label: gain 1 CP, do: [{gain-cp: 1}]}]}, {gain-cp: 2}],
     text: "(DR) After a character of yours is Attacked, choose: gain 1 Cheer, or gain 1 CP. Then gain 2 CP."}
`,
  'test cards',
);

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
const eventsNamed = (s: OphidianState) => Array.from({ length: s.events.length / 4 }, (_, k) => EVENTS[s.events[k * 4]!]);

/** Seat p holds exactly these test cards (each replacing one of p's Arsenal cards). */
function hand(s: OphidianState, p: number, ids: string[]): OphidianState {
  let card = s.t.card;
  for (const id of ids) {
    const i = card.findIndex((c, k) => c.kind === 'strategy' && s.t.owner[k] === p && s.loc[k] === LOC.out && !ids.includes(c.id));
    card = card.map((c, k) => (k === i ? TEST_CARDS.strategies.get(id)! : c));
  }
  return giveHand({ ...s, t: tableWith(s.t, card) }, p, ids);
}

/** Seat 0, with the Flow and no Cheer, plays its test card `id` (seat 1 holding `answers`): the state at the card's choice. */
function playTo(id: string, answers: string[] = []): { s: OphidianState; c: number } {
  let s = withFlow(position(1), 0);
  s = hand(hand(s, 0, [id]), 1, answers);
  s = { ...s, cheer: [0, 0] };
  const c = s.zones.cards[zoneOf(0, HAND)]![0]!;
  s = act(s, `play:${c}`);
  while (decision(s)!.name === 'cost') s = step(s, 'pass');
  return { s, c };
}

describe('a choice in a card\'s effects holds up the rest of its action (8.0)', () => {
  it('the steps after the choice resolve before the card\'s "played" event, whose Responses see the whole card resolved', () => {
    const { s: asked, c } = playTo('fork', ['encore']);
    const cp = asked.cp[0]!;
    // The choice is asked; nothing after it happened yet: no "played" event, no Flow resolved, the Quick-Hit not yet Scrapped.
    expect(decision(asked)).toMatchObject({ player: 0, name: 'choose' });
    expect(eventsNamed(asked)).not.toContain('played');
    expect(asked.plusJustMade).toBe(false);
    expect(asked.zones.cards[zoneOf(0, SCRAP)]).not.toContain(c);
    let s = step(asked, 'opt:1');
    // The option (1 CP) and the step after it (2 CP), then the card is done: Scrapped, "played", its (+).
    expect(s.cp[0]! - cp).toBe(3);
    expect(s.zones.cards[zoneOf(0, SCRAP)]).toContain(c);
    expect(eventsNamed(s)).toContain('played');
    expect(s.plusJustMade).toBe(true);
    // The event chain (seat 0, with nothing to answer, is not asked): seat 1 answers the "played" event with Encore.
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    const k = eventsNamed(s).indexOf('played');
    const encore = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = quiet(step(s, `ev:${encore}:${k}`));
    expect([s.cheer[1], s.cp[0]! - cp, s.flowHolder, decision(s)]).toEqual([1, 3, 0, { player: 0, name: 'act', window: false }]);
  });

  it('a (?) card whose Flow is the choice\'s option: (+) keeps the Flow, (-) passes it (2.5)', () => {
    const { s } = playTo('gamble');
    expect(decision(s)).toMatchObject({ player: 0, name: 'choose' });
    const kept = quiet(step(s, 'opt:0'));
    expect([kept.flowHolder, kept.lost, kept.plusJustMade, decision(kept)]).toEqual([0, false, true, { player: 0, name: 'act', window: false }]);
    const lost = quiet(step(s, 'opt:1'));
    expect(lost.flowHolder).toBe(1); // the Flow went to the left: seat 1's turn
    expect(decision(lost)).toMatchObject({ player: 1, name: 'act' });
  });

  it('a (?) card whose Flow condition reads what the choice did: the Cheer chosen keeps the Flow, the CP passes it', () => {
    const { s } = playTo('crowd-pleaser');
    const cheer = quiet(step(s, 'opt:0'));
    expect([cheer.cheer[0], cheer.flowHolder, decision(cheer)]).toEqual([1, 0, { player: 0, name: 'act', window: false }]);
    const cp = quiet(step(s, 'opt:1'));
    expect([cp.cheer[0], cp.flowHolder]).toEqual([0, 1]);
    expect(decision(cp)).toMatchObject({ player: 1, name: 'act' });
  });

  it('a Response with a choice played in an Attack\'s chain is "played" only once its effects resolved (8.0)', () => {
    let s = withFlow(position(1, ['mind-gate', 'betty']), 0);
    s = hand(giveHand(s, 0, ['precognition']), 1, ['riposte']);
    const [riposte] = s.zones.cards[zoneOf(1, HAND)]!;
    const cp = s.cp[1]!;
    s = act(act(s, `atk:${s.t.team[0]![0]!}:${idOf(s, 1, 'version-9')}`), 'allow');
    s = step(s, 'pass'); // the Flow holder first in the Attack's chain
    s = step(s, `resp:${riposte}`);
    // Riposte's choice is asked: no "played" event yet, the step after the choice not done.
    expect(decision(s)).toMatchObject({ player: 1, name: 'choose' });
    expect(eventsNamed(s)).not.toContain('played');
    expect(s.cp[1]).toBe(cp);
    s = step(s, 'opt:1');
    expect(s.cp[1]! - cp).toBe(3); // the option (1 CP), then the step after it (2 CP)
    s = settle(s);
    const k = eventsNamed(s).lastIndexOf('played');
    expect(k).toBeGreaterThanOrEqual(0);
    expect(s.events[k * 4 + 1]).toBe(riposte);
  });
});
