/**
 * Wave end and Breather rules from 8.0 and 4.0/4.2: temporary Flow for "After a Wave ends"
 * effects, the opponent choosing what is Scrapped when must-pay maintenance cannot be paid,
 * and Death Match.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { canReinforce } from '../../../src/games/ophidian/rules.js';
import { HAND, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { act, decision, giveHand, position, quiet, step, tableWith, withCards } from './play.js';

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });
const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);
const spare = (s: OphidianState, p: number, k: number) => s.t.card.map((_, i) => i).filter((i) => s.t.owner[i] === p && s.t.card[i]!.kind === 'strategy' && !s.zones.cards[p * 4 + 1]!.includes(i))[k]!;

describe('temporary Flow (8.0)', () => {
  /** Seat 0 has Toxic Fog (enemy characters in the Action Field take 1 DMG after a Wave ends), seat 1 Sanctuary (heal 1 each own character). */
  function fogAndSanctuary(first: number): OphidianState {
    let s = withFlow(position(1, ['plague-temple', 'plague-temple']), first);
    const [fog, sanctuary] = [spare(s, 0, 0), spare(s, 1, 0)];
    s = withCards(s, { [fog]: 'toxic-fog', [sanctuary]: 'sanctuary' });
    return { ...s, loc: s.loc.map((l, i) => (i === fog || i === sanctuary ? LOC.zoneUp : l)) };
  }
  const woundsOf1 = (s: OphidianState) => s.t.team[1]!.map((g) => s.wounds[g]);

  it('the last player to pass has the Flow for "After a Wave ends": seat 0 passes last, its Fog resolves first, then Sanctuary heals', () => {
    const s = quiet(act(act(fogAndSanctuary(1), 'pass'), 'pass'));
    expect(s.wave).toBe(2);
    expect(woundsOf1(s)).toEqual([0, 0, 0, 0]);
  });

  it('seat 1 passes last: Sanctuary first (nothing to heal), then the Fog wounds', () => {
    const s = quiet(act(act(fogAndSanctuary(0), 'pass'), 'pass'));
    expect(woundsOf1(s)).toEqual([1, 1, 1, 1]);
  });
});

describe('"After a Wave ends" Responses (8.0 temporary Flow example)', () => {
  it('the last player to pass is asked first, then the other, and so on; then the Breather begins', () => {
    for (const first of [0, 1]) {
      let s = withFlow(position(1), first);
      s = giveHand(giveHand(s, 0, ['encore']), 1, ['encore']);
      const e0 = s.zones.cards[zoneOf(0, HAND)]![0]!;
      const e1 = s.zones.cards[zoneOf(1, HAND)]![0]!;
      s = act(act(s, 'pass'), 'pass');
      const last = 1 - first;
      expect(decision(s)).toMatchObject({ player: last, name: 'react' });
      s = step(s, `ev:${last === 0 ? e0 : e1}:0`);
      expect(decision(s)).toMatchObject({ player: first, name: 'react' });
      s = step(s, `ev:${first === 0 ? e0 : e1}:0`);
      s = quiet(s); // nobody has anything left to answer with
      expect(s.cheer).toEqual([1, 1]);
      expect(decision(s)!.name).toBe('redraw');
    }
  });
});

describe('must-pay maintenance (3.12, 4.0 step 3)', () => {
  it("when a player cannot pay all its MUST-pay costs, the opponent picks what is Scrapped until it can; then it pays", () => {
    let s = withFlow(position(1), 0);
    const blades = [0, 1, 2, 3, 4, 5].map((k) => spare(s, 0, k));
    s = withCards(s, Object.fromEntries(blades.map((b) => [b, 'hired-blade'])));
    const r = s.t.reinforcement[0]!;
    s = { ...s, loc: s.loc.map((l, i) => (blades.includes(i) || i === r ? LOC.support : l)) };
    // Reinforcement 1 + six Hired Blades 2 each = 13 > 12 CP in Wave 2.
    s = act(act(s, 'pass'), 'pass');
    while (decision(s)!.name === 'redraw' || decision(s)!.name === 'bottom') s = act(s, decision(s)!.name === 'redraw' ? 'done' : legal(s)[0]!);
    const flowSeat = s.flowHolder;
    if (flowSeat === 1) while (decision(s)!.name === 'maintain') s = act(s, 'keep');
    expect(decision(s)).toMatchObject({ player: 1, name: 'force' });
    expect([...legal(s)].sort()).toEqual([r, ...blades].map((c) => `scrap:${c}`).sort());
    s = act(s, `scrap:${r}`);
    expect(s.loc[r]).toBe(LOC.out);
    expect(s.cp[0]).toBe(0); // 12 - 6 x 2
    expect(blades.every((b) => s.loc[b] === LOC.support)).toBe(true);
  });
});

describe('Death Match (4.2)', () => {
  it('12 VP does not win; Reinforcements are not used', () => {
    let s = ophidian.setup(ophidian.optionsSchema.parse({ deathMatch: true }) as never, 1);
    while (decision(s)!.name !== 'act') s = ophidian.apply(s, [decision(s)!.name === 'maneuver' ? 'field:action' : legal(s)[0]!]);
    const p = s.flowHolder;
    const q = 1 - p;
    const target = s.t.team[q]![0]!;
    s = { ...s, vp: s.vp.map((v, i) => (i === p ? 11 : v)), wounds: s.wounds.map((w, i) => (i === target ? 19 : w)) };
    s = quiet(act(act(s, `atk:${s.t.team[p]![0]!}:${target}`), 'allow'));
    while (decision(s)!.name === 'respond') s = act(s, 'pass');
    s = quiet(s);
    expect(s.vp[p]).toBeGreaterThanOrEqual(12);
    expect(ophidian.isTerminal(s)).toBe(false);
    expect(canReinforce(s, q)).toBe(false);
    expect(canReinforce({ ...s, deathMatch: false }, q)).toBe(true);
  });
});


describe('Responses inside the Breather (8.0: Responses answer any event before the next thing happens)', () => {
  // A test card (not in the sample set): "(R) After a Gladiator is Promoted, gain 1 CP."
  const scout = parseCardFile(
    `sample: false
gladiators: []
strategies:
  - {id: talent-scout, name: Talent Scout, type: quick-hit, flow: R, discipline: universal, level: 1, cost: 0, maintain: skull,
     after: promoted, of: any, on-play: [{gain-cp: 1}], text: "(R) After a Gladiator is Promoted, gain 1 CP."}
`,
    'test cards',
  ).strategies.get('talent-scout')!;

  /** Seat 1 holds Talent Scout (in place of one of its Strategy cards); both pass: the Wave ends. */
  function toPromote(): { s: OphidianState; card: number } {
    let s = withFlow(position(1), 0);
    s = giveHand(giveHand(s, 0, []), 1, []);
    const card = spare(s, 1, 0);
    s = { ...s, t: tableWith(s.t, s.t.card.map((c, i) => (i === card ? scout : c))) };
    const cards = s.zones.cards.map((z, k) => (k === zoneOf(1, HAND) ? [card] : z.filter((c) => c !== card)));
    const known = s.zones.known.map((z, k) => (k === zoneOf(1, HAND) ? [2] : z.filter((_, i) => s.zones.cards[k]![i] !== card)));
    s = { ...s, zones: { ...s.zones, cards, known } };
    s = quiet(act(act(s, 'pass'), 'pass'));
    // Through Regenerate and Maintain: keep the hand (Talent Scout not to the bottom), keep what is in play.
    while (decision(s)!.name !== 'promote') {
      const d = decision(s)!;
      const moves = legal(s);
      s = step(s, d.name === 'redraw' ? 'done' : d.name === 'bottom' ? moves.find((m) => m !== `bottom:${card}`)! : d.name === 'maintain' ? 'keep' : moves[0]!);
    }
    return { s, card };
  }

  it('after a Promotion the event chain is asked before the Breather goes on: Talent Scout gains 1 CP; then the next step', () => {
    let { s, card } = toPromote();
    const g = legal(s).find((m) => m.startsWith('promote:'))!;
    s = step(s, g);
    // The chain: seat 1 may answer the Promotion (whoever promoted); the player with the Flow is asked first.
    const asked: number[] = [];
    while (decision(s)!.name === 'react' && !legal(s).some((m) => m.startsWith(`ev:${card}:`))) {
      asked.push(decision(s)!.player);
      s = step(s, 'pass');
    }
    expect(decision(s)).toMatchObject({ player: 1, name: 'react' });
    expect(asked.every((p) => p === s.flowHolder)).toBe(true);
    const cp = s.cp[1]!;
    s = step(s, legal(s).find((m) => m.startsWith(`ev:${card}:`))!);
    expect(s.cp[1]).toBe(cp + 1);
    expect(s.zones.cards[zoneOf(1, HAND)]).not.toContain(card);
    while (decision(s)!.name === 'react') s = step(s, 'pass');
    // The Breather goes on: the next player's Promotion (or Reinforcement), or the Maneuver.
    expect(['promote', 'reinforce', 'maneuver']).toContain(decision(s)!.name);
    expect(s.breather).toBeGreaterThanOrEqual(4);
    expect(s.events).toEqual([]);
  });

  it('no Promotion, no chain: "none" goes straight on to the next player or the Maneuver', () => {
    let { s } = toPromote();
    s = step(s, 'none');
    expect(decision(s)!.name).not.toBe('react');
  });
});
