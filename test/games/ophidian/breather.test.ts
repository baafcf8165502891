/**
 * Wave end and Breather rules from 8.0 and 4.0/4.2: temporary Flow for "After a Wave ends"
 * effects, the opponent choosing what is Scrapped when must-pay maintenance cannot be paid,
 * and Death Match.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { canReinforce } from '../../../src/games/ophidian/rules.js';
import { HAND, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, decision, giveHand, position, quiet, step, withCards } from './play.js';

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

