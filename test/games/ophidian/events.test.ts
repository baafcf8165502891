/**
 * Event chains (8.0): "After …" Responses to events other than an Attack — a Wound, a card
 * played — asked from the player with the Flow, then clockwise, until all pass in a row; a
 * Response adds its own events to the chain; one use per card per chain; values below 0 are
 * floored only after the action.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { EVENTS } from '../../../src/games/ophidian/cards/types.js';
import { HAND, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, decision, giveHand, idOf, position, settle, step } from './play.js';
import { withListener } from '../../../src/core/listeners.js';
import { CARD_PLAYED } from '../../../src/games/ophidian/listener.js';

/** Seat p holds the Flow and acts now. */
const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
/** Index in the chain of the last event named `name`. */
const lastEvent = (s: OphidianState, name: string): number => {
  for (let k = s.events.length / 4 - 1; k >= 0; k--) if (EVENTS[s.events[k * 4]!] === name) return k;
  return -1;
};
const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);

/** Abe's deck (seat 0) against Betty's: seat 0 Attacks Version 9 with David Dangers, nobody answers the Attack itself. */
function abeHits(hand0: string[], hand1: string[] = []): OphidianState {
  let s = withFlow(position(1), 0);
  s = giveHand(giveHand(s, 0, hand0), 1, hand1);
  const v9 = idOf(s, 1, 'version-9');
  return settle(act(act(s, `atk:0:${v9}`), 'allow'));
}

describe('After a character is Wounded (8.0)', () => {
  it('Sponsor Bonus: the player with the Flow is asked first; the CP comes at once; a second copy may answer the same Wound, the used copy may not', () => {
    let s = abeHits(['sponsor-bonus', 'sponsor-bonus']);
    const v9 = idOf(s, 1, 'version-9');
    expect(s.wounds[v9]).toBe(2);
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    const k = lastEvent(s, 'wounded');
    const [sb1, sb2] = s.zones.cards[zoneOf(0, HAND)]!;
    const cp = s.cp[0]!;
    s = step(s, `ev:${sb1}:${k}`);
    expect(s.cp[0]).toBe(cp + 1);
    // Betty's deck holds no card that answers these events, so she is not asked: Abe again, with the other copy.
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    expect(legal(s)).toContain(`ev:${sb2}:${k}`);
    expect(legal(s).some((a) => a.startsWith(`ev:${sb1}:`))).toBe(false);
    s = step(s, `ev:${sb2}:${k}`);
    s = step(s, 'pass');
    expect([s.cp[0], decision(s)!.name, s.events]).toEqual([cp + 2, 'act', []]);
  });

  it('a Response adds its event to the chain: a second Infect answers the Wound the first one dealt (event chain)', () => {
    let s = withFlow(position(1), 0);
    s = { ...s, lvl: s.lvl.map((l, i) => (i === 0 ? 1 : l)) }; // David Dangers at Level 2: Bio-tek Level 2 for Infect
    s = giveHand(s, 0, ['infect', 'infect']);
    const v9 = idOf(s, 1, 'version-9');
    s = settle(act(act(s, `atk:0:${v9}`), 'allow'));
    const [in1, in2] = s.zones.cards[zoneOf(0, HAND)]!;
    const first = lastEvent(s, 'wounded');
    s = step(s, `ev:${in1}:${first}`);
    const second = lastEvent(s, 'wounded');
    expect(second).toBeGreaterThan(first);
    expect(s.events[second * 4 + 1]).toBe(v9);
    expect(legal(s)).toEqual(expect.arrayContaining([`ev:${in2}:${first}`, `ev:${in2}:${second}`]));
    s = step(s, `ev:${in2}:${second}`);
    s = step(s, 'pass');
    expect([s.wounds[v9], decision(s)!.name]).toEqual([4, 'act']);
  });

  it("Leetah's Soothe (R, an ability in play) heals the Wounded ally for 1 CP, answered by the player without the Flow", () => {
    let s = withFlow(position(1, ['abe', 'plague-temple']), 0);
    const leetah = idOf(s, 1, 'leetah');
    s = { ...s, lvl: s.lvl.map((l, i) => (i === leetah ? 1 : l)) };
    s = giveHand(giveHand(s, 0, []), 1, []);
    const goth = idOf(s, 1, 'goth-garal');
    s = settle(act(act(s, `atk:0:${goth}`), 'allow'));
    // Abe is asked first: his deck has Sponsor Bonus, which may be in his hand for all Betty can see.
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    expect(legal(s)).toEqual(['pass']);
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    const k = lastEvent(s, 'wounded');
    const cp = s.cp[1]!;
    s = step(s, `eab:${leetah}:0:${k}`);
    expect([s.wounds[goth], s.cp[1]]).toEqual([1, cp - 1]);
  });
});

describe('After a card is played (8.0)', () => {
  it('Precognition: the opponent draws 1 after a card is played', () => {
    let s = withFlow(position(1, ['abe', 'mind-gate']), 0);
    s = giveHand(giveHand(s, 0, ['war-cry']), 1, ['precognition']);
    const [cry] = s.zones.cards[zoneOf(0, HAND)]!;
    const [pre] = s.zones.cards[zoneOf(1, HAND)]!;
    s = step(s, `play:${cry}`);
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    s = step(s, `ev:${pre}:${lastEvent(s, 'played')}`);
    expect(s.zones.cards[zoneOf(1, HAND)]).toHaveLength(1); // Precognition left, one card drawn
    expect(s.zones.cards[zoneOf(1, HAND)]).not.toContain(pre);
  });
});

describe('A Response played in an Attack\'s chain is a card played (8.0)', () => {
  it("Precognition answers Betty's Counterstrike, played against mind-gate's Attack, once the Attack is done", () => {
    let s = withFlow(position(1, ['mind-gate', 'betty']), 0);
    const freak = idOf(s, 1, 'david-dangers');
    s = { ...s, lvl: s.lvl.map((l, i) => (i === freak ? 1 : l)) }; // Counterstrike is War Level 2
    s = giveHand(giveHand(s, 0, ['precognition']), 1, ['counterstrike']);
    const [pre] = s.zones.cards[zoneOf(0, HAND)]!;
    const [counter] = s.zones.cards[zoneOf(1, HAND)]!;
    const attacker = s.t.team[0]![0]!;
    s = act(act(s, `atk:${attacker}:${idOf(s, 1, 'version-9')}`), 'allow');
    s = step(s, 'pass'); // the Flow holder first in the Attack's chain
    // The card played is reported once to the studies' listener (listener.ts: the `played` tag).
    const heard: number[] = [];
    s = withListener({ onEvent: (e, _s, c) => void (e === CARD_PLAYED && heard.push(c)), tags: () => ({}) }, () => settle(step(s, `resp:${counter}`)));
    const k = lastEvent(s, 'played');
    expect(k).toBeGreaterThanOrEqual(0);
    expect(s.events[k * 4 + 1]).toBe(counter);
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    expect(legal(s)).toContain(`ev:${pre}:${k}`);
    const before = s.zones.cards[zoneOf(0, HAND)]!.length;
    s = step(s, `ev:${pre}:${k}`);
    expect(s.zones.cards[zoneOf(0, HAND)]).toHaveLength(before); // Precognition left, one card drawn
    expect(s.zones.cards[zoneOf(0, HAND)]).not.toContain(pre);
    expect(heard.filter((c) => c === counter)).toHaveLength(1); // counted once as a card played
  });
});

describe('Negative values (8.0)', () => {
  it('CP tallied below 0 during an action becomes 0 only after the action: -2 then +1 from 1 CP ends at 0, not 1', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(giveHand(s, 0, ['shakedown']), 1, ['sponsor-bonus']);
    s = { ...s, cp: [11, 1] };
    const [shake] = s.zones.cards[zoneOf(0, HAND)]!;
    const [sb] = s.zones.cards[zoneOf(1, HAND)]!;
    const v9 = idOf(s, 1, 'version-9');
    s = step(s, `play:${shake}:t${v9}`);
    expect(s.cp[1]).toBe(-1); // tallied, not yet floored
    // Shakedown is (-): Betty has the Flow once it resolved, so she is asked first.
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    s = step(s, `ev:${sb}:${lastEvent(s, 'wounded')}`);
    expect(s.cp[1]).toBe(0);
    s = step(step(s, 'pass'), 'pass');
    expect([s.cp[1], decision(s)!.name]).toEqual([0, 'act']);
  });
});

describe('When a card\'s cost is being paid (8.0 modifier example)', () => {
  it('Price Gouging raises the cost, Fair Price removes the modifier, the card is paid at its normal cost and Wounds; then Sponsor Bonus answers the Wound', () => {
    // Abe (Flow) Attacks Version 9 with David Dangers; Betty answers with (DR) Counterstrike (2 CP: 1 DDMG to the Attacker).
    let s = withFlow(position(1), 0);
    const freak = idOf(s, 1, 'david-dangers');
    s = { ...s, lvl: s.lvl.map((l, i) => (i === freak ? 1 : l)) }; // Counterstrike is War Level 2
    s = giveHand(giveHand(s, 0, ['price-gouging', 'sponsor-bonus']), 1, ['counterstrike', 'fair-price']);
    const [gouging, sponsor] = s.zones.cards[zoneOf(0, HAND)]!;
    const [counter, fair] = s.zones.cards[zoneOf(1, HAND)]!;
    const v9 = idOf(s, 1, 'version-9');
    s = act(act(s, `atk:0:${v9}`), 'allow');
    s = step(s, 'pass'); // Abe first in the Attack's chain
    s = step(s, `resp:${counter}`);
    // The cost is being paid: the player with the Flow may modify it first.
    expect(decision(s)).toMatchObject({ player: 0, name: 'cost' });
    s = step(s, `cm:${gouging}`);
    expect(s.payDelta).toBe(1);
    // Betty cannot modify Price Gouging itself; she removes the modifiers from her card instead.
    expect(decision(s)).toMatchObject({ player: 1, name: 'cost' });
    expect(legal(s)).toEqual(['pass', `cm:${fair}`]);
    s = step(s, `cm:${fair}`);
    s = step(step(s, 'pass'), 'pass');
    expect([s.cp[1], s.wounds[0]]).toEqual([9, 1]); // paid 2, not 3; the Attacker took 1 DDMG
    s = settle(s);
    expect(s.wounds[v9]).toBe(2);
    // After the Wound, the player with the Flow gains 1 CP with Sponsor Bonus; nobody answers that: the next action.
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    const cp = s.cp[0]!;
    s = step(s, `ev:${sponsor}:${s.events.length / 4 - 1 >= 0 ? lastWoundOf(s, 0) : -1}`);
    expect(s.cp[0]).toBe(cp + 1);
    while (decision(s)!.name === 'react') s = step(s, 'pass');
    expect(decision(s)!.name).toBe('act');
  });

  it("a Response card played in an event chain is modifiable too: Betty's Price Gouging raises Abe's Sponsor Bonus (after the Wound) to 1 CP", () => {
    let s = abeHits(['sponsor-bonus'], ['price-gouging']);
    const [sponsor] = s.zones.cards[zoneOf(0, HAND)]!;
    const [gouging] = s.zones.cards[zoneOf(1, HAND)]!;
    const cp = s.cp[0]!;
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
    s = step(s, `ev:${sponsor}:${lastEvent(s, 'wounded')}`);
    // Its cost is being paid: Abe (the Flow) has no modifier and is skipped; Betty may raise it.
    expect(decision(s)).toMatchObject({ player: 1, name: 'cost' });
    expect(legal(s)).toEqual(['pass', `cm:${gouging}`]);
    s = step(s, `cm:${gouging}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    // Paid 0 + 1, then gained 1 CP.
    expect([s.cp[0], s.zones.cards[zoneOf(0, HAND)]]).toEqual([cp - 1 + 1, []]);
    while (decision(s)!.name === 'react') s = step(s, 'pass');
    expect(decision(s)!.name).toBe('act');
  });

  it('a Response raised beyond the CP in an event chain is not played and stays in hand; the chain goes on', () => {
    let s = abeHits(['sponsor-bonus'], ['price-gouging']);
    s = { ...s, cp: [0, s.cp[1]!] };
    const [sponsor] = s.zones.cards[zoneOf(0, HAND)]!;
    const [gouging] = s.zones.cards[zoneOf(1, HAND)]!;
    s = step(s, `ev:${sponsor}:${lastEvent(s, 'wounded')}`);
    s = step(s, `cm:${gouging}`);
    while (decision(s)!.name === 'cost') s = step(s, 'pass');
    expect([s.cp[0], s.zones.cards[zoneOf(0, HAND)]]).toEqual([0, [sponsor]]);
    expect(decision(s)!.name).toBe('react');
  });

  it('a cost raised beyond the CP the player has cannot be paid: the card stays in hand', () => {
    let s = withFlow(position(1), 1);
    s = giveHand(giveHand(s, 1, ['stim-pack']), 0, ['price-gouging']);
    s = { ...s, cp: [11, 1] };
    const [stim] = s.zones.cards[zoneOf(1, HAND)]!;
    const [gouging] = s.zones.cards[zoneOf(0, HAND)]!;
    s = step(s, `play:${stim}:t${idOf(s, 1, 'version-9')}`);
    // Betty (the Flow) is not asked: her deck has no cost modifier. Abe raises the cost to 2.
    expect(decision(s)).toMatchObject({ player: 0, name: 'cost' });
    s = step(s, `cm:${gouging}`);
    // Nobody else could modify it now (skipped: all passed in a row); 2 CP > 1 CP: not played.
    expect([s.cp[1], s.zones.cards[zoneOf(1, HAND)], s.flowHolder, decision(s)]).toEqual([1, [stim], 1, expect.objectContaining({ player: 1, name: 'act' })]);
  });
});

/** Index of the last 'wounded' event of a character of seat p. */
function lastWoundOf(s: OphidianState, p: number): number {
  for (let k = s.events.length / 4 - 1; k >= 0; k--) if (EVENTS[s.events[k * 4]!] === 'wounded' && s.t.owner[s.events[k * 4 + 1]!] === p) return k;
  return -1;
}
