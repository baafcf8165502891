/**
 * The rulebook's Example Game (5.0), replayed action by action from a fixed setup, as far
 * through the whole first Wave and the Breather, ending where the example ends: Betty
 * starts Wave 2 with the Flow. Responses (Distraction, One-two Punch) are real decisions.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { flow, woundTotal, raging } from '../../../src/games/ophidian/rules.js';
import { HAND, ARSENAL, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { deepFreeze } from '../../core/contract.js';
import { scriptDice } from '../../../src/core/random.js';

const opts = ophidian.optionsSchema.parse({}) as { decks: string[] };

/** A seed where Abe (seat 0) wins the Flow roll (3.1: "I rolled a six. — I rolled a four."). */
function abeFirst(): OphidianState {
  for (let seed = 1; seed < 100; seed++) {
    const s = ophidian.setup(opts as never, seed);
    if (s.flowHolder === 0) return s;
  }
  throw new Error('no seed');
}

const id = (s: OphidianState, p: number, cardId: string, nth = 0): number => {
  const all = s.t.card.map((c, i) => [c, i] as const).filter(([c, i]) => c.id === cardId && s.t.owner[i] === p).map(([, i]) => i);
  return all[nth]!;
};

/** Puts the named cards in p's hand (the rest back in the Arsenal): the example's "to play along". */
function handOf(s: OphidianState, p: number, ids: string[]): OphidianState {
  const hand = ids.map((c) => id(s, p, c));
  const rest: number[] = [];
  for (let i = 0; i < s.t.card.length; i++) if (s.t.owner[i] === p && s.t.card[i]!.kind === 'strategy' && !hand.includes(i)) rest.push(i);
  const cards = s.zones.cards.slice();
  const known = s.zones.known.slice();
  cards[zoneOf(p, HAND)] = hand;
  known[zoneOf(p, HAND)] = hand.map(() => 1 << p);
  cards[zoneOf(p, ARSENAL)] = rest;
  known[zoneOf(p, ARSENAL)] = rest.map(() => 0);
  return { ...s, zones: { ...s.zones, cards, known } };
}

/** Every player passes the Attack's response chain (8.0). */
function settle(s: OphidianState): OphidianState {
  while (flow.decision(s)?.name === 'respond') s = act(s, 'pass');
  return s;
}

/** Every player passes the event chain after an action ("After …" Responses, 8.0): tests that do not answer it. */
function quiet(s: OphidianState): OphidianState {
  while (flow.decision(s)?.name === 'react') s = ophidian.apply(deepFreeze(s), ['pass']);
  return s;
}

function act(s: OphidianState, a: string): OphidianState {
  if (!a.startsWith('ev:') && !a.startsWith('eab:')) s = quiet(s);
  const p = ophidian.toMove(s)[0]!;
  const legal = ophidian.legalActions(s, p);
  expect(legal, `${a} should be legal for seat ${p} (${flow.decision(s)?.name})`).toContain(a);
  return ophidian.apply(deepFreeze(s), [a]);
}

describe('Example Game (5.0)', () => {
  it('setup: Abe has the Flow, both put two cards on the bottom, then Maneuver from Abe to the left (3.1)', () => {
    let s = abeFirst();
    expect(s.cp).toEqual([11, 11]);
    expect(flow.decision(s)).toMatchObject({ player: 0, name: 'bottom' });
    expect(s.zones.cards[zoneOf(0, HAND)]).toHaveLength(9); // 7 + 2 bonus
    s = act(s, ophidian.legalActions(s, 0)[0]!);
    s = act(s, ophidian.legalActions(s, 0)[0]!);
    expect(s.zones.cards[zoneOf(0, HAND)]).toHaveLength(7);
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'bottom' });
    s = act(s, ophidian.legalActions(s, 1)[0]!);
    s = act(s, ophidian.legalActions(s, 1)[0]!);
    expect(flow.decision(s)).toMatchObject({ player: 0, name: 'maneuver' });
  });

  it('plays the opening action by action with the CP, Flow, Wounds and Rage the example gives', () => {
    let s = abeFirst();
    for (let k = 0; k < 4; k++) s = act(s, ophidian.legalActions(s, ophidian.toMove(s)[0]!)[0]!);
    // Abe: David Dangers and Madame Petice to the Action Field, Little Jinx and Poc Shot to Support.
    for (const f of ['action', 'action', 'support', 'support']) s = act(s, `field:${f}`);
    // Betty: Freakshow to the Action Field, Version 9, Trace and Stallion to Support.
    for (const f of ['action', 'support', 'support', 'support']) s = act(s, `field:${f}`);
    expect(flow.decision(s)).toMatchObject({ player: 0, name: 'act' });
    s = handOf(s, 0, ['dripping-leak', 'festering-stink', 'let-freedom-ring', 'bloaters', 'drosh']);
    s = handOf(s, 1, ['phase-blades', 'mega-ram-boost', 'arachnabots', 'distraction', 'one-two-punch']);
    const [david, petice, jinx, poc] = [0, 1, 2, 3];
    const [freak, v9] = [id(s, 1, 'david-dangers'), id(s, 1, 'version-9')];
    expect([s.loc[david], s.loc[petice], s.loc[jinx], s.loc[poc], s.loc[freak], s.loc[v9]]).toEqual([LOC.action, LOC.action, LOC.support, LOC.support, LOC.action, LOC.support]);

    // Abe: (+) Dripping Leak on Version 9, 2 CP -> 9, keeps the Flow.
    s = act(s, `play:${id(s, 0, 'dripping-leak')}:t${v9}`);
    expect([s.cp[0], s.flowHolder]).toEqual([9, 0]);
    // (-) Bloaters, 3 CP -> 6, into the Support Field; Betty gains the Flow.
    const bloaters = id(s, 0, 'bloaters');
    s = act(s, `play:${bloaters}`);
    expect([s.cp[0], s.loc[bloaters], s.flowHolder]).toEqual([6, LOC.support, 1]);
    // Betty: (-) Phase Blades on Version 9, 2 CP -> 9.
    const blades = id(s, 1, 'phase-blades');
    s = act(s, `play:${blades}:t${v9}`);
    expect([s.cp[1], s.loc[blades], s.host[blades], s.flowHolder]).toEqual([9, LOC.pump, v9, 0]);
    // Abe: (-) Let Freedom Ring destroys the Phase Blades, 2 CP -> 4.
    s = act(s, `play:${id(s, 0, 'let-freedom-ring')}:t${blades}`);
    expect([s.cp[0], s.loc[blades], s.flowHolder]).toEqual([4, LOC.out, 1]);
    // Betty Sets Version 9 for (-) Grappling Strike on Poc Shot; after it Sets, Dripping Leak asks Betty: she scraps three cards.
    const arsenalBefore = s.zones.cards[zoneOf(1, ARSENAL)]!.length;
    s = act(s, `ab:${v9}:0:t${poc}`);
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'choose' });
    // 5.0: Dripping Leak resolves first ("After Version 9 Sets, dripping leak causes you to take 1 Damage or
    // Scrap three cards" — "Betty scraps three cards." — then "Grappling strike Advances Poc Shot"): Poc Shot waits in Support.
    expect([s.loc[poc], s.wounds[poc]]).toEqual([LOC.support, 0]);
    s = act(s, 'opt:1');
    expect(s.zones.cards[zoneOf(1, ARSENAL)]!.length).toBe(arsenalBefore - 3);
    // Grappling Strike Advances Poc Shot and deals 1 Damage: he is Raging (Rage 1). Abe has the Flow.
    expect([s.isSet[v9], s.loc[poc], s.wounds[poc], raging(s, poc), s.flowHolder]).toEqual([true, LOC.action, 1, true, 0]);
    // Abe: (-) Festering Stink on Version 9, 2 CP -> 2.
    s = act(s, `play:${id(s, 0, 'festering-stink')}:t${v9}`);
    expect([s.cp[0], s.flowHolder]).toEqual([2, 1]);
    // Betty: (+) Mega-Ram Boost 1 CP, then (-) Arachnabots 1 CP -> 7.
    s = act(s, `play:${id(s, 1, 'mega-ram-boost')}:t${v9}`);
    expect([s.cp[1], s.flowHolder]).toEqual([8, 1]);
    const bots = id(s, 1, 'arachnabots');
    s = act(s, `play:${bots}`);
    expect([s.cp[1], s.loc[bots], s.flowHolder]).toEqual([7, LOC.support, 0]);
    // Abe Attacks Version 9 (Set: no Cheer) with Madame Petice; Betty allows it, then answers with (DR) Distraction for 3 CP.
    s = act(s, `atk:${petice}:${v9}`);
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'defend' });
    s = act(s, 'allow');
    expect(flow.decision(s)).toMatchObject({ player: 0, name: 'respond' }); // the player with the Flow first (8.0)
    s = act(s, 'pass');
    const distraction = id(s, 1, 'distraction');
    s = act(s, `resp:${distraction}`);
    s = act(s, 'pass');
    s = act(s, 'pass');
    expect([s.wounds[v9], s.isSet[petice], s.cp[1], s.cheer, s.flowHolder]).toEqual([1, true, 4, [0, 0], 0]);
    // David Dangers Attacks Version 9 for 2: "I could protect but Version 9 is tough" (Freakshow may Protect).
    s = act(s, `atk:${david}:${v9}`);
    expect(ophidian.legalActions(s, 1)).toEqual(expect.arrayContaining(['allow', `prt:${freak}`]));
    s = settle(act(s, 'allow'));
    expect(s.wounds[v9]).toBe(3);
    // (-) Drosh for 2 CP: Abe has no CP left; Betty has the Flow.
    const drosh = id(s, 0, 'drosh');
    s = act(s, `play:${drosh}`);
    expect([s.cp[0], s.flowHolder]).toEqual([0, 1]);
    // Freakshow Attacks the Raging, Unset Poc Shot: nobody can Protect him; Betty gains 1 Cheer; Poc Shot 3 Wounds; Freakshow 1 RDMG.
    s = act(s, `atk:${freak}:${poc}`);
    expect(ophidian.legalActions(s, 0)).toEqual(['allow']);
    s = settle(act(s, 'allow'));
    expect([s.cheer[1], s.wounds[poc], s.wounds[freak]]).toEqual([1, 3, 1]);
    // Betty Advances Trace, then Stallion; Trace Attacks Poc Shot: 2 Life left, Trace takes 1 RDMG, Cheer 2.
    const [trace, stallion] = [id(s, 1, 'trace'), id(s, 1, 'stallion')];
    s = act(s, `adv:${trace}`);
    s = act(s, `adv:${stallion}`);
    s = settle(act(act(s, `atk:${trace}:${poc}`), 'allow'));
    expect([s.cheer[1], s.wounds[poc], s.wounds[trace]]).toEqual([2, 4, 1]);
    // Stallion Attacks for 1 with (OR) One-two Punch: Betty rolls a 4 and fails; 1 ADMG; Stallion 1 RDMG; Cheer 3.
    s = act(act(s, `atk:${stallion}:${poc}`), 'allow');
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'respond' });
    s = act(scriptDice(s, [4]), `resp:${id(s, 1, 'one-two-punch')}`);
    s = settle(s);
    expect([s.cheer[1], s.wounds[poc], s.wounds[stallion], s.flowHolder]).toEqual([3, 5, 1, 1]);
    // Arachnabots for 3 CP: 1 damage to Poc Shot and David Dangers; Poc Shot is Destroyed (Betty scores his 2 VP). Betty has 1 CP; Abe has the Flow.
    s = act(s, `ab:${bots}:0:t${david},${poc}`);
    expect([s.loc[poc], s.zones.cards[zoneOf(0, 3)], s.wounds[david], s.cp[1], s.vp[1], s.isSet[bots], s.flowHolder]).toEqual([LOC.out, [poc], 1, 1, 2, true, 0]);
    // Abe Advances Little Jinx, Bloaters and Drosh, each Attacking the Set Version 9 for 1 (no Cheer): six Wounds.
    for (const c of [jinx, bloaters, drosh]) s = settle(act(act(act(s, `adv:${c}`), `atk:${c}:${v9}`), 'allow'));
    expect([s.wounds[v9], s.cheer[0], ophidian.isTerminal(s)]).toEqual([6, 0, false]);
    // Abe passes, Betty passes: the Breather. Abe has 7 Wounds (6 of them the Destroyed Poc Shot's Life), Betty 9: Betty starts with the Flow.
    s = act(act(s, 'pass'), 'pass');
    expect([woundTotal(s, 0), woundTotal(s, 1), s.flowHolder, s.wave]).toEqual([7, 9, 1, 2]);
    // Redraw: Betty draws one card more (Mega-Ram Boost: hand size 8).
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'redraw' });
    while (flow.decision(s)!.name === 'redraw' || flow.decision(s)!.name === 'bottom') {
      const d = flow.decision(s)!;
      s = act(s, d.name === 'redraw' ? 'done' : ophidian.legalActions(s, d.player)[0]!);
    }
    // "… and Set their CP pool to 12 for the second Wave" — the last part of Regenerate (4.0 step 2).
    expect([s.zones.cards[zoneOf(0, HAND)]!.length, s.zones.cards[zoneOf(1, HAND)]!.length, s.cp]).toEqual([7, 8, [12, 12]]);
    // Maintain: Betty keeps Arachnabots and Mega-Ram Boost (10 CP); Abe keeps Dripping Leak, Bloaters and Drosh, not Festering Stink (9 CP).
    const stink = id(s, 0, 'festering-stink');
    while (flow.decision(s)!.name === 'maintain') {
      const asked = s.stack[s.stack.length - 1]!.data;
      s = act(s, asked === stink ? 'drop' : 'keep');
    }
    expect([s.cp, s.loc[stink]]).toEqual([[9, 10], LOC.out]);
    // Promote: Betty promotes Version 9 (healing 1); Abe promotes David Dangers (healing 1) and brings in his Reinforcement.
    s = act(s, `promote:${v9}`);
    s = act(s, `promote:${david}`);
    expect(flow.decision(s)).toMatchObject({ player: 0, name: 'reinforce' });
    s = act(s, 'reinforce');
    expect([s.lvl[v9], s.wounds[v9], s.lvl[david], s.wounds[david], s.loc[4]]).toEqual([1, 5, 1, 0, LOC.support]);
    // Maneuver, Betty first: Freakshow and Version 9 to the Action Field, Trace and Stallion (and Arachnabots) to Support.
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'maneuver' });
    for (const f of ['action', 'action', 'support', 'support', 'support']) s = act(s, `field:${f}`);
    // Abe: David Dangers and Madame Petice to the Action Field; Little Jinx, the Reinforcement, Bloaters and Drosh to Support.
    for (const f of ['action', 'action', 'support', 'support', 'support', 'support']) s = act(s, `field:${f}`);
    expect([s.loc[freak], s.loc[v9], s.loc[david], s.loc[petice], s.loc[4]]).toEqual([LOC.action, LOC.action, LOC.action, LOC.action, LOC.support]);
    // "Ok, time for my revenge!" — Wave 2 starts with Betty holding the Flow.
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'act' });
  });
});

describe('Attacks, Rage and Cheer on the example\'s positions', () => {
  /** After setup decisions, with the given fields; Abe to act. */
  function position(): OphidianState {
    let s = abeFirst();
    for (let k = 0; k < 4; k++) s = act(s, ophidian.legalActions(s, ophidian.toMove(s)[0]!)[0]!);
    for (const f of ['action', 'action', 'support', 'support', 'action', 'support', 'support', 'support']) s = act(s, `field:${f}`);
    return s;
  }

  it('Freakshow Attacks the Raging, Unset Poc Shot: Betty gains 1 Cheer, 2 Wounds, Freakshow takes 1 Rage Damage (5.0, 3.10, 3.11)', () => {
    let s = position();
    const freak = id(s, 1, 'david-dangers');
    const poc = 3;
    s = { ...s, flowHolder: 1, current: 1, order: [0, 1], turn: 1, loc: s.loc.map((l, i) => (i === poc ? LOC.action : l)), wounds: s.wounds.map((w, i) => (i === poc ? 1 : w)), isSet: s.isSet.map((x, i) => (i === 0 || i === 1 ? true : x)) };
    s = act(s, `atk:${freak}:${poc}`);
    // "Poc Shot is alone and helpless. You cannot protect him": David and Madame Petice are Set, Little Jinx is in the other Field.
    expect(ophidian.legalActions(s, 0)).toEqual(['allow']);
    s = settle(act(s, 'allow'));
    expect([s.cheer[1], s.wounds[poc], s.wounds[freak], s.isSet[freak], s.flowHolder]).toEqual([1, 3, 1, true, 1]);
  });

  it('Intercept sets the interceptor, takes the ADMG and the Cheer; Protect keeps the protector Unset (3.7 example)', () => {
    let s = position();
    const freak = id(s, 1, 'david-dangers');
    const [trace, stallion] = [id(s, 1, 'trace'), id(s, 1, 'stallion')];
    // Abe's David Dangers Attacks Trace in the Support Field: Stallion (Support, Unset) may Intercept, Freakshow (Action, Unset) may Protect.
    s = act(s, `atk:0:${trace}`);
    expect([...ophidian.legalActions(s, 1)].sort()).toEqual(['allow', `icp:${stallion}`, `prt:${freak}`, `icp:${id(s, 1, 'version-9')}`].sort());
    const intercepted = settle(act(s, `icp:${stallion}`));
    expect([intercepted.wounds[stallion], intercepted.isSet[stallion], intercepted.wounds[trace], intercepted.cheer]).toEqual([2, true, 0, [0, 1]]);
    const protectedS = settle(act(s, `prt:${freak}`));
    expect([protectedS.wounds[freak], protectedS.isSet[freak], protectedS.cheer]).toEqual([2, false, [1, 0]]);
  });

  it('Retreat is (-), Sets the character and is refused while Raging; Advance is (+) (3.5)', () => {
    let s = position();
    expect(ophidian.legalActions(s, 0)).toContain('ret:0');
    s = act(s, 'adv:2');
    expect(s.flowHolder).toBe(0);
    s = act(s, 'ret:0');
    expect([s.loc[0], s.isSet[0], s.flowHolder]).toEqual([LOC.support, true, 1]);
    const raged = { ...position(), wounds: position().wounds.map((w, i) => (i === 3 ? 1 : w)), loc: position().loc.map((l, i) => (i === 3 ? LOC.action : l)) };
    expect(ophidian.legalActions(raged, 0)).not.toContain('ret:3');
  });

  it('all players passing in a row ends the Wave; the Breather gives the Flow to the most Wounded side and sets CP to 12 (2.6, 4.0)', () => {
    let s = position();
    s = { ...s, wounds: s.wounds.map((w, i) => (i === id(s, 1, 'version-9') ? 6 : w)) };
    s = act(s, 'pass');
    expect(s.flowHolder).toBe(1);
    s = act(s, 'pass');
    expect(woundTotal(s, 1)).toBe(6);
    expect(s.wave).toBe(2);
    expect(flow.decision(s)).toMatchObject({ player: 1, name: 'redraw' }); // Betty has the Flow and redraws first
    // CP is reset last in Regenerate, after both redraws (4.0 step 2: Unset, redraw, then CP).
    expect(s.cp).toEqual([11, 11]);
    while (['redraw', 'bottom'].includes(flow.decision(s)!.name)) s = act(s, flow.decision(s)!.name === 'redraw' ? 'done' : ophidian.legalActions(s, flow.decision(s)!.player)[0]!);
    expect(s.cp).toEqual([12, 12]);
  });
});
