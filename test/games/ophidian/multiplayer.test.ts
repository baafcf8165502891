/**
 * Multi-player (7.0): "1) Negative (-) actions go to the player on the left. 2) You can only
 * affect and be affected by the player to your immediate left or right. 3) Keep Gladiators in
 * your funeral pyre separate so you know which player Destroyed which Gladiator and has earned
 * the VP. 4) If a Gladiator dies due to your own actions, the card goes into a pool. The first
 * other player to Destroy another Gladiator you control counts as if they Destroyed the
 * Gladiators in your pool. If you are eliminated from the game and Gladiators are still in your
 * pool, the next player to your left or right that Destroys a Gladiator counts as if they
 * Destroyed the Gladiators in your pool."
 */
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/core/validate.js';
import { Rng } from '../../../src/core/rng.js';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { removeFromPlay, wound } from '../../../src/games/ophidian/effects.js';
import { LOC, PYRE, zoneOf, type D, type OphidianState } from '../../../src/games/ophidian/state.js';
import { checkVictory, checkWaveLimit } from '../../../src/games/ophidian/victory.js';
import { admg, charactersOf, favorite, glad, gladiatorsInPlay, leftOf, opponentsOf, rightOf } from '../../../src/games/ophidian/view.js';
import { checkGameContract, deepFreeze } from '../../core/contract.js';
import { decision, giveHand, settle, step, table, withCards } from './play.js';

const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);
/** A mutable copy to run a rule helper on (what one `apply` does to its draft). */
const draft = (s: OphidianState): D => ({ ...s }) as D;
const vpOf = (s: OphidianState, g: number) => glad(s, g).levels[s.lvl[g]!]!.vp;
/** p is out of the match: its characters gone, no longer alive (what checkVictory does when its last Gladiator falls). */
function eliminated(s: OphidianState, p: number): OphidianState {
  const d = draft(s);
  for (const c of charactersOf(s, p)) removeFromPlay(d, c, false, (p + 1) % s.t.players);
  checkVictory(d);
  expect(d.alive[p]).toBe(false);
  return { ...(d as OphidianState), vp: s.vp, pool: s.pool };
}
/** Seat `by` Attacks character `target` with its first Unset Action-Field character; nobody Intercepts or responds. */
function attack(s: OphidianState, by: number, target: number): OphidianState {
  const attacker = charactersOf(s, by).find((c) => s.loc[c] === LOC.action && !s.isSet[c] && legal(s).includes(`atk:${c}:${target}`))!;
  s = step(s, `atk:${attacker}:${target}`);
  s = settle(step(s, 'allow'));
  while (decision(s)?.name === 'react') s = ophidian.apply(deepFreeze(s), ['pass']);
  return s;
}

describe('options', () => {
  it('players 3–6 with default decks (Abe, Betty, then the other hand-made decks); decks must match the player count', () => {
    const o = ophidian.optionsSchema.parse({ players: 4 });
    expect(ophidian.numPlayers(o as never)).toBe(4);
    const s = ophidian.setup(o as never, 3);
    expect(s.t.decks.map((d) => d.id)).toEqual(['abe', 'betty', 'war-machine', 'mind-gate']);
    expect([s.cp, s.alive]).toEqual([[11, 11, 11, 11], [true, true, true, true]]);
    expect(() => parseWith('ophidian options', ophidian.optionsSchema, { players: 3, decks: ['abe', 'betty'] })).toThrow(/decks is \["abe","betty"\].*one deck per player: 3 players need 3 decks/);
    expect(() => parseWith('ophidian options', ophidian.optionsSchema, { players: 7 })).toThrow(/players/);
  });
});

describe('7.0 rule 1: the Flow goes to the left; a Wave ends when every player still in passed in a row', () => {
  it('passes go 0 → 1 → 2 → 3; with seat 2 eliminated, 1 passes to 3, and three passes in a row end the Wave', () => {
    let s = table(4, 0);
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 1, name: 'act' });
    s = eliminated(s, 2);
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 3, name: 'act' });
    expect(s.wave).toBe(1);
    s = step(s, 'pass');
    // Seats 0, 1, 3 passed in a row: the Wave is over (the Breather's decisions, or its "After a Wave ends" chain).
    expect(decision(s)!.name).not.toBe('act');
    expect(s.breather).not.toBe(-1);
  });
});

describe('7.0 rule 2: only the players to the immediate left or right', () => {
  it('four players: seat 0 may Attack characters of seats 1 and 3, never of seat 2; with three players, both others', () => {
    const s = table(4, 0);
    const owners = new Set(legal(s).filter((a) => a.startsWith('atk:')).map((a) => s.t.owner[Number(a.split(':')[2])]));
    expect([...owners].sort()).toEqual([1, 3]);
    expect(opponentsOf(s, 0)).toEqual([1, 3]);
    const s3 = table(3, 0);
    const owners3 = new Set(legal(s3).filter((a) => a.startsWith('atk:')).map((a) => s3.t.owner[Number(a.split(':')[2])]));
    expect([...owners3].sort()).toEqual([1, 2]);
  });

  it('an eliminated player leaves the ring: seat 0 (of 4) then neighbours seats 2 and 3, and may Attack seat 2', () => {
    const s = eliminated(table(4, 0), 1);
    expect([leftOf(s, 0), rightOf(s, 0)]).toEqual([2, 3]);
    const owners = new Set(legal(s).filter((a) => a.startsWith('atk:')).map((a) => s.t.owner[Number(a.split(':')[2])]));
    expect([...owners].sort()).toEqual([2, 3]);
  });

  it("an Attack's response chain asks only players who neighbour both sides: seat 0 Attacks seat 1, seats 2 and 3 (holding Distraction) are never asked; with three players seat 2 is", () => {
    for (const n of [4, 3]) {
      let s = table(n, 0);
      for (let q = 2; q < n; q++) s = giveHand(s, q, ['distraction']);
      const target = gladiatorsInPlay(s, 1)[0]!;
      const attacker = gladiatorsInPlay(s, 0).find((c) => legal(s).includes(`atk:${c}:${target}`))!;
      s = step(step(s, `atk:${attacker}:${target}`), 'allow');
      const asked: number[] = [];
      while (decision(s)?.name === 'respond') {
        asked.push(decision(s)!.player);
        s = ophidian.apply(deepFreeze(s), ['pass']);
      }
      expect(asked).toEqual(n === 4 ? [0, 1] : [0, 1, 2]);
      if (n === 3) expect(s.wounds[target]).toBeGreaterThan(0);
    }
  });

  it("event chains: a Wound dealt by seat 0 to seat 1 is answered only by them — seat 2's Sponsor Bonus is never offered (it neighbours seat 1, not seat 0)", () => {
    let s = table(4, 0);
    s = giveHand(giveHand(s, 2, ['sponsor-bonus']), 0, ['sponsor-bonus']);
    const target = gladiatorsInPlay(s, 1)[0]!;
    const attacker = gladiatorsInPlay(s, 0).find((c) => legal(s).includes(`atk:${c}:${target}`))!;
    s = settle(step(step(s, `atk:${attacker}:${target}`), 'allow'));
    const asked: number[] = [];
    while (decision(s)?.name === 'react') {
      asked.push(decision(s)!.player);
      s = ophidian.apply(deepFreeze(s), ['pass']);
    }
    expect(asked).toContain(0);
    expect(asked).not.toContain(2);
    expect(asked).not.toContain(3);
  });
});

describe('"the opponent" with two neighbours is a choice of the controller (7.0)', () => {
  /** Seat 0 has Thought Thief ("Set: the opponent Scraps the top 2 cards of its Arsenal") in play. */
  function withThief(n: number): { s: OphidianState; thief: number } {
    let s = table(n, 0);
    const thief = s.t.card.map((_, i) => i).find((i) => s.t.owner[i] === 0 && s.t.card[i]!.kind === 'strategy' && !s.zones.cards[zoneOf(0, 1)]!.includes(i))!;
    s = withCards(s, { [thief]: 'thought-thief' });
    return { s: { ...s, loc: s.loc.map((l, i) => (i === thief ? LOC.support : l)) }, thief };
  }
  const arsenal = (s: OphidianState, p: number) => s.zones.cards[zoneOf(p, 0)]!.length;

  it('three players: Steal Thought is offered against each neighbour; naming seat 2 mills seat 2 only', () => {
    let { s, thief } = withThief(3);
    const uses = legal(s).filter((a) => a.startsWith(`ab:${thief}:`));
    expect(uses).toEqual([`ab:${thief}:0:o1`, `ab:${thief}:0:o2`]);
    const before = [arsenal(s, 1), arsenal(s, 2)];
    expect(ophidian.describeAction(s, 0, `ab:${thief}:0:o2`)).toBe("seat 0 uses Thought Thief's ability #0 (the opponent: seat 2)");
    s = step(s, `ab:${thief}:0:o2`);
    expect([arsenal(s, 1), arsenal(s, 2)]).toEqual([before[0], before[1]! - 2]);
  });

  it('two players: one opponent, no choice in the action', () => {
    const { s, thief } = withThief(2);
    expect(legal(s).filter((a) => a.startsWith(`ab:${thief}:`))).toEqual([`ab:${thief}:0`]);
  });
});

describe("7.0 rule 3: the VP go to the player who Destroyed the Gladiator", () => {
  it('seat 0 Destroys a Gladiator of seat 1 by Attack: seat 0 scores its VP, seats 2 and 3 nothing; it lies in seat 1\'s Pyre', () => {
    let s = table(4, 0);
    const g = gladiatorsInPlay(s, 1)[0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === g ? glad(s, g).levels[0]!.life - 1 : w)) };
    s = attack(s, 0, g);
    expect(s.loc[g]).toBe(LOC.out);
    expect(s.zones.cards[zoneOf(1, PYRE)]).toContain(g);
    expect(s.vp).toEqual([vpOf(s, g), 0, 0, 0]);
  });
});

describe('7.0 rule 4: the pool of Gladiators destroyed by their own controller', () => {
  it("seat 1's own action Destroys its Gladiator: nobody scores; the first other player to Destroy another of seat 1's Gladiators scores both", () => {
    let s = table(4, 0);
    const [g1, g2] = gladiatorsInPlay(s, 1) as [number, number];
    const d = draft(s);
    wound(d, g1, 99, g2); // a source seat 1 controls: its own action
    s = d as OphidianState;
    expect([s.loc[g1], s.vp, s.pool]).toEqual([LOC.out, [0, 0, 0, 0], [g1]]);
    s = { ...s, wounds: s.wounds.map((w, i) => (i === g2 ? glad(s, g2).levels[0]!.life - 1 : w)) };
    s = attack(s, 0, g2);
    expect([s.vp, s.pool]).toEqual([[vpOf(s, g1) + vpOf(s, g2), 0, 0, 0], []]);
  });

  it("two players keep the errata instead: a Gladiator Destroyed by its own controller gives the opponent its VP at once", () => {
    const s = table(2, 0);
    const [g1, g2] = gladiatorsInPlay(s, 1) as [number, number];
    const d = draft(s);
    wound(d, g1, 99, g2);
    expect([d.vp, d.pool]).toEqual([[vpOf(s, g1), 0], []]);
  });

  it("seat 1 eliminated with Gladiators in its pool: seat 3 (not its neighbour) Destroying a Gladiator does not earn them; seat 2 (its left) then does", () => {
    let s = table(4, 0);
    const own = gladiatorsInPlay(s, 1);
    let d = draft(s);
    for (const g of own) wound(d, g, 99, own[0]!);
    checkVictory(d);
    s = d as OphidianState;
    expect([s.alive[1], s.vp, [...s.pool].sort()]).toEqual([false, [0, 0, 0, 0], [...own].sort()]);
    const poolVp = own.reduce((sum, g) => sum + vpOf(s, g), 0);
    // Seat 3 Destroys a Gladiator of seat 0 (its neighbour): its VP only.
    const g0 = gladiatorsInPlay(s, 0)[0]!;
    d = draft(s);
    removeFromPlay(d, g0, true, 3);
    s = d as OphidianState;
    expect(s.vp).toEqual([0, 0, 0, vpOf(s, g0)]);
    expect(s.pool.length).toBe(own.length);
    // Seat 2, seat 1's left neighbour when it fell, Destroys a Gladiator of seat 3: its VP and the pool's.
    const g3 = gladiatorsInPlay(s, 3)[0]!;
    d = draft(s);
    removeFromPlay(d, g3, true, 2);
    expect([d.vp, d.pool]).toEqual([[0, 0, vpOf(s, g3) + poolVp, vpOf(s, g0)], []]);
  });
});

describe('elimination (7.0)', () => {
  it("a player eliminated in its own action loses the Flow to the left: seat 0's last Gladiator Attacks a Raging, Unset Gladiator and dies of the Rage Damage", () => {
    let s = table(3, 0);
    const [mine, ...others] = gladiatorsInPlay(s, 0) as [number, ...number[]];
    // A target that survives the Attack while Raging.
    const target = gladiatorsInPlay(s, 1).find((g) => glad(s, g).levels[0]!.life - glad(s, g).levels[0]!.rage > admg(s, mine))!;
    const lt = glad(s, target).levels[0]!;
    s = {
      ...s,
      loc: s.loc.map((l, i) => (others.includes(i) ? LOC.out : l)),
      wounds: s.wounds.map((w, i) => (i === mine ? glad(s, mine).levels[0]!.life - 1 : i === target ? lt.rage : w)),
    };
    s = attack(s, 0, target);
    expect([s.winner, s.alive, s.flowHolder, decision(s)]).toEqual([-1, [false, true, true], 1, expect.objectContaining({ player: 1, name: 'act' })]);
  });

  it("an eliminated player's Cheer no longer makes it the crowd favourite", () => {
    const s = eliminated({ ...table(3, 0), cheer: [5, 3, 1] }, 0);
    expect([favorite(s, 1), favorite(s, 0)]).toEqual([true, false]);
  });
});

describe('victory with more than two players (4.2, 7.0)', () => {
  it('Annihilation is the last player standing: seat 0 Destroys the last Gladiator of seat 1 while seat 2 is out', () => {
    let s = eliminated(table(3, 0), 2);
    const rest = gladiatorsInPlay(s, 1);
    const d = draft(s);
    for (const g of rest.slice(1)) removeFromPlay(d, g, true, 0);
    s = d as OphidianState;
    const last = rest[0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === last ? glad(s, last).levels[0]!.life - 1 : w)) };
    s = attack(s, 0, last);
    expect([s.winner, s.endReason, ophidian.isTerminal(s), ophidian.returns(s)]).toEqual([0, 'annihilation', true, [1, 0, 0]]);
  });

  it('after Wave 4 the most VP among the players still in wins; a tie after the last elimination Wave is a draw shared by the leaders', () => {
    const base = table(3, 0);
    let d = draft({ ...base, wave: 5, vp: [3, 5, 6], alive: [true, true, false] });
    checkWaveLimit(d);
    expect([d.winner, d.endReason]).toEqual([1, 'points']);
    d = draft({ ...base, wave: 9, vp: [5, 5, 2] });
    checkWaveLimit(d);
    expect([d.winner, d.drawn, d.endReason]).toEqual([-2, [0, 1], 'wave-cap']);
    expect(ophidian.returns(d as OphidianState)).toEqual([0.5, 0.5, 0]);
  });
});

describe('the Breather with more than two players (4.0, 7.0)', () => {
  it("Flow to the most Wounds among the players still in; Regenerate's redraw starts there and goes left, skipping the eliminated", () => {
    let s = eliminated(table(4, 0), 2);
    const g3 = gladiatorsInPlay(s, 3)[0]!;
    s = { ...s, wounds: s.wounds.map((w, i) => (i === g3 ? 2 : w)) };
    // Seats 0, 1, 3 pass in a row.
    s = step(step(step(s, 'pass'), 'pass'), 'pass');
    while (decision(s)?.name === 'react') s = ophidian.apply(deepFreeze(s), ['pass']);
    expect(s.flowHolder).toBe(3);
    const asked: number[] = [];
    while (decision(s)?.name === 'redraw' || decision(s)?.name === 'bottom') {
      const dd = decision(s)!;
      if (dd.name === 'redraw' && asked[asked.length - 1] !== dd.player) asked.push(dd.player);
      s = ophidian.apply(deepFreeze(s), [dd.name === 'redraw' ? 'done' : legal(s)[0]!]);
    }
    expect(asked).toEqual([3, 0, 1]);
  });
});

describe('the Wave end and the Breather with more than two players (8.0 temporary Flow, 4.0)', () => {
  it('the last player to pass holds the temporary Flow: seats 0, 1, 3 pass (2 is out), so the "After a Wave ends" chain asks seat 3 first, then goes left to seat 0', () => {
    let s = eliminated(table(4, 0), 2);
    s = giveHand(giveHand(s, 0, ['encore']), 3, ['encore']);
    s = step(step(step(s, 'pass'), 'pass'), 'pass');
    expect([s.flowHolder, decision(s)]).toEqual([3, expect.objectContaining({ player: 3, name: 'react' })]);
    s = step(s, 'pass');
    expect(decision(s)).toMatchObject({ player: 0, name: 'react' });
  });

  it('must-pay maintenance a player cannot pay: its left neighbour still in the match picks what is Scrapped (seat 3 pays, seat 0 is out, so seat 1 picks)', () => {
    let s = table(4, 1);
    const spare = (k: number) => s.t.card.map((_, i) => i).filter((i) => s.t.owner[i] === 3 && s.t.card[i]!.kind === 'strategy' && !s.zones.cards[zoneOf(3, 1)]!.includes(i))[k]!;
    const blades = [0, 1, 2, 3, 4, 5, 6].map(spare);
    s = withCards(s, Object.fromEntries(blades.map((b) => [b, 'hired-blade'])));
    s = { ...s, loc: s.loc.map((l, i) => (blades.includes(i) ? LOC.support : l)) };
    s = eliminated(s, 0);
    // Seven Hired Blades, 2 each = 14 > 12 CP in Wave 2.
    s = step(step(step(s, 'pass'), 'pass'), 'pass');
    while (['react', 'redraw', 'bottom'].includes(decision(s)!.name)) s = ophidian.apply(deepFreeze(s), [decision(s)!.name === 'redraw' ? 'done' : legal(s)[0]!]);
    expect(decision(s)).toMatchObject({ player: 1, name: 'force' });
    expect(legal(s).length).toBe(7);
  });
});

describe('whole multi-player matches', () => {
  it('the shared contract with 3 players (random play on deep-frozen states, resample, no peeking)', () => {
    checkGameContract(ophidian as never, ophidian.optionsSchema.parse({ players: 3 }) as object, { games: 1, seed: 5, chance: true });
  });
  it('the shared contract with 4 players', () => {
    checkGameContract(ophidian as never, ophidian.optionsSchema.parse({ players: 4 }) as object, { games: 1, seed: 11, chance: true });
  });

  it('seeded random-play fuzz over 3 to 6 players: the Flow holder is always in, VP add up (scored + pool = Pyres), returns sum to 1', () => {
    for (const [n, seed] of [[3, 1], [4, 2], [5, 3], [6, 4]] as const) {
      const rng = Rng.fromSeed('ophidian-multi-fuzz', n, seed);
      let s = deepFreeze(ophidian.setup(ophidian.optionsSchema.parse({ players: n }) as never, seed));
      for (let guard = 0; guard < 200_000 && !ophidian.isTerminal(s); guard++) {
        const p = ophidian.toMove(s)[0]!;
        expect(s.alive[p], `seat ${p} to move while eliminated`).toBe(true);
        expect(s.alive[s.flowHolder]).toBe(true);
        const moves = ophidian.legalActions(s, p);
        s = deepFreeze(ophidian.apply(s, [rng.pick(moves)]));
        if (s.t.players > 2) {
          let pyres = 0;
          for (let q = 0; q < n; q++) for (const g of s.zones.cards[zoneOf(q, PYRE)]!) pyres += vpOf(s, g);
          const pooled = s.pool.reduce((sum, g) => sum + vpOf(s, g), 0);
          expect(s.vp.reduce((a, b) => a + b, 0) + pooled).toBe(pyres);
        }
      }
      expect(ophidian.isTerminal(s)).toBe(true);
      const r = ophidian.returns(s);
      expect(r).toHaveLength(n);
      expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
  });
});
