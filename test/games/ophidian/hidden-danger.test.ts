/**
 * Hidden Danger and 8.0 "Targeting": "When a target is redirected by an effect only a new
 * valid target can be chosen. If no valid target remains, the effect fails, and all costs
 * paid are lost." The rulebook's example (Ironsides v Prince of Gates) and what follows a
 * successful retarget: the Attack is declared on the new target, whose Defender may
 * Intercept or Protect (3.6, 3.7), and a new response round follows.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { HAND, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { admg, life } from '../../../src/games/ophidian/view.js';
import { chooseOphidian } from '../../../src/games/ophidian/heuristic.js';
import { decision, giveHand, idOf, position, quiet, step } from './play.js';

const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);

/** Abe (war-machine, seat 0, with the Flow) against Bob (mind-gate, seat 1) keeping only `keep` of his Gladiators, all in the Action Field. */
function abeVersusBob(keep: string[], bobHand: string[]): OphidianState {
  let s = position(1, ['war-machine', 'mind-gate']);
  s = { ...s, flowHolder: 0, current: 0, turn: 0, order: [0, 1] };
  const kept = keep.map((id) => idOf(s, 1, id));
  s = { ...s, loc: s.loc.map((l, i) => (s.t.owner[i] === 1 && s.t.card[i]!.kind === 'gladiator' && l !== LOC.out ? (kept.includes(i) ? LOC.action : LOC.out) : l)) };
  return giveHand(giveHand(s, 0, []), 1, bobHand);
}

describe('Hidden Danger (8.0 Targeting)', () => {
  it("the rulebook's example: Bob pays 2 CP for Hidden Danger with Prince of Gates his only character; no valid target remains, the Attack fails, Ironsides stays Unset and may Attack again", () => {
    let s = abeVersusBob(['prince-of-gates'], ['hidden-danger']);
    const ironsides = idOf(s, 0, 'ironsides');
    const prince = idOf(s, 1, 'prince-of-gates');
    const hd = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = step(s, `atk:${ironsides}:${prince}`);
    expect(legal(s)).toEqual(['allow']); // nobody can Intercept or Protect
    s = step(s, 'allow');
    expect(decision(s)).toMatchObject({ player: 0, name: 'respond' });
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 1, name: 'respond' });
    s = step(s, `resp:${hd}`);
    while (decision(s)?.name === 'respond') s = step(s, 'pass');
    s = quiet(s);
    expect(s.cp[1]).toBe(11 - 2); // "all costs paid are lost"
    expect([s.wounds[prince], s.isSet[ironsides], s.attack]).toEqual([0, false, []]);
    expect(decision(s)).toMatchObject({ player: 0, name: 'act' });
    expect(legal(s)).toContain(`atk:${ironsides}:${prince}`);
  });

  it('with another target the Attacker must choose it (the old one is not offered); its Defender may Intercept, and a new response round follows in which the used copy is gone but a second copy may answer', () => {
    let s = abeVersusBob(['prince-of-gates', 'cray-phillips'], ['hidden-danger', 'hidden-danger']);
    const ironsides = idOf(s, 0, 'ironsides');
    const prince = idOf(s, 1, 'prince-of-gates');
    const cray = idOf(s, 1, 'cray-phillips');
    const [hd1, hd2] = s.zones.cards[zoneOf(1, HAND)]! as [number, number];
    s = step(step(s, `atk:${ironsides}:${prince}`), 'allow');
    s = step(s, 'pass');
    s = step(s, `resp:${hd1}`);
    while (decision(s)?.name === 'respond') s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 0, name: 'retarget' });
    expect(legal(s)).toEqual([`new:${cray}`]);
    s = step(s, `new:${cray}`);
    // The Attack is declared on Cray: Bob's Defender choice again (Prince is Unset in the same Field: he may Intercept).
    expect(decision(s)).toMatchObject({ player: 1, name: 'defend' });
    expect(legal(s)).toEqual(['allow', `icp:${prince}`]);
    s = step(s, 'allow');
    // A new response round, from the player with the Flow.
    expect(decision(s)).toMatchObject({ player: 0, name: 'respond' });
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 1, name: 'respond' });
    expect(legal(s)).toContain(`resp:${hd2}`);
    expect(legal(s).some((a) => a.startsWith(`resp:${hd1}`))).toBe(false);
    s = step(s, 'pass');
    s = quiet(s);
    expect([s.wounds[cray], s.wounds[prince], s.isSet[ironsides], s.cheer]).toEqual([admg(s, ironsides), 0, true, [1, 0]]);
  });

  it('after a retarget the new Defender may Intercept: Prince takes the Attack for Cray, Sets, and Bob gains the Cheer (3.11)', () => {
    let s = abeVersusBob(['prince-of-gates', 'cray-phillips'], ['hidden-danger']);
    const ironsides = idOf(s, 0, 'ironsides');
    const prince = idOf(s, 1, 'prince-of-gates');
    const cray = idOf(s, 1, 'cray-phillips');
    const hd = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = step(step(step(s, `atk:${ironsides}:${prince}`), 'allow'), 'pass');
    s = step(s, `resp:${hd}`);
    while (decision(s)?.name === 'respond') s = step(s, 'pass');
    s = step(step(s, `new:${cray}`), `icp:${prince}`);
    while (decision(s)?.name === 'respond') s = step(s, 'pass');
    s = quiet(s);
    expect([s.wounds[prince], s.wounds[cray], s.isSet[prince], s.cheer]).toEqual([admg(s, ironsides), 0, true, [0, 1]]);
  });

  it('the heuristic Attacker retargets to the character the Attack would Destroy', () => {
    let s = abeVersusBob(['prince-of-gates', 'cray-phillips', 'lillith'], ['hidden-danger']);
    const ironsides = idOf(s, 0, 'ironsides');
    const prince = idOf(s, 1, 'prince-of-gates');
    const cray = idOf(s, 1, 'cray-phillips');
    const hd = s.zones.cards[zoneOf(1, HAND)]![0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === cray ? life(s, cray) - 1 : w)) };
    s = step(step(step(s, `atk:${ironsides}:${prince}`), 'allow'), 'pass');
    s = step(s, `resp:${hd}`);
    while (decision(s)?.name === 'respond') s = step(s, 'pass');
    expect(legal(s)).toEqual([`new:${cray}`, `new:${idOf(s, 1, 'lillith')}`]);
    expect(chooseOphidian(s, 0, legal(s))).toBe(`new:${cray}`);
  });
});
