/**
 * Superhero Gladiators' cut-off value (evaluate.ts → race.ts) estimates winning, not a
 * share of Oomph: issue #27 — "an agent's evaluation at a cut-off must estimate winning
 * (the game's returns), not a proxy that values an even exchange at zero". The text's only
 * end is fainting ("they just go 'oomph', 'oomph', and eventually faint"); the engine's
 * turn cap (option `turnCap`) gives the win to the larger share of Oomph left.
 */
import { describe, expect, it } from 'vitest';
import { superheroGladiators as game } from '../../src/games/superhero-gladiators/index.js';
import type { HeroRun, ShgState } from '../../src/games/superhero-gladiators/state.js';
import { fightIfMet } from '../../src/games/superhero-gladiators/race.js';

/** The sample Amazon (close attack level 3) with a close attack one level weaker. */
const AMAZON2 = {
  name: 'Amazon2',
  STR: 5, DEX: 4, SIZ: 3, PER: 3,
  powers: [
    { type: 'missile-deflection', level: 2, uses: 'infinite', enhancements: ['always-on', 'indestructible-gizmo'] },
    { type: 'close-attack', level: 2, uses: 'infinite' },
    { type: 'jumping', level: 2, uses: 'infinite' },
    { type: 'healing', level: 4, uses: 4 },
  ],
};

/** Amazon2 with one extra limb that gives segment 6, ten uses (agents/README.md's AmazonL). */
const AMAZONL = { ...AMAZON2, name: 'AmazonL', powers: [...AMAZON2.powers, { type: 'extra-limbs', level: 1, uses: 10, segments: [6] }] };

/** A state after placement, in segment 1 of turn 1, with the heroes moved to `cells` and Oomph set. */
function fight(teams: string[][], cells: [number, number], oomph?: [number, number], seed = 7): ShgState {
  const options = game.optionsSchema.parse({ teams, heroes: [AMAZON2, AMAZONL] });
  let s = game.setup(options, seed) as ShgState;
  while (s.round === 0) s = game.apply(s, [game.legalActions(s, game.toMove(s)[0]!)[0]]) as ShgState;
  const heroes: HeroRun[] = s.heroes.map((h, i) => ({ ...h, cell: cells[i]!, oomph: oomph ? oomph[i]! : h.oomph }));
  return { ...s, heroes };
}

const grid = () => (game.setup(game.optionsSchema.parse({ teams: [['Amazon'], ['Amazon']] }), 7) as ShgState).setup.map.grid;

describe('superhero-gladiators evaluate: a chance of winning', () => {
  const g = grid();
  const a = g.cellAtOffset(6, 7);
  const next = g.step(a, 0);
  const far = g.cellAtOffset(12, 0);

  it('values a stronger close attack next to the foe above 1/2 with Oomph level (the share said 1/2)', () => {
    const s = fight([['Amazon'], ['Amazon2']], [a, next]);
    const v = game.evaluate!(s);
    expect(v[0]! + v[1]!).toBeCloseTo(1, 9);
    // Careful play: the weaker side walks away when the exchange would lose for it, so the
    // edge next to the foe is the first blow's lead (the Amazon acts first here and hits
    // at 1/2; a miss leaves the stand-off at 1/2): 3/4, not the slugfest's knockout chance.
    expect(s.order[s.turn]).toBe(0);
    expect(v[0]).toBeGreaterThan(0.7);
    expect(fightIfMet(s, 0)).toBeGreaterThan(v[0]!);
  });

  // Issue #27 item 2, "a clear build edge must show where the rules let it": with placement
  // anywhere ("put the superheroes in the arena"), the tuned search put AmazonL (an extra
  // segment) next to Amazon2 when Amazon2 acts first on segment 1 (PER, DEX and the d20 of
  // the acting order), valuing it 0.74 against 0.53 out of reach, because the race let both
  // trade blows to a knockout; played out by the tuned search both sides, that placement
  // lost 16 of 16 games and one 6 hexes away drew 16 of 16 (agents/README.md). A foe who
  // acts first chooses: strike first and walk away with the lead, or decline.
  // "Acting on a segment only the limbs give is one use" (the README's passive powers): a
  // limb with one use gives one extra action, not one every turn to the cap.
  it('counts a limb segment only while the extra limbs have uses left', () => {
    const withUses = (uses: number) => {
      const limbs = { ...AMAZONL, name: `AmazonL${uses}`, powers: [...AMAZON2.powers, { type: 'extra-limbs', level: 1, uses, segments: [6] }] };
      const options = game.optionsSchema.parse({ teams: [[limbs.name], ['Amazon2']], heroes: [AMAZON2, limbs] });
      let s = game.setup(options, 7) as ShgState;
      while (s.round === 0) s = game.apply(s, [game.legalActions(s, game.toMove(s)[0]!)[0]]) as ShgState;
      return fightIfMet(s, 0);
    };
    // (before: every limb count the same, the segment counted on every turn to the cap)
    expect(withUses(1)).toBeLessThan(withUses(3) - 0.05);
    expect(withUses(3)).toBeLessThan(withUses(10) - 0.03);
  });

  it('next to a foe who acts first is worth less than out of reach: the foe chooses to strike first or to decline', () => {
    let seed = 1;
    while (fight([['AmazonL'], ['Amazon2']], [a, next], undefined, seed).order[0] !== 1) seed++;
    const adjacent = fight([['AmazonL'], ['Amazon2']], [a, next], undefined, seed);
    const apart = fight([['AmazonL'], ['Amazon2']], [a, g.cellAtOffset(6, 3)], undefined, seed);
    expect(adjacent.order[adjacent.turn]).toBe(1);
    expect(game.evaluate!(adjacent)[0]).toBeLessThan(game.evaluate!(apart)[0]!);
    // The slugfest (every hero strikes to the end) still favours the extra segment.
    expect(fightIfMet(adjacent, 0)).toBeGreaterThan(0.6);
  });

  it('values a stand-off out of reach at the turn cap\'s verdict: level is 1/2, behind loses', () => {
    expect(game.evaluate!(fight([['Amazon'], ['Amazon2']], [a, far]))[0]).toBeCloseTo(0.5, 1);
    const behind = game.evaluate!(fight([['Amazon'], ['Amazon2']], [a, far], [40, 45]))[0]!;
    expect(behind).toBeLessThan(0.1);
  });

  it('leans toward contact for the side that would win it and away for the side that would lose it', () => {
    const near = fight([['Amazon'], ['Amazon2']], [a, g.cellAtOffset(8, 7)]);
    const away = fight([['Amazon'], ['Amazon2']], [a, far]);
    expect(game.evaluate!(near)[0]).toBeGreaterThan(game.evaluate!(away)[0]!);
    expect(fightIfMet(near, 0)).toBeGreaterThan(0.75);
  });

  it('in the mirror the fight if met is even and stepping next to the foe, who strikes first, is worse than waiting', () => {
    const s = fight([['Amazon'], ['Amazon']], [a, next]);
    expect(fightIfMet(s, 0)).toBeGreaterThan(0.4);
    expect(fightIfMet(s, 0)).toBeLessThan(0.6);
    // The hero to act next strikes first: the other side is below 1/2.
    const mover = s.order[s.turn]!;
    const v = game.evaluate!(s);
    expect(v[s.setup.side[mover]!]).toBeGreaterThan(0.5);
  });
});
