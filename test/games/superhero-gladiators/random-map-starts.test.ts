/**
 * A random arena differs by seed, so an option set is valid only if every seed leaves each
 * side a start hex per hero (the rules place each hero "in its side's start zone"; a
 * side with no open start hex cannot begin). The up-front check of a run sets up one
 * seed; 51 of 1,000 seeds of a 7-column random map with 3 sides then failed at setup and
 * `play` exited 0 with "190 completed, 10 failed" (issue #31). Under `arena.placement:
 * start-zones` (heroes placed in their side's edge zone) the options now refuse what some
 * seed cannot set up, and what they accept sets up on every seed tried. (The default
 * placement, anywhere, needs one free hex per hero: a random map's outer columns are never blocked.)
 */
import { describe, expect, it } from 'vitest';
import { guaranteedStartHexes, parseMap, randomMap, startZone } from '../../../src/games/superhero-gladiators/arena.js';
import { parseOptions, superheroGladiators as game } from '../../../src/games/superhero-gladiators/index.js';

const SEEDS = 1000;

describe('random-map start zones are validated for every seed', () => {
  it("refuses the issue's option set (7 columns, 3 sides) in one line naming the side and the fix", () => {
    const options = { teams: [['Webspinner'], ['Amazon'], ['Shade']], arena: { map: 'random', cols: 7, placement: 'start-zones' } };
    expect(() => parseOptions(options)).toThrow(
      /^superhero-gladiators options: arena\.map is "random" \(7x9, 3 sides, startDepth 2\): some seeds leave side 3 \(north\) 0 open start hexes for its 1 hero\(es\); allowed: no hero on that side, a wider or taller arena/,
    );
    // ...and rightly: some seeds of that map do leave the north side no open start hex.
    const failing = Array.from({ length: SEEDS }, (_, seed) => seed).filter((seed) => startZone(parseMap(randomMap(7, 9, seed ^ 0x5eed)), 2, 3, 2).length === 0);
    expect(failing.length).toBeGreaterThan(0);
  });

  it('the bound is sound: no seed leaves fewer open start hexes than guaranteedStartHexes says', () => {
    for (const [cols, rows, sides, depth] of [[7, 9, 3, 2], [13, 9, 3, 2], [13, 9, 4, 2], [9, 6, 4, 1], [13, 9, 2, 4], [15, 9, 3, 3]] as const) {
      for (let side = 0; side < sides; side++) {
        const bound = guaranteedStartHexes(cols, rows, side, sides, depth);
        let fewest = Infinity;
        for (let seed = 0; seed < SEEDS; seed++) fewest = Math.min(fewest, startZone(parseMap(randomMap(cols, rows, seed)), side, sides, depth).length);
        expect(fewest, `${cols}x${rows}, ${sides} sides, depth ${depth}, side ${side}`).toBeGreaterThanOrEqual(bound);
      }
    }
  });

  it('placement anywhere (the default) accepts the same 7-column map and sets it up on every seed tried', () => {
    const options = parseOptions({ teams: [['Webspinner'], ['Amazon'], ['Shade']], arena: { map: 'random', cols: 7 } });
    for (let seed = 0; seed < SEEDS; seed++) expect(() => game.setup(options, seed)).not.toThrow();
  });

  it('an accepted 3-side random option set sets up on every seed tried', () => {
    const options = parseOptions({ teams: [['Webspinner', 'Amazon'], ['Shade', 'Mole King'], ['Speedster', 'Sea Serpent']], arena: { map: 'random', placement: 'start-zones' } });
    for (let seed = 0; seed < SEEDS; seed++) expect(() => game.setup(options, seed)).not.toThrow();
  });
});
