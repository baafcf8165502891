/**
 * Superhero Gladiators' encoder: fixed sizes, a legal mask that is exactly the legal
 * actions' indices (collisions only where the documented rule allows them), indices that
 * mean the same thing from either seat, the absorb and copy windows, and no peeking (the
 * d20 stream is never encoded, so a determinization sees the same vector).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { SAMPLE_HEROES } from '../../../src/games/superhero-gladiators/game.js';
import {
  ABSORB_NO,
  ABSORB_YES,
  ACTION_COUNT,
  ATTACK_BASE,
  COPY_NONE,
  HERO_FEATURES,
  MAX_HEROES,
  MOVE_BASE,
  OBSERVATION_SIZE,
  PASS,
  USE_BASE,
} from '../../../src/games/superhero-gladiators/encoder.js';
import type { ShgAction, ShgState } from '../../../src/games/superhero-gladiators/state.js';
import { SURE_HIT, cell, fight, game, hero, options, play } from './helpers.js';
import { parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import { randomWalk } from '../../core/random-walk.js';

const enc = game.encoder!;
const names = SAMPLE_HEROES.map((h) => h.name);
const A = 0;
const B = 1;

function encoded(s: ShgState, p: number): number[] {
  const out = new Float32Array(enc.observationSize);
  enc.encode(game.observe(s, p), p, out);
  return Array.from(out);
}

/** Plays random games of `o`, calling `visit` at every decision. */
function walk(o: ReturnType<typeof parseOptions>, games: number, seed: number, visit: (s: ShgState, p: number, legal: readonly ShgAction[]) => void): void {
  randomWalk(game, o, games, seed, visit);
}

describe('superhero-gladiators encoder', () => {
  it('is registered on the game with fixed sizes', () => {
    expect(enc.version).toBe(1);
    expect(enc.observationSize).toBe(OBSERVATION_SIZE);
    expect(OBSERVATION_SIZE).toBeGreaterThan(MAX_HEROES * HERO_FEATURES);
    expect(enc.actionCount).toBe(ACTION_COUNT);
    expect(ACTION_COUNT).toBe(USE_BASE + 22 * 7);
    expect(USE_BASE - ATTACK_BASE).toBe(4 * (MAX_HEROES - 1) * 23 + 4 * 2);
    expect(PASS).toBe(0);
  });

  it('masks are the legal actions’ indices over random games; only moves, wall hits and placements collide', () => {
    const fights = [
      parseOptions({ teams: [['Amazon'], ['Amazon']], turnCap: 3 }),
      parseOptions({ teams: [['Ironclad', 'Mimic'], ['Shade']], turnCap: 3 }),
      parseOptions({ teams: [['Mole King'], ['Speedster'], ['Webspinner', 'Sea Serpent']], turnCap: 3, arena: { map: 'random' } }),
      parseOptions({ teams: [['Lightning Lass'], ['Ironclad']], turnCap: 3 }),
    ];
    const mask = new Float32Array(enc.actionCount);
    const obs = new Float32Array(enc.observationSize);
    let moves = 0;
    let collided = 0;
    fights.forEach((o, i) =>
      walk(o, 2, 7 + i, (s, p, legal) => {
        const idx = legal.map((a) => enc.actionIndex(a, s, p));
        for (const i of idx) expect(Number.isInteger(i) && i >= 0 && i < enc.actionCount).toBe(true);
        enc.legalMask(s, p, mask);
        const set = new Set(idx);
        for (let i = 0; i < enc.actionCount; i++) if (mask[i] !== (set.has(i) ? 1 : 0)) expect.fail(`index ${i}: mask ${mask[i]}`);
        // Everything but moves, wall hits and placements has an index of its own (gizmo shots
        // included); a hero may be put anywhere (arena.placement), and hexes beyond 4 deep or
        // 16 along its side's edge share a place index.
        const others = legal.map((a, j) => [a, idx[j]!] as const).filter(([a]) => a.k !== 'move' && a.k !== 'wall' && a.k !== 'place');
        expect(new Set(others.map(([, i]) => i)).size).toBe(others.length);
        moves += legal.length;
        collided += legal.length - set.size;
        // The seat not to move has an empty mask.
        enc.legalMask(s, (p + 1) % s.setup.sides, mask);
        expect(mask.some((v) => v !== 0)).toBe(false);
        enc.encode(game.observe(s, p), p, obs);
        for (const v of obs) if (!Number.isFinite(v)) expect.fail('not finite');
      }),
    );
    expect(moves).toBeGreaterThan(2000);
    expect(collided).toBeGreaterThan(0); // moves to alike cells do share indices
  });

  it('does not peek: the d20 stream is not encoded; a determinization gives the same vector', () => {
    const o = parseOptions({ teams: [['Amazon'], ['Speedster']] });
    walk(o, 1, 3, (s, p) => {
      if (s.steps % 7 !== 0) return;
      const v = encoded(s, p);
      expect(encoded({ ...s, rng: (s.rng ^ 0x5bd1e995) | 0 }, p)).toEqual(v);
      expect(encoded(game.determinize(game.observe(s, p), p, new Rng(s.steps)), p)).toEqual(v);
    });
    // ...and the vector is not blind: the foe's Oomph shows.
    const s = fight(options([hero('A'), hero('B')]), [cell(1, 1), cell(6, 3)]);
    const hurt = { ...s, heroes: s.heroes.map((r, i) => (i === B ? { ...r, oomph: r.oomph - 5 } : r)) };
    expect(encoded(hurt, 0)).not.toEqual(encoded(s, 0));
  });

  it('is relative to the seat: the same fight seen from the other side gives the same vector and indices', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] }), hero('B', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] })]);
    // A and B are alike; swap their cells and who acts.
    const s = fight(o, [cell(2, 2), cell(6, 2)], A);
    const t = fight(o, [cell(6, 2), cell(2, 2)], B);
    expect(encoded(t, 1)).toEqual(encoded(s, 0));
    const ms = game.legalActions(s, 0).map((a) => enc.actionIndex(a, s, 0)).sort((x, y) => x - y);
    const mt = game.legalActions(t, 1).map((a) => enc.actionIndex(a, t, 1)).sort((x, y) => x - y);
    expect(mt).toEqual(ms);
  });

  it('classifies moves by distance to the nearest foe, attacks by weapon and target slot', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] }), hero('B')], { rules: SURE_HIT });
    const s = fight(o, [cell(5, 2), cell(6, 2)], A);
    // Punch (weapon 0) and close attack (weapon 1) on the only foe (slot 1), aimed at the hero.
    expect(enc.actionIndex({ k: 'attack', p: -1, target: B, gizmo: -1 }, s, 0)).toBe(ATTACK_BASE);
    expect(enc.actionIndex({ k: 'attack', p: 0, target: B, gizmo: -1 }, s, 0)).toBe(ATTACK_BASE + 7 * 23);
    // A plain move next to the foe (distance 1, in sight, dry) against one 5 hexes away.
    const next = enc.actionIndex({ k: 'move', p: -1, to: cell(7, 2) }, s, 0);
    expect(next).toBe(MOVE_BASE + 2);
    const far = enc.actionIndex({ k: 'move', p: -1, to: cell(1, 2) }, s, 0);
    expect(far).toBe(MOVE_BASE + (4 * 2 + 1) * 2);
  });

  it('the absorb and copy windows have their own indices', () => {
    const def = hero('B', {
      powers: [
        { type: 'defenses', level: 2, uses: 'infinite', enhancements: ['always-on'] },
        { type: 'absorbing', level: 4, uses: 2 },
      ],
    });
    const attacker = hero('A', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] });
    const s0 = fight(options([attacker, def], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]);
    const hurt = { ...s0, heroes: s0.heroes.map((r, i) => (i === B ? { ...r, oomph: 30 } : r)) };
    const s = play(hurt, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(game.toMove(s)).toEqual([1]);
    const mask = new Float32Array(enc.actionCount);
    enc.legalMask(s, 1, mask);
    expect([...mask.keys()].filter((i) => mask[i] === 1)).toEqual([ABSORB_YES, ABSORB_NO]);
    // The absorbing hero (B, seat 1) is the focus: slot 0 of the vector holds B's Oomph share.
    const v = encoded(s, 1);
    expect(v[13]).toBeCloseTo(30 / s.setup.heroes[B]!.oomphMax, 6);

    const mimic = hero('A', { powers: [{ type: 'copy-power', level: 2, uses: 2 }, { type: 'close-attack', level: 1, uses: 'infinite' }] });
    const foe = hero('B', { powers: [{ type: 'flight', level: 1, uses: 'infinite' }] });
    const c = play(fight(options([mimic, foe], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]), { k: 'attack', p: 1, target: B, gizmo: -1 });
    const copies = game.legalActions(c, 0).map((a) => enc.actionIndex(a, c, 0));
    expect(copies[0]).toBe(COPY_NONE);
    expect(copies[1]).toBe(COPY_NONE + 1 + 2); // flight is power type 2
  });
});
