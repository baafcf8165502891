import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { flow, promoteMoves } from '../../../src/games/ophidian/rules.js';
import { HAND, ARSENAL, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { deepFreeze } from '../../core/contract.js';

const opts = ophidian.optionsSchema.parse({}) as never;

/** Setup decisions taken (first legal each), every Gladiator in the Action Field; the Flow holder to act. */
function position(seed = 1, decks?: string[]): OphidianState {
  let s = ophidian.setup(decks ? (ophidian.optionsSchema.parse({ decks }) as never) : opts, seed);
  while (flow.decision(s)!.name !== 'act') {
    const d = flow.decision(s)!;
    s = ophidian.apply(s, [d.name === 'maneuver' ? 'field:action' : ophidian.legalActions(s, d.player)[0]!]);
  }
  return s;
}
const id = (s: OphidianState, p: number, cardId: string): number => s.t.card.findIndex((c, i) => c.id === cardId && s.t.owner[i] === p);
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
  expect(ophidian.legalActions(s, p), `${a} for seat ${p} in ${flow.decision(s)?.name}`).toContain(a);
  return ophidian.apply(deepFreeze(s), [a]);
}
function giveHand(s: OphidianState, p: number, ids: string[]): OphidianState {
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

describe('victory (4.2)', () => {
  it('Crowd Riot: reaching 15 Cheer wins at once', () => {
    let s = position();
    const p = s.flowHolder;
    const q = 1 - p;
    s = { ...s, cheer: s.cheer.map((c, i) => (i === p ? 14 : c)) };
    const att = s.t.team[p]![0]!;
    const target = s.t.team[q]![0]!;
    s = act(s, `atk:${att}:${target}`);
    s = settle(act(s, 'allow'));
    expect([ophidian.isTerminal(s), s.endReason, ophidian.returns(s)[p]]).toEqual([true, 'riot', 1]);
  });

  it('12 VP wins at once; Destroying a Gladiator scores its VP for the opponent (3.9)', () => {
    let s = position();
    const p = s.flowHolder;
    const q = 1 - p;
    const target = s.t.team[q]![0]!;
    const life = (s.t.card[target] as unknown as { levels: { life: number; vp: number }[] }).levels[0]!;
    s = { ...s, vp: s.vp.map((v, i) => (i === p ? 12 - life.vp : v)), wounds: s.wounds.map((w, i) => (i === target ? life.life - 1 : w)) };
    s = act(s, `atk:${s.t.team[p]![0]!}:${target}`);
    s = settle(act(s, 'allow'));
    expect(s.zones.cards[zoneOf(q, 3)]).toContain(target); // Funeral Pyre
    expect([s.vp[p], s.endReason, ophidian.returns(s)[p]]).toEqual([12, 'twelve-vp', 1]);
  });

  it('Annihilation: the last enemy Gladiator Destroyed wins at once', () => {
    let s = position();
    const p = s.flowHolder;
    const q = 1 - p;
    const [last, ...others] = s.t.team[q]!;
    s = { ...s, loc: s.loc.map((l, i) => (others.includes(i) ? LOC.out : l)), wounds: s.wounds.map((w, i) => (i === last ? 20 - 1 : w)) };
    s = act(s, `atk:${s.t.team[p]![0]!}:${last}`);
    s = settle(act(s, 'allow'));
    expect([s.endReason, ophidian.returns(s)[p]]).toEqual(['annihilation', 1]);
  });
});

describe('playing cards (3.3, 2.2)', () => {
  it('a Zone flips every Zone in the Arena and enters face up; face-down Zones need no maintenance and do nothing (2.2)', () => {
    let s = position(1, ['mind-gate', 'mind-gate']);
    const p = s.flowHolder;
    s = giveHand(s, p, ['warp-gate', 'sanctuary']);
    s = { ...s, cp: [20, 20] };
    const [gate, sanctuary] = s.zones.cards[zoneOf(p, HAND)]!;
    s = act(s, `play:${gate}`); // (+)
    expect(s.loc[gate!]).toBe(LOC.zoneUp);
    s = act(s, `play:${sanctuary}`);
    expect([s.loc[gate!], s.loc[sanctuary!]]).toEqual([LOC.zoneDown, LOC.zoneUp]);
  });

  it('a card needs a Gladiator in play with its discipline and Level (3.3): cards whose Gladiators are gone are not offered', () => {
    let s = position();
    const p = s.flowHolder;
    s = giveHand(s, p, p === 0 ? ['dripping-leak'] : ['arachnabots']);
    const card = s.zones.cards[zoneOf(p, HAND)]![0]!;
    expect(ophidian.legalActions(s, p).some((a) => a.startsWith(`play:${card}`))).toBe(true);
    const gone = { ...s, loc: s.loc.map((l, i) => (s.t.team[p]!.includes(i) ? LOC.out : l)) };
    expect(ophidian.legalActions(gone, p).some((a) => a.startsWith(`play:${card}`))).toBe(false);
  });

  it('(?) Crowd Pleaser keeps the Flow only for the crowd favourite (2.5)', () => {
    let s = position();
    const p = s.flowHolder;
    s = giveHand(s, p, ['crowd-pleaser']);
    const c = s.zones.cards[zoneOf(p, HAND)]![0]!;
    const tied = act({ ...s, cheer: [1, 1] }, `play:${c}`); // gains 1 -> 2 vs 1: favourite, keeps the Flow
    expect(tied.flowHolder).toBe(p);
    const behind = act({ ...s, cheer: p === 0 ? [0, 3] : [3, 0] }, `play:${c}`); // 1 vs 3: loses it
    expect(behind.flowHolder).toBe(1 - p);
  });

  it('trading a Cheer turns the (+) just made into a (-) (3.11)', () => {
    let s = position();
    const p = s.flowHolder;
    s = { ...s, cheer: s.cheer.map((c, i) => (i === p ? 1 : c)) };
    expect(ophidian.legalActions(s, p)).not.toContain('trade');
    const g = s.t.team[p]![0]!;
    s = act(s, `ret:${g}`); // (-): Flow to the other seat
    const q = s.flowHolder;
    s = { ...s, cheer: s.cheer.map((c, i) => (i === q ? 1 : c)) };
    const adv = ophidian.legalActions(s, q).find((a) => a.startsWith('atk:'))!;
    s = act(s, adv);
    s = quiet(settle(act(s, 'allow')));
    expect(ophidian.legalActions(s, q)).toContain('trade');
    const before = s.cheer[q]!;
    expect(s.flowHolder).toBe(q); // the Attack was (+)
    s = act(s, 'trade');
    expect([s.flowHolder, s.cheer[q]]).toEqual([1 - q, before - 1]);
  });
});

describe('the Breather (4.0)', () => {
  function toMaintain(): OphidianState {
    let s = position();
    const p = s.flowHolder;
    s = giveHand(s, p, p === 0 ? ['bloaters', 'let-freedom-ring'] : ['arachnabots', 'distraction']);
    const minion = s.zones.cards[zoneOf(p, HAND)]![0]!;
    s = act(s, `play:${minion}`); // (-): Flow passes
    s = act(s, 'pass');
    s = act(s, 'pass');
    // Redraw: both players keep their hands (done), then put cards on the bottom down to 7.
    while (flow.decision(s)!.name === 'redraw' || flow.decision(s)!.name === 'bottom') {
      const d = flow.decision(s)!;
      s = act(s, d.name === 'redraw' ? 'done' : ophidian.legalActions(s, d.player)[0]!);
    }
    return s;
  }

  it('redraw fills the hand to 7 + 2 then back to 7; Maintain asks keep or drop per card, paying its cost (steps 2, 3)', () => {
    const s = toMaintain();
    expect(s.zones.cards[zoneOf(0, HAND)]).toHaveLength(7);
    expect(s.zones.cards[zoneOf(1, HAND)]).toHaveLength(7);
    expect(flow.decision(s)!.name).toBe('maintain');
    const p = flow.decision(s)!.player;
    const kept = act(s, 'keep');
    expect(kept.cp[p]).toBe(s.cp[p]! - 1);
    const dropped = act(s, 'drop');
    expect(dropped.cp[p]).toBe(s.cp[p]);
  });

  it('Promote raises one Gladiator a Level and Heals 1 Wound (step 4); then every Character is Maneuvered (step 5)', () => {
    let s = toMaintain();
    s = act(s, 'keep');
    expect(flow.decision(s)!.name).toBe('promote');
    const p = flow.decision(s)!.player;
    const g = s.t.team[p]![0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === g ? 2 : w)) };
    expect(promoteMoves(s, p)).toContain(`promote:${g}`);
    s = act(s, `promote:${g}`);
    expect([s.lvl[g], s.wounds[g]]).toEqual([1, 1]);
    s = act(s, 'none');
    expect(flow.decision(s)!.name).toBe('maneuver');
  });
});
