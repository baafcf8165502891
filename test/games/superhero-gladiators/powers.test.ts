/** Every power's effect in a built state, and the fight rules around them. */
import { describe, expect, it } from 'vitest';
import { scriptDice } from '../../../src/core/random.js';
import { Rng } from '../../../src/core/rng.js';
import { SURE_HIT, SURE_MISS, cell, fight, game, hero, keys, legal, options, play, turnOf } from './helpers.js';

const A = 0;
const B = 1;
const punchAt = (target: number) => ({ k: 'attack', p: -1, target, gizmo: -1 }) as const;

describe('movement', () => {
  it('plain movement: ceil(rate / 10) hexes, water costs 2, walls and pits stop it', () => {
    // rate 16 -> 2 hexes
    const s = fight(options([hero('A'), hero('B')]), [cell(2, 1), cell(8, 4)]);
    const k = keys(s);
    expect(k).toContain(`move:-1:${cell(0, 1)}`);
    expect(k).not.toContain(`move:-1:${cell(3, 1)}`); // building
    expect(k).not.toContain(`move:-1:${cell(4, 1)}`); // beyond the building
    expect(k).toContain(`move:-1:${cell(3, 2)}`); // water: 2 of 2
    expect(k).not.toContain(`move:-1:${cell(2, 4)}`); // 3 hexes away
  });

  it('flight (x level x 2) crosses buildings and pits; tunneling and wall-clinging cross buildings', () => {
    const fly = fight(options([hero('A', { powers: [{ type: 'flight', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(2, 1), cell(8, 4)]);
    expect(keys(fly)).toContain(`move:0:${cell(4, 1)}`); // over the building
    expect(keys(fly)).toContain(`move:0:${cell(4, 3)}`); // over the pit
    const tunnel = fight(options([hero('A', { powers: [{ type: 'tunneling', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(2, 1), cell(8, 4)]);
    expect(keys(tunnel)).toContain(`move:0:${cell(4, 1)}`);
    const cling = fight(options([hero('A', { powers: [{ type: 'wall-clinging', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(2, 1), cell(8, 4)]);
    expect(keys(cling)).toContain(`move:0:${cell(4, 1)}`);
  });

  it('run fast triples the rate; swim fast moves along water', () => {
    const run = fight(options([hero('A', { powers: [{ type: 'run-fast', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(0, 0), cell(8, 4)]);
    // 16 x 3 = 48 -> 5 hexes
    expect(keys(run)).toContain(`move:0:${cell(5, 0)}`);
    expect(keys(run)).not.toContain(`move:0:${cell(6, 0)}`);
    const swim = fight(options([hero('A', { powers: [{ type: 'swim-fast', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(2, 2), cell(8, 4)]);
    expect(keys(swim)).toContain(`move:0:${cell(4, 2)}`); // across the river
    expect(keys(swim)).not.toContain(`move:-1:${cell(4, 2)}`); // wading costs 2 a hex
  });

  it('teleport: 20 x level feet, line of sight only, and a limited use is spent', () => {
    const o = options([hero('A', { powers: [{ type: 'teleport', level: 1, uses: 2 }] }), hero('B')]);
    const s = fight(o, [cell(2, 4), cell(8, 0)]);
    expect(keys(s)).toContain(`move:0:${cell(6, 4)}`); // 4 hexes
    expect(keys(s)).not.toContain(`move:0:${cell(7, 4)}`); // 5 hexes
    const behind = fight(o, [cell(2, 1), cell(8, 4)]);
    expect(keys(behind)).not.toContain(`move:0:${cell(4, 1)}`); // behind the building
    const after = play(s, { k: 'move', p: 0, to: cell(6, 4) });
    expect(after.heroes[A]!.cell).toBe(cell(6, 4));
    expect(after.heroes[A]!.uses[0]).toBe(1);
  });

  it('jumping: 10 x level feet standing, over anything', () => {
    const s = fight(options([hero('A', { powers: [{ type: 'jumping', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(2, 3), cell(8, 4)]);
    expect(keys(s)).toContain(`move:0:${cell(4, 3)}`); // over the pit
    expect(keys(s)).not.toContain(`move:0:${cell(5, 3)}`); // 3 hexes
  });

  it('extra limbs given to segments let the hero act on an extra segment', () => {
    const o = options([hero('A', { powers: [{ type: 'extra-limbs', level: 1, uses: 'infinite', segments: 1 }] }), hero('B')]);
    // rate 16: segments 1 3 5 6; the limb adds #4 (>= 21)
    let s = fight(o, [cell(0, 0), cell(8, 4)], A, 3);
    s = play(s, { k: 'pass' }); // ends segment 3 -> segment 4
    expect(s.round).toBe(4);
    expect(s.order).toEqual([A]);
  });
});

describe('attacks', () => {
  it('close attack: level x 3 Oomph to an adjacent foe on a hit', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 2, uses: 'infinite' }] }), hero('B')], { rules: SURE_HIT });
    const s = fight(o, [cell(4, 4), cell(5, 4)]);
    const after = play(s, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(after.heroes[B]!.oomph).toBe(48 - 6);
  });

  it('a miss does nothing; the unarmed punch does ceil(STR / 3)', () => {
    const miss = options([hero('A'), hero('B')], { rules: SURE_MISS });
    expect(play(fight(miss, [cell(4, 4), cell(5, 4)]), punchAt(B)).heroes[B]!.oomph).toBe(48);
    const hit = options([hero('A'), hero('B')], { rules: SURE_HIT });
    expect(play(fight(hit, [cell(4, 4), cell(5, 4)]), punchAt(B)).heroes[B]!.oomph).toBe(48 - 2);
  });

  it('to hit: d20 <= 10 + attacker CM - defender CM, clamped to 1..19', () => {
    // A: CM 2x6+4 = 16 vs B: CM 12 -> 14: a d20 of 14 hits, 15 misses.
    const o = options([hero('A', { DEX: 6, SIZ: 2 }), hero('B', { PER: 5 })]);
    const s = fight(o, [cell(4, 4), cell(5, 4)]);
    expect(play(scriptDice(s, [14]), punchAt(B)).heroes[B]!.oomph).toBeLessThan(48);
    expect(play(scriptDice(s, [15]), punchAt(B)).heroes[B]!.oomph).toBe(48);
  });

  it('distance attack: level x 2, needs line of sight (a building blocks it)', () => {
    const o = options([hero('A', { powers: [{ type: 'distance-attack', level: 3, uses: 'infinite' }] }), hero('B')], { rules: SURE_HIT });
    const clear = fight(o, [cell(0, 4), cell(8, 4)]);
    expect(play(clear, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48 - 6);
    const blocked = fight(o, [cell(2, 1), cell(4, 1)]);
    expect(keys(blocked)).not.toContain('attack:0:1:-1');
  });

  it('entangle: the target cannot move or attack; escape on d20 >= (level - STR + 3) x 3, each try costs level Oomph', () => {
    const o = options([hero('A', { powers: [{ type: 'entangle', level: 3, uses: 'infinite' }] }), hero('B', { STR: 4 })], { rules: SURE_HIT });
    let s = fight(o, [cell(0, 4), cell(4, 4)]);
    s = play(s, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(s.heroes[B]!.entangled).toBe(3);
    s = turnOf(s, B);
    expect(keys(s)).toEqual(['pass', 'escape']);
    // target (3 - 4 + 3) x 3 = 6: escapes on a d20 of 6 or more, not on 5; each try costs 3 Oomph
    const freed = play(scriptDice(s, [6]), { k: 'escape' });
    expect(freed.heroes[B]!.entangled).toBe(0);
    expect(freed.heroes[B]!.oomph).toBe(48 - 3);
    const held = play(scriptDice(s, [5]), { k: 'escape' });
    expect(held.heroes[B]!.entangled).toBe(3);
    expect(held.heroes[B]!.oomph).toBe(48 - 3);
  });

  it('uses per game are counted: an attack with 1 use is gone after it', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 1, uses: 1 }] }), hero('B')], { rules: SURE_MISS });
    let s = fight(o, [cell(4, 4), cell(5, 4)]);
    s = play(s, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(s.heroes[A]!.uses[0]).toBe(0);
    expect(keys(turnOf(s, A))).not.toContain('attack:0:1:-1');
  });

  it('an unreliable power works on d20 <= 15 (3 times in 4)', () => {
    const o = options([hero('A', { powers: [{ type: 'healing', level: 2, uses: 'infinite', enhancements: ['unreliable-15'] }] }), hero('B')]);
    const s = fight(o, [cell(4, 4), cell(8, 4)]);
    const hurt = { ...s, heroes: s.heroes.map((r, i) => (i === A ? { ...r, oomph: 10 } : r)) };
    expect(play(scriptDice(hurt, [15]), { k: 'use', p: 0, dir: -1 }).heroes[A]!.oomph).toBe(12);
    expect(play(scriptDice(hurt, [16]), { k: 'use', p: 0, dir: -1 }).heroes[A]!.oomph).toBe(10);
  });
});

describe('defensive powers', () => {
  const attacker = (level: number, extra: string[] = []) => hero('A', { powers: [{ type: 'close-attack', level, uses: 'infinite', enhancements: extra as never }] });

  it('defenses ignore damage up to level x 4 (threshold), not above', () => {
    const def = hero('B', { powers: [{ type: 'defenses', level: 2, uses: 'infinite', enhancements: ['always-on'] }] });
    const small = fight(options([attacker(2), def], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]); // 6 <= 8
    expect(play(small, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48);
    const big = fight(options([attacker(3), def], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]); // 9 > 8
    expect(play(big, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48 - 9);
    const sub = fight(options([attacker(3), def], { rules: { ...SURE_HIT, defenses: 'subtract' } }), [cell(4, 4), cell(5, 4)]);
    expect(play(sub, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48 - 1);
  });

  it('piercing attacks ignore defenses; defenses bought vs piercing stop them', () => {
    const plain = hero('B', { powers: [{ type: 'defenses', level: 2, uses: 'infinite', enhancements: ['always-on'] }] });
    const s = fight(options([attacker(2, ['piercing']), plain], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]);
    expect(play(s, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48 - 6);
    const vsPiercing = hero('B', { powers: [{ type: 'defenses', level: 2, uses: 'infinite', enhancements: ['always-on', 'piercing'] }] });
    const t = fight(options([attacker(2, ['piercing']), vsPiercing], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]);
    expect(play(t, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48);
  });

  it('defenses that are not always on must be switched on (a use), and last activeSegments', () => {
    const def = hero('B', { powers: [{ type: 'defenses', level: 2, uses: 3 }] });
    const o = options([attacker(2), def], { rules: SURE_HIT });
    let s = fight(o, [cell(4, 4), cell(5, 4)], B);
    s = play(s, { k: 'use', p: 0, dir: -1 });
    expect(s.heroes[B]!.uses[0]).toBe(2);
    expect(s.heroes[B]!.onUntil[0]).toBe(1 + 6 - 1);
    const hit = play(turnOf(s, A), { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(hit.heroes[B]!.oomph).toBe(48);
    const late = play(turnOf({ ...s, round: 7 }, A), { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(late.heroes[B]!.oomph).toBe(48 - 6);
  });

  it('absorbing: after defenses block, a limited-use absorb is the defender\'s choice and gains the blocked Oomph', () => {
    const def = hero('B', {
      powers: [
        { type: 'defenses', level: 2, uses: 'infinite', enhancements: ['always-on'] },
        { type: 'absorbing', level: 4, uses: 2 },
      ],
    });
    const o = options([attacker(2), def], { rules: SURE_HIT });
    const s0 = fight(o, [cell(4, 4), cell(5, 4)]);
    const hurt = { ...s0, heroes: s0.heroes.map((r, i) => (i === B ? { ...r, oomph: 30 } : r)) };
    const s = play(hurt, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(game.toMove(s)).toEqual([1]);
    expect(keys(s)).toEqual(['absorb', 'no-absorb']);
    const yes = play(s, { k: 'absorb', yes: true });
    expect(yes.heroes[B]!.oomph).toBe(36);
    expect(yes.heroes[B]!.uses[1]).toBe(1);
    expect(play(s, { k: 'absorb', yes: false }).heroes[B]!.oomph).toBe(30);
  });

  it('missile deflection stops missile attacks, not others', () => {
    const md = hero('B', { powers: [{ type: 'missile-deflection', level: 2, uses: 'infinite', enhancements: ['always-on'] }] });
    const missile = hero('A', { powers: [{ type: 'distance-attack', level: 2, uses: 'infinite', enhancements: ['missile'] }] });
    const s = fight(options([missile, md], { rules: SURE_HIT }), [cell(0, 4), cell(6, 4)]);
    expect(play(s, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(48);
    const bolt = hero('A', { powers: [{ type: 'distance-attack', level: 2, uses: 'infinite' }] });
    const t = fight(options([bolt, md], { rules: SURE_HIT }), [cell(0, 4), cell(6, 4)]);
    expect(play(t, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph).toBe(44);
  });

  it('force wall: a line of (level x 10 ft) hexes that blocks sight and movement and level x 5 damage', () => {
    const fw = hero('A', { powers: [{ type: 'force-wall', level: 1, uses: 2 }] });
    const bolt = hero('B', { powers: [{ type: 'distance-attack', level: 2, uses: 'infinite' }] });
    const o = options([fw, bolt], { rules: SURE_HIT });
    let s = fight(o, [cell(5, 4), cell(8, 4)]);
    s = play(s, { k: 'use', p: 0, dir: 0 }); // toward the east
    expect(s.walls).toHaveLength(1);
    expect(s.walls[0]!.cells).toHaveLength(2); // 10 ft = 2 hexes
    expect(s.walls[0]!.cells).toContain(cell(6, 4));
    expect(s.walls[0]!.hp).toBe(5);
    const b = turnOf(s, B);
    expect(keys(b)).not.toContain('attack:0:0:-1');
    expect(keys(b)).toContain('wall:0:0');
    const hit = play(b, { k: 'wall', p: 0, wall: 0 });
    expect(hit.walls[0]!.hp).toBe(1);
    expect(play(turnOf(hit, B), { k: 'wall', p: 0, wall: 0 }).walls).toHaveLength(0);
  });

  it('healing: the net gain is the level, never above the maximum', () => {
    const o = options([hero('A', { powers: [{ type: 'healing', level: 3, uses: 2 }] }), hero('B')]);
    const s0 = fight(o, [cell(0, 0), cell(8, 4)]);
    const hurt = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, oomph: 40 } : r)) };
    expect(play(hurt, { k: 'use', p: 0, dir: -1 }).heroes[A]!.oomph).toBe(43);
    const nearly = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, oomph: 47 } : r)) };
    expect(play(nearly, { k: 'use', p: 0, dir: -1 }).heroes[A]!.oomph).toBe(48);
    expect(keys(s0)).not.toContain('use:0:-1'); // nothing to heal
  });

  it('copy power: after a close attack that did damage, copy a no-gizmo power up to its level', () => {
    const mimic = hero('A', { powers: [{ type: 'copy-power', level: 2, uses: 2 }, { type: 'close-attack', level: 1, uses: 'infinite' }] });
    const foe = hero('B', {
      powers: [
        { type: 'flight', level: 1, uses: 'infinite' },
        { type: 'healing', level: 3, uses: 5 },
        { type: 'jumping', level: 1, uses: 'infinite', enhancements: ['visible-gizmo'] },
      ],
    });
    let s = fight(options([mimic, foe], { rules: SURE_HIT }), [cell(4, 4), cell(5, 4)]);
    s = play(s, { k: 'attack', p: 1, target: B, gizmo: -1 });
    expect(game.toMove(s)).toEqual([0]);
    expect(keys(s)).toEqual(['copy:-1', 'copy:0']); // healing 3 too high, jumping has a gizmo
    s = play(s, { k: 'copy', slot: 0 });
    expect(s.heroes[A]!.copy).toEqual({ from: B, slot: 0 });
    expect(s.heroes[A]!.uses[2]).toBe(3); // copyUses
    expect(s.heroes[A]!.uses[0]).toBe(1);
    expect(keys(turnOf(s, A)).some((k) => k.startsWith('move:2:'))).toBe(true);
  });
});

describe('miscellaneous powers', () => {
  it('darkness: -1/level to distance attacks into it, -2/level to close attacks in it; the right vision sees through', () => {
    const dark = hero('B', { powers: [{ type: 'darkness', level: 1, uses: 2, vision: 'sonar' }] });
    const o = options([hero('A', { powers: [{ type: 'distance-attack', level: 1, uses: 'infinite' }] }), dark], { rules: { toHitBase: 10, toHitMin: 1, toHitMax: 20 } });
    const s = play(fight(o, [cell(0, 4), cell(6, 4)], B), { k: 'use', p: 0, dir: -1 });
    expect(s.clouds).toHaveLength(1);
    expect(s.clouds[0]!.cells).toContain(cell(6, 4));
    expect(s.clouds[0]!.distancePenalty).toBe(1);
    expect(s.clouds[0]!.closePenalty).toBe(2);
    // CMs equal: hit on <= 10 in the open, <= 9 into the darkness
    const rate = (st: typeof s) => {
      let hits = 0;
      for (let seed = 0; seed < 2000; seed++) if (play({ ...turnOf(st, A), rng: seed * 2654435761 }, { k: 'attack', p: 0, target: B, gizmo: -1 }).heroes[B]!.oomph < 48) hits++;
      return hits / 2000;
    };
    expect(Math.abs(rate(s) - 0.45)).toBeLessThan(0.04);
    const sonar = options(
      [hero('A', { powers: [{ type: 'distance-attack', level: 1, uses: 'infinite' }, { type: 'enhanced-vision', level: 2, uses: 'infinite', vision: 'sonar' }] }), dark],
      { rules: { toHitBase: 10, toHitMin: 1, toHitMax: 20 } },
    );
    const seen = play(fight(sonar, [cell(0, 4), cell(6, 4)], B), { k: 'use', p: 0, dir: -1 });
    expect(Math.abs(rate(seen) - 0.5)).toBeLessThan(0.04);
  });

  it('darkness lasts darknessSegments segments', () => {
    const o = options([hero('A', { powers: [{ type: 'darkness', level: 1, uses: 2 }] }), hero('B')]);
    let s = play(fight(o, [cell(0, 4), cell(8, 4)]), { k: 'use', p: 0, dir: -1 });
    expect(s.clouds[0]!.until).toBe(6);
    s = play({ ...turnOf(s, A), round: 6 }, { k: 'pass' });
    expect(s.clouds).toHaveLength(0);
  });

  it('desolidify: six segments from the one it is used on, cannot attack or be attacked; frees from an entangle', () => {
    const ghost = hero('A', { powers: [{ type: 'desolidify', level: 3, uses: 1 }] });
    const o = options([ghost, hero('B')], { rules: SURE_HIT });
    const s0 = fight(o, [cell(4, 4), cell(5, 4)]);
    const held = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, entangled: 2 } : r)) };
    const s = play(held, { k: 'use', p: 0, dir: -1 });
    expect(s.heroes[A]!.desolidUntil).toBe(6);
    expect(s.heroes[A]!.entangled).toBe(0);
    expect(keys(turnOf(s, B))).not.toContain('attack:-1:0:-1');
    expect(keys(turnOf(s, A)).some((k) => k.startsWith('attack'))).toBe(false);
    expect(keys(turnOf({ ...s, round: 7 }, B))).toContain('attack:-1:0:-1');
  });

  it('shapeshift level 2-3 escapes an entangle; level 1 does not', () => {
    const o = options([hero('A', { powers: [{ type: 'shapeshift', level: 2, uses: 1 }] }), hero('B')]);
    const s0 = fight(o, [cell(4, 4), cell(8, 4)]);
    const held = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, entangled: 5 } : r)) };
    expect(play(held, { k: 'use', p: 0, dir: -1 }).heroes[A]!.entangled).toBe(0);
    const low = options([hero('A', { powers: [{ type: 'shapeshift', level: 1, uses: 1 }] }), hero('B')]);
    const l0 = fight(low, [cell(4, 4), cell(8, 4)]);
    expect(keys({ ...l0, heroes: l0.heroes.map((r, i) => (i === A ? { ...r, entangled: 5 } : r)) })).toEqual(['pass', 'escape']);
  });

  it('life support (or swim fast) keeps a hero in water from losing Oomph', () => {
    const plain = fight(options([hero('A'), hero('B')]), [cell(3, 2), cell(8, 4)]);
    expect(play(plain, { k: 'pass' }).heroes[A]!.oomph).toBe(47);
    const gills = fight(options([hero('A', { powers: [{ type: 'life-support', level: 1, uses: 'infinite' }] }), hero('B')]), [cell(3, 2), cell(8, 4)]);
    expect(play(gills, { k: 'pass' }).heroes[A]!.oomph).toBe(48);
  });

  it('a visible gizmo can be smashed (at a to-hit penalty), and its power is lost', () => {
    const gadget = hero('B', { powers: [{ type: 'flight', level: 1, uses: 'infinite', enhancements: ['visible-gizmo'] }] });
    const o = options([hero('A'), gadget], { rules: SURE_HIT });
    const s = fight(o, [cell(4, 4), cell(5, 4)]);
    const after = play(s, { k: 'attack', p: -1, target: B, gizmo: 0 });
    expect(after.heroes[B]!.lost).toBe(1);
    expect(after.heroes[B]!.oomph).toBe(48);
    expect(keys(turnOf(after, B)).some((k) => k.startsWith('move:0:'))).toBe(false);
  });
});

describe('the fight', () => {
  it('placement: lowest PER first, ties by STR then SIZ', () => {
    const o = options([hero('A', { PER: 5 }), hero('B', { PER: 2, STR: 5, DEX: 4, SIZ: 4 }), hero('C', { PER: 2, STR: 4, DEX: 5 })], {
      teams: [['A', 'C'], ['B']],
    });
    const s = game.setup(o, 1);
    // heroes: A (0) and C (1) on side 0, B (2) on side 1; C and B tie on PER 2, C has the lower STR
    expect(s.placeOrder).toEqual([1, 2, 0]);
    expect(s.round).toBe(0);
    expect(game.toMove(s)).toEqual([0]); // C's side places first
    expect(legal(s).every((a) => a.k === 'place')).toBe(true);
  });

  it('each segment the entitled heroes act, highest PER first', () => {
    const o = options([hero('Slow', { DEX: 2, SIZ: 3, STR: 6, PER: 4 }), hero('Fast', { DEX: 6, SIZ: 4, STR: 2, PER: 3 })]);
    // Slow: rate 6 -> segments 1, 3; Fast: rate 24 -> 1 3 4 5 6
    let s = game.setup(o, 3);
    const rng = new Rng(5);
    while (s.round === 0) s = game.apply(s, [legal(s)[rng.int(legal(s).length)]!]);
    expect(s.round).toBe(1);
    expect(s.order).toEqual([0, 1]); // PER 4 before PER 3
    s = game.apply(s, [{ k: 'pass' }]);
    s = game.apply(s, [{ k: 'pass' }]);
    expect(s.round).toBe(3); // nobody acts on segment 2 (needs 26)
    s = game.apply(s, [{ k: 'pass' }]);
    s = game.apply(s, [{ k: 'pass' }]);
    expect(s.round).toBe(4);
    expect(s.order).toEqual([1]);
  });

  it('a hero at 0 Oomph faints; a side with no conscious hero loses', () => {
    const o = options([hero('A', { powers: [{ type: 'close-attack', level: 3, uses: 'infinite' }] }), hero('B')], { rules: SURE_HIT });
    const s0 = fight(o, [cell(4, 4), cell(5, 4)]);
    const weak = { ...s0, heroes: s0.heroes.map((r, i) => (i === B ? { ...r, oomph: 5 } : r)) };
    const s = play(weak, { k: 'attack', p: 0, target: B, gizmo: -1 });
    expect(s.heroes[B]!.oomph).toBe(0);
    expect(game.isTerminal(s)).toBe(true);
    expect(game.returns(s)).toEqual([1, 0]);
    expect(s.endReason).toBe('knockout');
  });

  it('at the turn cap the larger share of Oomph left wins', () => {
    const o = options([hero('A'), hero('B')], { turnCap: 1 });
    const s0 = fight(o, [cell(0, 0), cell(8, 4)], A, 6);
    const worn = { ...s0, heroes: s0.heroes.map((r, i) => (i === A ? { ...r, oomph: 20 } : r)) };
    const end = play(worn, { k: 'pass' }); // the last segment of turn 1 ends
    expect(game.isTerminal(end)).toBe(true);
    expect(end.endReason).toBe('turn-cap');
    expect(game.returns(end)).toEqual([0, 1]);
  });
});
