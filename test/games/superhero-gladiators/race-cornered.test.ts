/**
 * The race's careful players (race.ts carefulRace) may walk away from an exchange and take
 * the turn cap's verdict — but only a side with a step out of its foe's reach (issue #27,
 * item 2). Rules: a hero moves up to its movement rate ÷ 10 hexes an action, and "A hero
 * may make a close attack against an adjacent hex"; a move and an attack are separate
 * actions. So a 1-hex mover whose every free neighbour is still next to its foe (the arena's
 * corner) cannot get out of reach, and the leader there cannot keep its lead by walking away.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/games/superhero-gladiators/evaluate.js';
import { moveReach } from '../../../src/games/superhero-gladiators/odds.js';
import { cell, fight, hero, options } from './helpers.js';

// Ironclad's build (STR 7, DEX 2, SIZ 5): movement rate 10, one hex an action, punch only.
const slow = (name: string) => hero(name, { STR: 7, DEX: 2, SIZ: 5 });
const o = options([slow('Leader'), slow('Chaser')]);

/** Leader (hero 0) 10 Oomph ahead, next to the Chaser (hero 1), the Chaser to act. */
function ahead(leaderAt: number, chaserAt: number) {
  const s = fight(o, [leaderAt, chaserAt], 1);
  return { ...s, heroes: s.heroes.map((r, h) => (h === 1 ? { ...r, oomph: r.oomph - 10 } : r)) };
}

describe('superhero-gladiators race: a cornered leader cannot walk away', () => {
  it('values the chaser higher against a leader pinned in the corner than in the open', () => {
    const open = ahead(cell(5, 2), cell(6, 2));
    expect(moveReach(open, 0)).toBe(1);
    const cornered = ahead(cell(0, 0), cell(1, 0));
    const inOpen = evaluate(open)[1]!;
    const inCorner = evaluate(cornered)[1]!;

    // In the open the leader steps away with its lead; in the corner (0,0) each free neighbour
    // is still next to the Chaser, so the exchange is fought out and the Chaser, striking first, has a real chance.
    expect(inCorner).toBeGreaterThan(inOpen + 0.1);
  });
});
