/**
 * Speed work on legal moves must not change them: sight read from the per-map table
 * (sight.ts) answers as the grid's line of sight with buildings and force walls, and the
 * plain moves come out as the earlier Map-based search listed them — same cells, same
 * order (a random agent picks by index, so the order is play).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { superheroGladiators as game, parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import { WALL, WATER, OPEN } from '../../../src/games/superhero-gladiators/arena.js';
import { closedAt, conscious, isDesolid, sees, shrinkLevelAt } from '../../../src/games/superhero-gladiators/rules.js';
import type { ShgAction, ShgState } from '../../../src/games/superhero-gladiators/state.js';

/** The grid's own answer, as `sees` gave it before the table. */
function seesByGrid(s: ShgState, a: number, b: number): boolean {
  const t = s.setup.map.terrain;
  return s.setup.map.grid.lineOfSight(a, b, (c) => t[c] === WALL || s.walls.some((w) => w.cells.includes(c)));
}

/** The earlier plain-movement search (Map + frontier), walking: cells in the order first reached. */
function plainMovesBefore(s: ShgState, h: number): number[] {
  const grid = s.setup.map.grid;
  const terrain = s.setup.map.terrain;
  const level = shrinkLevelAt(s, s.round);
  const wallAt = (c: number) => s.walls.some((w) => w.cells.includes(c));
  const heroAt = (c: number) => s.heroes.some((r) => r.cell === c && r.oomph > 0);
  const cost = (t: number) => (t === OPEN ? 1 : t === WATER ? 2 : Infinity);
  const hero = s.setup.heroes[h]!;
  const budget = Math.ceil(hero.movementRate / s.setup.options.rules.moveDivisor);
  const from = s.heroes[h]!.cell;
  const best = new Map<number, number>([[from, 0]]);
  let frontier = [from];
  while (frontier.length) {
    const next: number[] = [];
    for (const c of frontier) {
      const spent = best.get(c)!;
      for (let d = 0; d < 6; d++) {
        const n = grid.step(c, d);
        if (n < 0) continue;
        const step = cost(terrain[n]!);
        if (spent + step > budget) continue;
        if (wallAt(n) || closedAt(s, n, level) || heroAt(n)) continue;
        const prev = best.get(n);
        if (prev !== undefined && prev <= spent + step) continue;
        best.set(n, spent + step);
        next.push(n);
      }
    }
    frontier = next;
  }
  return [...best.keys()].filter((c) => c !== from && (terrain[c] === OPEN || terrain[c] === WATER) && !heroAt(c) && !wallAt(c) && !closedAt(s, c, level));
}

/** States of seeded random games (force walls from the Mole King, a shrinking arena on some). */
function* randomStates(): Generator<ShgState> {
  const pairs = [
    ['Mole King', 'Lightning Lass'],
    ['Mole King', 'Sea Serpent'],
    ['Speedster', 'Mole King'],
    ['Amazon', 'Shade'],
    ['Webspinner', 'Mole King'],
  ];
  for (let g = 0; g < 10; g++) {
    const [a, b] = pairs[g % pairs.length]!;
    const options = parseOptions({ teams: [[a], [b]], ...(g % 2 ? { shrinkArena: 1 } : {}), ...(g % 3 === 2 ? { arena: { map: 'random' } } : {}) });
    const rng = new Rng(100 + g);
    let s = game.setup(options, g + 1);
    for (let step = 0; step < 400 && !game.isTerminal(s); step++) {
      yield s;
      const p = game.toMove(s)[0]!;
      const legal = game.legalActions(s, p);
      s = game.apply(s, [legal[rng.int(legal.length)]!]);
    }
  }
}

describe('legal moves after the speed work', () => {
  it('sight from the table equals the grid line of sight, force walls included', () => {
    let walled = 0;
    let pairs = 0;
    const rng = new Rng(7);
    for (const s of randomStates()) {
      if (s.walls.length > 0) walled++;
      const size = s.setup.map.grid.size;
      for (let k = 0; k < 20; k++) {
        const a = rng.int(size);
        const b = rng.int(size);
        expect(sees(s, a, b)).toBe(seesByGrid(s, a, b));
        pairs++;
      }
    }
    expect(walled).toBeGreaterThan(0);
    expect(pairs).toBeGreaterThan(1000);
  });

  it('plain moves: the same cells in the same order as the earlier search', () => {
    let checked = 0;
    let shrunk = 0;
    for (const s of randomStates()) {
      if (s.round < 1 || s.stack.length > 0) continue;
      const h = s.order[s.turn]!;
      if (!conscious(s, h) || s.heroes[h]!.entangled > 0 || isDesolid(s, h)) continue;
      const plain = game
        .legalActions(s, game.toMove(s)[0]!)
        .filter((a): a is Extract<ShgAction, { k: 'move' }> => a.k === 'move' && a.p === -1)
        .map((a) => a.to);
      expect(plain).toEqual(plainMovesBefore(s, h));
      if (shrinkLevelAt(s, s.round) > 0) shrunk++;
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
    expect(shrunk).toBeGreaterThan(0);
  });
});
