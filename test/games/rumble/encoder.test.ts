/**
 * Rumble's encoder: fixed sizes, a legal mask that is exactly the menu's indices, indices
 * that tell menu moves apart (plain menus without collisions; the documented collisions
 * rare elsewhere), and no peeking (sealed bids and the random stream are not encoded).
 */
import { describe, expect, it } from 'vitest';
import { alloc, allocate } from './helpers.js';
import { Rng } from '../../../src/core/rng.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleState } from '../../../src/games/rumble/index.js';
import { rumbleEncoder as enc, ALLOC_BASE, ALLOC_OTHER, PASS, REVEAL_BASE } from '../../../src/games/rumble/encoder.js';
import { fixedGame } from './helpers.js';

function fullLibrary(): RumbleState {
  const heroes = [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % 4]!.powers.push({ id: p.id, strength: 10 });
  });
  return rumble.setup(rumbleOptions({ players: 4, fixed: heroes }), 3);
}

/** Plays random menu games from each start, calling `visit` at every decision. */
function walk(starts: (() => RumbleState)[], games: number, visit: (s: RumbleState, p: number) => void): void {
  const rng = new Rng(5);
  for (const start of starts)
    for (let g = 0; g < games; g++) {
      let s = start();
      while (!rumble.isTerminal(s)) {
        const who = rumble.toMove(s);
        for (const p of who) visit(s, p);
        s = rumble.apply(s, who.map((p) => rng.pick(rumble.legalActions(s, p))));
      }
    }
}

describe('rumble encoder', () => {
  it('is registered on the game with fixed sizes', () => {
    expect(rumble.encoder).toBe(enc);
    expect(enc.observationSize).toBe(8 * (14 + 64) + 16 * (64 + 3) + 5 + 4);
    // Reveal: 6 variants x (default, let seat k through, even split); picks: 6 powers x 9; Zypher: 8 seats.
    // + Zypher (seat turned x new target: 64) + award (default, curse to seat k, Expert
    // Training none / 8 powers x 4 numbers x halve|double, discard per power: 1+8+1+64+16).
    expect(enc.actionCount).toBe(REVEAL_BASE + 6 * 10 + 6 * 9 + 64 + 90);
    expect(enc.version).toBe(3);
    expect(PASS).toBe(0);
  });

  it('masks are the menu indices, in range; plain menus have no collisions, others few', () => {
    const rng = new Rng(9);
    const starts = [() => fullLibrary(), ...[2, 4, 6].map((players) => () => rumble.setup(rumbleOptions({ players }), rng.u32()))];
    const mask = new Float32Array(enc.actionCount);
    const obs = new Float32Array(enc.observationSize);
    let moves = 0;
    let collided = 0;
    walk(starts, 1, (s, p) => {
      const legal = rumble.legalActions(s, p);
      const idx = legal.map((a) => enc.actionIndex(a, s, p));
      for (const i of idx) expect(i >= 0 && i < enc.actionCount && Number.isInteger(i)).toBe(true);
      enc.legalMask(s, p, mask);
      const set = new Set(idx);
      for (let i = 0; i < enc.actionCount; i++) expect(mask[i]).toBe(set.has(i) ? 1 : 0);
      const plain = s.phase === 'alloc' && s.heroes[p]!.powers.length === 0;
      if (plain) expect(set.size).toBe(legal.length);
      moves += legal.length;
      collided += legal.length - set.size;
      enc.encode(rumble.observe(s, p), p, obs);
      for (const v of obs) expect(Number.isFinite(v)).toBe(true);
    });
    expect(moves).toBeGreaterThan(500);

    expect(collided / moves).toBeLessThan(0.15);
  });

  it('the decisions opened in issue #11 get their own indices: picks, even split, "twice", Zypher\'s victim', () => {
    // Javalin's options (default, at seat 2, keep it) and the Ray Gun's are three indices each.
    const jav = fixedGame([{ energy: 100, powers: ['javalin'] }, { energy: 100 }, { energy: 100 }]);
    const jrev = allocate(jav, [alloc(3, { 1: 30, 2: 10 }, 60), alloc(3, {}, 100), alloc(3, {}, 100)]);
    const jidx = rumble.legalActions(jrev, 0).map((a) => enc.actionIndex(a, jrev, 0));
    expect(new Set(jidx).size).toBe(jidx.length);
    // Block orders and the even split of the Mantisman example: all distinct.
    const man = fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100, powers: ['sharp-knives'] }]);
    const mrev = allocate(man, [alloc(3, { 1: 20, 2: 10 }, 50), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]);
    const midx = rumble.legalActions(mrev, 0).map((a) => enc.actionIndex(a, mrev, 0));
    expect(new Set(midx).size).toBe(midx.length);
    // Laser Eyes twice is not Laser Eyes once.
    const le = fixedGame([{ energy: 70, powers: ['laser-eyes'] }, { energy: 100 }]);
    const once = enc.actionIndex({ t: 'alloc', heroes: [{ attack: [0, 0], defense: 60, uses: [{ power: 0, target: 1 }] }] }, le, 0);
    const twice = enc.actionIndex({ t: 'alloc', heroes: [{ attack: [0, 0], defense: 50, uses: [{ power: 0, target: 1, times: 2 }] }] }, le, 0);
    expect(twice).not.toBe(once);
  });

  it('the award step (curse recipient, Expert Training, discards) and Zypher\'s new target get their own indices', () => {
    // 4 players: player 0 wins Blood Rage (2+ recipients), Expert Training and Tough Skin; player 1 Psuedonite.
    const opts = rumbleOptions({ players: 4, auction: { pool: 'list', list: ['blood-rage', 'expert-training', 'tough-skin', 'psuedonite'] } });
    const s = rumble.apply(rumble.setup(opts, 1), [
      { t: 'bid', bids: [5, 5, 20, 0] },
      { t: 'bid', bids: [0, 0, 0, 10] },
      { t: 'bid', bids: [0, 0, 0, 0] },
      { t: 'bid', bids: [0, 0, 0, 0] },
    ]);
    expect(s.phase).toBe('award');
    // The curse player 0 now gives is in its observation (not in player 1's).
    const noCurse: RumbleState = { ...s, auction: { ...s.auction!, award: { ...s.auction!.award!, curses: [] } } };
    const seen = (x: RumbleState, p: number) => {
      const out = new Float32Array(enc.observationSize);
      enc.encode(rumble.observe(x, p), p, out);
      return Array.from(out);
    };
    expect(seen(s, 0)).not.toEqual(seen(noCurse, 0));
    expect(seen(s, 1)).toEqual(seen(noCurse, 1));
    for (const p of rumble.toMove(s)) {
      const idx = rumble.legalActions(s, p).map((a) => enc.actionIndex(a, s, p));
      expect(new Set(idx).size).toBe(idx.length);
      expect(idx.length).toBeGreaterThan(1);
    }
    // Zypher: two heroes aim at the holder; every (use turned, new target) move is its own index.
    const z = fixedGame([{ energy: 90, powers: ['zypher'] }, { energy: 90, powers: ['laser-eyes'] }, { energy: 90, powers: ['laser-eyes'] }, { energy: 100 }], { mustAssignAll: false });
    const zr = allocate(z, [alloc(4, { 1: 10 }, 0), alloc(4, {}, 80, { uses: [{ power: 0, target: 0 }] }), alloc(4, {}, 80, { uses: [{ power: 0, target: 0 }] }), alloc(4, {}, 10)]);
    const zidx = rumble.legalActions(zr, 0).map((a) => enc.actionIndex(a, zr, 0));
    expect(new Set(zidx).size).toBe(zidx.length);
  });

  it('classifies templates by shape and target seat relative to the mover', () => {
    const s = fixedGame([{ energy: 40 }, { energy: 100 }, { energy: 60 }]);
    const idx = (p: number, attack: number[], defense: number) => enc.actionIndex({ t: 'alloc', heroes: [{ attack, defense }] }, s, p);
    // Defend, half on the seat after me, all-in on it: three indices; the same shape seen
    // from another seat has the same index when the target is the same relative seat.
    const defend = idx(0, [0, 0, 0], 40);
    const part = idx(0, [0, 20, 0], 20);
    const allIn = idx(0, [0, 40, 0], 0);
    expect(new Set([defend, part, allIn]).size).toBe(3);
    expect(idx(1, [0, 0, 50], 50)).toBe(part);
    expect(idx(2, [60, 0, 0], 0)).toBe(allIn);
    expect(defend).toBe(ALLOC_BASE);
    expect(idx(0, [10, 0, 0], 30)).toBe(ALLOC_OTHER); // self-attack never is a menu move
  });

  it('does not peek: sealed bids and the random stream are not encoded', () => {
    const s = rumble.setup(rumbleOptions({ players: 4, auction: { bidsRevealed: false } }), 7);
    const after = rumble.apply(s, rumble.toMove(s).map((p) => rumble.legalActions(s, p)[2]!));
    const out1 = new Float32Array(enc.observationSize);
    const out2 = new Float32Array(enc.observationSize);
    for (const x of [s, after]) {
      // The same state with other players' sealed bids and the random stream changed.
      const n = x.lotLog.length;
      const y: RumbleState = {
        ...x,
        rng: (x.rng as number) ^ 0x5bd1e995,
        bidLog: x.bidLog.map((b, i) => (Math.floor(i / Math.max(1, n)) === 0 ? b : b + 7)),
        auction: x.auction && { ...x.auction, bids: x.auction.bids.map((b, i) => (Math.floor(i / x.auction!.lots.length) === 0 ? b : b + 7)) },
      };
      enc.encode(rumble.observe(x, 0), 0, out1);
      enc.encode(rumble.observe(y, 0), 0, out2);
      expect(Array.from(out2)).toEqual(Array.from(out1));
      const o = rumble.observe(x, 0);
      enc.encode(rumble.determinize(o, 0, new Rng(1)), 0, out2);
      expect(Array.from(out2)).toEqual(Array.from(out1));
    }
    // Own Energy is encoded (the vector is not blind).
    const poorer = { ...s, heroes: s.heroes.map((h, i) => (i === 0 ? { ...h, energy: h.energy - 10 } : h)) };
    enc.encode(rumble.observe(poorer, 0), 0, out2);
    enc.encode(rumble.observe(s, 0), 0, out1);
    expect(Array.from(out2)).not.toEqual(Array.from(out1));
  });
});
