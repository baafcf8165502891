/**
 * Map layouts and movement: the seed's ring-and-spokes pattern, the random, asymmetric,
 * file and draw-a-card variants, and the movement rules ("must move", unflipped before
 * Neutral).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { darkHero } from '../../../src/games/dark-hero/index.js';
import { buildBoard, type Board } from '../../../src/games/dark-hero/map.js';
import { EMPTY, FACE_DOWN, MAP, MOVE, NEUTRAL, PILE, PLACE, SPADE } from '../../../src/games/dark-hero/state.js';
import { SEED4, kind, options, stateWith, step } from './helpers.js';

function connected(b: Board): boolean {
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length) for (const w of b.adj[queue.shift()!]!) if (!seen.has(w)) (seen.add(w), queue.push(w));
  return seen.size === b.size;
}

function distance(b: Board, from: number, to: number): number {
  const dist = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of b.adj[v]!) if (!dist.has(w)) (dist.set(w, dist.get(v)! + 1), queue.push(w));
  }
  return dist.get(to) ?? -1;
}

describe('seed layout: a 3 × 3 square of 8 cards with one 4-card spoke per hero', () => {
  const b = buildBoard(options(), 1);

  it('has 24 cards, a ring of 8 and heroes at the spoke tips', () => {
    expect(b.size).toBe(SEED4.cards);
    expect(b.starts).toEqual(SEED4.starts);
    for (let i = 0; i < 8; i++) expect(b.adj[i]).toContain((i + 1) % 8);
    for (const tip of b.starts) expect(b.adj[tip]!.length).toBe(1);
    // "as far from the other players as is reasonable": opposite tips are 4 + 4 + 4 apart.
    expect(distance(b, 11, 19)).toBe(4 + 4 + 4);
    expect(distance(b, 11, 15)).toBe(4 + 2 + 4);
  });

  it('grows the ring with the table (10 heroes: 20 + 40 cards, two decks)', () => {
    const big = buildBoard(options({ players: 10 }), 1);
    expect(big.size).toBe(60);
    expect(big.starts.length).toBe(10);
    expect(darkHero.setup(options({ players: 10 }), 1).zones.cards[PILE]!.length).toBe(104 - 60);
  });

  it('keeps 2 heroes on opposite sides of the square', () => {
    const two = buildBoard(options({ players: 2 }), 1);
    expect(two.size).toBe(16);
    expect(distance(two, two.starts[0]!, two.starts[1]!)).toBe(12);
  });
});

describe('generated layouts', () => {
  it('random: adds extra paths and spurs, seeded, connected', () => {
    const a = buildBoard(options({ map: { layout: 'random', extraPaths: 3, spurs: 3 } }), 5);
    expect(a.size).toBeGreaterThan(24);
    expect(connected(a)).toBe(true);
    expect(buildBoard(options({ map: { layout: 'random' } }), 5)).toEqual(buildBoard(options({ map: { layout: 'random' } }), 5));
  });

  it('asymmetric: spokes of different lengths on a connected map', () => {
    const lengths = new Set<number>();
    for (let seed = 0; seed < 10; seed++) {
      const b = buildBoard(options({ map: { layout: 'asymmetric' } }), seed);
      expect(connected(b)).toBe(true);
      lengths.add(b.size);
    }
    expect(lengths.size).toBeGreaterThan(1);
  });
});

describe('layouts from data', () => {
  const square = { cards: 6, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]], starts: [0, 3] };

  it('loads an inline layout', () => {
    const b = buildBoard(options({ players: 2, map: { layout: 'custom', custom: square } }), 1);
    expect(b.adj[0]).toEqual([1, 5]);
    expect(b.starts).toEqual([0, 3]);
  });

  it('loads JSON and YAML files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dark-hero-'));
    writeFileSync(join(dir, 'map.json'), JSON.stringify(square));
    writeFileSync(join(dir, 'map.yaml'), 'cards: 6\nedges: [[0,1],[1,2],[2,3],[3,4],[4,5],[5,0]]\nstarts: [0, 3]\n');
    for (const file of ['map.json', 'map.yaml']) {
      const b = buildBoard(options({ players: 2, map: { layout: 'file', file: join(dir, file) } }), 1);
      expect(b.size).toBe(6);
    }
  });

  it('rejects bad layouts naming the field, value and what is allowed', () => {
    const bad = (custom: object, players = 2) => () => buildBoard(options({ players, map: { layout: 'custom', custom } }), 1);
    expect(bad({ ...square, edges: [[0, 9]] })).toThrow(/edges\.0 is \[0,9\]; allowed: card indices 0\.\.5/);
    expect(bad({ ...square, edges: [[2, 2]] })).toThrow(/allowed: two different cards/);
    expect(bad({ ...square, starts: [0, 0] })).toThrow(/starts\.1 is 0 \(used twice\)/);
    expect(bad(square, 3)).toThrow(/starts has 2 cards for 3 heroes/);
    expect(bad({ ...square, edges: [[0, 1]] })).toThrow(/card 2 is not connected/);
    expect(() => buildBoard(options({ players: 2, map: { layout: 'file', file: '/nonexistent/map.json' } }), 1)).toThrow(UserError);
    expect(() => options({ map: { layout: 'file' } })).toThrow(/map\.file is undefined/);
  });
});

describe('movement: "your hero must move to the next card"', () => {
  it('must prefer a not-yet-flipped card to a Neutral one', () => {
    const s = stateWith({ phase: MOVE, current: 0, pos: [10, 15, 19, 23] });
    expect(darkHero.legalActions(s, 0)).toEqual([9]); // 11 is the Neutral start
    const cards = s.cards.slice();
    cards[9] = NEUTRAL;
    expect(darkHero.legalActions({ ...s, cards }, 0)).toEqual([9, 11]);
  });

  it('may always enter revealed (non-Neutral) cards', () => {
    const s = stateWith({ phase: MOVE, current: 0, pos: [10, 15, 19, 23] });
    const cards = s.cards.slice();
    cards[11] = SPADE;
    expect(darkHero.legalActions({ ...s, cards }, 0)).toEqual([9, 11]);
  });

  it('flips the card on arrival and records where the hero came from', () => {
    const s = step(stateWith({ phase: MOVE, current: 0 }), 10);
    expect(s.cards[10]).not.toBe(FACE_DOWN);
    expect(s.prev[0]).toBe(11);
  });
});

describe('the draw-and-place variant', () => {
  it('starts heroes on single cards and has each place a card next to any card before moving', () => {
    const s = darkHero.setup(options({ map: { layout: 'draw' } }), 3);
    expect(s.cards.filter((c) => c !== EMPTY).length).toBe(4);
    expect(kind(s)).toBe(PLACE);
    const legal = darkHero.legalActions(s, 0);
    const w = s.setup.board.width;
    const start = s.pos[0]!;
    expect(legal).toContain(start + 1);
    expect(legal).toContain(start - w);
    expect(legal).not.toContain(start - 2); // not touching any card
    const placed = step(s, start + 1);
    expect(placed.cards[start + 1]).toBe(FACE_DOWN);
    expect(placed.zones.cards[MAP]![start + 1]).toBe(s.zones.cards[PILE]!.at(-1));
    const moveState = kind(placed) === MOVE ? placed : step(placed, 0);
    expect(darkHero.legalActions(moveState, 0)).toEqual([start + 1]);
  });
});
