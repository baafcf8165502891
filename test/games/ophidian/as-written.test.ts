/**
 * Ophidian played as written (issue #26): each rule below is quoted from the rulebook
 * (seed 004) and played on a built position; each test failed on the engine before its fix.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { LOC, type OphidianState } from '../../../src/games/ophidian/state.js';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import type { GladiatorCard } from '../../../src/games/ophidian/cards/types.js';
import { act, decision, giveHand, position, quiet, settle, step, tableWith, withCards } from './play.js';
import { chooseOphidian } from '../../../src/games/ophidian/heuristic.js';

const spare = (s: OphidianState, p: number, k: number) =>
  s.t.card.map((_, i) => i).filter((i) => s.t.owner[i] === p && s.t.card[i]!.kind === 'strategy' && s.loc[i] === LOC.out && !s.zones.cards[p * 4 + 1]!.includes(i))[k]!;

/** Sample Strategy cards put in play for seat p (Minions in the Action Field unless `at` says otherwise). */
function inPlay(s: OphidianState, p: number, ids: string[], at: number = LOC.action): { s: OphidianState; cards: number[] } {
  const cards = ids.map((_, k) => spare(s, p, k));
  s = withCards(s, Object.fromEntries(cards.map((c, k) => [c, ids[k]!])));
  return { s: { ...s, loc: s.loc.map((l, i) => (cards.includes(i) ? at : l)) }, cards };
}

describe('3.11 Cheer comes from a Gladiator\'s Attack only', () => {
  // 3.11: "When a Gladiator you control Attacks an Unset Character, a Cheer will be generated.
  // If your opponent Intercepts the Attack, they gain the 1 Cheer Counter. Otherwise, you will gain the Cheer."
  it('a Minion Attacking an Unset Gladiator generates no Cheer, for the Attacker or an Interceptor', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const q = 1 - p;
    const { s, cards: [minion] } = inPlay(s0, p, ['pit-veteran']);
    const [target, other] = s.t.team[q]!;
    const hit = quiet(settle(act(act(s, `atk:${minion}:${target}`), 'allow')));
    expect(hit.wounds[target]).toBe(1);
    expect(hit.cheer).toEqual([0, 0]);
    const intercepted = quiet(settle(act(act(s, `atk:${minion}:${target}`), `icp:${other}`)));
    expect(intercepted.wounds[other]).toBe(1);
    expect(intercepted.cheer).toEqual([0, 0]);
  });

  it('a Gladiator Attacking the same Unset Gladiator generates 1 Cheer for its controller', () => {
    const s = position();
    const p = s.flowHolder;
    const attacker = s.t.team[p]![0]!;
    const target = s.t.team[1 - p]![0]!;
    const hit = quiet(settle(act(act(s, `atk:${attacker}:${target}`), 'allow')));
    expect(hit.cheer[p]).toBe(1);
  });
});

describe('3.11 note: the Interceptor may trade in the Cheer it received', () => {
  // 3.11: "After a (+) action resolves, but before the next action is performed, you may trade in
  // one cheer counter to change that action to a (-) action." Note: "You can trade in cheer after
  // receiving cheer from intercepting during an Attack."
  /** Seat p's first Gladiator Attacks q's first, q's second Intercepts (every Gladiator is Unset in the Action Field). */
  function intercepted() {
    const s = position();
    const p = s.flowHolder;
    const q = 1 - p;
    const attacker = s.t.team[p]![0]!;
    const [target, interceptor] = s.t.team[q]!;
    return { p, q, s: quiet(settle(act(act(s, `atk:${attacker}:${target}`), `icp:${interceptor}`))) };
  }

  it('once the Attack resolved, the Interceptor (not the Flow holder) decides: keep or trade its Cheer', () => {
    const { q, s } = intercepted();
    expect(s.cheer[q]).toBe(1);
    expect(decision(s)).toEqual({ player: q, name: 'trade-cheer', window: true });
    expect(ophidian.legalActions(s, q)).toEqual(['pass', 'trade']);
  });

  it('trading one Cheer in makes the Attack a (-): the Attacker loses the Flow to its left, the Interceptor', () => {
    const { p, q, s } = intercepted();
    const traded = step(s, 'trade');
    expect(traded.cheer[q]).toBe(0);
    expect(traded.cheer[p]).toBe(0);
    expect([traded.flowHolder, decision(traded)]).toEqual([q, { player: q, name: 'act', window: false }]);
    expect(traded.passes).toBe(0); // a (-) action, not a pass: the Wave goes on
  });

  it('keeping it: the Interceptor keeps 1 Cheer, the Attack stays a (+) and the Attacker acts on', () => {
    const { p, q, s } = intercepted();
    const kept = step(s, 'pass');
    expect(kept.cheer[q]).toBe(1);
    expect([kept.flowHolder, decision(kept)]).toEqual([p, { player: p, name: 'act', window: false }]);
  });

  it('no offer without Cheer received by Intercepting: a hit Attack (the Attacker took the Cheer), a Minion Attack intercepted (no Cheer)', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const q = 1 - p;
    const [target, other] = s0.t.team[q]!;
    const hit = quiet(settle(act(act(s0, `atk:${s0.t.team[p]![0]!}:${target}`), 'allow')));
    expect(decision(hit)).toEqual({ player: p, name: 'act', window: false });
    const { s, cards: [minion] } = inPlay(s0, p, ['pit-veteran']);
    const minionAttack = quiet(settle(act(act(s, `atk:${minion}:${target}`), `icp:${other}`)));
    expect(decision(minionAttack)).toEqual({ player: p, name: 'act', window: false });
  });

  it('the heuristic trades while the Attacker still has a ready attacker (the Flow would bring another Attack)', () => {
    const { q, s } = intercepted();
    expect(chooseOphidian(s, q, ophidian.legalActions(s, q))).toBe('trade');
    // Every Gladiator of the Flow holder Set: nothing more to stop, the Cheer is kept.
    const holder = s.flowHolder;
    const allSet = { ...s, isSet: s.isSet.map((v, i) => (s.t.owner[i] === holder && s.t.card[i]!.kind === 'gladiator' ? true : v)) };
    expect(chooseOphidian(allSet, q, ophidian.legalActions(allSet, q))).toBe('pass');
  });
});

/** Test cards: continuous "After …" Zones for the events no sample card watches with a continuous effect. */
const TEST_CARDS = parseCardFile(
  `sample: false
gladiators: []
strategies:
  - {id: retreat-cheer, name: Retreat Cheer, type: zone, flow: '+', discipline: universal, level: 1, cost: 0, maintain: 0,
     abilities: [{name: Boo, after: retreated, of: any, do: [{gain-cheer: 1}]}], text: "After a character Retreats, gain 1 Cheer."}
`,
  'test cards',
).strategies;

/** Seat p's spare instance turned into a face-up test Zone. */
function withTestZone(s: OphidianState, p: number, id: string): { s: OphidianState; zone: number } {
  const zone = spare(s, p, 0);
  const card = TEST_CARDS.get(id)!;
  s = withCards(s, { [zone]: 'media-hype' }); // out of the piles first
  s = { ...s, t: tableWith(s.t, s.t.card.map((c, i) => (i === zone ? card : c))) };
  return { s: { ...s, loc: s.loc.map((l, i) => (i === zone ? LOC.zoneUp : l)) }, zone };
}

describe('8.0: a continuous effect is used once per card in an event chain', () => {
  // 8.0 note: "A Response or Continuous effect can only be used one time per card in an event chain.
  // Multiple copies of the card or the same ability on different cards are allowable."
  it('Media Hype ("After an enemy character is Destroyed, gain 1 Cheer") gives 1 Cheer when one action Destroys two enemy characters; two copies give 2', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const q = 1 - p;
    let { s, cards: [hype, bots] } = inPlay(s0, p, ['media-hype', 'arachnabots'], LOC.support);
    s = { ...s, loc: s.loc.map((l, i) => (i === hype ? LOC.zoneUp : l)) };
    const placed = inPlay(s, q, ['sniper-drone', 'sniper-drone'], LOC.support);
    s = placed.s;
    const [d1, d2] = placed.cards;
    const swarm = ophidian.legalActions(s, p).find((a) => a === `ab:${bots}:0:t${d1},${d2}` || a === `ab:${bots}:0:t${d2},${d1}`)!;
    expect(swarm).toBeDefined();
    const one = quiet(act(s, swarm));
    expect([one.loc[d1], one.loc[d2]]).toEqual([LOC.out, LOC.out]);
    expect(one.cheer[p]).toBe(1);
    // A second Media Hype: each copy once.
    const more = inPlay(s, p, ['media-hype'], LOC.zoneUp);
    const two = quiet(act(more.s, swarm));
    expect(two.cheer[p]).toBe(2);
  });
});

describe('continuous "After … Attacks" and "After … Retreats" effects fire', () => {
  it('Arena Spotlight ("After a character of yours Attacks": gain 1 CP) gives its controller 1 CP for an Attack', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const { s } = inPlay(s0, p, ['arena-spotlight'], LOC.zoneUp);
    const attacker = s.t.team[p]![0]!;
    const target = s.t.team[1 - p]![0]!;
    const after = quiet(settle(act(act(s, `atk:${attacker}:${target}`), 'allow')));
    expect(after.cp[p]).toBe(s.cp[p]! + 1);
  });

  it('a standard Retreat raises `retreated` ("Retreat Cheer", a test Zone: After a character Retreats, gain 1 Cheer)', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const { s } = withTestZone(s0, p, 'retreat-cheer');
    const g = s.t.team[p]![0]!;
    const after = quiet(act(s, `ret:${g}`));
    expect([after.loc[g], after.isSet[g], after.cheer[p]]).toEqual([LOC.support, true, 1]);
  });
});

describe('3.5: an Advance by a card is an Advance', () => {
  // 3.5: "Note: Card abilities that Advance characters do not have the limitations of the standard Advance."
  // Glossary: "Advance: Move a character from the Support Field to the Action Field."
  it('Blood Sand ("After a character Advances, it takes 1 DMG") wounds a character Charge Advanced', () => {
    const s0 = position();
    const p = s0.flowHolder;
    let { s } = inPlay(s0, p, ['blood-sand'], LOC.zoneUp);
    s = giveHand(s, p, ['charge']);
    const charge = s.zones.cards[p * 4 + 1]![0]!;
    const g = s.t.team[p]![0]!;
    s = { ...s, loc: s.loc.map((l, i) => (i === g ? LOC.support : l)), isSet: s.isSet.map((x, i) => (i === g ? true : x)) };
    const after = quiet(act(s, `play:${charge}:t${g}`));
    expect([after.loc[g], after.isSet[g], after.wounds[g]]).toEqual([LOC.action, false, 1]);
  });
});

describe('3.9: a Character is Destroyed whenever its Wounds reach its Life', () => {
  // 3.9: "When a Character has a number of Wounds equal to or greater than his Life, he is Destroyed."
  // If the Destroyed character is a Gladiator, "the opposing player adds the Gladiator's Victory Points".
  it('Battle Armor (+2 Life) Scrapped from a Gladiator with Wounds past its printed Life: Destroyed, VP to the opponent', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const q = 1 - p;
    const g = s0.t.team[q]![0]!;
    let { s, cards: [armor] } = inPlay(s0, q, ['battle-armor'], LOC.pump);
    s = { ...s, host: s.host.map((h, i) => (i === armor ? g : h)) };
    const printed = (s.t.card[g] as GladiatorCard).levels[0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === g ? printed.life + 1 : w)) }; // alive only through the Armor
    s = giveHand(s, p, ['let-freedom-ring']);
    const lfr = s.zones.cards[p * 4 + 1]![0]!;
    const after = quiet(act(s, `play:${lfr}:t${armor}`));
    expect([after.loc[armor], after.loc[g], after.vp[p]]).toEqual([LOC.out, LOC.out, printed.vp]);
    expect(after.zones.cards[q * 4 + 3]).toContain(g); // the Funeral Pyre
  });
});

describe('after Wave 4: "After a Wave ends" effects, then the Point Victory (option waveEnd)', () => {
  // 3.0: "Wave Four / Check for Victory"; 4.2: "At the end of the fourth Wave, both players add up all the
  // victory points (VP) they have scored. The player with the most VP wins the game."
  /** Wave 4, no VP yet; seat 0's Toxic Fog ("After a Wave ends" 1 DMG to each enemy character in the Action Field) will Destroy seat 1's first Gladiator. */
  function lastWave(pointsAfterWaveEnd: boolean): { s: OphidianState; g: number } {
    const s0 = { ...position(1, ['plague-temple', 'abe']), wave: 4, pointsAfterWaveEnd };
    const { s } = inPlay(s0, 0, ['toxic-fog'], LOC.zoneUp);
    const g = s.t.team[1]![0]!;
    const life = (s.t.card[g] as GladiatorCard).levels[0]!.life;
    return { s: { ...s, wounds: s.wounds.map((w, i) => (i === g ? life - 1 : w)), loc: s.loc.map((l, i) => (i === g ? LOC.action : l)) }, g };
  }
  it('effects-first (default): the Fog Destroys a Gladiator after the last pass, and its VP decide the match', () => {
    const { s, g } = lastWave(true);
    const end = quiet(act(act(s, 'pass'), 'pass'));
    expect(end.loc[g]).toBe(LOC.out);
    expect([end.winner, end.endReason, end.vp[0]]).toEqual([0, 'points', (s.t.card[g] as GladiatorCard).levels[0]!.vp]);
  });
  it('victory-first: the tie at 0 VP is checked first, so an elimination Wave follows', () => {
    const { s } = lastWave(false);
    const end = quiet(act(act(s, 'pass'), 'pass'));
    expect(end.winner).toBe(-1);
    expect(end.wave).toBe(5);
  });
});
