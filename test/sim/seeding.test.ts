import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/core/rng.js';
import { normalizeConfig } from '../../src/sim/config.js';
import { agentKey, agentRng, gameSeed, seatSlots } from '../../src/sim/seeding.js';

const base = { gameId: 'g', options: {}, agents: ['a', 'b'], games: 10, seed: 7 };

describe('seeding', () => {
  it('seeds game i from (master seed, "game", i)', () => {
    const cfg = normalizeConfig(base);
    expect(gameSeed(cfg, 3)).toBe(deriveSeed(7, 'game', 3));
    expect(gameSeed(cfg, 3)).not.toBe(gameSeed(cfg, 4));
  });

  it('gives paired games 2k and 2k+1 the pair seed and reversed seats', () => {
    const cfg = normalizeConfig({ ...base, paired: true });
    expect(gameSeed(cfg, 4)).toBe(deriveSeed(7, 'pair', 2));
    expect(gameSeed(cfg, 5)).toBe(gameSeed(cfg, 4));
    expect(gameSeed(cfg, 6)).not.toBe(gameSeed(cfg, 5));
    expect(seatSlots(cfg, 5, 2)).toEqual([...seatSlots(cfg, 4, 2)].reverse());
    // three seats, agents a b a; pair 2 shifts positions two seats on, its partner reverses.
    expect(seatSlots(cfg, 4, 3)).toEqual([1, 0, 0]);
    expect(seatSlots(cfg, 5, 3)).toEqual([0, 0, 1]);
  });

  it('rotates slot k into seat (k + i) mod players, repeating a short agent list', () => {
    const cfg = normalizeConfig({ ...base, agents: ['a', 'b', 'c'] });
    expect(seatSlots(cfg, 0, 3)).toEqual([0, 1, 2]);
    expect(seatSlots(cfg, 1, 3)).toEqual([2, 0, 1]);
    expect(seatSlots(cfg, 2, 3)).toEqual([1, 2, 0]);
    const two = normalizeConfig({ ...base, agents: ['a', 'b'] });
    // positions 0..3 hold slots a b a b; game 1 shifts every position one seat on.
    expect(seatSlots(two, 0, 4)).toEqual([0, 1, 0, 1]);
    expect(seatSlots(two, 1, 4)).toEqual([1, 0, 1, 0]);
    expect(seatSlots(normalizeConfig({ ...base, rotate: false }), 1, 2)).toEqual([0, 1]);
  });

  it('gives each agent its own stream per master seed, game and seat', () => {
    const key = agentKey(normalizeConfig(base));
    const first = (k: number, i: number, s: number) => agentRng(k, i, s).u32();
    expect(first(key, 2, 1)).toBe(first(agentKey(normalizeConfig(base)), 2, 1));
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) for (let s = 0; s < 8; s++) seen.add(first(key, i, s));
    expect(seen.size).toBe(1600);
    expect(first(agentKey(normalizeConfig({ ...base, seed: 8 })), 2, 1)).not.toBe(first(key, 2, 1));
  });

  it('rejects an odd game count for paired games', () => {
    expect(() => normalizeConfig({ ...base, games: 9, paired: true })).toThrow(/games is 9 with paired games; allowed: an even number/);
  });
});
