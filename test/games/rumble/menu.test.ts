/**
 * The speed shortcuts must not change what `apply` accepts or returns: menu moves skip
 * validation only because every one of them is legal (checked here over random games),
 * only for the heroes, rules and player they were built for, and only while unchanged;
 * a menu is reused only for a state with the same heroes (a determinization).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { UserError } from '../../../src/core/errors.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleAction, type RumbleState } from '../../../src/games/rumble/index.js';
import { checkAllocation, checkReveal, needsReveal } from '../../../src/games/rumble/legality.js';
import { allocationMenu } from '../../../src/games/rumble/allocation-menu.js';
import { revealMenu } from '../../../src/games/rumble/reveal-menu.js';
import { bidMenu } from '../../../src/games/rumble/bid-menu.js';
import { isPlainRound, resolvePlainRound } from '../../../src/games/rumble/plain-round.js';
import { resolveRound } from '../../../src/games/rumble/resolution.js';
import { copyState } from '../../../src/games/rumble/types.js';
import type { Allocation } from '../../../src/games/rumble/index.js';
import { deepFreeze } from '../../core/contract.js';
import { fixedGame } from './helpers.js';

/** Every seed power dealt round-robin to 4 heroes (the bench's table). */
function fullLibrary(): RumbleState {
  const heroes = [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % 4]!.powers.push({ id: p.id, strength: 10 });
  });
  return rumble.setup(rumbleOptions({ players: 4, fixed: heroes }), 3);
}

/** Checks one menu move the way `apply` does for a move from outside. */
function validate(s: RumbleState, player: number, m: RumbleAction): void {
  const heroes: number[] = [];
  for (let h = 0; h < s.heroes.length; h++) if (s.heroes[h]!.alive && s.heroes[h]!.controller === player) heroes.push(h);
  if (m.t === 'alloc') heroes.forEach((h, j) => checkAllocation(s, h, m.heroes[j]!));
  if (m.t === 'reveal')
    heroes.forEach((h, j) => {
      const r = m.heroes[j]!;
      if (Object.keys(r).length) expect(needsReveal(s, s.pending!, h)).toBe(true);
      checkReveal(s, s.pending!, h, r);
    });
}

describe('menu moves and validation', () => {
  it('every allocation and reveal menu move is legal (full library, auctions, 2-6 heroes)', () => {
    const rng = new Rng(11);
    const starts: (() => RumbleState)[] = [
      () => fullLibrary(),
      ...[2, 4, 6].map((players) => () => rumble.setup(rumbleOptions({ players }), rng.u32())),
      () => rumble.setup(rumbleOptions({ players: 3, mustAssignAll: false }), rng.u32()),
    ];
    let checked = 0;
    for (const start of starts) {
      for (let g = 0; g < 6; g++) {
        let s = start();
        while (!rumble.isTerminal(s)) {
          const who = rumble.toMove(s);
          const menus = who.map((p) => rumble.legalActions(s, p));
          if (s.phase === 'alloc' || s.phase === 'reveal')
            who.forEach((p, i) => {
              for (const m of menus[i]!) {
                validate(s, p, m);
                checked++;
              }
            });
          s = rumble.apply(s, menus.map((menu) => rng.pick(menu)));
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('a menu move changed after it was built is validated (and rejected when illegal)', () => {
    const s = fixedGame([{ energy: 100 }, { energy: 100 }]);
    const m = rumble.legalActions(s, 0)[1]!;
    if (m.t !== 'alloc') throw new Error('expected an allocation menu');
    const other = rumble.legalActions(s, 1)[0]!;
    // Points moved from hero 1 onto hero 0 itself: same total, illegal target.
    const attack = m.heroes[0]!.attack as number[];
    expect(attack[1]).toBeGreaterThan(0);
    attack[0] = attack[1]!;
    attack[1] = 0;
    expect(() => rumble.apply(s, [m, other])).toThrow(/field attack\.0/);
  });

  it('a copy of a menu move, or a menu move for another state or player, is validated', () => {
    const s = fixedGame([{ energy: 100 }, { energy: 100 }]);
    const m = rumble.legalActions(s, 0)[0]!;
    if (m.t !== 'alloc') throw new Error('expected an allocation menu');
    // A copy with too much Defense: rejected although it looks like the menu move.
    const copy: RumbleAction = { t: 'alloc', heroes: [{ ...m.heroes[0]!, defense: m.heroes[0]!.defense + 1 }] };
    const other = rumble.legalActions(s, 1)[0]!;
    expect(() => rumble.apply(s, [copy, other])).toThrow(UserError);
    // The same menu move on a state where the hero has less Energy: rejected.
    const poorer = fixedGame([{ energy: 60 }, { energy: 100 }]);
    expect(() => rumble.apply(poorer, [m, rumble.legalActions(poorer, 1)[0]!])).toThrow(/allocation of hero 0: field total/);
    // Player 1's menu move given as player 0's: validated (and legal here, by symmetry).
    const swapped = rumble.apply(s, [other, m]);
    expect(swapped.round).toBe(2);
  });

  it('a determinization shares the observed state\'s menus (built once), and a new round gets new ones', () => {
    const s = rumble.setup(rumbleOptions({}), 8);
    let t: RumbleState = s;
    const rng = new Rng(4);
    while (t.phase !== 'alloc') t = rumble.apply(t, rumble.toMove(t).map((p) => rng.pick(rumble.legalActions(t, p))));
    const menu = rumble.legalActions(t, 0);
    const d = rumble.determinize(rumble.observe(t, 0), 0, new Rng(1));
    expect(d).not.toBe(t);
    expect(rumble.legalActions(t, 1)).not.toBe(menu);
    expect(rumble.legalActions(d, 0)).toBe(menu);
    // Trusted on the determinization, same result as on the state itself.
    const joint = rumble.toMove(t).map((p) => rumble.legalActions(t, p)[0]!);
    let next = rumble.apply(d, joint);
    expect(next.heroes).toEqual(rumble.apply({ ...t, rng: d.rng }, joint).heroes);
    while (next.phase === 'reveal') next = rumble.apply(next, rumble.toMove(next).map((p) => rumble.legalActions(next, p)[0]!));
    // A state with other heroes (the next round) gets its own menu, built for it.
    expect(rumble.legalActions(next, 0)).not.toBe(menu);
    expect(rumble.legalActions(next, 0)).toEqual(allocationMenu(next, 0));
  });

  it('a determinization of a Reveal decision shares its Reveal menu; other revealed allocations get their own (fresh-built) menu', () => {
    // Every Reveal state of random full-library games: the menu legalActions gives equals
    // one built afresh; a determinization gets the very same array back.
    const rng = new Rng(21);
    let reveals = 0;
    for (let g = 0; g < 4; g++) {
      let s = fullLibrary();
      let last: readonly RumbleAction[] | null = null;
      while (!rumble.isTerminal(s) && s.round < 12) {
        const who = rumble.toMove(s);
        const menus = who.map((p) => rumble.legalActions(s, p));
        if (s.phase === 'reveal') {
          const p = who[0]!;
          expect(menus[0]).toEqual(revealMenu(s, p));
          expect(rumble.legalActions(rumble.determinize(rumble.observe(s, p), p, rng), p)).toBe(menus[0]);
          // A new round's Reveal (new revealed allocations) never gets the previous one's array.
          expect(menus[0]).not.toBe(last);
          last = menus[0]!;
          reveals++;
        }
        s = rumble.apply(s, menus.map((menu) => rng.pick(menu)));
      }
    }
    expect(reveals).toBeGreaterThan(5);
  });

  it('a determinization of an auction decision shares its bid menu, which equals a fresh one', () => {
    const rng = new Rng(22);
    let bids = 0;
    for (let g = 0; g < 6; g++) {
      let s = rumble.setup(rumbleOptions({ players: 2 + (g % 3) }), rng.u32());
      while (s.phase === 'auction') {
        const who = rumble.toMove(s);
        const menus = who.map((p) => rumble.legalActions(s, p));
        const p = who[0]!;
        expect(menus[0]).toEqual(bidMenu(s, p));
        expect(rumble.legalActions(rumble.determinize(rumble.observe(s, p), p, rng), p)).toBe(menus[0]);
        bids++;
        s = rumble.apply(s, menus.map((menu) => rng.pick(menu)));
      }
    }
    expect(bids).toBeGreaterThan(5);
  });

  it('apply on a deep-frozen state gives the same state every time (pooled scratch does not leak)', () => {
    const s = deepFreeze(fullLibrary());
    const rng = new Rng(5);
    let cur = s;
    const states: RumbleState[] = [];
    const moves: RumbleAction[][] = [];
    for (let i = 0; i < 12 && !rumble.isTerminal(cur); i++) {
      const m = rumble.toMove(cur).map((p) => rng.pick(rumble.legalActions(cur, p)));
      states.push(cur);
      moves.push(m);
      cur = deepFreeze(rumble.apply(cur, m));
    }
    const first = states.map((st, i) => rumble.apply(st, moves[i]!));
    // Applying again, in reverse order (the pool hands out contexts used by other rounds).
    for (let i = states.length - 1; i >= 0; i--) expect(rumble.apply(states[i]!, moves[i]!)).toEqual(first[i]);
  });

  it('a round shares the state\'s power lists until a power changes: whole games on deep-frozen states match plain ones', () => {
    // Resolution copies a hero's list only when a power is discarded, given or counted
    // (Javalin, Batman Captions, Exhaust...); a write to a shared list would throw here.
    const play = (start: RumbleState, seed: number, freeze: boolean): string => {
      const rng = new Rng(seed);
      let s = freeze ? deepFreeze(start) : start;
      const trace: RumbleState[] = [];
      while (!rumble.isTerminal(s)) {
        const moves = rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p)));
        s = rumble.apply(s, moves);
        if (freeze) deepFreeze(s);
        trace.push(s);
      }
      return JSON.stringify(trace.map((t) => ({ ...t, opts: null, lib: null })));
    };
    for (let g = 0; g < 8; g++) {
      const start = g % 2 ? fullLibrary() : rumble.setup(rumbleOptions({ players: 4, auction: { pool: 'all' } }), g);
      expect(play(start, g, true)).toBe(play(start, g, false));
    }
  });

  it('a round without powers resolves to exactly the state the power engine gives (2-6 heroes, random menus)', () => {
    const rng = new Rng(17);
    let plain = 0;
    for (const players of [2, 3, 4, 6]) {
      const opts = rumbleOptions({ players, startEnergy: 60 + 20 * (players % 3), fixed: Array.from({ length: players }, () => ({ powers: [] })) });
      for (let g = 0; g < 25; g++) {
        let s = rumble.setup(opts, rng.u32());
        while (!rumble.isTerminal(s)) {
          expect(isPlainRound(s)).toBe(true);
          const moves = rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p)));
          const allocs: (Allocation | null)[] = s.heroes.map(() => null);
          rumble.toMove(s).forEach((p, i) => {
            const m = moves[i]!;
            if (m.t === 'alloc') allocs[p] = m.heroes[0]!;
          });
          // Both write the resolved round onto a draft of the state (the flow's copy).
          const quick = copyState(s);
          resolvePlainRound(quick, allocs);
          const full = copyState(s);
          resolveRound(full, allocs, []);
          expect(quick).toEqual(full);
          plain++;
          s = rumble.apply(s, moves);
        }
      }
    }
    expect(plain).toBeGreaterThan(300);
    // Any power, or an effect carried from an earlier round, takes the power engine.
    expect(isPlainRound(fixedGame([{ energy: 100, powers: ['tough-skin'] }, { energy: 100 }]))).toBe(false);
    const s = fixedGame([{ energy: 100 }, { energy: 100 }]);
    expect(isPlainRound(s)).toBe(true);
    expect(isPlainRound({ ...s, heroes: [{ ...s.heroes[0]!, defensePenalty: 15 }, s.heroes[1]!] })).toBe(false);
    expect(isPlainRound({ ...s, heroes: [{ ...s.heroes[0]!, bleed: [1, 2, 2] }, s.heroes[1]!] })).toBe(false);
  });

  it('a hero without powers is offered the distinct plain templates, in template order (README "Action abstraction")', () => {
    // The templates written out from the README, for Energy E and living opponents in seat order.
    const expected = (s: RumbleState, h: number): string[] => {
      const H = s.heroes.length;
      const E = s.heroes[h]!.energy;
      const opp = s.heroes.map((x, j) => j).filter((j) => j !== h && s.heroes[j]!.alive);
      const dist = (j: number) => (j - h + H) % H;
      const pickBy = (better: (a: number, b: number) => boolean) => opp.reduce((b, j) => (better(s.heroes[j]!.energy, s.heroes[b]!.energy) || (s.heroes[j]!.energy === s.heroes[b]!.energy && dist(j) < dist(b)) ? j : b));
      const weakest = pickBy((a, b) => a < b);
      const strongest = pickBy((a, b) => a > b);
      let counter = -1;
      for (let i = 0, most = 0; i < H; i++) if (i !== h && s.heroes[i]!.alive && s.lastAttacks[i * H + h]! > most) [counter, most] = [i, s.lastAttacks[i * H + h]!];
      const half = Math.ceil(E / 2);
      const on = (v: number, a: number) => ({ attack: s.heroes.map((_, j) => (j === v ? a : 0)), defense: E - a });
      let left = half;
      const split = { attack: s.heroes.map(() => 0), defense: E - half };
      opp.forEach((j, i) => {
        split.attack[j] = Math.floor(left / (opp.length - i));
        left -= split.attack[j]!;
      });
      const moves = [on(-1, 0), on(weakest, half), on(strongest, half), split, counter >= 0 ? on(counter, half) : on(-1, 0), on(weakest, E)];
      return [...new Set(moves.map((m) => JSON.stringify(m)))];
    };
    const rng = new Rng(23);
    let menus = 0;
    for (const players of [2, 3, 5]) {
      const opts = rumbleOptions({ players, fixed: Array.from({ length: players }, () => ({ powers: [] })) });
      for (let g = 0; g < 20; g++) {
        let s = rumble.setup(opts, rng.u32());
        while (!rumble.isTerminal(s)) {
          for (const p of rumble.toMove(s)) {
            expect(rumble.legalActions(s, p).map((m) => (m.t === 'alloc' ? JSON.stringify(m.heroes[0]) : m.t))).toEqual(expected(s, p));
            menus++;
          }
          s = rumble.apply(s, rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p))));
        }
      }
    }
    expect(menus).toBeGreaterThan(300);
  });
});

describe('menu moves have one object shape', () => {
  it('every Allocation and power use of the Allocation menus has the same fields in the same order (one V8 map for Resolution to read)', () => {
    // The search's Resolution is compiled for the shapes it meets; each new one deoptimised
    // it (issue #30, `--trace-deopt`). Unused fields are undefined, which keys and JSON omit.
    const rng = new Rng(9);
    let allocations = 0;
    let uses = 0;
    for (let g = 0; g < 3; g++) {
      let s = fullLibrary();
      while (!rumble.isTerminal(s) && s.round < 8) {
        const menus = rumble.toMove(s).map((p) => rumble.legalActions(s, p));
        for (const menu of menus) {
          for (const m of menu) {
            if (m.t !== 'alloc') continue;
            for (const a of m.heroes) {
              expect(Object.keys(a)).toEqual(['attack', 'defense', 'reserve', 'uses']);
              allocations++;
              for (const u of a.uses ?? []) {
                expect(Object.keys(u)).toEqual(['power', 'x', 'target', 'victim', 'times']);
                uses++;
              }
            }
          }
        }
        s = rumble.apply(s, menus.map((menu) => rng.pick(menu)));
      }
    }
    // No-power menus (the short path) too.
    const plain = rumble.setup(rumbleOptions({ players: 4, fixed: [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] })) }), 2);
    for (const m of rumble.legalActions(plain, 0)) if (m.t === 'alloc') expect(Object.keys(m.heroes[0]!)).toEqual(['attack', 'defense', 'reserve', 'uses']);
    expect(allocations).toBeGreaterThan(200);
    expect(uses).toBeGreaterThan(50);
  });
});
